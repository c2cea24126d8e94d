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
    views = text_views(["知识图谱入门", "Knowledge graphs"], [])
    assert views["title_syllables"] == ["zhi shi tu pu ru men", "knowledge graphs"]


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


def test_a_chinese_query_is_also_looked_for_by_its_sounds():
    from indexer.queries.sounds import chinese_sound_clauses

    clauses = chinese_sound_clauses("向量苏据库")
    whole, *one_wrong = clauses
    assert whole["match_phrase"]["title_syllables.fuzzy"]["query"] == "xiang liang su ju ku"
    # one syllable left out at a time: five phrases, the inner ones with a gap of one
    left_out = [c["constant_score"]["filter"]["match_phrase"]["title_syllables.fuzzy"] for c in one_wrong]
    assert [p["query"] for p in left_out][:2] == ["liang su ju ku", "xiang su ju ku"]
    assert [p["slop"] for p in left_out] == [0, 1, 1, 1, 0]
    assert all(
        c["constant_score"]["boost"] < whole["match_phrase"]["title_syllables.fuzzy"]["boost"] * 2 for c in one_wrong
    )


def test_short_or_mixed_queries_get_no_sound_clauses():
    from indexer.queries.sounds import chinese_sound_clauses

    assert chinese_sound_clauses("芯片") == []  # two characters: a sound-alike pair is everywhere
    assert chinese_sound_clauses("GPU 芯片") == []  # not Chinese only
    assert len(chinese_sound_clauses("大模型")) == 1  # three: no phrase of two syllables with one left out
