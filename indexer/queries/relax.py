"""The relaxed pass of a search (issue 36, item 2): when the strict query finds fewer than a page, what else
the reader may have meant, ranked below everything the strict query found (api/services/relaxed_search.py
asks for it with the strict query as `must_not` and lists it after the strict hits).

Step by step, each step only where the strict query already required more:
- fewer required words: of a topic of four segmented words or more, half of them (the strict words clause
  requires three of four), in titles and bodies; weighted above the next step;
- any one glossary concept of a topic of three concepts or words or more (by its concept id or its
  terms), or any of its words that is a tag label: words that name a subject of this corpus. A plain
  word alone never matches here, so a query none of whose content words is a concept or a tag (a
  recipe, a string of letters) finds no more than the strict pass did; and two concepts are never
  widened to either alone (语音 合成 is not every text on speech), as the strict query holds too.

None when neither step applies."""

from __future__ import annotations

from functools import lru_cache

from analysis.normalize import fold
from analysis.understanding import understand
from analysis.vocabulary import glossary
from analysis.words import query_words
from indexer.queries.text import WORDS_FIELDS, group_clause
from store.tags import tags_by_id

# Relax only to this share of a long topic's words (the strict clause requires 2<75%).
FEWER_WORDS = "3<50%"
MIN_WORDS_TO_RELAX = 4
# Where a relaxed step sits against the strict pass: below it by construction (a second request), and
# the fewer-words step above the any-concept one.
FEWER_WORDS_BOOST = 2.0
MIN_LATIN_TAG_WORD = 3
# Concepts and words a topic needs before any one of them may stand for it.
MIN_UNITS_FOR_ANY = 3
# Shortest word that can stand for a subject by itself (one Chinese character or letter cannot).
MIN_WORD_LENGTH = 2


def relaxed_query(q: str, concepts: frozenset[str] = frozenset()) -> dict | None:
    topic = understand(fold(q)).core
    words = [w for w in query_words(topic) if len(w) >= MIN_WORD_LENGTH]
    groups, rest = glossary().concepts(topic)
    units = len(groups) + len([w for w in query_words(rest) if len(w) >= MIN_WORD_LENGTH])
    steps: list[dict] = []
    if len(words) >= MIN_WORDS_TO_RELAX:
        steps.append(
            {
                "multi_match": {
                    "query": " ".join(words),
                    "fields": WORDS_FIELDS,
                    "type": "cross_fields",
                    "minimum_should_match": FEWER_WORDS,
                    "boost": FEWER_WORDS_BOOST,
                }
            }
        )
    if units >= MIN_UNITS_FOR_ANY:
        steps += [group_clause(group, concepts) for group in groups]
        tags = [tag for word in words if (tag := _tag_named(word))]
        if tags:
            steps.append({"terms": {"tags": list(dict.fromkeys(tags))}})
    if not steps:
        return None
    return {"bool": {"should": steps, "minimum_should_match": 1}}


def _tag_named(word: str) -> str | None:
    """The tag whose whole label, or a whole word of it, is `word` (RAG, 智能体 of Agent 智能体), or None."""
    return _tag_words().get(word.casefold())


@lru_cache(maxsize=1)
def _tag_words() -> dict[str, str]:
    named: dict[str, str] = {}
    for tag_id, tag in tags_by_id().items():
        label = fold(tag["label"]).casefold()
        for word in dict.fromkeys([label, *label.split()]):
            # a Latin part as short as `ai` (AI 编程) names no subject by itself
            if len(word) >= (MIN_LATIN_TAG_WORD if word.isascii() else MIN_WORD_LENGTH):
                named.setdefault(word, tag_id)
    return named


def relaxed_search_body(strict: dict, relaxed: dict, start: int, size: int) -> dict:
    """The relaxed pass of a built search body: the same filters, operators, sort and highlighting, the
    documents the relaxed query finds that the strict text query did not, `size` of them from `start`."""
    query = strict["query"]["bool"]
    text, *rest = query["must"]
    return {
        **strict,
        "from": start,
        "size": size,
        "query": {"bool": {**query, "must": [relaxed, *rest], "must_not": [*query.get("must_not", []), text]}},
    }


def widened_counts_body(strict: dict, relaxed: dict) -> dict:
    """A counts body (build_counts) counting what the strict text query or the relaxed one finds."""
    query = strict["query"]["bool"]
    text, *rest = query["must"]
    either = {"bool": {"should": [text, relaxed], "minimum_should_match": 1}}
    return {**strict, "query": {"bool": {**query, "must": [either, *rest]}}}
