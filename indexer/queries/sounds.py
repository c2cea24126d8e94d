"""Clauses on how a query sounds (issue 36), over the titles' syllables (`title_syllables`, analysis/syllables.py):

- pinyin typed with or without spaces (`zhi shi tu pu`, `zhishitupu`): the syllables as a phrase anywhere in
  a title, and on the fuzzy sub-field (z/zh, c/ch, s/sh, n/l, an/ang, en/eng, in/ing folded) lower;
- a Chinese query of three characters or more: its syllables as a phrase on the fuzzy sub-field, so a
  near-homophone typo (芯片与栓力: shuan for suan) finds the title it meant; from four characters also each
  phrase with one syllable left out (one wrong character of any sound: 芯猫与算力 → 芯片与算力), lower still,
  when the query is one run of characters (words set apart by spaces are each required).

These rank below the exact clauses: the whole sounds weigh as the homophone clause does, a phrase with
one syllable left out adds a fixed small score (`_constant`). Three
characters get no left-out phrases: two syllables of a common word (mo xing) would match a large share of
the corpus; from nine the words clauses forgive a wrong character already."""

from __future__ import annotations

from analysis.normalize import CJK
from analysis.syllables import chinese_syllables, split_pinyin

SYLLABLES = "title_syllables"
FUZZY_SYLLABLES = "title_syllables.fuzzy"
# Syllables of a Chinese query between which one may be wrong (four to eight characters).
ONE_WRONG = range(4, 9)
# The weight of a title sounding like the query (fuzzy initials and finals folded), as the homophone
# clause's; and the fixed score of one with a wrong syllable, below what the query's own words score.
NEAR_HOMOPHONE_BOOST = 0.5
ONE_WRONG_SCORE = 0.5


def _phrase(field: str, syllables: list[str], boost: float, slop: int = 0) -> dict:
    return {"match_phrase": {field: {"query": " ".join(syllables), "slop": slop, "boost": boost}}}


def typed_pinyin_clauses(text: str) -> list[dict]:
    """Pinyin of two syllables or more, in a title; [] when `text` is not pinyin."""
    syllables = split_pinyin(text)
    if not syllables or len(syllables) < 2:
        return []
    return [_phrase(SYLLABLES, syllables, 2), _phrase(FUZZY_SYLLABLES, syllables, 0.5)]


def chinese_sound_clauses(text: str) -> list[dict]:
    """For a query of Chinese characters only (three or more): near-homophones and one wrong character."""
    if CJK.sub("", text).strip() or len(text.replace(" ", "")) < 3:
        return []
    syllables = chinese_syllables(text)
    # The whole query's sounds in a title is strong evidence (the reader typed those sounds): scored like the
    # homophone clause, so it can rank above a title holding only part of the query's words.
    clauses = [_phrase(FUZZY_SYLLABLES, syllables, NEAR_HOMOPHONE_BOOST)]
    if len(syllables) in ONE_WRONG and " " not in text:
        # Only inside one run of characters: words the reader set apart (语言 模型) are each required, and a
        # phrase without one syllable would let either stand for both.
        # The phrase without one syllable; the gap it leaves is the slop (none needed at either end).
        for left_out in range(len(syllables)):
            rest = syllables[:left_out] + syllables[left_out + 1 :]
            inside = 0 < left_out < len(syllables) - 1
            clauses.append(_constant(_phrase(FUZZY_SYLLABLES, rest, 1, slop=1 if inside else 0), ONE_WRONG_SCORE))
    return clauses


def _constant(clause: dict, score: float) -> dict:
    """A fixed small score: a phrase of rare syllables on a short title scores high, which would lift a
    title sharing all but one of the query's sounds above documents holding the query's own words (a long
    question's topic has many such phrases); fixed, it only follows them. A filter reads no scores either."""
    return {"constant_score": {"filter": clause, "boost": score}}


def suggest_pinyin_clause(text: str) -> dict | None:
    """A suggestion from pinyin of more than one syllable, the last one maybe cut short (`zhishit`)."""
    syllables = split_pinyin(text, partial_tail=True)
    if not syllables or len(syllables) < 2:
        return None
    return {"match_phrase_prefix": {SYLLABLES: {"query": " ".join(syllables), "max_expansions": 50, "boost": 2}}}
