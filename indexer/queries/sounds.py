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

These rank below the exact clauses: the whole sounds weigh as the homophone clause does, wrong syllables add
a fixed small score (`_constant`). A wrong syllable anywhere is bridged by the pair skipping it
(`title_syllables.skips`, mapping v9): three characters may have only the middle one wrong (one of their two
pairs would let one stand for the word), a run of six to eight two apart, and each run of a spaced query its own;
from nine the words clauses forgive a wrong character already. Typed pinyin may hold confused syllables that are
no syllable (`tin`) and stand beside characters (`zhi shi 图谱`). Two missing pairs at an end of a query that a glossary
term typed right covers are not let go (`_end_guards`): 变分自编码器 is not 稀疏自编码器."""

from __future__ import annotations

import re

from analysis.normalize import CJK
from analysis.syllables import chinese_syllables, pinyin_beside_names, split_pinyin
from analysis.vocabulary import glossary

SYLLABLES = "title_syllables"
SYLLABLE_PAIRS = "title_syllables.pairs"
FUZZY_PAIRS = "title_syllables.fuzzy"
# Syllable i and i+2 as one token, confused sounds folded (mappings/content.json `fuzzy_syllable_skips`).
SKIPS = "title_syllables.skips"
# Syllables of a Chinese query of which one may be wrong (four to eight characters).
ONE_WRONG = range(4, 9)
# Syllables of one run of characters in which two may be wrong (one in each of two words).
TWO_WRONG = range(6, 9)
# Pairs that may be missing for one wrong syllable: none of two, one of three (a wrong end), two from four.
ONE_WRONG_PAIRS = "2<-1 3<-2"
# From five syllables (four pairs) that allowance holds every title with one wrong syllable (two pairs touch it at
# most), so an option per wrong position would find nothing more: at 1M titles they were a third of the
# wrong-character clause's time (bench/RESULTS.md).
ONE_WRONG_COVERED = 5
# The weight of a title sounding like the query (fuzzy initials and finals folded), as the homophone
# clause's; and the fixed score of one with a wrong syllable, below what the query's own words score.
NEAR_HOMOPHONE_BOOST = 0.5
ONE_WRONG_SCORE = 0.5
# Runs of Chinese characters and of letters, the pieces of pinyin typed beside characters.
_RUNS = re.compile(f"{CJK.pattern}+|[A-Za-z]+")


def _in_order(field: str, syllables: list[str], boost: float, missing: str | None = None) -> dict:
    """Every pair of adjacent syllables in `field` (the analyzer makes the pairs of the query too), or all but
    `missing` of them."""
    match = {"query": " ".join(syllables), "boost": boost}
    match.update({"minimum_should_match": missing} if missing else {"operator": "and"})
    return {"match": {field: match}}


def typed_pinyin_clauses(text: str) -> list[dict]:
    """Pinyin of two syllables or more, in a title, also typed with confused sounds (`shen jin tin`) or mixed
    with characters (`zhi shi 图谱`); [] when `text` is not such pinyin."""
    syllables = typed_syllables(text)
    if not syllables or len(syllables) < 2:
        return []
    return [_in_order(SYLLABLE_PAIRS, syllables, 2), _in_order(FUZZY_PAIRS, syllables, 0.5)]


# Where the names and English words beside typed pinyin are looked for (`pinyin_beside_names_clause`).
NAME_FIELDS = ["title.en^2", "title_words", "tag_labels", "summary.en", "body_words"]


def pinyin_beside_names_clause(text: str) -> dict | None:
    """The names and English words of `pinyin_beside_names` where words are looked for, and the pinyin's syllables in
    order in a title: 从论文到代码：复现PyTorch 2 编译优化的全过程 for `pytorch bian yi you hua`. None when `text` is not such a
    query. Weighed as typed pinyin alone is."""
    found = pinyin_beside_names(text)
    if found is None:
        return None
    names, syllables = found
    words = {"multi_match": {"query": " ".join(names), "fields": NAME_FIELDS, "operator": "and"}}
    return {"bool": {"must": [words, _in_order(SYLLABLE_PAIRS, syllables, 2)]}}


def fuzzy_pairs_clause(syllables: list[str]) -> dict:
    """Every pair of adjacent `syllables` in a title, confused sounds folded (a word's near-homophones)."""
    return _in_order(FUZZY_PAIRS, syllables, 1)


def fewer_pairs_clause(syllables: list[str], required: str, boost: float) -> dict:
    """Typed pinyin with only `required` (a minimum_should_match) of its pairs in a title, confused sounds folded:
    the relaxed pass's fewer words for a query typed as sounds (indexer/queries/relax.py)."""
    return _in_order(FUZZY_PAIRS, syllables, boost, missing=required)


def typed_syllables(text: str) -> list[str] | None:
    """The syllables of pinyin typed alone (confused sounds allowed) or beside Chinese characters, in order;
    None for anything else. Beside characters the letters must make two syllables or more: `AI 芯片` is a Latin
    word and a Chinese one, not pinyin."""
    runs = _RUNS.findall(text)
    if not runs or _RUNS.sub("", text).strip():
        return None
    out: list[str] = []
    typed = 0
    for run in runs:
        if CJK.match(run):
            out += chinese_syllables(run)
            continue
        cut = split_pinyin(run, confused=True)
        if cut is None:
            return None
        out += cut
        typed += len(cut)
    if typed == 0 or (typed < 2 and len(out) > typed):
        return None
    return out


def chinese_sound_clauses(text: str) -> list[dict]:
    """For a query of Chinese characters only (three or more): near-homophones and wrong characters."""
    if CJK.sub("", text).strip() or len(text.replace(" ", "")) < 3:
        return []
    syllables = chinese_syllables(text)
    # The whole query's sounds in a title is strong evidence (the reader typed those sounds): scored like the
    # homophone clause, so it can rank above a title holding only part of the query's words.
    clauses = [_in_order(FUZZY_PAIRS, syllables, NEAR_HOMOPHONE_BOOST)]
    start, end, whole = _terms_at_ends(text)
    # A glossary term typed right from end to end has no wrong character to forgive (卷积神经网络 is not 图神经网络,
    # 联邦学习 not the 量化学习 of a title saying 利用向量量化学习…, which was the corpus's only answer to it).
    typos = None if whole else _wrong_characters([chinese_syllables(piece) for piece in text.split()], (start, end))
    if typos:
        clauses.append(_constant(typos, ONE_WRONG_SCORE))
    return clauses


def _wrong_characters(pieces: list[list[str]], guarded: tuple[bool, bool] = (False, False)) -> dict | None:
    """A title holding the query's sounds with wrong characters: one in a run of characters (from three, where
    for three it may only be the middle one), two in a run of six to eight when they are apart; every run the
    reader set apart by spaces is required, each with its own allowance (`神经往络 模形`). None when no run may
    have one (the query is runs of one or two characters). `guarded`: whether the first and the last three characters
    of a single run lie inside a glossary term typed right (`_terms_at_ends`)."""
    if len(pieces) == 1:
        [syllables] = pieces
        if len(syllables) not in ONE_WRONG:
            options = _run_with_typos(syllables)
            return _any(options) if options else None
        # Also a missing or an extra character: pairs missing around it; at either end, only as one syllable could
        # miss them (`_end_guards`).
        allowing = _in_order(FUZZY_PAIRS, syllables, 1, missing=ONE_WRONG_PAIRS)
        guards = _end_guards(syllables, guarded) if len(syllables) >= ONE_WRONG_COVERED else []
        if guards:
            allowing = {"bool": {"filter": [allowing, *guards]}}
        return _any([allowing, *_run_with_typos(syllables, one_wrong=len(syllables) < ONE_WRONG_COVERED)])
    required, allowed = [], False
    for syllables in pieces:
        options = _run_with_typos(syllables)
        allowed = allowed or bool(options)
        whole = _in_order(FUZZY_PAIRS, syllables, 1) if len(syllables) > 1 else _syllable(syllables[0])
        required.append(_any([whole, *options]))
    return {"bool": {"filter": required}} if allowed else None


def _end_guards(syllables: list[str], guarded: tuple[bool, bool]) -> list[dict]:
    """What the allowance of two missing pairs needs at a `guarded` end to be one wrong syllable: the first (last)
    pair, or the one after (before) it, or the skip over the second (second to last) syllable. Two missing pairs at an
    end are also two syllables missing there, which the pairs alone cannot tell apart. That is a word left out (模型量化
    指南 finds 用 100 行代码理解模型量化), but not inside a glossary term typed right: 变分自编码器 found every title with
    稀疏自编码器 (xi shu for bian fen), 卷积神经网络 every one with 图神经网络, above the documents naming the concept."""
    guards = []
    for three, guard in zip((syllables[:3], syllables[-3:]), guarded, strict=True):
        if not guard:
            continue
        pairs = [three[:2], three[1:]]
        options = [_in_order(FUZZY_PAIRS, pair, 1) for pair in pairs]
        guards.append(_any([*options, {"match": {SKIPS: " ".join(three)}}]))
    return guards


def _terms_at_ends(text: str) -> tuple[bool, bool, bool]:
    """Whether the first two and the last two characters of `text` (one run of characters) lie inside a Chinese
    glossary term it holds as written, and whether the whole text is a glossary term, of any length. A term of two
    characters counts at an end unless it is an aspect (指南, 成本: a word left out at the end is still found):
    大模型幻觉 with both 幻觉's syllables let go found every title starting with 大模型."""
    if " " in text:
        return False, False, False
    known = glossary()
    if len(text) < ONE_WRONG_COVERED:  # too short for the ends' allowance (`_end_guards`)
        return False, False, text in known.terms_starting_with(text[0])
    spans = [
        (start, start + len(term))
        for first in set(text)
        for term in known.terms_starting_with(first)
        if len(term) >= ONE_WRONG_COVERED - 2 and (start := text.find(term)) >= 0
    ]
    spans += [
        (start, start + 2)
        for start in (0, len(text) - 2)
        if text[start : start + 2] in known.topical_terms_starting_with(text[start])
    ]
    return (
        any(start == 0 for start, _end in spans),
        any(end == len(text) for _start, end in spans),
        (0, len(text)) in spans,
    )


def _run_with_typos(syllables: list[str], one_wrong: bool = True) -> list[dict]:
    """The ways a title can hold `syllables` with wrong characters, each a conjunction of the pairs around them
    and the pairs skipping them (`title_syllables.skips`: `shen_wang` in shen jing wang); without those of one
    wrong character when `one_wrong` is False (another clause holds them)."""
    n = len(syllables)
    if n < 3 or n > ONE_WRONG.stop - 1:
        return []
    wrong: list[tuple[int, ...]] = []
    if one_wrong:
        wrong = [(1,)] if n == 3 else [(k,) for k in range(n)]
    if n in TWO_WRONG:
        wrong += [(a, b) for a in range(n) for b in range(a + 2, n)]
    return [_around(syllables, positions) for positions in wrong]


def _around(syllables: list[str], wrong: tuple[int, ...]) -> dict:
    """All pairs of `syllables` not touching a `wrong` position, and each skip over one."""
    parts: list[dict] = []
    start = 0
    for k in [*wrong, len(syllables)]:
        if k - start >= 2:
            parts.append(_in_order(FUZZY_PAIRS, syllables[start:k], 1))
        if 0 < k < len(syllables) - 1:
            parts.append({"match": {SKIPS: " ".join(syllables[k - 1 : k + 2])}})
        start = k + 1
    return parts[0] if len(parts) == 1 else {"bool": {"filter": parts}}


def _any(options: list[dict]) -> dict:
    return options[0] if len(options) == 1 else {"bool": {"should": options, "minimum_should_match": 1}}


def _syllable(syllable: str) -> dict:
    return {"match": {SYLLABLES: syllable}}


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
