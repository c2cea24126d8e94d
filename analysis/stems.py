"""Latin words as stems, for finding a glossary term in a document at index time (analysis/vocabulary.py).

The engine's `latin` analyzer (mappings/content.json) cuts words at case changes, digits and
punctuation (keeping the whole word too) and stems with Porter; this does the same in Python
(snowballstemmer's `porter`), so a document holds a term here where a phrase query on `title.en`
finds it there: `large language models` holds `large language model`, `JadeRAG` holds `rag`,
`LangChain` holds `langchain`. The document and the term go through the same function."""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer

_CASE_CHANGE = re.compile(r"(?<=[a-z])(?=[A-Z])")  # FlashAttention → Flash Attention; LLMs stays whole
_PARTS = re.compile(r"[a-z]+|[0-9]+")
_porter = snowballstemmer.stemmer("porter")


@lru_cache(maxsize=65_536)
def _stem(word: str) -> str:
    return _porter.stemWord(word)


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
