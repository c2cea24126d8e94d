"""A suggestion prefix that stops inside a Taiwan or Hong Kong word (語音辨 of 語音辨識, 開源專 of 開源專案), in mainland
words: the whole-text conversion (analysis/regional.py) cannot turn half a word, so such a prefix found nothing until
the last character was typed.

The Taiwan words are those of our own vocabulary: each Chinese glossary term, kind word and mainland word of
data/search/regional.txt, written as Taiwan writes it (OpenCC s2twp: 语音识别 → 語音辨識, 开源项目 → 開源專案), and the
regional words of data/search/regional.txt. A prefix whose end begins one of them (辨 of 辨识) gets a form with that end
replaced by the mainland word (语音 + 识别): the titles starting with the word the reader is typing."""

from __future__ import annotations

from functools import lru_cache

import opencc

from analysis.normalize import CJK, to_simplified
from analysis.regional import field_word_pairs
from analysis.understanding import kind_words
from analysis.vocabulary import glossary

# The longest end of a prefix looked up (the longest Taiwan word's length is about this).
_LONGEST_END = 6
# At most this many completed forms per prefix (each is one more clause of the suggestion query).
_MOST_FORMS = 4


@lru_cache(maxsize=1)
def _completions() -> dict[str, tuple[str, ...]]:
    """Each proper beginning of a Taiwan word (folded) -> the mainland words it begins."""
    to_taiwan = opencc.OpenCC("s2twp")
    mainland = {term for group in glossary().groups for term in group if CJK.search(term)}
    mainland |= {word for word in kind_words() if CJK.search(word)}
    pairs = {(regional, word) for regional, word in field_word_pairs()}
    mainland |= {word for _regional, word in pairs}
    for word in mainland:
        taiwan = to_simplified(to_taiwan.convert(word))
        if taiwan != word:
            pairs.add((taiwan, word))
    by_beginning: dict[str, list[str]] = {}
    for taiwan, word in sorted(pairs):
        for end in range(1, min(len(taiwan), _LONGEST_END + 1)):
            beginning = taiwan[:end]
            if not word.startswith(beginning):  # 向量资 begins 向量资料库 but also 向量… itself: only where they part
                by_beginning.setdefault(beginning, []).append(word)
    return {beginning: tuple(dict.fromkeys(words)) for beginning, words in by_beginning.items()}


def completed_prefix_forms(folded: str, traditional: bool) -> tuple[str, ...]:
    """`folded` (a suggestion prefix) with an unfinished Taiwan word at its end replaced by the mainland word:
    语音辨 → 语音识别. An end of one character only when the prefix was typed in traditional script (專 of 開源專): in
    simplified script it is more likely a mainland word's start (专 of 专家)."""
    table = _completions()
    forms: list[str] = []
    for length in range(min(len(folded), _LONGEST_END), 0, -1):
        if length == 1 and not traditional:
            break
        for word in table.get(folded[-length:], ()):
            forms.append(folded[:-length] + word)
    return tuple(dict.fromkeys(forms))[:_MOST_FORMS]


def warm() -> None:
    _completions()
