"""The fast analysis gives the results the slow one gave: jieba-rs (through analysis/segment.py)
segments like jieba, the regular-expression strip_invisible drops what the per-character check
dropped, and the remembering pinyin converter and the per-word pinyin forms answer like pypinyin.
Checked on every text of the demo corpus, the judged queries and hand-picked edge cases."""

from __future__ import annotations

import json
import logging
import sys
import unicodedata
from pathlib import Path

import jieba
import pypinyin
import pytest

from analysis.normalize import fold, plain_text, strip_invisible
from analysis.segment import WORD, words
from analysis.vocabulary import segmentation_words
from analysis.words import lazy_pinyin, pinyin_forms_folded

ROOT = Path(__file__).resolve().parent.parent
EDGE_CASES = [
    "看ai日报吧",  # the vocabulary's mixed Latin and Chinese word
    "ai日报 周报",
    "AI日报",
    "c++和C#以及AT&T的x-c++",  # jieba's dictionary's Latin words
    "tensor_cat 与 LLM-as-a-Judge",  # jieba-rs alone would keep these whole
    "3.5%的GPT-4.5模型v1.2",
    "a--b__c _-x -_y",
    "ä中文ü café",
    "\u3400中文\u9fe0字",  # CJK extension A and the end of the unified block, outside jieba's blocks
    "\r\n\t中 文",
    "大模型量化入门指南，多模态检索增强生成（RAG）实战",
]


def _corpus_texts() -> list[str]:
    texts = list(EDGE_CASES)
    for path in sorted((ROOT / "data" / "demo").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            record = json.loads(line)
            for name in ("title", "title_cn", "summary", "summary_cn", "abstract", "description", "name", "address"):
                if isinstance(record.get(name), str):
                    texts.append(record[name])
            if isinstance(record.get("content"), str):
                texts.append(plain_text(record["content"]))
    for line in (ROOT / "tests" / "relevance" / "judgments.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            texts.append(json.loads(line)["query"])
    return list(dict.fromkeys(texts))


@pytest.fixture(scope="module")
def reference_jieba():
    jieba.setLogLevel(logging.WARNING)
    segmenter = jieba.Tokenizer()
    for word in segmentation_words():
        segmenter.add_word(word, freq=50_000)
    return segmenter


def test_corpus_is_big_enough_to_mean_something():
    assert len(_corpus_texts()) > 1000


@pytest.mark.parametrize("search", [True, False], ids=["search mode", "precise mode"])
def test_words_equal_jiebas(reference_jieba, search):
    differing = []
    for text in _corpus_texts():
        for variant in (fold(text), text):
            cut = reference_jieba.cut_for_search(variant) if search else reference_jieba.cut(variant)
            expected = [t for t in cut if WORD.fullmatch(t.strip())]
            if words(variant, search) != expected:
                differing.append((variant[:60], expected[:12], words(variant, search)[:12]))
    assert not differing, differing[:5]


def test_mixed_vocabulary_word_stays_whole():
    assert "ai日报" in words("看ai日报吧")
    assert words("tensor_cat") == ["tensor", "_", "cat"]  # jieba's split, not jieba-rs's


def test_strip_invisible_drops_exactly_format_and_control_characters():
    everything = "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code < 0xE000)
    expected = "".join(ch for ch in everything if unicodedata.category(ch) not in ("Cf", "Cc") or ch in "\t\n")
    assert strip_invisible(everything) == expected
    assert strip_invisible("\u200b大\u200e模型\ufeff\t\n") == "大模型\t\n"


@pytest.mark.parametrize("style", [pypinyin.Style.NORMAL, pypinyin.Style.FIRST_LETTER])
def test_remembered_pinyin_equals_pypinyins(style):
    texts = [fold(t) for t in _corpus_texts()[:3000]] + ["绿色 女 略 战略", "ａｂｃ 你好吗 hello 世界"]
    for _ in range(2):  # the second round answers from memory
        assert [lazy_pinyin(t, style=style) for t in texts] == [pypinyin.lazy_pinyin(t, style=style) for t in texts]


def test_pinyin_forms_from_remembered_words_equal_pypinyins_of_each_word():
    texts = [fold(t) for t in _corpus_texts()[:3000]] + ["重庆银行行长 长大了", "音乐 乐器"]
    for _ in range(2):  # the second round answers from memory
        for text in texts:
            expected: list[str] = []
            for word in words(text):
                if any("\u3400" <= ch <= "\u9fff" for ch in word):
                    expected.append("".join(pypinyin.lazy_pinyin(word)))
                    expected.append("".join(pypinyin.lazy_pinyin(word, style=pypinyin.Style.FIRST_LETTER)))
            kept = dict.fromkeys(f.lower() for f in expected if f.isascii() and f.isalpha())
            assert pinyin_forms_folded(text) == " ".join(kept), text
