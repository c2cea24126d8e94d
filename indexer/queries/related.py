"""Related items across kinds (issue 34): up to six stories, papers, projects and events that share an
item's glossary concepts and tags, or its words, in one engine query.

Two more-like-this clauses over the stored document (the engine reads it by id, so the caller sends no
text): the concepts and tags, which name the topic whatever the language or spelling, weigh more than
the words of the title and body, which find what the glossary does not know. The item itself is left
out by the engine (more-like-this never returns the documents it was given).

Long stories share many words with each other, so ranked alone they would fill every place. The hits
are collapsed by kind (the best few of each, still one query), and `interleave` takes the kinds in
turn, the kind with the best hit first: a story page shows the papers, projects and events of its
topic beside the stories."""

from __future__ import annotations

from indexer.queries.common import LIST_SOURCE, filters

RELATED_KINDS = ("story", "paper", "project", "event")
RELATED_SIZE = 6


def build_related(alias: str, doc_id: str, size: int = RELATED_SIZE) -> dict:
    like = [{"_index": alias, "_id": doc_id}]
    return {
        "size": len(RELATED_KINDS),  # one group per kind
        "track_total_hits": False,
        "_source": False,
        "collapse": {"field": "type", "inner_hits": {"name": "best", "size": size, "_source": LIST_SOURCE}},
        "query": {
            "bool": {
                "should": [concepts_alike(like), words_alike(like, minimum_should_match="20%")],
                "minimum_should_match": 1,
                "filter": filters(list(RELATED_KINDS)),
            }
        },
    }


def concepts_alike(like: list[dict]) -> dict:
    """Documents sharing a glossary concept or a tag with the stored documents `like` (also the alternatives to a named item)."""
    return {
        "more_like_this": {
            "fields": ["concepts", "tags"],
            "like": like,
            "min_term_freq": 1,
            "min_doc_freq": 1,
            "max_query_terms": 25,
            "minimum_should_match": 1,
            "boost": 2.0,
        }
    }


def words_alike(like: list[dict], minimum_should_match: str | None = None) -> dict:
    """Documents sharing the words of the title and body of the stored documents `like`."""
    clause = {
        "fields": ["title_words", "body_words"],
        "like": like,
        "min_term_freq": 1,
        "min_doc_freq": 2,  # a word only this item has says nothing about others
        "max_query_terms": 30,
    }
    if minimum_should_match is not None:
        clause["minimum_should_match"] = minimum_should_match
    return {"more_like_this": clause}


def interleave(response: dict, size: int = RELATED_SIZE) -> list[dict]:
    """The hits of a `build_related` answer, one kind after another (the kind with the best hit first)."""
    groups = [group["inner_hits"]["best"]["hits"]["hits"] for group in response["hits"]["hits"]]
    picked: list[dict] = []
    for turn in range(size):
        picked += [hits[turn] for hits in groups if turn < len(hits)]
    return picked[:size]


__all__ = ["RELATED_KINDS", "RELATED_SIZE", "build_related", "concepts_alike", "interleave", "words_alike"]
