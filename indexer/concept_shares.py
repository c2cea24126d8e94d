"""Which glossary concepts are broad on this site: named in a title or tag by so large a share of the documents that
a search asking for one beside a narrower topic would mostly lose what it finds. On an AI hub 大模型 is such a concept
(about half of the demo corpus names it): 怎么量化大模型 asks for quantization, and an article titled 一文读懂模型量化 that
never writes 大模型 answers it. The search then scores a broad concept without requiring it (indexer/queries/text.py,
`positions.most_of`). Counted from the index, so the share follows the corpus rather than a list someone keeps."""

from __future__ import annotations

from elasticsearch import Elasticsearch

from indexer.lifecycle import indexed_concepts
from indexer.queries.concepts import IndexedConcepts

# A concept named by at least this share of the documents is broad.
BROAD_SHARE = 1 / 3
# Below this many documents a share says little about what the site covers (a test's handful, a new site): none
# is broad.
MIN_DOCUMENTS = 300


def broad_concepts(
    es: Elasticsearch, alias: str, ids: frozenset[str], request_timeout: float = 10
) -> frozenset[str] | None:
    """The ids among `ids` that at least BROAD_SHARE of the documents behind `alias` carry in `concepts` (titles,
    tags, a Latin term in a summary); None while the index holds fewer than MIN_DOCUMENTS (too few to tell, and
    soon more: a site being loaded). One multi-search of counts: a term count is read from the index's statistics,
    so it costs little at 1M."""
    ordered = sorted(ids)
    searches = [{"query": {"match_all": {}}}] + [{"query": {"term": {"concepts": gid}}} for gid in ordered]
    lines = [line for search in searches for line in ({}, {**search, "size": 0, "track_total_hits": True})]
    answers = es.msearch(index=alias, body=lines, request_timeout=request_timeout)["responses"]
    counts = [answer.get("hits", {}).get("total", {}).get("value", 0) for answer in answers]
    documents, named = counts[0], counts[1:]
    if documents < MIN_DOCUMENTS:
        return None
    return frozenset(gid for gid, count in zip(ordered, named, strict=True) if count >= documents * BROAD_SHARE)


def search_concepts(es: Elasticsearch, alias: str) -> IndexedConcepts:
    """The concept ids a search body uses, as the API reads them (api/index_reader.IndexReader.concepts)."""
    ids = indexed_concepts(es, alias)
    return IndexedConcepts(ids, (broad_concepts(es, alias, ids) or ()) if ids else ())
