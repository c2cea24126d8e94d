"""Highlights come from the parts of the text query that look in the highlighted fields
(indexer/queries/text.py `_on_highlighted_fields`): the marks must be exactly those the whole query
gave, for every judged query and for each kind of clause (pinyin, arXiv numbers, people, glossary
synonyms, Latin words, typos)."""

import json

from indexer.lifecycle import indexed_concepts
from indexer.queries.search import build_search
from tests.relevance.score import load_judgments

EXTRA = [
    "dmx",
    "damoxing",
    "2403.00910",
    "向量数剧库",
    "difusion model",
    "LLM agent",
    "大模型 评测",
    "RAG",
    "杭州 活动",
]


def with_whole_query_highlight(body: dict) -> dict:
    """The body as it was: highlights by the whole text query (and the synonyms' phrases)."""
    whole = body["query"]["bool"]["must"][0]
    if "function_score" in whole:  # the named kinds multiplied: scoring only, no text of its own
        whole = whole["function_score"]["query"]
    _own, *synonyms = body["highlight"]["highlight_query"]["bool"]["should"]
    return {**body, "highlight": {**body["highlight"], "highlight_query": {"bool": {"should": [whole, *synonyms]}}}}


def marks(es, alias: str, body: dict) -> list[tuple[str, dict]]:
    hits = es.search(index=alias, body=body)["hits"]["hits"]
    return [(hit["_id"], hit.get("highlight", {})) for hit in hits]


def test_highlights_are_the_whole_querys_for_every_judged_query(demo_stack):
    es, alias = demo_stack.es(), demo_stack.alias
    concepts = indexed_concepts(es, alias)
    compared = marked = 0
    for q in [*(judgment.query for judgment in load_judgments()), *EXTRA]:
        for sort in ("relevance", "new"):
            body = build_search(q, sort=sort, size=25, concepts=concepts)
            now, before = marks(es, alias, body), marks(es, alias, with_whole_query_highlight(body))
            assert now == before, q
            compared += len(now)
            marked += sum(1 for _id, found in now if found)
    assert compared > 2000 and marked > 1000  # the comparison saw many hits, most of them marked


def test_the_highlight_query_leaves_out_clauses_on_other_fields():
    body = build_search("大模型 agent", concepts=frozenset())
    text = json.dumps(body["highlight"]["highlight_query"], ensure_ascii=False)
    assert "title" in text and "summary" in text
    for other in ("body_words", "title_words", "pinyin", "people", "content", "tag_labels", "title.uni"):
        assert f'"{other}' not in text, other
