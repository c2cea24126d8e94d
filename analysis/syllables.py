"""Titles as toneless pinyin syllables, and typed pinyin cut into syllables (issue 36).

A title's syllables in order (`知识图谱实战` → `zhi shi tu pu shi zhan`, Latin words kept as words) go to the
`title_syllables` field, so pinyin typed with or without spaces (`zhi shi tu pu`, `zhishitupu`) is one
phrase query that finds the words anywhere in a title, not only a title that starts with them
(`pinyin_key`). Its `fuzzy` sub-field (mappings/content.json) folds the sounds a reader confuses: z/zh, c/ch,
s/sh, n/l, an/ang, en/eng, in/ing; a Chinese query's syllables are looked for there too, so a near-homophone
typo (芯片与栓力, shuan for suan) meets the title it meant.

Cutting typed pinyin: each space-separated piece is cut into the fewest syllables, and between cuts of the
same length the one whose later syllables do not start with a vowel (pinyin writes fang'an with an
apostrophe; fangan reads fan gan). Text that is not all syllables is not pinyin (`llm agent`)."""

from __future__ import annotations

import re
from functools import lru_cache

from pypinyin import Style

from analysis.normalize import CJK
from analysis.words import lazy_pinyin, pinyin_pieces

# Interjections (嗯 n, 呣 m, 哼 hng…) are syllables too, but a letter or two of an English word would cut
# into them: `chain` would read chai + n.
_INTERJECTIONS = {"n", "m", "ng", "hm", "hng", "ê"}
# Spellings readers type for ü after l and n, as pypinyin writes it (v).
_U_UMLAUT = {"lue": "lve", "nue": "nve", "lü": "lv", "nü": "nv", "lüe": "lve", "nüe": "nve"}
_LATIN_WORD = re.compile(r"[a-z0-9]+")
_VOWELS = "aoe"
_LONGEST = 6  # zhuang, shuang


@lru_cache(maxsize=1)
def syllables() -> frozenset[str]:
    """Every toneless syllable pypinyin knows a character by (about 420), less the interjections."""
    from pypinyin.contrib.tone_convert import to_normal
    from pypinyin.pinyin_dict import pinyin_dict

    readings: set[str] = set()
    for spelled in pinyin_dict.values():
        readings.update(spelled.split(","))
    return frozenset({to_normal(reading) for reading in readings} - _INTERJECTIONS)


def title_syllables(folded: str) -> str:
    """The title's syllables and Latin words in order, lower case ('大模型 RAG 实战' → 'da mo xing rag shi zhan')."""
    out: list[str] = []
    known = syllables()
    for piece in pinyin_pieces(folded):
        piece = piece.lower()
        if piece in known:
            out.append(piece)
        else:  # a run of other text as pypinyin leaves it
            out.extend(_LATIN_WORD.findall(piece))
    return " ".join(out)


def chinese_syllables(folded: str) -> list[str]:
    """The syllables of the Chinese characters of a query, in order (other text left out)."""
    return [piece.lower() for piece in lazy_pinyin("".join(CJK.findall(folded)), style=Style.NORMAL)]


# The sounds readers confuse (the index folds them: mappings/content.json `fuzzy_*` filters).
_CONFUSED_INITIALS = {"zh": "z", "ch": "c", "sh": "s", "z": "zh", "c": "ch", "s": "sh", "l": "n", "n": "l"}
_CONFUSED_FINALS = {"ang": "an", "eng": "en", "ing": "in", "an": "ang", "en": "eng", "in": "ing"}


def _swapped(syllable: str, table: dict[str, str], at_start: bool) -> str | None:
    for typed in sorted(table, key=len, reverse=True):  # zh before z, ang before an
        if syllable.startswith(typed) if at_start else syllable.endswith(typed):
            return table[typed] + syllable[len(typed) :] if at_start else syllable[: -len(typed)] + table[typed]
    return None


