"""How a query asks for a glossary concept (analysis/vocabulary.py): by the concept id the index carries for a group
named in a document's title or tags (one term instead of every synonym in every field), else by the group's terms
as phrases. Shared by the text query (indexer/queries/text.py), the explaining questions' clause
(indexer/queries/explaining.py) and the relaxed pass (indexer/queries/relax.py)."""

from __future__ import annotations

from functools import lru_cache

from analysis.vocabulary import concept_id
from analysis.words import query_words

# A glossary concept is looked for in what names a document: its titles and tags. A Latin term is
# also looked for in stemmed summaries, as a Latin word left over is (`llm agent` = `llm agents`).
LATIN_CONCEPT_FIELDS = ["title^2", "title_cn^2", "tag_labels", "title.en^2", "summary.en"]


class IndexedConcepts(frozenset):
    """The glossary concept ids every indexed document carries (indexer.lifecycle.indexed_concepts), and `broad`:
    those so many documents name in a title or tag that asking for one narrows a search little
    (indexer/concept_shares.py). A plain frozenset of ids is read as having none broad."""

    broad: frozenset[str]

    def __new__(cls, ids=(), broad=()):
        known = super().__new__(cls, ids)
        known.broad = frozenset(broad) & known
        return known


def broad_ids(indexed: frozenset[str]) -> frozenset[str]:
    """The broad concept ids of `indexed` (none for a plain frozenset)."""
    return indexed.broad if isinstance(indexed, IndexedConcepts) else frozenset()


def group_clause(group: tuple[str, ...], indexed: frozenset[str], *, bodies: bool = False) -> dict:
    """The group by its concept id where the index carries it, else by its terms. `bodies`: also a document
    naming it only in its summary or body (`body_concepts`; issue 36)."""
    gid = concept_id(group)
    if gid in indexed:
        named = {"term": {"concepts": {"value": gid, "boost": 3}}}
        if not bodies:
            return named
        return {"bool": {"should": [named, {"term": {"body_concepts": gid}}], "minimum_should_match": 1}}
    return {"bool": {"should": [concept_term(term) for term in group], "minimum_should_match": 1}}


def concept_term(term: str) -> dict:
    if term.isascii():
        return {"multi_match": {"query": term, "fields": LATIN_CONCEPT_FIELDS, "type": "phrase"}}
    # A Chinese term as the segmented title words (one word for most terms, which the segmenter keeps
    # whole): the same titles as its bigrams as a phrase, without reading positions, which for a word
    # as common as 大模型 cost most of this clause at 1M.
    return {
        "bool": {
            "should": [
                {"match": {"title_words": {"query": _segmented(term), "operator": "and", "boost": 2}}},
                {"match_phrase": {"tag_labels": term}},
            ]
        }
    }


def named_in_title(group: tuple[str, ...]) -> dict:
    """A title naming the group by any of its terms: unlike the concept id, which a tag or a Latin term in a summary
    also puts on a document (`concepts`), only its title."""
    return {"bool": {"should": [_term_in_title(term) for term in group], "minimum_should_match": 1}}


def _term_in_title(term: str) -> dict:
    if term.isascii():
        return {"multi_match": {"query": term, "fields": ["title", "title_cn", "title.en"], "type": "phrase"}}
    return {"match": {"title_words": {"query": _segmented(term), "operator": "and"}}}


@lru_cache(maxsize=4096)
def _segmented(term: str) -> str:
    """A glossary term as the segmented words of a title, cached: every search naming a concept asks for its terms,
    and the segmenter's dictionary is loaded once per process (analysis/segment.py), so a term is always cut alike."""
    return " ".join(query_words(term))
