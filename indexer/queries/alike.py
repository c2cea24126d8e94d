"""The texts like a search's best hit, after everything the search found (issue 36, item 2): a query finding fewer than
a page, even relaxed, is followed by the texts sharing its best hit's glossary concepts and tags (pseudo-relevance
feedback). The reader's words found one text on the topic; the texts on the same topic that say it otherwise (a
serving engine's project for PagedAttention 连续批处理, the dexterous-manipulation papers for ling qiao cao zuo) share
its concepts. They come after every text the query's own words found, so they never push a match down.

Built on the stored document (more-like-this by id, as related items are: indexer/queries/related.py), so the engine
reads the best hit's concepts itself."""

from __future__ import annotations

from indexer.queries.common import sort_clause
from indexer.queries.related import concepts_alike

# How many of the best hits lead to the texts like them. One: the second and third hits of a query finding few are
# often its loose matches, whose concepts lead away from the topic (judged sets: 1 did a little better than 3 or 5).
ALIKE_SEEDS = 1


def seeds_body(strict: dict) -> dict:
    """The best hits of a search or counts body by relevance, without their sources: what `alike_clause` is built on.
    Ranked as the list is (ties by date), so that a list, its pages and its tabs' counts all start from the same
    hits."""
    bare = {key: value for key, value in strict.items() if key not in ("highlight", "aggs", "_source")}
    ranked = {"sort": sort_clause("relevance"), "_source": False, "track_total_hits": False}
    return {**bare, **ranked, "from": 0, "size": ALIKE_SEEDS}


def alike_clause(seeds: list[dict]) -> dict:
    """The texts sharing a glossary concept or a tag with the hits `seeds` (never the seeds themselves)."""
    return concepts_alike([{"_index": hit["_index"], "_id": hit["_id"]} for hit in seeds])


def text_of(body: dict) -> dict | None:
    """The text query of a search or counts body (build_search, build_counts, relax.widened_body): None for a search
    of operators alone (arxiv:…), which has nothing to be like."""
    must = body["query"].get("bool", {}).get("must") or []
    return must[0] if must else None


def alike_search_body(strict: dict, alike: dict, found: list[dict], start: int, size: int) -> dict:
    """The search body `strict` finding the texts of `alike` that none of the text queries `found` found (the strict
    and relaxed passes'), `size` of them from `start`, with the same filters, operators and sort, not highlighted."""
    query = strict["query"]["bool"]
    _text, *rest = query["must"]
    bare = {key: value for key, value in strict.items() if key != "highlight"}
    return {
        **bare,
        "from": start,
        "size": size,
        "query": {"bool": {**query, "must": [alike, *rest], "must_not": [*query.get("must_not", []), *found]}},
    }


def alike_counts_body(counted: dict, alike: dict, room: int) -> dict:
    """The `room` texts of `alike` the list shows after the hits of the counts body `counted` (ranked as the list ranks
    them), by kind: the tabs count them as the list shows them (`add_counts`)."""
    body = alike_search_body(counted, alike, [text_of(counted)], 0, room)
    body.pop("aggs", None)
    return {**body, "track_total_hits": False, "_source": ["type"], "sort": sort_clause("relevance")}


def add_counts(answer: dict, alike: dict) -> dict:
    """A counts answer (build_counts) with the hits of an `alike_counts_body` answer counted in, per kind."""
    buckets = {bucket["key"]: bucket["doc_count"] for bucket in answer["aggregations"]["types"]["buckets"]}
    hits = alike["hits"]["hits"]
    for hit in hits:
        buckets[hit["_source"]["type"]] = buckets.get(hit["_source"]["type"], 0) + 1
    total = {**answer["hits"]["total"], "value": answer["hits"]["total"]["value"] + len(hits)}
    types = {"buckets": [{"key": key, "doc_count": count} for key, count in buckets.items()]}
    return {
        **answer,
        "hits": {**answer["hits"], "total": total},
        "aggregations": {**answer["aggregations"], "types": types},
    }
