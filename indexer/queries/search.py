"""The unified search query over stories, papers, events and projects."""
from __future__ import annotations

from indexer.queries.common import HIGHLIGHT, filters, sort_clause

# Bigram fields find whole words; the unigram sub-fields make one-character and in-word queries match.
BIGRAM_FIELDS = ["title^4", "title_cn^3", "summary^1.5", "content", "authors", "address"]
UNIGRAM_FIELDS = ["title.uni^2", "title_cn.uni^1.5", "summary.uni"]


def text_query(q: str) -> dict:
    return {
        "bool": {
            "should": [
                {"multi_match": {"query": q, "fields": BIGRAM_FIELDS, "type": "best_fields", "operator": "and"}},
                {"multi_match": {"query": q, "fields": UNIGRAM_FIELDS, "type": "phrase", "slop": 0}},
                {"multi_match": {"query": q, "fields": ["title^2", "title_cn"], "type": "phrase", "boost": 3}},
            ],
            "minimum_should_match": 1,
        }
    }


def build_search(q: str, *, types: list[str] | None = None, tags: list[str] | None = None,
                 time: str | None = None, sort: str = "relevance", page: int = 1, size: int = 20) -> dict:
    body: dict = {
        "from": (page - 1) * size,
        "size": size,
        "track_total_hits": True,
        "query": {"bool": {"filter": filters(types, tags, time)}},
        "sort": sort_clause(sort if q or sort != "relevance" else "new"),
        "_source": ["type", "item_id", "source", "created_at", "heat"],
    }
    if q:
        body["query"]["bool"]["must"] = [text_query(q)]
        body["highlight"] = HIGHLIGHT
    return body
