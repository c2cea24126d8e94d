"""Glossary terms named by their sound (analysis/sounded_concepts.py), on the project's glossary."""

from __future__ import annotations

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


def test_pinyin_must_be_nothing_but_terms():
    assert concepts_in_pinyin("qing gan fen xi".split(), glossary()) == ["情感分析"]
    assert concepts_in_pinyin("qin gan fen xi".split(), glossary()) == ["情感分析"]
    assert concepts_in_pinyin("qing gan fen xi tu xiang fen ge".split(), glossary()) == ["情感分析", "图像分割"]
    assert concepts_in_pinyin("qing gan fen".split(), glossary()) is None
    assert concepts_in_pinyin("qing gan fen xi la".split(), glossary()) is None
    assert concepts_in_pinyin("qing gan fen xin".split(), glossary()) is None  # xi/xin is no confusion
