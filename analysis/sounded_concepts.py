"""Glossary concepts a query names by their sound, not their characters (issue 36, item 2): a Chinese term typed
with a near-homophone or one wrong character, or typed as toneless pinyin. The glossary's own matching
(`Glossary.concepts`) needs the term's characters; this finds the term from how the query sounds, so the search can
look for the concept (analysis/meant.py): in titles that name it otherwise (多 Agent for 多智能替) and where only
summaries and bodies name it (`body_concepts`), which have no sound view of their own.

Sounds are compared folded as the index folds them (z/zh, c/ch, s/sh, n/l, an/ang, en/eng, in/ing; mappings/
content.json `fuzzy_*`). How much may differ depends on what the reader typed:
- characters: a term of three characters or more, its folded sounds equal, or one syllable wrong (for three
  characters only the middle one, as the strict sound clauses allow); a two-character term has too many
  homophones among everyday words to be guessed from its sound inside a longer run, so only a run of two standing
  alone is read as the term sounding exactly alike (减枝: 剪枝), and by the relaxed pass only; over a term the query
  writes as it is, only a longer term sounding exactly alike (注意力机智: 注意力机制);
- pinyin: the reader typed sounds, not characters, so a term of two syllables or more whose folded sounds are
  the typed ones, exactly, in a query that is nothing but such terms."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from analysis.normalize import CJK
from analysis.segment import is_word
from analysis.segment import words as segmented
from analysis.shapes import look_alike
from analysis.syllables import chinese_syllables
from analysis.vocabulary import Glossary

_FOLDS = (
    (re.compile(r"^([zcs])h"), r"\1"),
    (re.compile(r"^l"), "n"),
    (re.compile(r"([aei]n)g$"), r"\1"),
)
# Shortest term recognised from characters typed with a wrong one or a near-homophone.
MIN_CHARACTERS = 3
# Shortest term recognised from typed pinyin.
MIN_SYLLABLES = 2


@lru_cache(maxsize=4096)  # a few hundred syllables, folded at every window of every query
def folded(syllable: str) -> str:
    """A syllable with the sounds readers confuse folded, as the `title_syllables.fuzzy` analyzer folds them."""
    for pattern, replacement in _FOLDS:
        syllable = pattern.sub(replacement, syllable)
    return syllable


@dataclass(frozen=True)
class Sounded:
    term: str  # the glossary's term the window sounds like
    group: tuple[str, ...]
    start: int  # the window of the query's characters (or syllables) that sounds like the term
    end: int
    no_word: bool = False  # two characters the segmenter knows no word for (`_two_characters_mistyped`)


COMMON_CHARACTERS = Path(__file__).resolve().parent.parent / "data" / "search" / "common_characters.txt"


@lru_cache(maxsize=1)
def common_characters() -> frozenset[str]:
    """The commonest single characters (data/search/common_characters.txt)."""
    lines = COMMON_CHARACTERS.read_text(encoding="utf-8").splitlines()
    return frozenset("".join(line.strip() for line in lines if not line.startswith("#")))


_ANY = "*"  # a syllable that may be wrong, in `_TermSounds.close`'s keys

Found = tuple[str, tuple[str, ...]]  # a term and its glossary group


class _TermSounds:
    """The glossary's all-Chinese terms by their folded syllables: looked up by the sounds of a window of the query,
    as typed (`alike`) and with each syllable that may be wrong left out (`close`). Dictionaries, not a walk over
    every term: a query has a window per start and length, and comparing each with each term was 2–4 ms a query."""

    def __init__(self, glossary: Glossary):
        self.alike: dict[tuple[str, ...], Found] = {}
        self.close: dict[tuple[str, ...], tuple[int, Found]] = {}
        self.written: set[str] = set()
        # two-character terms by the character kept at a position (端 at 0 of 端侧), for `one_wrong_of_two`
        self.pairs: dict[tuple[int, str], list[tuple[tuple[str, ...], Found]]] = {}
        order = 0
        for group in glossary.groups:
            for term in group:
                if len(term) < MIN_SYLLABLES or not all(CJK.match(c) for c in term):
                    continue
                self.written.add(term)
                sounds = tuple(folded(s) for s in chinese_syllables(term))
                if len(term) == MIN_SYLLABLES and len(sounds) == MIN_SYLLABLES and group not in glossary.aspects:
                    for at in range(MIN_SYLLABLES):
                        self.pairs.setdefault((at, term[at]), []).append((sounds, (term, group)))
                self.alike.setdefault(sounds, (term, group))
                for at in _may_be_wrong(len(sounds)):
                    self.close.setdefault((*sounds[:at], _ANY, *sounds[at + 1 :]), (order, (term, group)))
                order += 1
        self.lengths = sorted({len(term) for term in self.written}, reverse=True)

    def near(self, sounds: tuple[str, ...], exact: bool) -> Found | None:
        """The term (and its group) sounding like `sounds` (folded): equal, or unless `exact` with one syllable
        wrong (for three only the middle one). A term sounding alike before one a syllable away (少研本学习 is 少样本学习,
        not 零样本学习), else the first in glossary order."""
        found = self.alike.get(sounds)
        if found or exact:
            return found
        close = [
            hit for at in _may_be_wrong(len(sounds)) if (hit := self.close.get((*sounds[:at], _ANY, *sounds[at + 1 :])))
        ]
        return min(close)[1] if close else None

    def one_wrong_of_two(self, typed: str, sounds: tuple[str, ...]) -> Found | None:
        """The topic's two-character term `typed` names with one character wrong, that character sounding like the
        term's (folded) or looking like it (analysis/shapes.py: 端则 for 端侧), the other one no common character
        (`common_characters`); None when none or more than one term does. Not an aspect's (指南, 误区): said of
        everything, they are in too many everyday pairs (我南, 说区)."""
        found: list[Found] = []
        for kept in range(MIN_SYLLABLES):
            if typed[kept] in common_characters():  # 对其, 大回: everyday words beside 对齐, 大会
                continue
            wrong = 1 - kept
            for term_sounds, (term, group) in self.pairs.get((kept, typed[kept]), ()):
                if term[wrong] != typed[wrong] and (
                    term_sounds[wrong] == sounds[wrong] or look_alike(typed[wrong], term[wrong])
                ):
                    found.append((term, group))
        return found[0] if len({term for term, _ in found}) == 1 else None

    def written_in(self, run: str) -> set[int]:
        """The characters of `run` inside a term written as it is."""
        out: set[int] = set()
        for start in range(len(run)):
            for length in self.lengths:
                if run[start : start + length] in self.written:
                    out.update(range(start, start + length))
        return out


def _may_be_wrong(length: int) -> range:
    """The syllables of a term of `length` that may be typed wrong: none of two, the middle one of three, any of more."""
    if length < MIN_CHARACTERS:
        return range(0)
    return range(1, 2) if length == MIN_CHARACTERS else range(length)


_lock = threading.Lock()
_indexes: dict[int, tuple[Glossary, _TermSounds]] = {}


def _term_sounds(glossary: Glossary) -> _TermSounds:
    cached = _indexes.get(id(glossary))
    if cached and cached[0] is glossary:
        return cached[1]
    with _lock:
        index = _TermSounds(glossary)
        _indexes.clear()  # one glossary at a time: an edited one replaces it
        _indexes[id(glossary)] = (glossary, index)
        return index


def concepts_in_characters(run: str, glossary: Glossary, *, two_alone: bool = False) -> list[Sounded]:
    """Terms a run of Chinese characters names by sound, where its characters are not the term's own: windows of
    the run, longest first, none overlapping another nor a term the run writes as it is (the glossary finds that
    one, and 大模型推 is not a four-character term with one wrong character)."""
    index = _term_sounds(glossary)
    sounds = tuple(folded(s) for s in chinese_syllables(run))
    if len(sounds) != len(run):  # a character pypinyin reads as more or no syllable: positions would slip
        return []
    if len(run) == MIN_SYLLABLES:
        # `two_alone`: a word of two standing alone (减枝, LoRA 微条, 换觉 问题) is the term sounding exactly alike, for
        # the relaxed pass only. Inside a longer run two characters are too often an everyday word beside the topic,
        # and even alone a few everyday words sound like a term (写作 like 协作, 收集 like 手机): below every strict
        # hit, as a guess, never beside them. A term the glossary writes so is left to the glossary.
        if not two_alone:
            return []
        near = None if run in index.written else index.near(sounds, exact=True)
        return [Sounded(*near, 0, len(run))] if near else []
    found: list[Sounded] = []
    written = index.written_in(run)
    taken: set[int] = set()
    for length in (n for n in index.lengths if MIN_CHARACTERS <= n <= len(run)):
        for start in range(len(run) - length + 1):
            window = range(start, start + length)
            if taken.intersection(window):
                continue
            # Over a written term only a longer term sounding exactly alike: 注意力机智 is 注意力机制 (智 and 制 are
            # both zhi), while 大模型推 is not a four-character term with one wrong character.
            over_written = bool(written.intersection(window))
            near = index.near(sounds[start : start + length], exact=over_written)
            if near and near[0] != run[start : start + length]:
                found.append(Sounded(*near, start, start + length))
                taken.update(window)
    found += _two_characters_mistyped(run, sounds, index, taken | written)
    return sorted(found, key=lambda s: s.start)


def _two_characters_mistyped(run: str, sounds: tuple[str, ...], index: _TermSounds, taken: set[int]) -> list[Sounded]:
    """Two-character terms typed with one character wrong inside a longer run (端则大模型部署, 量话工具): where the
    segmenter found no word of its dictionary, only a pair it guessed (端则) or two characters standing alone (量 话). A
    pair it knows (写作 of 写作工具, which sounds like 协作) is the reader's word, and a pair across two words (型部 of
    大模型部署) is no word at all."""
    found: list[Sounded] = []
    for window in _pairs_of_no_word(run):
        if taken.intersection(window):
            continue
        near = index.one_wrong_of_two(run[window.start : window.stop], sounds[window.start : window.stop])
        if near:
            found.append(Sounded(*near, window.start, window.stop, no_word=True))
            taken.update(window)
    return found


@lru_cache(maxsize=1024)  # looked at first (`may_hold_a_mistyped_pair`), then again for the windows' terms
def _pairs_of_no_word(run: str) -> tuple[range, ...]:
    """The two-character windows of `run` the segmenter found no word of its dictionary for (`_two_characters_mistyped`)."""
    windows: list[range] = []
    at = 0
    pieces = segmented(run)
    for index_of, piece in enumerate(pieces):
        start, at = at, at + len(piece)
        if len(piece) == MIN_SYLLABLES and not is_word(piece):
            windows.append(range(start, at))
        elif len(piece) == 1 and index_of + 1 < len(pieces) and len(pieces[index_of + 1]) == 1:
            windows.append(range(start, start + MIN_SYLLABLES))
    return tuple(windows)


def may_hold_a_mistyped_pair(run: str, glossary: Glossary) -> bool:
    """Whether `run` may hold a two-character term typed one character wrong: a pair of no word beside which a term
    keeps one of its characters at its place. A cheap look before `concepts_in_characters` (pinyin of every window),
    which most queries, holding no such pair, never need for it."""
    pairs = _term_sounds(glossary).pairs
    for window in _pairs_of_no_word(run):
        typed = run[window.start : window.stop]
        if (0, typed[0]) in pairs or (1, typed[1]) in pairs:
            return True
    return False


def concepts_in_pinyin(syllables: list[str], glossary: Glossary, *, partial: bool = False) -> list[str] | None:
    """The terms typed pinyin is made of, in order (`shen jing wang luo` is one term, `zhi shi tu pu shen jing
    wang luo` two), longest terms first; None unless every syllable belongs to one. `partial` (the relaxed pass): the
    terms among other syllables (`ti shi zhu ru jian ce`: 提示注入 beside 检测, no term), when they are more than half of
    the syllables."""
    index = _term_sounds(glossary)
    sounds = tuple(folded(s) for s in syllables)
    terms: list[str] = []
    covered = at = 0
    while at < len(sounds):
        for length in (n for n in index.lengths if at + n <= len(sounds)):
            near = index.near(sounds[at : at + length], exact=True)
            if near:
                terms.append(near[0])
                at += length
                covered += length
                break
        else:
            if not partial:
                return None
            at += 1
    if partial and covered * 2 <= len(sounds):
        return None
    return terms
