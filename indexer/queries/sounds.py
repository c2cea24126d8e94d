"""Clauses on how a query sounds (issue 36), over the titles' syllables (`title_syllables`, analysis/syllables.py):

- pinyin typed with or without spaces (`zhi shi tu pu`, `zhishitupu`): the syllables in a title, in order,
  and the same with confused sounds (z/zh, c/ch, s/sh, n/l, an/ang, en/eng, in/ing folded) lower;
- a Chinese query of three characters or more: its syllables with confused sounds folded, so a
  near-homophone typo (芯片与栓力: shuan for suan) finds the title it meant; from four characters also with
  one syllable wrong (one wrong character of any sound: 芯猫与算力 → 芯片与算力), lower still, when the query is
  one run of characters (words set apart by spaces are each required).

"In order" is matched on pairs of adjacent syllables (`title_syllables.pairs` and `.fuzzy`, a shingle
filter: `xin_pian pian_yu yu_suan suan_li`), all of them required, instead of phrase queries over single
syllables: a syllable such as `shi` or `mo` is in a large share of a million titles, and reading their
positions made the sound clauses alone p50 27 / p99 241 ms at 1M titles (bench/RESULTS.md); a pair is
rare, and one wrong syllable is two missing pairs (one at either end), so that is the allowance.

These rank below the exact clauses: the whole sounds weigh as the homophone clause does, one wrong syllable
adds a fixed small score (`_constant`). Three characters get no allowance (their two pairs would let one
stand for the word); from nine the words clauses forgive a wrong character already."""

from __future__ import annotations

from analysis.normalize import CJK
from analysis.syllables import chinese_syllables, split_pinyin

SYLLABLES = "title_syllables"
SYLLABLE_PAIRS = "title_syllables.pairs"
FUZZY_PAIRS = "title_syllables.fuzzy"
# Syllables of a Chinese query of which one may be wrong (four to eight characters).
ONE_WRONG = range(4, 9)
# Pairs that may be missing for one wrong syllable: none of two, one of three (a wrong end), two from four.
ONE_WRONG_PAIRS = "2<-1 3<-2"
# The weight of a title sounding like the query (fuzzy initials and finals folded), as the homophone
# clause's; and the fixed score of one with a wrong syllable, below what the query's own words score.
NEAR_HOMOPHONE_BOOST = 0.5
ONE_WRONG_SCORE = 0.5


def _in_order(field: str, syllables: list[str], boost: float, missing: str | None = None) -> dict:
    """Every pair of adjacent syllables in `field` (the analyzer makes the pairs of the query too), or all but
    `missing` of them."""
    match = {"query": " ".join(syllables), "boost": boost}
    match.update({"minimum_should_match": missing} if missing else {"operator": "and"})
    return {"match": {field: match}}


def typed_pinyin_clauses(text: str) -> list[dict]:
    """Pinyin of two syllables or more, in a title; [] when `text` is not pinyin."""
    syllables = split_pinyin(text)
    if not syllables or len(syllables) < 2:
        return []
    return [_in_order(SYLLABLE_PAIRS, syllables, 2), _in_order(FUZZY_PAIRS, syllables, 0.5)]


def chinese_sound_clauses(text: str) -> list[dict]:
    """For a query of Chinese characters only (three or more): near-homophones and one wrong character."""
    if CJK.sub("", text).strip() or len(text.replace(" ", "")) < 3:
        return []
    syllables = chinese_syllables(text)
    # The whole query's sounds in a title is strong evidence (the reader typed those sounds): scored like the
    # homophone clause, so it can rank above a title holding only part of the query's words.
    clauses = [_in_order(FUZZY_PAIRS, syllables, NEAR_HOMOPHONE_BOOST)]
    if len(syllables) in ONE_WRONG and " " not in text:
        # Only inside one run of characters: words the reader set apart (语言 模型) are each required, and
        # pairs missing around a wrong syllable would let either stand for both.
        clauses.append(_constant(_in_order(FUZZY_PAIRS, syllables, 1, missing=ONE_WRONG_PAIRS), ONE_WRONG_SCORE))
    return clauses


def _constant(clause: dict, score: float) -> dict:
    """A fixed small score: rare pairs on a short title score high, which would lift a title sharing all but
    one of the query's sounds above documents holding the query's own words (a long question's topic has
    many such titles); fixed, it only follows them. A filter reads no scores either."""
    return {"constant_score": {"filter": clause, "boost": score}}


def suggest_pinyin_clause(text: str) -> dict | None:
    """A suggestion from pinyin of more than one syllable, the last one maybe cut short (`zhishit`)."""
    syllables = split_pinyin(text, partial_tail=True)
    if not syllables or len(syllables) < 2:
        return None
    return {"match_phrase_prefix": {SYLLABLES: {"query": " ".join(syllables), "max_expansions": 50, "boost": 2}}}
