"""Clauses on how a query sounds (issue 36), over the titles' syllables (`title_syllables`, analysis/syllables.py):
pinyin typed with or without spaces (`zhi shi tu pu`, `zhishitupu`) is the syllables as a phrase anywhere in
a title, and on the fuzzy sub-field (z/zh, c/ch, s/sh, n/l, an/ang, en/eng, in/ing folded) lower."""

from __future__ import annotations

from analysis.syllables import split_pinyin

SYLLABLES = "title_syllables"
FUZZY_SYLLABLES = "title_syllables.fuzzy"


def _phrase(field: str, syllables: list[str], boost: float) -> dict:
    return {"match_phrase": {field: {"query": " ".join(syllables), "slop": 0, "boost": boost}}}


def typed_pinyin_clauses(text: str) -> list[dict]:
    """Pinyin of two syllables or more, in a title; [] when `text` is not pinyin."""
    syllables = split_pinyin(text)
    if not syllables or len(syllables) < 2:
        return []
    return [_phrase(SYLLABLES, syllables, 2), _phrase(FUZZY_SYLLABLES, syllables, 0.5)]


def suggest_pinyin_clause(text: str) -> dict | None:
    """A suggestion from pinyin of more than one syllable, the last one maybe cut short (`zhishit`)."""
    syllables = split_pinyin(text, partial_tail=True)
    if not syllables or len(syllables) < 2:
        return None
    return {"match_phrase_prefix": {SYLLABLES: {"query": " ".join(syllables), "max_expansions": 50, "boost": 2}}}
