"""Titles as toneless syllables and typed pinyin cut into syllables (analysis/syllables.py,
indexer/queries/sounds.py; issue 36). Examples of our own, not judged queries."""

from __future__ import annotations

import pytest

from analysis.syllables import chinese_syllables, split_pinyin, title_syllables
from analysis.views import text_views
from indexer.queries.sounds import suggest_pinyin_clause, typed_pinyin_clauses
from indexer.queries.suggest import build_suggest


@pytest.mark.parametrize(
    ("typed", "cut"),
    [
        ("xiang liang shu ju ku", ["xiang", "liang", "shu", "ju", "ku"]),
        ("xiangliangshujuku", ["xiang", "liang", "shu", "ju", "ku"]),
        ("Suan Li", ["suan", "li"]),
        ("xian", ["xian"]),  # the fewest syllables: one, not xi an
        ("xi an", ["xi", "an"]),  # spaces decide
        ("fangan", ["fan", "gan"]),  # as pinyin reads it without an apostrophe
        ("lue", ["lve"]),  # ü after l, as pypinyin writes it
    ],
)
def test_typed_pinyin_is_cut_into_syllables(typed, cut):
    assert split_pinyin(typed) == cut


@pytest.mark.parametrize("typed", ["llm agent", "transformer", "chain", "gpt4", "向量"])
def test_other_text_is_not_pinyin(typed):
    assert split_pinyin(typed) is None


def test_a_prefix_may_end_inside_a_syllable():
    assert split_pinyin("xiangliangsh", partial_tail=True) == ["xiang", "liang", "sh"]
    assert split_pinyin("xiangliangsh") is None


def test_a_title_becomes_its_syllables_in_order():
    assert title_syllables("AI 芯片与算力") == "ai xin pian yu suan li"
    assert chinese_syllables("芯片 GPU 算力") == ["xin", "pian", "suan", "li"]
    views = text_views(["向量数据库入门", "Vector databases"], [])
    assert views["title_syllables"] == ["xiang liang shu ju ku ru men", "vector databases"]


def test_typed_pinyin_is_a_phrase_anywhere_in_a_title_and_a_fuzzy_one_below():
    exact, fuzzy = typed_pinyin_clauses("suan li")
    assert exact == {"match_phrase": {"title_syllables": {"query": "suan li", "slop": 0, "boost": 2}}}
    assert fuzzy["match_phrase"]["title_syllables.fuzzy"]["boost"] < 2
    assert typed_pinyin_clauses("suan") == []  # one syllable is any of hundreds of characters
    assert typed_pinyin_clauses("llm agent") == []


def test_suggestions_from_several_syllables_typed():
    clause = suggest_pinyin_clause("xiangliangsh")
    assert clause["match_phrase_prefix"]["title_syllables"]["query"] == "xiang liang sh"
    assert clause in build_suggest("xiangliangsh")["query"]["bool"]["should"]
    assert suggest_pinyin_clause("xi") is None
