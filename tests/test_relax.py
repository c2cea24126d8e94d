"""The relaxed pass's query and bodies (indexer/queries/relax.py), without the engine."""

from __future__ import annotations

from indexer.queries.relax import relaxed_query, relaxed_search_body, widened_counts_body


def test_one_or_two_concepts_are_never_relaxed():
    for q in ("大模型", "语音 合成", "检索增强式生成", "红烧肉 做法"):
        assert relaxed_query(q) is None, q


def test_a_long_topic_needs_half_its_words_or_one_subject_of_the_corpus():
    query = relaxed_query("知识蒸馏 在 推荐系统 中的 落地 经验")
    steps = query["bool"]["should"]
    fewer = steps[0]["multi_match"]
    assert fewer["query"] == "知识蒸馏 推荐系统 落地 经验" and fewer["minimum_should_match"] == "3<50%"
    assert {"terms": {"tags": ["recsys"]}} in steps


def test_plain_words_never_stand_alone():
    # three words, none a concept or a tag: nothing to relax to
    assert relaxed_query("周末 钓鱼 装备 好坏") is not None  # four words: half of them
    assert relaxed_query("周末 钓鱼 装备") is None
    # a short Latin part of a tag's label (`ai` of AI 编程) is not a tag
    query = relaxed_query("ai 工具 周末")
    assert query is None or {"terms": {"tags": ["ai_coding"]}} not in query["bool"]["should"]


def test_the_bodies_keep_filters_and_exclude_or_join_the_strict_text():
    text, phrase, relaxed = {"match": {"a": 1}}, {"multi_match": {"b": 2}}, {"match": {"c": 3}}
    strict = {"from": 0, "size": 10, "query": {"bool": {"filter": ["f"], "must": [text, phrase], "must_not": ["n"]}}}
    body = relaxed_search_body(strict, relaxed, 3, 7)
    assert body["from"] == 3 and body["size"] == 7
    assert body["query"]["bool"] == {"filter": ["f"], "must": [relaxed, phrase], "must_not": ["n", text]}
    counts = widened_counts_body(strict, relaxed)["query"]["bool"]
    assert counts["must"][0] == {"bool": {"should": [text, relaxed], "minimum_should_match": 1}}
    assert counts["must"][1] == phrase and counts["filter"] == ["f"]
