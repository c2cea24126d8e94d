"""The text part of a search: what a query means, as one bool query of alternatives (see docs/search.md).

Every clause is a way for a document to match; `minimum_should_match` inside the clauses keeps
partial matches from exploding (a query none of whose words is in the corpus finds nothing):
- words: all bigrams of the folded query in one field (strict, the best matches), the characters as
  a phrase, the whole query as a title phrase;
- segmented words (jieba) across title and body, most of them required; the same leniently on
  bigrams, one may be missing (a mistyped character);
- Latin words stemmed and split at case and digits (`gpt4` = `GPT-4`, `agents` = `agent`), with
  fuzzy matching for words of five letters or more;
- exact fields: arXiv numbers, people (authors, user names), tag labels, organisers, repositories;
- pinyin: full or initials, as words or as a prefix of the title; homophones of Chinese words;
- the zh↔en glossary: each synonym of a term in the query, as a phrase, with a lower weight."""

from __future__ import annotations

import re

from analysis.normalize import fold
from analysis.vocabulary import glossary, occurs_in
from analysis.words import is_pinyin_like, pinyin_forms, query_words
from kinds.arxiv_ids import ArxivIdError, parse_arxiv

# Bigram fields find whole words; the unigram sub-fields make one-character and in-word queries match.
BIGRAM_FIELDS = ["title^4", "title_cn^3", "summary^1.5", "content", "authors", "address", "company"]
UNIGRAM_FIELDS = ["title.uni^2", "title_cn.uni^1.5", "summary.uni"]
LATIN_FIELDS = ["title.en^3", "summary.en^1.5", "content.en"]
SYNONYM_FIELDS = ["title^2", "title_cn^2", "summary", "tag_labels", "title.en^2", "summary.en"]
OWN_TERM_FIELDS = ["title^2", "title_cn^2", "tag_labels", "title.en^2"]
REST_WORD_FIELDS = ["title_words^2", "body_words", "tag_labels", "title.en^2", "summary.en"]
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9.+#\-]*")
_CJK = re.compile(r"[\u3400-\u9fff]")


_ARXIV_IN_TEXT = re.compile(r"(?<![\d.])\d{4}\.\d{4,5}(?:v\d+)?(?![\d.])")


def _arxiv_clause(text: str) -> dict | None:
    """Any spelling the importer accepts, or a new-style number inside other words ('arxiv 2403.00910')."""
    try:
        numbers = [parse_arxiv(text)[0]]
    except ArxivIdError:
        numbers = [parse_arxiv(found)[0] for found in _ARXIV_IN_TEXT.findall(text)]
    if not numbers:
        return None
    return {"terms": {"arxiv_id": numbers, "boost": 50}}


def _pinyin_clauses(text: str) -> list[dict]:
    compact = text.replace(" ", "").lower()
    if len(compact) < 2:
        return []
    return [
        {"match": {"pinyin": {"query": text.lower(), "operator": "and", "boost": 2}}},
        {"prefix": {"pinyin_key": {"value": compact, "boost": 1.5}}},
        {"prefix": {"initials_key": {"value": compact, "boost": 1.5}}},
    ]


def text_query(q: str) -> dict:
    text = fold(q)
    words = query_words(text)
    should: list[dict] = [
        {"multi_match": {"query": text, "fields": BIGRAM_FIELDS, "type": "best_fields", "operator": "and"}},
        {"multi_match": {"query": text, "fields": ["title^2", "title_cn"], "type": "phrase", "boost": 3}},
        {
            "multi_match": {
                "query": " ".join(words),
                "fields": ["title_words^3", "body_words"],
                "type": "cross_fields",
                "minimum_should_match": "2<75%",
                "boost": 1.5,
            }
        },
        {"match_phrase": {"people": {"query": text, "boost": 4}}},
        {"term": {"people.raw": {"value": text.lower(), "boost": 8}}},
        {"match_phrase": {"tag_labels": {"query": text, "boost": 2}}},
        {"term": {"repo": {"value": text.lower(), "boost": 20}}},
    ]
    if len(_CJK.findall(text)) < 3:
        # One or two characters, or a character inside a word: only the single-character fields
        # find them. Longer Chinese is found by the bigram clauses above; the characters of a common
        # word as a phrase over every title and summary were a tenth of a search at 1M (issue 12).
        should.append({"multi_match": {"query": text, "fields": UNIGRAM_FIELDS, "type": "phrase", "slop": 0}})
    else:
        # One mistyped or missing character still finds the rest (大模形 → 大模…).
        should.append(
            {
                "multi_match": {
                    "query": text,
                    "fields": ["title", "title_cn", "summary"],
                    "minimum_should_match": "1<-1 5<75%",
                    "boost": 0.3,
                }
            }
        )
        # Homophones: the pinyin of each Chinese word (a typo by the pinyin IME picks a homophone).
        should.append({"match": {"pinyin": {"query": pinyin_forms(text), "operator": "and", "boost": 0.5}}})
    latin = " ".join(_LATIN.findall(text))
    if latin and not _CJK.search(text):
        should.append(
            {
                "multi_match": {
                    "query": latin,
                    "fields": LATIN_FIELDS,
                    "type": "cross_fields",
                    "minimum_should_match": "2<75%",
                }
            }
        )
        should.append(
            {
                "multi_match": {
                    "query": latin,
                    "fields": ["title.en^2", "summary.en"],
                    "fuzziness": "AUTO:5,8",
                    "prefix_length": 1,
                    "minimum_should_match": "2<75%",
                    "boost": 0.5,
                }
            }
        )
    arxiv = _arxiv_clause(text)
    if arxiv:
        should.append(arxiv)
    if is_pinyin_like(text):
        should.extend(_pinyin_clauses(text))
    synonyms = _synonym_clause(text)
    if synonyms:
        should.append(synonyms)
    return {"bool": {"should": should, "minimum_should_match": 1}}


def _synonym_clause(text: str) -> dict | None:
    """The query with each glossary term widened to its group: every concept (a group, or a word
    left over) is one alternative set, and most of the concepts must match, so a synonym never
    widens a two-concept query into either concept alone."""
    groups, rest = glossary().concepts(text)
    if not groups:
        return None
    # The query's own Chinese term of a concept is looked for in titles and tags only (the clauses
    # above match it everywhere): its phrase over every summary, for a common word like 大模型, was
    # the costliest clause of a search at 1M (issue 12). Its synonyms are looked for in every field.
    own = text.lower()
    concepts = [
        {
            "bool": {
                "should": [_phrase(term, _concept_fields(term, own)) for term in group],
                "minimum_should_match": 1,
            }
        }
        for group in groups
    ]
    # The other words, as segmented words (the same text as the titles, summaries and bodies) and
    # stemmed Latin: as bigrams over every text field too, they were a second costly clause at 1M.
    for word in query_words(rest):
        concepts.append({"multi_match": {"query": word, "fields": REST_WORD_FIELDS}})
    return {"bool": {"should": concepts, "minimum_should_match": "2<75%", "boost": 0.6}}


def _concept_fields(term: str, folded: str) -> list[str]:
    # Only a Chinese own term is narrowed: a Latin one is rarer here, and its stemmed forms
    # (agent, agents) must keep matching the same documents.
    return OWN_TERM_FIELDS if not term.isascii() and occurs_in(term, folded) else SYNONYM_FIELDS


def _phrase(term: str, fields: list[str]) -> dict:
    return {"multi_match": {"query": term, "fields": fields, "type": "phrase"}}
