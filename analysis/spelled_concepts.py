"""Glossary concepts a query names by a misspelt English term (halucination, difussion model, reinforcment learning):
the engine's fuzzy clause finds the titles spelling the term in English, but not the documents naming its concept
in Chinese (幻觉, 扩散模型), which only the term itself leads to. The relaxed pass (indexer/queries/relax.py) searches the
query with such a term spelt as the glossary spells it, as it does for a Chinese term typed by its sound
(analysis/sounded_concepts.py).

How far a spelling may be from the term follows the engine's `fuzziness: AUTO:5,8`, which the strict fuzzy clause
uses: nothing for a word under five letters (an acronym is typed whole or is another acronym), one edit from five
letters, two from eight; a swap of two letters counts as one (optimal string alignment)."""

from __future__ import annotations

from rapidfuzz import process
from rapidfuzz.distance import OSA

from analysis.vocabulary import LATIN_WORD, Glossary

# Edits allowed by the length of what was typed (the engine's AUTO:5,8).
ONE_EDIT_FROM = 5
TWO_EDITS_FROM = 8
# The longest run of words compared with a term (`reinforcement learning from human feedback` is six).
LONGEST_RUN = 6


def allowed_edits(typed: str) -> int:
    letters = len(typed.replace(" ", ""))
    return 2 if letters >= TWO_EDITS_FROM else 1 if letters >= ONE_EDIT_FROM else 0


def meant_spelling(text: str, glossary: Glossary) -> str | None:
    """`text` (folded, lower-cased) with each run of Latin words that is a misspelling of a glossary term (and no
    term as typed) written as the term; None when there is none. The longest run first; a run's closest term."""
    words = LATIN_WORD.findall(text)
    if not words:
        return None
    shapes = glossary.latin_terms_by_shape
    meant, changed, at = text, False, 0
    while at < len(words):
        for length in range(min(LONGEST_RUN, len(words) - at), 0, -1):
            typed = " ".join(words[at : at + length])
            if typed in shapes.get((length, len(typed)), ()):  # a term as typed (long context): none of it is mended
                at += length
                break
            term = _closest(typed, length, shapes)
            if term:
                meant, changed = meant.replace(typed, term, 1), True
                at += length
                break
        else:
            at += 1
    return meant if changed else None


def _closest(typed: str, words: int, shapes: dict[tuple[int, int], tuple[str, ...]]) -> str | None:
    """The term of `words` words `typed` misspells, or None when none is near enough. Only terms whose length is within
    the edits allowed can be (a run of the same number of words has as many spaces): a few instead of hundreds."""
    edits = allowed_edits(typed)
    if not edits:
        return None
    near = [
        term for size in range(len(typed) - edits, len(typed) + edits + 1) for term in shapes.get((words, size), ())
    ]
    best = process.extractOne(typed, near, scorer=OSA.distance, score_cutoff=edits) if near else None
    return best[0] if best else None
