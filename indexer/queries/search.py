"""The unified search query over stories, papers, events and projects."""

from __future__ import annotations

from analysis.normalize import fold
from analysis.understanding import understand
from indexer.queries.common import HIGHLIGHT, LIST_SOURCE, filters, paging, sort_clause
from indexer.queries.operators import Operators
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
    extra: dict | None = None,
) -> dict:
    """`concepts`: the glossary concept ids the index carries (text_query); `extra`: the operators' filter,
    must and must_not clauses (indexer/queries/operators.py)."""
    asked = _sort_asked(q, sort)  # understands the query once: the text query below needs the same answer
    body: dict = {
        **paging(page, size),
        "query": {"bool": _with_operators({"filter": filters(types, tags, time)}, extra)},
        "sort": sort_clause(asked, time),
        "_source": LIST_SOURCE,
        "track_total_hits": TOTAL_BOUND,
    }
    if q:
        ranked = asked == "relevance"
        # ordered by heat or date: no score puts the loose matches last, so only the close ones are listed
        query, highlight_by = text_query_and_highlight(q, concepts, ranked=ranked, close=not ranked)
        body["query"]["bool"]["must"] = [query, *body["query"]["bool"].get("must", [])]
        body["highlight"] = {**HIGHLIGHT, "highlight_query": highlight_by}
    return body


def ranked_by_relevance(q: str, sort: str) -> bool:
    """Whether a search of `q` asked in `sort` is ranked by its scores (an order word may ask otherwise: `_sort_asked`)."""
    return _sort_asked(q, sort) == "relevance"


def _sort_asked(q: str, sort: str) -> str:
    """The sort a search uses: the newest first without a query; a query of nothing but a kind and an order word
    (最新论文, 热门项目) in that order when the reader left the sort at relevance, since no text orders them."""
    if not q:
        return "new" if sort == "relevance" else sort
    if sort == "relevance":
        understood = understand(fold(q))
        if understood.asks_only and understood.kinds and understood.order:
            return understood.order
    return sort


def build_counts(
    q: str,
    *,
    tags: list[str] | None = None,
    time: str | None = None,
    sort: str = "relevance",
    concepts: frozenset[str] = frozenset(),
    operators: Operators | None = None,
) -> dict:
    """Per-type counts for the search tabs: the same query, filters and operators as the search (type:
    names limit the kinds counted), one aggregation; for a list ordered by heat or date, its close matches."""
    types = operators.kinds(None) if operators else None
    query: dict = {"bool": _with_operators({"filter": filters(types, tags, time)}, operators and operators.clauses())}
    if q:
        close = _sort_asked(q, sort) != "relevance"
        query["bool"]["must"] = [text_query(q, concepts, close=close), *query["bool"].get("must", [])]
    return {
        "size": 0,
        "track_total_hits": True,
        "query": query,
        "aggs": {"types": {"terms": {"field": "type", "size": 10}}},
    }


def _with_operators(bool_query: dict, extra: dict | None) -> dict:
    """The operators' clauses added to a bool query's parts (none: the query as it was)."""
    for part, clauses in (extra or {}).items():
        if clauses:
            bool_query[part] = [*bool_query.get(part, []), *clauses]
    return bool_query
