"""One folding for everything searchable: invisible and format characters removed, full-width forms
and compatibility characters folded (NFKC), traditional characters turned simplified (OpenCC t2s),
white space collapsed. Case is left to Elasticsearch's analyzers."""

from __future__ import annotations

import re
import sys
import unicodedata
from functools import lru_cache
from html import unescape

import opencc

_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1)
def _t2s() -> opencc.OpenCC:
    return opencc.OpenCC("t2s")


@lru_cache(maxsize=1)
def _invisible() -> re.Pattern:
    # One character class of every format character and control in this Python's Unicode tables, as
    # ranges (a class of single characters is scanned ~15x slower), so the text is scanned in C: a
    # per-character category check in Python cost about a tenth of building a document.
    ranges: list[list[int]] = []
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) in ("Cf", "Cc") and chr(code) not in "\t\n":
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])
    return re.compile("[" + "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in ranges) + "]+")


def strip_invisible(text: str) -> str:
    """Drop format characters (U+200B..U+200F, U+2060, U+FEFF, bidi marks: category Cf) and controls."""
    return _invisible().sub("", text)


# The full-width forms of ASCII (U+FF01..U+FF5E) and the ideographic space, as NFKC maps them: one ASCII
# character each, which NFKC leaves alone. Chinese text is full of them (，：（）？), and Python's NFKC of a
# text that holds one is about a hundred times slower than telling that a text needs nothing.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
# A Chinese character (CJK Extension A and the Unified Ideographs): the one test of "is it Chinese"
# for folding, segmenting, pinyin and the query's clauses.
CJK = re.compile(r"[\u3400-\u9fff]")
# A run of Chinese characters.
CJK_RUN = re.compile(f"{CJK.pattern}+")


def nfkc(text: str) -> str:
    """unicodedata.normalize('NFKC', text), faster for Chinese text: the full-width forms are mapped to
    what NFKC makes of them first (the same decomposition, so the same result), and the rest is
    normalized only when a character still needs it (tests/test_normalize.py compares the two)."""
    text = text.translate(_FULL_WIDTH)
    return text if unicodedata.is_normalized("NFKC", text) else unicodedata.normalize("NFKC", text)


def clean(text: str | None) -> str:
    """`fold` without the script conversion: invisible characters dropped, NFKC, white space collapsed.
    Regional phrase conversion (analysis/regional.py) starts from this, since the traditional spelling
    (網路, 軟體) is what tells a Taiwan or Hong Kong word apart."""
    if not text:
        return ""
    return _SPACES.sub(" ", nfkc(strip_invisible(text))).strip()


def to_simplified(text: str) -> str:
    """Characters only (OpenCC t2s): 網路 → 网路; the phrases are analysis/regional.py's."""
    return _t2s().convert(text) if CJK.search(text) else text


def fold(text: str | None) -> str:
    return to_simplified(clean(text))


_RAW_TEXT_OPENING = re.compile(r"<(script|style)\b", re.IGNORECASE)


def _unclosed_raw_tags_as_text(html: str) -> str:
    """A `<script>` or `<style>` never closed is a mention (把 <script> 标签带进页面), not an element: the sanitiser
    would drop everything after it as the element's content."""

    def literal(opening: re.Match) -> str:
        closed = re.search(rf"</{opening.group(1)}\s*>", html[opening.end() :], re.IGNORECASE)
        return opening.group(0) if closed else "&lt;" + opening.group(0)[1:]

    return _RAW_TEXT_OPENING.sub(literal, html) if "<" in html else html


def plain_text(html: str | None) -> str:
    """The text of HTML: tags dropped (a script's or style's content with them), entities read (&amp; → &, &lt; → <)
    and white space collapsed. Plain text, escaped wherever it is shown: left escaped, a summary typed as
    "RAG & Agent" was shown as "RAG &amp; Agent", and a body's "&lt;" was searchable as the word lt."""
    import nh3

    text = unescape(nh3.clean(_unclosed_raw_tags_as_text(html or ""), tags=set()))
    return _SPACES.sub(" ", text).strip()
