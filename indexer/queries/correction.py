"""'Did you mean': when a search finds nothing, a nearby query the corpus knows.

Latin words are corrected by Elasticsearch's term suggester on the title's words; a Chinese word is
replaced by a title word with the same pinyin (the pinyin IME's usual slip is a homophone)."""

from __future__ import annotations

import re

from pypinyin import lazy_pinyin

from analysis.normalize import CJK, fold
from analysis.words import query_words

_LATIN = re.compile(r"[A-Za-z]{3,}")


def build_term_suggest(text: str) -> dict:
    return {
        "size": 0,
        "suggest": {
            "text": text,
            "words": {"term": {"field": "title", "suggest_mode": "always", "min_word_length": 3, "max_edits": 2}},
        },
    }


def latin_fixes(response: dict) -> dict[str, str]:
    """{typed word: best known word} from a term-suggest response."""
    fixes = {}
    for entry in response.get("suggest", {}).get("words", []):
        if entry["options"]:
            fixes[entry["text"]] = entry["options"][0]["text"]
    return fixes


def homophone_lookup(word: str) -> dict:
    return {"size": 3, "_source": ["title", "title_cn"], "query": {"term": {"pinyin": "".join(lazy_pinyin(word))}}}


def same_sound_word(word: str, titles: list[str]) -> str | None:
    sound = lazy_pinyin(word)
    for title in titles:
        for candidate in query_words(title):
            if candidate != word and lazy_pinyin(candidate) == sound:
                return candidate
    return None


def unknown_chinese_words(text: str) -> list[str]:
    return [w for w in query_words(fold(text)) if CJK.search(w) and len(w) >= 2]


def latin_words(text: str) -> str:
    return " ".join(_LATIN.findall(fold(text)))