@lru_cache(maxsize=1)
def confused_syllables() -> frozenset[str]:
    """Syllables as a reader confusing z/zh, c/ch, s/sh, n/l, an/ang, en/eng or in/ing may type them, known
    ones or not (`tin` for ting, `cuan` for chuan, `suang` for shuang): typed pinyin is cut with these only
    when the known syllables cannot cut it."""
    out = set(syllables())
    for syllable in syllables():
        starts = {syllable} | ({swapped} if (swapped := _swapped(syllable, _CONFUSED_INITIALS, True)) else set())
        for start in starts:
            out.add(start)
            if swapped_end := _swapped(start, _CONFUSED_FINALS, False):
                out.add(swapped_end)
    return frozenset(out)


def split_pinyin(text: str, partial_tail: bool = False, confused: bool = False) -> list[str] | None:
    """`text` (Latin letters and spaces) cut into syllables, or None when it is not pinyin. With `partial_tail`
    (a suggestion as the reader types) the last piece may end in the start of a syllable (`zhishit` → zhi shi t);
    with `confused`, a piece may be cut into confused syllables when only they cut it, or into fewer (`shen jin tin`)."""
    pieces = text.lower().split()
    if not pieces or not all(piece.isascii() and piece.isalpha() for piece in pieces):
        return None
    out: list[str] = []
    for index, piece in enumerate(pieces):
        tail = partial_tail and index == len(pieces) - 1
        cut = _cut(piece, tail, syllables())
        if confused:  # a confused cut that is shorter reads better: `suang` is shuang said with s, not su ang
            other = _cut(piece, tail, confused_syllables())
            cut = other if other is not None and (cut is None or len(other) < len(cut)) else cut
        if cut is None:
            return None
        out += cut
    return out


def _cut(piece: str, partial_tail: bool, known: frozenset[str]) -> list[str] | None:
    # best[i]: the best cut of piece[:i] as (syllables, syllables after the first that start with a vowel)
    best: list[tuple[int, int, list[str]] | None] = [None] * (len(piece) + 1)
    best[0] = (0, 0, [])
    for end in range(1, len(piece) + 1):
        for start in range(max(0, end - _LONGEST), end):
            if best[start] is None:
                continue
            spelled = _U_UMLAUT.get(piece[start:end], piece[start:end])
            tail = partial_tail and end == len(piece)
            if spelled not in known and not (tail and _starts_a_syllable(spelled)):
                continue
            count, vowel_starts, cut = best[start]
            candidate = (count + 1, vowel_starts + (start > 0 and spelled[0] in _VOWELS), [*cut, spelled])
            if best[end] is None or candidate[:2] < best[end][:2]:
                best[end] = candidate
    return best[-1][2] if best[-1] else None


@lru_cache(maxsize=1)
def _syllable_starts() -> frozenset[str]:
    return frozenset(syllable[:length] for syllable in syllables() for length in range(1, len(syllable) + 1))


def _starts_a_syllable(text: str) -> bool:
    return text in _syllable_starts()


# The fewest syllables typed pinyin beside such words must make: one, as any short English word may be, is not enough.
MIN_SYLLABLES_BESIDE_NAMES = 2


def pinyin_beside_names(text: str) -> tuple[list[str], list[str]] | None:
    """A query of Latin words some of which are pinyin and others names or English words (`pytorch bian yi you hua`,
    `lora wei tiao`, `rag jian suo zeng qiang`): (the other words, the pinyin's syllables); None for anything else,
    pinyin alone (`typed_syllables`) or words none or one of which is pinyin. The pinyin is one run of words."""
    words = text.split()
    if len(words) < 2 or not all(word.isascii() and word.isalnum() for word in words):
        return None
    cuts = [split_pinyin(word) if word.isalpha() else None for word in words]
    typed = [index for index, cut in enumerate(cuts) if cut]
    if not typed or len(typed) == len(words) or typed != list(range(typed[0], typed[-1] + 1)):
        return None
    syllables = [syllable for index in typed for syllable in cuts[index]]
    if len(syllables) < MIN_SYLLABLES_BESIDE_NAMES:
        return None
    return [word for index, word in enumerate(words) if not cuts[index]], syllables


__all__ = [
    "chinese_syllables",
    "confused_syllables",
    "pinyin_beside_names",
    "split_pinyin",
    "syllables",
    "title_syllables",
]
