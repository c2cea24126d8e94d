"""Glossary concepts a query names by their sound, not their characters (issue 36, item 2): a Chinese term typed
with a near-homophone or one wrong character, or typed as toneless pinyin. The glossary's own matching
(`Glossary.concepts`) needs the term's characters; this finds the term from how the query sounds, so the relaxed
pass (indexer/queries/relax.py) can look for the concept where only summaries and bodies name it (`body_concepts`),
which have no sound view of their own.

Sounds are compared folded as the index folds them (z/zh, c/ch, s/sh, n/l, an/ang, en/eng, in/ing; mappings/
content.json `fuzzy_*`). How much may differ depends on what the reader typed:
- characters: a term of three characters or more, its folded sounds equal, or one syllable wrong (for three
  characters only the middle one, as the strict sound clauses allow); a two-character term has too many
  homophones among everyday words to be guessed from its sound;
- pinyin: the reader typed sounds, not characters, so a term of two syllables or more whose folded sounds are
  the typed ones, exactly, in a query that is nothing but such terms."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from analysis.normalize import CJK
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


class _TermSounds:
    """The glossary's all-Chinese terms by their folded syllables."""

    def __init__(self, glossary: Glossary):
        self.by_length: dict[int, list[tuple[tuple[str, ...], str, tuple[str, ...]]]] = {}
        self.chinese = [term for group in glossary.groups for term in group if CJK.search(term)]
        for group in glossary.groups:
            for term in group:
                if len(term) >= MIN_SYLLABLES and all(CJK.match(c) for c in term):
                    sounds = tuple(folded(s) for s in chinese_syllables(term))
                    self.by_length.setdefault(len(sounds), []).append((sounds, term, group))

    def near(self, sounds: tuple[str, ...], exact: bool) -> tuple[str, tuple[str, ...]] | None:
        """The term (and its group) sounding like `sounds` (folded): equal, or unless `exact` with one syllable
        wrong (for three only the middle one). The first in glossary order when several do."""
        for term_sounds, term, group in self.by_length.get(len(sounds), []):
            wrong = [i for i, (a, b) in enumerate(zip(term_sounds, sounds, strict=True)) if a != b]
            if not wrong:
                return term, group
            if exact or len(wrong) > 1 or len(sounds) < MIN_CHARACTERS:
                continue
            if len(sounds) > MIN_CHARACTERS or wrong == [1]:
                return term, group
        return None


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


def _positions(term: str, run: str) -> set[int]:
    """The characters of `run` inside an occurrence of `term`."""
    out: set[int] = set()
    at = run.find(term)
    while at >= 0:
        out.update(range(at, at + len(term)))
        at = run.find(term, at + 1)
    return out


def concepts_in_characters(run: str, glossary: Glossary) -> list[Sounded]:
    """Terms a run of Chinese characters names by sound, where its characters are not the term's own: windows of
    the run, longest first, none overlapping another nor a term the run writes as it is (the glossary finds that
    one, and 大模型推 is not a four-character term with one wrong character)."""
    index = _term_sounds(glossary)
    sounds = tuple(folded(s) for s in chinese_syllables(run))
    if len(sounds) != len(run):  # a character pypinyin reads as more or no syllable: positions would slip
        return []
    found: list[Sounded] = []
    taken = {i for term in index.chinese for i in _positions(term, run)}
    for length in sorted((n for n in index.by_length if MIN_CHARACTERS <= n <= len(run)), reverse=True):
        for start in range(len(run) - length + 1):
            window = range(start, start + length)
            if taken.intersection(window):
                continue
            near = index.near(sounds[start : start + length], exact=False)
            if near:
                found.append(Sounded(*near, start, start + length))
                taken.update(window)
    return sorted(found, key=lambda s: s.start)


def concepts_in_pinyin(syllables: list[str], glossary: Glossary) -> list[str] | None:
    """The terms typed pinyin is made of, in order (`shen jing wang luo` is one term, `zhi shi tu pu shen jing
    wang luo` two), longest terms first; None unless every syllable belongs to one."""
    index = _term_sounds(glossary)
    sounds = tuple(folded(s) for s in syllables)
    terms: list[str] = []
    at = 0
    while at < len(sounds):
        for length in sorted((n for n in index.by_length if at + n <= len(sounds)), reverse=True):
            near = index.near(sounds[at : at + length], exact=True)
            if near:
                terms.append(near[0])
                at += length
                break
        else:
            return None
    return terms
