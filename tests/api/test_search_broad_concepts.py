"""A concept the site names everywhere (大模型 on an AI hub) only scores beside a narrower topic (issue 36): which
concepts are broad is counted from the index (indexer/concept_shares.py), and the search counts the rest without them
(indexer/queries/positions.most_of). Our own examples, on the demo corpus in a real Elasticsearch."""

from __future__ import annotations

import pytest
from elasticsearch import Elasticsearch

from analysis.normalize import fold
from analysis.views import text_views
from analysis.vocabulary import concept_id, glossary
from indexer.concept_shares import broad_concepts, search_concepts
from indexer.lifecycle import indexed_concepts
from indexer.queries.concepts import IndexedConcepts
from indexer.queries.search import build_search
from tests.support import ES_URL, data_of, info_of


def group_id(term: str) -> str:
    groups, _rest = glossary().concepts(term)
    return concept_id(groups[0])


def found(stack, q: str, concepts: frozenset[str]) -> list[str]:
    """Every document the strict search body finds for `q` with these concepts, best first."""
    body = build_search(q, concepts=concepts, size=300)
    hits = stack.es().search(index=stack.alias, body={**body, "_source": False})["hits"]["hits"]
    return [hit["_id"] for hit in hits]


def names(stack, doc_id: str, term: str) -> bool:
    """Whether the document names the group of `term` anywhere (titles, tags, summary or body)."""
    gid = group_id(term)
    query = {
        "bool": {
            "filter": [{"ids": {"values": [doc_id]}}],
            "should": [{"term": {"concepts": gid}}, {"term": {"body_concepts": gid}}],
            "minimum_should_match": 1,
        }
    }
    return stack.es().count(index=stack.alias, body={"query": query})["count"] == 1


def test_the_concept_a_third_of_the_corpus_names_is_broad_and_a_narrow_one_is_not(demo_stack):
    es = Elasticsearch(ES_URL)
    broad = broad_concepts(es, demo_stack.alias, indexed_concepts(es, demo_stack.alias))
    assert group_id("大模型") in broad
    assert group_id("知识蒸馏") not in broad and group_id("强化学习") not in broad
    assert search_concepts(es, demo_stack.alias).broad == broad


def test_a_corpus_too_small_to_tell_has_no_broad_concept(tiny):
    es = Elasticsearch(ES_URL)
    assert broad_concepts(es, tiny.alias, indexed_concepts(es, tiny.alias)) is None
    assert search_concepts(es, tiny.alias).broad == frozenset()


@pytest.mark.parametrize(
    ("narrow", "query"), [("蒸馏", "蒸馏 大模型"), ("量化", "LLM 量化"), ("微调", "大语言模型微调")]
)
def test_a_broad_concept_beside_a_narrower_topic_no_longer_leaves_out_what_never_names_it(demo_stack, narrow, query):
    es = Elasticsearch(ES_URL)
    concepts = search_concepts(es, demo_stack.alias)
    strict = found(demo_stack, query, IndexedConcepts(concepts))  # as before: both required
    scored = found(demo_stack, query, concepts)
    gained = [doc for doc in scored if doc not in strict]
    assert gained and set(strict) <= set(scored)
    assert all(names(demo_stack, doc, narrow) for doc in gained)
    assert any(not names(demo_stack, doc, "大模型") for doc in gained)
    # what names both still comes first: the broad concept scores
    assert names(demo_stack, scored[0], narrow) and names(demo_stack, scored[0], "大模型")


def test_a_broad_concept_beside_plain_words_only_is_still_required(demo_stack):
    es = Elasticsearch(ES_URL)
    concepts = search_concepts(es, demo_stack.alias)
    query = "大模型 踩坑 笔记"  # no other topic: the site-wide concept is what the reader narrows by
    scored = found(demo_stack, query, concepts)
    assert scored == found(demo_stack, query, IndexedConcepts(concepts))
    assert scored and all(names(demo_stack, doc, "大模型") for doc in scored)


def test_the_api_searches_with_the_broad_concepts_it_counted(client):
    page = data_of(client.get("/api/v2/search", query_string={"q": "蒸馏 大模型", "size": 50, "model": "paper"}))
    keys = [f"paper-{info_of(item)['arxiv_id']}" for item in page["list"] if item["type"] == "paper"]
    # a paper on knowledge distillation that never says 大模型 or LLM, left out before
    assert "paper-2610.27047" in keys


def test_a_projects_description_names_its_concepts_once_as_a_tag_would():
    quantization, llm = group_id("量化"), group_id("大模型")
    views = text_views(["acme/sky-quant"], ["大模型量化工具"], naming=[fold("大模型量化工具"), "quantization llm"])
    concepts = views["concepts"].split()
    assert concepts.count(quantization) == 1 and concepts.count(llm) == 1
    # a concept the title names already is not counted again
    titled = text_views(["acme/llm-quantization"], [], naming=["大模型量化工具"])["concepts"].split()
    assert titled.count(quantization) == text_views(["acme/llm-quantization"])["concepts"].split().count(quantization)
    # no description, nothing more than before
    assert text_views(["acme/sky-quant"], ["大模型量化工具"])["concepts"] is None
