"""Related items across kinds (issue 34): up to six stories, papers, projects and events that share an
item's glossary concepts and tags, or its title's words, in one multi-search.

Two more-like-this clauses over the stored document (the engine reads it by id, so the caller sends no
text): the concepts and tags, which name the topic whatever the language or spelling, weigh more than
the words of the title, which find what the glossary does not know. The item itself is left out by the
engine (more-like-this never returns the documents it was given).

Long stories share many words with each other, so ranked alone they would fill every place. So each kind is
searched for its best few (one search per kind, sent together), and `interleave` takes the kinds in turn, the kind
with the best hit first: a story page shows the papers, projects and events of its topic beside the stories. One
search collapsed by kind gave the same lists but read every match to collapse them, twice the time at 1M
(bench/RESULTS.md)."""

from __future__ import annotations

from indexer.queries.common import LIST_SOURCE, filters

RELATED_KINDS = ("story", "paper", "project", "event")
RELATED_SIZE = 6


def build_related(alias: str, doc_id: str, size: int = RELATED_SIZE) -> list[dict]:
    """One search per kind (sent as one multi-search): the best `size` items of each kind like `doc_id`."""
    like = [{"_index": alias, "_id": doc_id}]
    alike = [concepts_alike(like), words_alike(like, TITLE_WORDS, minimum_should_match="20%")]
    return [
        {
            "size": size,
            "track_total_hits": False,
            "_source": LIST_SOURCE,
            "query": {"bool": {"should": alike, "minimum_should_match": 1, "filter": filters([kind])}},
        }
        for kind in RELATED_KINDS
    ]


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


# The fields whose words make documents alike. The related items read the titles only: at 1M the bodies' common words
# made their search most of a second (bench/RESULTS.md), for lists as much on topic (the concepts and tags, named in
# bodies too, carry the topic; on the demo corpus 72% of the items were the same). The alternatives to a named
# project, a rarer search, read its summary too: a project's repository name says little of what it does.
TITLE_WORDS = ["title_words"]
TITLE_AND_BODY_WORDS = ["title_words", "body_words"]


def words_alike(like: list[dict], fields: list[str], minimum_should_match: str | None = None) -> dict:
    """Documents sharing the words of `fields` of the stored documents `like`."""
    clause = {
        "fields": fields,
        "like": like,
        "min_term_freq": 1,
        "min_doc_freq": 2,  # a word only this item has says nothing about others
        "max_query_terms": 30,
    }
    if minimum_should_match is not None:
        clause["minimum_should_match"] = minimum_should_match
    return {"more_like_this": clause}


def interleave(responses: list[dict], size: int = RELATED_SIZE) -> list[dict]:
    """The hits of the `build_related` searches, one kind after another (the kind with the best hit first)."""
    groups = [hits for hits in (response["hits"]["hits"] for response in responses) if hits]
    groups.sort(key=lambda hits: hits[0]["_score"], reverse=True)
    picked: list[dict] = []
    for turn in range(size):
        picked += [hits[turn] for hits in groups if turn < len(hits)]
    return picked[:size]


__all__ = [
    "RELATED_KINDS",
    "RELATED_SIZE",
    "TITLE_AND_BODY_WORDS",
    "TITLE_WORDS",
    "build_related",
    "concepts_alike",
    "interleave",
    "words_alike",
]
