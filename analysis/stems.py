"""Latin words as stems, for finding a glossary term in a document at index time (analysis/vocabulary.py).

The engine's `latin` analyzer (mappings/content.json) cuts words at case changes, digits and
punctuation (keeping the whole word too) and stems with Porter; this does the same in Python
(snowballstemmer's `porter`), so a document holds a term here where a phrase query on `title.en`
finds it there: `large language models` holds `large language model`, `JadeRAG` holds `rag`,
`LangChain` holds `langchain`. The document and the term go through the same function. One difference, on purpose:
a stem Porter made by taking an agent noun's -er or a property's -able off keeps a mark (`_stem`)."""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer

_CASE_CHANGE = re.compile(r"(?<=[a-z])(?=[A-Z])")  # FlashAttention → Flash Attention; LLMs stays whole
_PARTS = re.compile(r"[a-z]+|[0-9]+")
_porter = snowballstemmer.stemmer("porter")


# Porter takes an agent noun's -er and a property's -able or -ability off, leaving a word that means something else:
# a transformer is no `transform`, a tokenizer no `token`, a computer no `compute`, interpretability no `interpret` (nor
# `explained` explainability). Such a stem keeps a mark of what was taken off, so a term names only its own forms.
_AGENT = re.compile(r"(?:er|ers)$")
_PROPERTY = re.compile(r"(?:able|ible|ability|ibility|abilities|ibilities)$")
AGENT_MARK, PROPERTY_MARK = "·er", "·able"


# Words Porter reads as the plural of another (news as `new`): kept whole, or every `new` in a title named the news.
_KEPT_WHOLE = frozenset(["news"])


@lru_cache(maxsize=65_536)
def _stem(word: str) -> str:
    if word in _KEPT_WHOLE:
        return word
    stem = _porter.stemWord(word)
    if _AGENT.search(word) and not stem.endswith("er"):
        return stem + AGENT_MARK
    if _PROPERTY.search(word) and not stem.endswith(("abl", "ibl")):
        return stem + PROPERTY_MARK
    return stem


def latin_stems(folded: str) -> list[tuple[str, ...]]:
    """The stems of the Latin words of a folded text, in order: once with words cut at case changes,
    and once more without those cuts when there are any."""
    cut = _CASE_CHANGE.sub(" ", folded)
    readings = [cut.lower()] if cut == folded else [cut.lower(), folded.lower()]
    return [tuple(_stem(word) for word in _PARTS.findall(reading)) for reading in readings]


def holds_run(stems: tuple[str, ...], run: tuple[str, ...]) -> bool:
    """True when `run` occurs in `stems` as consecutive words."""
    if not run or len(run) > len(stems):
        return False
    first, size = run[0], len(run)
    return any(stems[i : i + size] == run for i, stem in enumerate(stems) if stem == first)
