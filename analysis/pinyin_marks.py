"""Where a suggestion's title holds the pinyin a reader typed (issue 36, suggestions): the engine finds such titles
through their pinyin fields, which are not the title's own text, so its highlighter marks nothing and the dropdown
showed `duo mo tai` beside an unmarked 多模态. This finds the run of characters the typed letters spell: each
character by its full syllable or its initial, the last one possibly by the start of its syllable (`duo mo t`,
`dmt`, `duomotai`), spaces between syllables or not. The readings are the title's own, read in context as the index
reads them (analysis/words.lazy_pinyin: 长上下文 is chang)."""

from __future__ import annotations

import re
from html import escape

from analysis.normalize import CJK_RUN
from analysis.words import lazy_pinyin

_LETTERS = re.compile(r"[a-z]+")
EM, END = "<em>", "</em>"


def marked_by_pinyin(title: str, typed: str) -> str | None:
    """`title` as escaped HTML with the first run of characters spelt by `typed` (pinyin, Latin letters and spaces)
    between <em> tags, or None when no run spells it."""
    letters = "".join(_LETTERS.findall(typed.lower()))
    if not letters:
        return None
    for run in CJK_RUN.finditer(title):
        syllables = lazy_pinyin(run.group())
        if len(syllables) != len(run.group()):  # a character pypinyin cannot read: its positions would not align
            continue
        for start in range(len(syllables)):
            end = _spelt_until(syllables, start, letters)
            if end is not None:
                at, to = run.start() + start, run.start() + end
                return escape(title[:at]) + EM + escape(title[at:to]) + END + escape(title[to:])
    return None


def _spelt_until(syllables: list[str], start: int, letters: str) -> int | None:
    """The end of the characters from `start` that `letters` spells whole, or None. Each character is typed as its
    syllable or its initial; the last may be cut short. Both readings of a character are tried (`xian` is a
    syllable, or x + ian of the next), so the first that spells all the letters wins."""
    if not letters:
        return start
    if start == len(syllables):
        return None
    syllable = syllables[start].lower()
    if syllable.startswith(letters):  # the last character, typed in part or whole
        return start + 1
    if letters.startswith(syllable):
        end = _spelt_until(syllables, start + 1, letters[len(syllable) :])
        if end is not None:
            return end
    if letters[0] == syllable[0]:
        return _spelt_until(syllables, start + 1, letters[1:])
    return None
