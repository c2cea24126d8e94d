"""Single items and their neighbours: paper lookup by number or arXiv id, similar stories."""

from __future__ import annotations

from indexer.queries.common import LIST_SOURCE


def build_paper_lookup(item_id: str | None, arxiv_id: str | None, with_series: bool = False) -> dict:
    keys = []
    if item_id:
        keys.append({"term": {"item_id": item_id}})
    if arxiv_id:
        keys.append({"term": {"arxiv_id": arxiv_id}})
    source = ["type", "item_id", "source", "hotness_series"] if with_series else ["type", "item_id", "source"]
    return {
        "size": 1,
        "_source": source,
        "query": {"bool": {"filter": [{"term": {"type": "paper"}}], "should": keys, "minimum_should_match": 1}},
    }


def build_similar(alias: str, story_doc_id: str, size: int) -> dict:
    """Related stories by content: more_like_this on the story's own title, summary and text."""
    return {
        "size": size,
        "_source": LIST_SOURCE,
        "query": {
            "bool": {
                "filter": [{"term": {"type": "story"}}],
                "must_not": [{"ids": {"values": [story_doc_id]}}],
                "must": [
                    {
                        "more_like_this": {
                            "fields": ["title", "summary", "content"],
                            "like": [{"_index": alias, "_id": story_doc_id}],
                            "min_term_freq": 1,
                            "min_doc_freq": 1,
                            "max_query_terms": 40,
                            "minimum_should_match": "10%",
                        }
                    }
                ],
            }
        },
        "sort": ["_score", {"created_at": "desc"}, {"doc_key": "desc"}],
    }
