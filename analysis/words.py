"""Chinese word segmentation (jieba, with the AI vocabulary) and pinyin (pypinyin), for the `*_words`
and `*_pinyin` fields. Index time uses the search mode (a long word and its parts: 大模型 → 模型,
大模型), query time the precise mode, so a query word always meets its indexed form."""

from __future__ import annotations

import logging
import re
import threading

import jieba
from pypinyin import Style, lazy_pinyin

from analysis.normalize import fold
from analysis.vocabulary import segmentation_words

jieba.setLogLevel(logging.WARNING)
_ready = threading.Lock()
_initialised = False
_WORD = re.compile(r"[\w\u3400-\u9fff][\w\u3400-\u9fff.+#\-]*")
_CJK = re.compile(r"[\u3400-\u9fff]")


def _init() -> None:
    global _initialised
    if _initialised:
        return
    with _ready:
        if not _initialised:
            jieba.initialize()
            for word in segmentation_words():
                jieba.add_word(word, freq=50_000)
            _initialised = True


def _keep(token: str) -> bool:
    return bool(_WORD.fullmatch(token))


def index_words(text: str | None) -> str:
    """Space-separated words of `text` for indexing (search mode: long words and their parts)."""
    _init()
    return " ".join(t for t in jieba.cut_for_search(fold(text)) if _keep(t.strip()))


def query_words(text: str) -> list[str]:
    _init()
    return [t for t in jieba.cut(fold(text)) if _keep(t.strip())]


def pinyin_forms(text: str | None) -> str:
    """For each Chinese word of `text`: its full pinyin and its initials ('多模态' → 'duomotai dmt'),
    and for the whole text both joined up, so a typed prefix of the title finds it."""
    _init()
    folded = fold(text)
    forms: list[str] = []
    for word in jieba.cut(folded):
        if _CJK.search(word):
            forms.append("".join(lazy_pinyin(word)))
            forms.append("".join(lazy_pinyin(word, style=Style.FIRST_LETTER)))
    return " ".join(dict.fromkeys(f.lower() for f in forms if f.isascii() and f.isalpha()))


def pinyin_key(text: str | None) -> str:
    """The whole text in pinyin without spaces ('大模型评测' → 'damoxingpingce'), for prefix matches."""
    return "".join(p for p in lazy_pinyin(fold(text)) if p.isascii()).lower().replace(" ", "")[:200]


def initials_key(text: str | None) -> str:
    """The initials of the whole text's Chinese characters ('大模型评测' → 'dmxpc'), for prefix matches."""
    letters = lazy_pinyin("".join(_CJK.findall(fold(text))), style=Style.FIRST_LETTER)
    return "".join(letters).lower()[:100]


def is_pinyin_like(query: str) -> bool:
    """Latin letters only (spaces allowed): the query may be pinyin."""
    compact = fold(query).replace(" ", "")
    return bool(compact) and compact.isascii() and compact.isalpha()
