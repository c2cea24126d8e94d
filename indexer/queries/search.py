"""The unified search query over stories, papers, events and projects."""

from __future__ import annotations

from indexer.queries.common import HIGHLIGHT, LIST_SOURCE, filters, paging, sort_clause
from indexer.queries.text import text_query, text_query_and_highlight

# The search page's `total` is counted exactly up to here, a lower bound beyond: once that many hits
# are counted the engine can skip documents that cannot make the page (counting 10,000 first was a
# fifth of a broad search's time at 1M, issue 12). Paging does not need more: the next page is asked
# while the last one returned items, and the tabs' exact counts come from /v2/total.
TOTAL_BOUND = 1_000


def build_search(
    q: str,
    *,
    types: list[str] | None = None,
    tags: list[str] | None = None,
    time: str | None = None,
    sort: str = "relevance",
    page: int = 1,
    size: int = 20,
    concepts: frozenset[str] = frozenset(),
) -> dict:
    """`concepts`: the glossary concept ids the index carries (text_query)."""
    body: dict = {
        **paging(page, size),
        "query": {"bool": {"filter": filters(types, tags, time)}},
        "sort": sort_clause(sort if q or sort != "relevance" else "new", time),
        "_source": LIST_SOURCE,
        "track_total_hits": TOTAL_BOUND,
    }
    if q:
        query, highlight_by = text_query_and_highlight(q, concepts, ranked=sort == "relevance")
        body["query"]["bool"]["must"] = [query]
        body["highlight"] = {**HIGHLIGHT, "highlight_query": highlight_by}
    return body


def build_counts(
    q: str, *, tags: list[str] | None = None, time: str | None = None, concepts: frozenset[str] = frozenset()
) -> dict:
    """Per-type counts for the search tabs: the same query and filters as the search, one aggregation."""
    query: dict = {"bool": {"filter": filters(None, tags, time)}}
    if q:
        query["bool"]["must"] = [text_query(q, concepts)]
    return {
        "size": 0,
        "track_total_hits": True,
        "query": query,
        "aggs": {"types": {"terms": {"field": "type", "size": 10}}},
    }
