"""The relaxed pass's query and bodies (indexer/queries/relax.py), without the engine."""

from __future__ import annotations

import json

import pytest

from analysis.meant import meant_text
from indexer.queries.relax import (
    is_a_pair,
    names_an_item,
    relaxed_query,
    relaxed_search_body,
    widened_body,
)
from indexer.queries.sounds import FUZZY_PAIRS, typed_syllables


def test_one_or_two_concepts_are_never_relaxed():
    for q in ("大模型", "语音 合成", "检索增强式生成", "红烧肉 做法"):
        assert relaxed_query(q) is None, q


def test_a_long_topic_needs_half_its_words_or_one_subject_of_the_corpus():
    query = relaxed_query("知识蒸馏 在 推荐系统 中的 落地 经验")
    steps = query["bool"]["should"]
    fewer = steps[0]["bool"]
    assert fewer["minimum_should_match"] == "3<50%"
    assert [_word_of(unit) for unit in fewer["should"]] == ["知识蒸馏", "推荐系统", "落地", "经验"]
    assert {"terms": {"tags": ["recsys"]}} in steps


def _word_of(unit: dict) -> str:
    own = unit["bool"]["should"][0] if "bool" in unit else unit
    return own["multi_match"]["query"]


def test_a_chinese_word_among_the_fewer_words_may_match_by_its_sound():
    fewer = relaxed_query("电缆 脑化 风筝 山楂")["bool"]["should"][0]["bool"]
    units = fewer["should"]
    assert [_word_of(unit) for unit in units] == ["电缆", "脑化", "风筝", "山楂"]
    by_sound = units[1]["bool"]["should"][1]["match"][FUZZY_PAIRS]
    assert by_sound["query"] == "nao hua" and by_sound["operator"] == "and"


def test_long_typed_pinyin_needs_half_its_pairs():
    long = "dian lan lao hua feng zheng shan zha"  # eight syllables, four words
    steps = relaxed_query(long)["bool"]["should"]
    assert {"match": {FUZZY_PAIRS: {"query": long, "boost": 2.0, "minimum_should_match": "3<50%"}}} in steps
    # five syllables are two or three words: not widened to any two of them
    assert relaxed_query("dian lan lao hua xun") is None


def test_a_term_named_by_sound_is_searched_as_the_glossary_writes_it():
    assert meant_text("图样分割", None) == "图像分割"  # one wrong character
    assert meant_text("医学 图样分割 数据", None) == "医学 图像分割 数据"
    assert meant_text("qin gan fen xi", typed_syllables("qin gan fen xi")) == "情感分析"  # a confused sound
    assert meant_text("qing gan fen xi dian lan", typed_syllables("qing gan fen xi dian lan")) is None
    for typed in ("情感分析", "情感分析师", "锅铲抹布", "图画分层"):  # as written, or no term's sound
        assert meant_text(typed, None) is None, typed


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
    counts = widened_body(strict, relaxed)["query"]["bool"]
    assert counts["must"][0] == {"bool": {"should": [text, relaxed], "minimum_should_match": 1}}
    assert counts["must"][1] == phrase and counts["filter"] == ["f"]


def test_one_concept_and_one_plain_word_found_nowhere_together_relax_to_the_concept():
    """A concept beside a word no document holds with it (LoRA 显存): the concept's documents rather than nothing."""
    [step] = relaxed_query("LoRA 显存", frozenset(), widen_pair=True)["bool"]["should"]
    assert '"lora"' in json.dumps(step) and "显存" not in json.dumps(step, ensure_ascii=False)  # the group alone
    # with a strict hit (a repository named quartz-rag), the concept does not stand for the pair
    assert relaxed_query("LoRA 显存", frozenset()) is None
    # two plain words never stand for either alone (two concepts do: the test below)
    assert relaxed_query("红烧肉 做法", widen_pair=True) is None


@pytest.mark.parametrize("nothing_found", [True, False])
def test_two_concepts_found_together_in_fewer_than_a_page_widen_to_either(nothing_found):
    """DPO 对齐 (found nowhere together), SAE 可解释性 (two papers): the texts on either concept follow rather than an empty
    or nearly empty page. Two plain words still never stand for either."""
    steps = relaxed_query("知识蒸馏 推荐系统", widen_pair=True, nothing_found=nothing_found)["bool"]["should"]
    named = [json.dumps(step, ensure_ascii=False) for step in steps]
    assert any("知识蒸馏" in step and "推荐系统" not in step for step in named), named  # each concept alone
    assert any("推荐系统" in step and "知识蒸馏" not in step for step in named), named
    assert relaxed_query("红烧肉 做法", widen_pair=True, nothing_found=nothing_found) is None


def test_a_pair_is_one_concept_and_one_plain_word():
    assert is_a_pair("LoRA 显存") and is_a_pair("LoRA 显存有哪些")
    assert not is_a_pair("LoRA 微调") and not is_a_pair("红烧肉 做法") and not is_a_pair("LoRA")


@pytest.mark.parametrize(
    ("query", "source"),
    [
        ("quartz-rag", {"title": "owner/Quartz-RAG", "repo": "owner/Quartz-RAG"}),  # the repository's name
        ("owner/quartz-rag", {"title": "owner/Quartz-RAG", "repo": "owner/Quartz-RAG"}),
        ("quartz  RAG", {"title": "Quartz RAG", "people": []}),  # a title, spaces and case aside
        ("ＱＵＡＲＴＺ ＲＡＧ", {"title": "quartz rag"}),  # typed full-width
        ("Ada Wu", {"title": "x", "people": ["ada wu"]}),
    ],
)
def test_a_hit_named_by_the_whole_query_is_the_item_it_names(query, source):
    assert names_an_item(query, [{"_source": {"title": "other"}}, {"_source": source}])


def test_a_hit_holding_the_query_in_a_longer_name_is_not_named_by_it():
    assert not names_an_item("quartz-rag", [{"_source": {"title": "quartz-rag 入门", "repo": "a/quartz-rag-cli"}}])
    assert not names_an_item("quartz-rag", [])


def test_an_aspect_counts_as_a_plain_word_beside_a_topic():
    """成本 (cost) is an aspect in the glossary: TTS 成本 is one topic and an aspect, which may widen to the topic;
    two topics (语音 合成 read as two concepts) still never widen to either."""
    assert is_a_pair("MoE 成本") and is_a_pair("MoE cost")
    [step] = relaxed_query("MoE cost", widen_pair=True)["bool"]["should"]
    assert "cost" not in json.dumps(step)
