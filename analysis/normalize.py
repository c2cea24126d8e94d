"""One folding for everything searchable: invisible and format characters removed, full-width forms
and compatibility characters folded (NFKC), traditional characters turned simplified (OpenCC t2s),
white space collapsed. Case is left to Elasticsearch's analyzers."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import opencc

_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1)
def _t2s() -> opencc.OpenCC:
    return opencc.OpenCC("t2s")


def strip_invisible(text: str) -> str:
    """Drop format characters (U+200B..U+200F, U+2060, U+FEFF, bidi marks: category Cf) and controls."""
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Cf", "Cc") or ch in "\t\n")


def fold(text: str | None) -> str:
    if not text:
        return ""
    text = unicodedata.normalize("NFKC", strip_invisible(text))
    if any("\u3400" <= ch <= "\u9fff" for ch in text):
        text = _t2s().convert(text)
    return _SPACES.sub(" ", text).strip()


def plain_text(html: str | None) -> str:
    """The text of sanitised HTML, tags dropped and white space collapsed."""
    import nh3

    return _SPACES.sub(" ", nh3.clean(html or "", tags=set())).strip()
