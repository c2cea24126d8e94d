"""The keys suggestions look people and Chinese paper titles up by (issue 36), and the judged suggestion set."""

from __future__ import annotations

from analysis.views import name_views, text_views
from indexer.queries.suggest import SUGGEST_TYPES
from tests.relevance.suggestions import hit, load_suggestions, shown_rows


def test_a_name_has_pinyin_syllables_and_initials():
    views = name_views("林子涵")
    assert views["pinyin_key"] == "linzihan" and views["initials_key"] == "lzh"
    assert views["title_syllables"] == ["lin zi han"]
    assert name_views("tensor_cat")["initials_key"] is None


def test_a_paper_is_keyed_by_its_chinese_title_too():
    views = text_views(["Self-Play Is All You Need", "自博弈足以解决大模型智能体"])
    assert views["pinyin_key"][0] == "self-playisallyouneed"
    assert views["pinyin_key"][1].startswith("ziboyizuyi")
    assert views["initials_key"].startswith("zbyzy")


def test_one_title_keeps_one_key():
    views = text_views(["大模型推理"])
    assert views["pinyin_key"] == "damoxingtuili" and views["initials_key"] == "dmxtl"


def test_the_judged_suggestions_cover_every_kind_and_both_halves():
    lines = load_suggestions()
    assert {kind for line in lines for kind, _ in line.expect} == set(SUGGEST_TYPES)
    assert {line.split for line in lines} == {"tune", "heldout"}
    assert len({line.prefix for line in lines}) == len(lines)


def test_a_hit_is_within_the_first_five_distinct_titles():
    items = [{"type": "story", "source": {"story_info": {"title": t}}} for t in "aabcdef"]
    rows = shown_rows(items)
    assert [t for _, t in rows] == list("abcdef")
    assert hit(rows, [("story", "e")], {}) and not hit(rows, [("story", "f")], {})
    assert not hit(rows, [("paper", "a")], {})
