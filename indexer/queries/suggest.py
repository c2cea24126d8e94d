"""Title suggestions as the user types: prefix and in-word matches, Chinese and English.

The unigram sub-field `title.uni` holds one token per Chinese character and one per English word, so
a `match_phrase_prefix` finds '大模' inside '开源大模型…' and 'transf' at the start of 'Transformer'.
Titles that start with the typed text rank first (a prefix on the folded keyword `title.raw`)."""

from __future__ import annotations

from indexer.queries.common import HIGHLIGHT

SUGGEST_SIZE = 10


def build_suggest(q: str, size: int = SUGGEST_SIZE) -> dict:
    folded = q.strip().lower()
    return {
        "size": size,
        "_source": ["source.id", "source.title"],
        "query": {
            "bool": {
                "filter": [{"term": {"type": "story"}}],
                "should": [
                    {"match_phrase_prefix": {"title.uni": {"query": q, "max_expansions": 50}}},
                    {"prefix": {"title.raw": {"value": folded, "boost": 5}}},
                ],
                "minimum_should_match": 1,
            }
        },
        "sort": ["_score", {"heat": "desc"}, {"doc_key": "desc"}],
        "highlight": {
            "encoder": HIGHLIGHT["encoder"],
            "pre_tags": HIGHLIGHT["pre_tags"],
            "post_tags": HIGHLIGHT["post_tags"],
            "fields": {"title.uni": {"type": "unified", "number_of_fragments": 0}},
        },
    }
