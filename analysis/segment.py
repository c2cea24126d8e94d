"""Word segmentation with jieba's results at a fraction of its cost.

jieba's dictionary walk and HMM run in pure Python (about 80% of building a document). rjieba binds
jieba-rs, which ships the same dictionary and HMM model and walks them in Rust; on runs of Chinese
characters it cuts exactly as jieba does. It differs on Latin text: jieba-rs keeps `tensor_cat` or
`LLM-as-a-Judge` whole where jieba splits them at the punctuation. So one regular expression walks
the text the way jieba does, hands only runs of Chinese characters to jieba-rs and cuts the rest by
jieba's own rules. tests/test_segment.py checks that the words equal jieba's on the demo corpus."""

from __future__ import annotations

import re
import threading

import rjieba

# What a word may look like (the rest — white space, punctuation, "5%" — is not indexed).
WORD = re.compile(r"[\w\u3400-\u9fff][\w\u3400-\u9fff.+#\-]*")
# One match per piece jieba would yield, in jieba's order:
#  1. a run of the Chinese characters jieba segments (jieba.re_han_default minus its Latin part);
#  2. jieba's cut of Latin text inside its blocks: its dictionary's Latin words (AT&T, C++, C#), letters
#     and digits with an optional decimal part and percent (jieba.finalseg.re_skip), or a run of the
#     block's other characters as it stands; outside blocks, one character at a time.
_PIECES = re.compile(r"([\u4E00-\u9FD5]+)|(AT&T|[Cc]\+\+|[Cc]#|[a-zA-Z0-9]+(?:\.\d+)?%?|[+#&._%\-]+|[\w\u3400-\u9fff])")

_lock = threading.Lock()
_segmenter: rjieba.Jieba | None = None
# The vocabulary's words of Latin and Chinese letters together ("ai日报"), which jieba's walk finds
# across the two: such a piece goes to jieba-rs whole. None when there are none.
_mixed: re.Pattern | None = None


def _ready() -> rjieba.Jieba:
    """The default dictionary plus the AI vocabulary, loaded once per process (about 0.3 s)."""
    global _segmenter, _mixed
    if _segmenter is None:
        from analysis.vocabulary import segmentation_words

        with _lock:
            if _segmenter is None:
                words = segmentation_words()
                segmenter = rjieba.Jieba()
                for word in words:
                    segmenter.add_word(word, 50_000, None)  # as common as everyday words: kept whole
                mixed = sorted((w for w in words if re.search(r"[a-zA-Z0-9]", w) and not w.isascii()), key=len)
                _mixed = re.compile("(" + "|".join(map(re.escape, reversed(mixed))) + ")") if mixed else None
                _segmenter = segmenter
    return _segmenter


def words(text: str, search: bool = False) -> list[str]:
    """The words of `text` as jieba.cut yields them (precise mode), or jieba.cut_for_search (a long
    word, then its parts) when `search`, less white space and punctuation."""
    segmenter = _ready()
    cut = segmenter.cut_for_search if search else segmenter.cut
    found: list[str] = []
    pieces = _mixed.split(text) if _mixed and _mixed.search(text) else [text]
    for index, piece in enumerate(pieces):
        if index % 2:  # a mixed vocabulary word (split keeps the matches at odd positions)
            found += cut(piece, True)
            continue
        for match in _PIECES.finditer(piece):
            chinese, other = match.groups()
            if chinese:
                found += cut(chinese, True)
            elif WORD.fullmatch(other):
                found.append(other)
    return found


def is_word(text: str) -> bool:
    """`text` is a word of the segmenter's dictionary (jieba's, and the AI vocabulary), not one its model guessed."""
    return _ready().has_word(text)
