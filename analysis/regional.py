"""Taiwan and Hong Kong vocabulary in mainland words (issue 36): 軟體 → 软件, 演算法 → 算法, 網路 → 网络,
伺服器 → 服务器, 資料庫 → 数据库, 影片 → 视频.

`fold` (analysis/normalize.py) turns traditional characters into simplified ones one by one (OpenCC t2s),
which leaves a Taiwan word a Taiwan word (網路 → 网路, while the corpus writes 网络). OpenCC's phrase
conversions (tw2sp, hk2sp) map the words, but they cannot replace the folded text: their tables hold
words that are everyday mainland words too (程序 → 进程, 序列 → 串行, 向量 → 矢量, 核心 → 内核), so a mainland
query or document turned through them would lose its own words. A phrase-converted form is therefore
always an *alternative* beside the folded text: the query searches both (indexer/queries/text.py), and a
document written in traditional script carries the words of both (analysis/views.py).

Two shapes of alternative:
- `regional_forms(text)`: the whole text phrase-converted (網路爬蟲 → 网络爬虫), for the clauses that
  match a text as a whole (bigrams, the title phrase, kind words: 開源專案 → 开源项目);
- `word_forms(word)`: one segmented word's conversions, so a query mixing a shared word and a Taiwan word
  (核心程式: 核心 is a mainland word too, 程式 is Taiwan's 程序) can be matched word by word (核心 + 程序),
  where the whole-text conversion gives 内核程序.

OpenCC's converters are C++ objects made once per process; a conversion of a query costs a few
microseconds (bench/RESULTS.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import opencc

from analysis.normalize import CJK, clean, to_simplified
from analysis.segment import words


@dataclass(frozen=True)
class _Converters:
    to_traditional: opencc.OpenCC  # s2t: a simplified spelling of a Taiwan word (软体) back to 軟體
    hk_variants: opencc.OpenCC  # hk2t: Hong Kong variant characters (衞, 綫) to the standard ones
    taiwan: opencc.OpenCC  # tw2sp: Taiwan words to mainland words, simplified
    hong_kong: opencc.OpenCC  # hk2sp: Hong Kong words to mainland words, simplified


@lru_cache(maxsize=1)
def _converters() -> _Converters:
    return _Converters(opencc.OpenCC("s2t"), opencc.OpenCC("hk2t"), opencc.OpenCC("tw2sp"), opencc.OpenCC("hk2sp"))


def is_traditional(text: str) -> bool:
    """Holds a character that simplification changes (the text was typed in traditional script)."""
    return bool(CJK.search(text)) and to_simplified(text) != text


def _conversions(text: str) -> list[str]:
    """The mainland forms of `text` (already cleaned) by the Taiwan and the Hong Kong tables, and by ours
    (`field_word_pairs`) before and after them. The text goes to traditional script first: the tables are keyed by
    traditional spellings, and a reader may type a Taiwan word with a simplified input method (网路)."""
    convert = _converters()
    ours = _with_field_words(to_simplified(text))
    traditional = convert.hk_variants.convert(convert.to_traditional.convert(ours))
    converted = [convert.taiwan.convert(traditional), convert.hong_kong.convert(traditional)]
    return [ours, *(_with_field_words(form) for form in converted)]


FIELD_WORDS = Path(__file__).resolve().parent.parent / "data" / "search" / "regional.txt"


@lru_cache(maxsize=1)
def field_word_pairs() -> tuple[tuple[str, str], ...]:
    """data/search/regional.txt: (Taiwan or Hong Kong word, mainland word), longest first."""
    pairs = []
    for line in FIELD_WORDS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            regional, mainland = line.split()
            pairs.append((regional, mainland))
    return tuple(sorted(pairs, key=lambda pair: len(pair[0]), reverse=True))


def _with_field_words(text: str) -> str:
    """`text` (simplified) with the words of data/search/regional.txt turned into mainland ones, longest first
    (物件侦测 before 侦测); each spot is turned once."""
    pairs = [pair for pair in field_word_pairs() if pair[0] in text]
    if not pairs:
        return text
    pattern = re.compile("|".join(re.escape(regional) for regional, _ in pairs))
    mainland = dict(pairs)
    return pattern.sub(lambda match: mainland[match.group(0)], text)


def _other_forms(cleaned: str, folded: str) -> tuple[str, ...]:
    return tuple(form for form in dict.fromkeys(_conversions(cleaned)) if form != folded)


def regional_forms(text: str | None) -> tuple[str, ...]:
    """The whole text with Taiwan and Hong Kong words turned into mainland ones, each form that differs from
    `fold(text)`; () when there is none (the usual case)."""
    cleaned = clean(text)
    if not CJK.search(cleaned):
        return ()
    return _other_forms(cleaned, to_simplified(cleaned))


def document_forms(cleaned: str, folded: str) -> tuple[str, ...]:
    """At index time: the regional forms of a document's text (`cleaned` by normalize.clean, `folded` its
    simplification) when it is written in traditional script, else (). Only such a text is a Taiwan or
    Hong Kong author's: a simplified document that happens to hold 程序 or 序列 keeps its words alone,
    and telling the two apart costs a string comparison (the folding converted the text already)."""
    return () if cleaned == folded else _other_forms(cleaned, folded)


def word_by_word_forms(folded: str, limit: int = 4) -> tuple[str, ...]:
    """`folded` with some of its words replaced by their `word_forms` (核心程式 → 核心程序, 内核程式, 内核程序),
    at most `limit` of them, the original left out: for what matches the text as a whole (a suggestion's
    prefix), where the whole-text conversion alone turns a shared word too (核心 → 内核)."""
    forms = [""]
    rest = folded
    for word in words(folded):
        start = rest.find(word)
        if start < 0:  # a segmenter's word the text does not hold as such: leave the text as typed
            return ()
        between, rest = rest[:start], rest[start + len(word) :]
        forms = [form + between + spelling for form in forms for spelling in (word, *word_forms(word))][: limit + 1]
    return tuple(form + rest for form in forms if form + rest != folded)[:limit]


@lru_cache(maxsize=65_536)
def word_forms(word: str) -> tuple[str, ...]:
    """A folded (simplified) word's other mainland forms: 资料库 → (数据库,), 网路 → (网络,); () for most words.
    Remembered: words repeat across queries."""
    return _other_forms(word, word) if CJK.search(word) else ()


__all__ = ["document_forms", "is_traditional", "regional_forms", "word_by_word_forms", "word_forms"]
