"""A search's results show the tags its query names first, marked (kinds.common.tags_named_in through
api.feed_items.hit_to_item): by title inside the query, by a query word inside the title or by the id."""

from __future__ import annotations

from api.feed_items import hit_to_item
from kinds.common import tags_named_in

TAGS = [
    {"id": "cv", "title": "计算机视觉"},
    {"id": "llm", "title": "大模型"},
    {"id": "agent", "title": "Agent 智能体"},
    {"id": "x", "title": "图"},
]


def test_a_title_inside_the_query_is_named():
    assert tags_named_in("大模型推理加速", TAGS) == ["llm"]


def test_a_query_word_inside_a_title_or_equal_to_an_id_is_named():
    assert tags_named_in("智能体 评测", TAGS) == ["agent"]
    assert tags_named_in("AGENT", TAGS) == ["agent"]
    assert tags_named_in("llm serving", TAGS) == ["llm"]


def test_traditional_and_full_width_forms_fold():
    assert tags_named_in("計算機視覺 綜述", TAGS) == ["cv"]


def test_one_character_names_nothing():
    assert tags_named_in("图", TAGS) == []
    assert tags_named_in("图 谱", TAGS) == []


def test_no_query_names_nothing():
    assert tags_named_in("", TAGS) == []
    assert tags_named_in(None, TAGS) == []
    assert tags_named_in("机器人", TAGS) == []


def test_a_search_hit_lists_named_tags_first_marked():
    source = {"id": 7, "title": "一个故事", "tag_names": TAGS}
    hit = {"_source": {"type": "story", "source": source}, "highlight": {}}
    tags = hit_to_item(hit, query="智能体 落地")["story_info"]["tag_names"]
    assert tags[0] == {"id": "agent", "title": "Agent 智能体", "highlighted": True}
    assert not any(t["highlighted"] for t in tags[1:])
    plain = hit_to_item(hit)["story_info"]["tag_names"]
    assert [t["id"] for t in plain] == ["cv", "llm", "agent", "x"] and not any(t["highlighted"] for t in plain)
