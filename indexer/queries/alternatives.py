"""The alternatives to a named item (`alternative to whisper`, `vllm 平替`; analysis/alternatives.py): the item first,
then the items of its kind that share its topic, found as related items are (indexer/queries/related.py) by
more-like-this over the stored document: its glossary concepts and tags must be shared, its words only score."""

from __future__ import annotations

from indexer.queries.related import TITLE_AND_BODY_WORDS, concepts_alike, words_alike

# The named item's fixed score: above any item like it, so the list starts with what the reader named.
NAMED_ITEM_SCORE = 1000.0


def alternatives_query(index: str, doc_id: str, kind: str) -> dict:
    """The text query of a search for alternatives to the document `doc_id` of `index`, a `kind` item."""
    like = [{"_index": index, "_id": doc_id}]
    named_or_alike = [{"ids": {"values": [doc_id], "boost": NAMED_ITEM_SCORE}}, concepts_alike(like)]
    return {
        "bool": {
            "must": [{"bool": {"should": named_or_alike, "minimum_should_match": 1}}],
            "should": [words_alike(like, TITLE_AND_BODY_WORDS)],
            "filter": [{"term": {"type": kind}}],
        }
    }


__all__ = ["NAMED_ITEM_SCORE", "alternatives_query"]
