"""Typed pinyin read as the words it spells (analysis/pinyin_words.py)."""

from __future__ import annotations

import pytest

from analysis.pinyin_words import WORDS, _write, decoded_pinyin, words_of_syllables


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("fen bu shi xun lian", "分布式训练"),  # a glossary term, over the common words
        ("xiang liang jian suo", "向量检索"),
        ("shu ju qing xi gong ju", "数据清洗工具"),  # the site's 清洗 (regional.txt), not the commoner 清晰
        ("bingchonghai shibie", "病虫害识别"),  # joined syllables, words of the common dictionary
        ("hong dui ce shi 4-bit", "红队测试 4-bit"),  # a name holding digits stays
        ("sheng cheng shi AI jian guan", "生成式 AI 监管"),  # capitals: an acronym; 生成式 of a glossary term, not 城市
        ("lora wei tiao", "lora 微调"),
    ],
)
def test_pinyin_is_read_as_the_words_it_spells(typed, words):
    assert decoded_pinyin(typed) == words


@pytest.mark.parametrize("typed", ["deep learning", "long context", "rag", "大模型", "GPU 推理"])
def test_english_and_chinese_are_not_pinyin(typed):
    assert decoded_pinyin(typed) is None


def test_a_syllable_no_word_holds_parts_the_words():
    assert words_of_syllables(["xiang", "liang", "o", "jian", "suo"]) == ["向量", None, "检索"]
    assert decoded_pinyin("xiang liang o jian suo") == "向量 检索"
    assert words_of_syllables(["shi", "suan", "fa"]) == [None, "算法"]  # the most used word: not 失算
    assert words_of_syllables(["a", "o"]) is None


def test_the_word_list_is_what_its_writer_writes(tmp_path):
    """data/search/pinyin_words.txt is generated (`python -m analysis.pinyin_words`): regenerate it after a change of
    the writer, jieba or pypinyin."""
    written = tmp_path / "pinyin_words.txt"
    _write(written)
    assert written.read_text(encoding="utf-8") == WORDS.read_text(encoding="utf-8")
