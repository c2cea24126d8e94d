"""The AI vocabulary: the zh↔en glossary (synonym groups, data/search/glossary.txt, editors extend it)
and extra segmentation words (data/search/words.txt). Both files are re-read when they change, so a
glossary edit applies to the next search without a restart or a reindex."""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from analysis.normalize import fold

DATA = Path(__file__).resolve().parent.parent / "data"
GLOSSARY = Path(os.environ.get("HUB_GLOSSARY_FILE", DATA / "search" / "glossary.txt"))
WORDS = DATA / "search" / "words.txt"
TAGS = DATA / "tags.json"


def _lines(path: Path) -> list[str]:
    if not path.is_file():
        return []
    text = path.read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


@dataclass(frozen=True)
class Glossary:
    groups: tuple[tuple[str, ...], ...]  # folded, lower-cased terms; each group is one meaning

    @cached_property
    def _longest_first(self) -> list[tuple[str, tuple[str, ...]]]:
        return sorted(((t, g) for g in self.groups for t in g), key=lambda pair: len(pair[0]), reverse=True)

    def concepts(self, query: str) -> tuple[list[tuple[str, ...]], str]:
        """The glossary groups whose terms occur in `query`, and what is left of the query once the
        found terms are cut out (longest terms first)."""
        folded = fold(query).lower()
        rest, stripped = f" {folded} ", folded  # the padded and bare forms, redone only when a term is cut
        found: list[tuple[str, ...]] = []
        for term, group in self._longest_first:
            if _occurs(term, stripped, rest):
                if group not in found:
                    found.append(group)
                rest = rest.replace(term, " ")
                stripped = rest.strip()
        return found, " ".join(rest.split())

    def expansions(self, query: str) -> list[str]:
        """Terms meaning the same as a glossary term found in `query` (the query's own terms left out)."""
        folded = fold(query).lower()
        padded = f" {folded} "
        found: list[str] = []
        for group in self.groups:
            if any(_occurs(term, folded, padded) for term in group):
                found.extend(t for t in group if not _occurs(t, folded, padded) and t not in found)
        return found


def _occurs(term: str, folded: str, padded: str) -> bool:
    # Latin terms must stand as words ('rag' is not in 'storage'); Chinese terms are substrings.
    if term not in folded:  # most terms: not even a substring (checked in C), so they cannot occur
        return False
    if term.isascii():
        return f" {term} " in padded or any(
            folded[i : i + len(term)] == term
            and (i == 0 or not folded[i - 1].isalnum())
            and (i + len(term) == len(folded) or not folded[i + len(term)].isalnum())
            for i in range(len(folded) - len(term) + 1)
        )
    return term in folded


_lock = threading.Lock()
_cache: dict[str, tuple[float, Glossary]] = {}


def glossary(path: Path | None = None) -> Glossary:
    path = path or GLOSSARY  # read at call time: a test (or an entry point) may point the module elsewhere
    mtime = path.stat().st_mtime_ns if path.is_file() else 0
    cached = _cache.get(str(path))
    if cached and cached[0] == mtime:
        return cached[1]
    with _lock:
        groups = []
        for line in _lines(path):
            terms = tuple(dict.fromkeys(fold(t).lower() for t in line.split(",") if fold(t)))
            if len(terms) > 1:
                groups.append(terms)
        value = Glossary(tuple(groups))
        _cache[str(path)] = (mtime, value)
        return value


def segmentation_words() -> list[str]:
    """Words jieba must keep whole: glossary terms, tag labels and the extra word list."""
    words = [t for group in glossary().groups for t in group if not t.isascii()]
    words += _lines(WORDS)
    for group in json.loads(TAGS.read_text(encoding="utf-8"))["groups"]:
        for tag in group["children"]:
            words += [part for part in fold(tag["label"]).split(" ") if not part.isascii()]
    # Long compounds (多模态大模型) stay out: a query word must also be found where its parts stand apart.
    return sorted({fold(w) for w in words if 2 <= len(fold(w)) <= 4})
