"""Glossary terms named by their sound (analysis/sounded_concepts.py), on the project's glossary."""

from __future__ import annotations

import pytest

from analysis.sounded_concepts import concepts_in_characters, concepts_in_pinyin, folded
from analysis.vocabulary import Glossary, glossary


def test_sounds_fold_as_the_index_folds_them():
    assert [folded(s) for s in ("zhang", "chi", "shen", "lan", "ning", "xiong")] == [
        "zan",
        "ci",
        "sen",
        "nan",
        "nin",
        "xiong",
    ]


def test_a_wrong_or_confused_character_names_the_term():
    [found] = concepts_in_characters("图样分割", glossary())
    assert (found.term, found.start, found.end) == ("图像分割", 0, 4)
    [found] = concepts_in_characters("做情敢分析", glossary())  # gan as typed, within a longer run
    assert (found.term, found.start, found.end) == ("情感分析", 1, 5)


def test_written_terms_and_short_words_are_left_to_the_glossary():
    assert concepts_in_characters("情感分析", glossary()) == []
    assert concepts_in_characters("情感分析师", glossary()) == []
    toy = Glossary((("甲乙丙", "abc"), ("丁戊", "de")))
    # three characters: only the middle one may be wrong; two: too many everyday homophones
    assert [f.term for f in concepts_in_characters("甲一丙", toy)] == ["甲乙丙"]
    assert concepts_in_characters("一乙丙", toy) == []
    assert concepts_in_characters("丁物", toy) == []


def test_a_word_of_two_standing_alone_is_guessed_only_when_asked():
    """The relaxed pass reads a run of two as the term sounding exactly like it (减枝: 剪枝, 微条: 微调); the strict
    query never does. Inside a longer run two characters stay what they are where they are a word (写作 sounds like
    协作); where the segmenter knows no word for them they are read as the term (test below)."""
    assert concepts_in_characters("减枝", glossary()) == []
    assert [f.term for f in concepts_in_characters("减枝", glossary(), two_alone=True)] == ["剪枝"]
    assert [f.term for f in concepts_in_characters("微条", glossary(), two_alone=True)] == ["微调"]
    assert concepts_in_characters("剪枝", glossary(), two_alone=True) == []  # written as it is: the glossary's
    assert concepts_in_characters("问题", glossary(), two_alone=True) == []  # nothing sounds like it
    assert concepts_in_characters("写作方法", glossary(), two_alone=True) == []  # a word, in a longer run


def test_pinyin_must_be_nothing_but_terms():
    assert concepts_in_pinyin("qing gan fen xi".split(), glossary()) == ["情感分析"]
    assert concepts_in_pinyin("qin gan fen xi".split(), glossary()) == ["情感分析"]
    assert concepts_in_pinyin("qing gan fen xi tu xiang fen ge".split(), glossary()) == ["情感分析", "图像分割"]
    assert concepts_in_pinyin("qing gan fen".split(), glossary()) is None
    assert concepts_in_pinyin("qing gan fen xi la".split(), glossary()) is None
    assert concepts_in_pinyin("qing gan fen xin".split(), glossary()) is None  # xi/xin is no confusion


def test_a_term_sounding_alike_comes_before_one_a_syllable_away():
    # 样 and 研 fold alike (an/ang); 零 is the one syllable away: the term typed is the one sounding alike
    toy = Glossary((("零样本学习", "zero-shot"), ("少样本学习", "few-shot")))
    assert [f.term for f in concepts_in_characters("少研本学习", toy)] == ["少样本学习"]
    assert [f.term for f in concepts_in_characters("零研本学习", toy)] == ["零样本学习"]
    # and with nothing alike, the first a syllable away still stands for it
    assert [f.term for f in concepts_in_characters("多样本学习", toy)] == ["零样本学习"]


def test_over_a_written_term_only_a_longer_term_sounding_exactly_alike():
    toy = Glossary((("甲乙丙丁", "abcd"), ("甲乙丙", "abc")))
    [found] = concepts_in_characters("甲乙丙顶", toy)  # 丁 and 顶 are both ding: the longer term
    assert (found.term, found.start, found.end) == ("甲乙丙丁", 0, 4)
    assert concepts_in_characters("甲乙丙一", toy) == []  # 甲乙丙 is written: not a longer term with one wrong
    [found] = concepts_in_characters("学习注意力机智", glossary())
    assert (found.term, found.start, found.end) == ("注意力机制", 2, 7)


def test_characters_look_alike_by_a_shared_component_that_few_characters_have():
    from analysis.shapes import look_alike

    assert look_alike("则", "侧") and look_alike("侧", "测") and look_alike("清", "情") and look_alike("练", "炼")
    assert not look_alike("知", "如")  # 口 alone: a component of hundreds of characters
    assert not look_alike("他", "代") and not look_alike("侧", "侧")


@pytest.mark.parametrize(
    ("typed", "corrected"),
    [
        ("端则大模型部署", "端侧大模型部署"),  # 则 looks like 侧
        ("量话工具", "量化工具"),  # 话 sounds like 化
        ("剪只大模型 论文", "剪枝大模型 论文"),
        ("蒸流小模型入门", "蒸馏小模型入门"),
    ],
)
def test_a_two_character_term_typed_wrong_inside_a_run_is_corrected(typed, corrected):
    from analysis.meant import corrected_text

    assert corrected_text(typed) == corrected


@pytest.mark.parametrize(
    "typed",
    [
        "写作工具",  # a word of its own, sounding like 协作
        "大模型部署",  # 型部 is two words' characters, no word
        "对其进行微调",  # 对其 beside 对齐: 对 is a common character
        "我南京的活动",  # 南 of 指南: an aspect's term is in too many everyday pairs
        "量化工具",
    ],
)
def test_words_and_everyday_pairs_are_not_corrected(typed):
    from analysis.meant import corrected_text

    assert corrected_text(typed) is None


def test_the_common_characters_are_the_commonest_of_jiebas_dictionary():
    import os

    import jieba

    from analysis.sounded_concepts import common_characters

    path = os.path.join(os.path.dirname(jieba.__file__), "dict.txt")
    with open(path, encoding="utf-8") as lines:
        single = [(int(freq), word) for word, freq, *_ in (line.split() for line in lines) if len(word) == 1]
    assert common_characters() == {word for _, word in sorted(single, reverse=True)[:300]}


def test_pinyin_partly_terms_names_them_only_when_asked_and_when_they_are_most_of_it():
    typed = "ti shi zhu ru jian ce".split()
    assert concepts_in_pinyin(typed, glossary()) is None
    assert concepts_in_pinyin(typed, glossary(), partial=True) == ["提示注入"]
    assert concepts_in_pinyin("qing gan zhou mo da sao chu".split(), glossary(), partial=True) is None
