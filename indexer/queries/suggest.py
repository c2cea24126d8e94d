"""Suggestions as the user types: stories, papers, projects, events and people, by prefix and in-word matches,
Chinese and English, pinyin and initials (issue 36).

The unigram sub-fields `title.uni` and `title_cn.uni` hold one token per Chinese character and one per
English word, so a `match_phrase_prefix` finds '大模' inside '开源大模型…', 'transf' at the start of
'Transformer' and 'langch' in a repository 'langchain-ai/langchain'. Titles that start with the typed text
rank first (a prefix on the folded keyword `title.raw`). Typed pinyin finds titles (a paper's Chinese title
too, a person's name) by their full pinyin or initials ('damox', 'dmx', 'zhangw'), pinyin of two syllables
or more with or without spaces anywhere in a title; traditional characters and full-width forms are folded
first, and Taiwan / Hong Kong words are also looked for in their mainland form.

A title is a story's title, a paper's English or Chinese title, a project's repository, an event's name and a
person's name (kinds/*.py `search_fields`)."""

from __future__ import annotations

from analysis.normalize import CJK, fold
from analysis.regional import is_traditional, regional_forms, word_by_word_forms
from analysis.regional_prefixes import completed_prefix_forms
from analysis.vocabulary import glossary
from analysis.words import is_pinyin_like
from indexer.queries.common import HIGHLIGHT
from indexer.queries.sounds import suggest_pinyin_clause

SUGGEST_SIZE = 10
# The kinds a suggestion can be, in the order the dropdown names them.
SUGGEST_TYPES = ("story", "paper", "project", "event", "person")
# What a suggestion shows and opens: the title (a paper's Chinese title, a project's repository).
SUGGEST_SOURCE = ["type", "source.id", "source.title", "source.title_cn", "source.repo", "source.name", "source.url"]
TITLE_FIELDS = ("title.uni", "title_cn.uni")


# The most other terms of a glossary group an acronym typed whole is looked for by (each one clause).
_MOST_OTHER_TERMS = 4
# Their weight: below the titles holding the typed text itself.
_OTHER_TERM_BOOST = 0.5


def _named_by_its_glossary_terms(text: str) -> list[dict]:
    """A prefix that is a glossary term of Latin letters whole (VQ, ToMe, RLHF): the titles naming the group by another
    of its terms (Vector Quantization, 向量量化), which few readers would type out. VQ suggested nothing: the papers
    never write it."""
    if not text.isascii() or " " in text.strip() or len(text.strip()) < 2:
        return []
    groups, rest = glossary().concepts(text)
    if len(groups) != 1 or rest.strip():
        return []
    typed = text.strip().lower()
    others = [term for term in groups[0] if term != typed][:_MOST_OTHER_TERMS]
    return [
        {"match_phrase": {field: {"query": term, "boost": _OTHER_TERM_BOOST}}}
        for term in others
        for field in TITLE_FIELDS
    ]


def build_suggest(q: str, size: int = SUGGEST_SIZE) -> dict:
    text = fold(q)
    should: list[dict] = []
    # The typed text, and its Taiwan / Hong Kong words in mainland words (軟體 → 软件, analysis/regional.py),
    # so a traditional-script prefix finds the simplified titles; word by word too (核心程式 → 核心程序,
    # where the whole-text conversion also turns 核心), and a Taiwan word the prefix stops inside (语音辨 → 语音识别).
    completed = completed_prefix_forms(text, is_traditional(q)) if CJK.search(text) else ()
    for form in dict.fromkeys((text, *regional_forms(q), *word_by_word_forms(text), *completed)):
        should += [{"match_phrase_prefix": {field: {"query": form, "max_expansions": 50}}} for field in TITLE_FIELDS]
        should.append({"prefix": {"title.raw": {"value": form.lower(), "boost": 5}}})
    should += _named_by_its_glossary_terms(text)
    compact = text.replace(" ", "").lower()
    syllables = suggest_pinyin_clause(text)  # zhishit, shen jing wang: those syllables anywhere in a title
    if syllables:
        should.append(syllables)
    if is_pinyin_like(text) and len(compact) >= 2:
        should += [
            {"prefix": {"pinyin_key": {"value": compact, "boost": 2}}},
            {"prefix": {"initials_key": {"value": compact, "boost": 2}}},
            {"match": {"pinyin": {"query": text.lower(), "operator": "and", "boost": 2}}},
        ]
    return {
        "size": size,
        "_source": SUGGEST_SOURCE,
        "query": {
            "bool": {
                "filter": [{"terms": {"type": list(SUGGEST_TYPES)}}],
                "should": should,
                "minimum_should_match": 1,
            }
        },
        "sort": ["_score", {"heat": "desc"}, {"doc_key": "desc"}],
        "highlight": {
            "encoder": HIGHLIGHT["encoder"],
            "pre_tags": HIGHLIGHT["pre_tags"],
            "post_tags": HIGHLIGHT["post_tags"],
            "fields": {field: {"type": "unified", "number_of_fragments": 0} for field in TITLE_FIELDS},
        },
    }
