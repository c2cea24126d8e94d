"""'Did you mean' for a search that found nothing (indexer/queries/correction.py builds the lookups)."""

from __future__ import annotations

from api.context import reader
from indexer.queries import correction
from indexer.queries.search import build_counts


def did_you_mean(q: str) -> str | None:
    """A rewritten query that finds something, or None."""
    text = q.strip()
    rewritten = text
    latin = correction.latin_words(text)
    if latin:
        for typed, known in correction.latin_fixes(reader().search(correction.build_term_suggest(latin))).items():
            rewritten = _replace_word(rewritten, typed, known)
    for word in correction.unknown_chinese_words(text):
        hits = reader().hits(correction.homophone_lookup(word))
        titles = [t for hit in hits for t in (hit["_source"].get("title"), hit["_source"].get("title_cn")) if t]
        known = correction.same_sound_word(word, titles)
        if known:
            rewritten = rewritten.replace(word, known)
    if rewritten.lower() == text.lower():
        return None
    found = reader().search(build_counts(rewritten, concepts=reader().concepts()))["hits"]["total"]["value"]
    return rewritten if found else None


def _replace_word(text: str, typed: str, known: str) -> str:
    lowered = text.lower()
    at = lowered.find(typed.lower())
    return text if at < 0 else text[:at] + known + text[at + len(typed) :]
