"""Acronyms learnt from the corpus (issue 36, item 3), the indexer's side: every document the drain or a
rebuild sends is mined for the pairs it defines (analysis/acronyms.py) from what its document holds (title,
summary, content), and its contribution is recorded with the batch (store/acronym_pairs.py). The search reads
the pairs that act as part of the glossary (`GlossaryWithAcronyms`).

Cheap on purpose: a document's text is only folded and parsed when a bracket opens on a capital letter
somewhere in it, which most documents never do."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

import kinds
from analysis.acronyms import defined_pairs, merged_glossary
from analysis.normalize import plain_text
from store import acronym_pairs
from store.word_lists import CHECK_SECONDS, WordListSource

Key = tuple[str, int]
MINED_FIELDS = ("title", "title_cn", "summary", "content")
# `(KG`, `（KG`, `( KG`: the only shape a definition can take (full-width brackets before folding too).
_MAY_DEFINE = re.compile(r"[(（]\s*[A-Z]")


def document_pairs(source: dict) -> list[tuple[str, str]]:
    """The pairs one document (its `_source`) defines."""
    texts = [source.get(field) for field in MINED_FIELDS]
    texts = [text for text in texts if isinstance(text, str) and text]
    if not any(_MAY_DEFINE.search(text) for text in texts):
        return []
    # a space where each tag was: blocks of HTML must not run into each other (标题</h2><p>正文)
    return defined_pairs("\n".join(plain_text(t.replace("<", " <")) if "<" in t else t for t in texts))


def mined(planned: dict[Key, list[dict]], refused: set[Key] = frozenset()) -> dict[Key, list[tuple[str, str]]]:
    """What each row of a sent batch defines now: an indexed document its pairs, a deleted one nothing.
    Rows the engine refused keep what they defined before (they are left out)."""
    found: dict[Key, list[tuple[str, str]]] = {}
    for key, actions in planned.items():
        if key in refused:
            continue
        indexed = [a for a in actions if a.get("_op_type") == "index"]
        found[key] = document_pairs(indexed[0]["_source"]) if indexed else []
    return found


def record_mined(session: Session, found: dict[Key, list[tuple[str, str]]]) -> None:
    """Record what rows define (`mined`) in the caller's transaction; republish the acting pairs if they moved."""
    if acronym_pairs.record(session, found):
        acronym_pairs.publish(session)


def record_batch(session: Session, planned: dict[Key, list[dict]], refused: set[Key] = frozenset()) -> None:
    """Record a sent batch's pairs (rows the engine refused left as they were)."""
    record_mined(session, mined(planned, refused))


def forget_gone_rows(session: Session) -> None:
    """After a full rebuild: what documents whose rows no longer exist defined is forgotten."""
    changed = False
    for entity_type in kinds.entity_types():
        model = kinds.for_entity(entity_type).model
        changed |= acronym_pairs.forget_missing(session, entity_type, select(model.id))
    if changed:
        acronym_pairs.publish(session)


class GlossaryWithAcronyms:
    """The glossary source the search reads (analysis.vocabulary.use_glossary_source): the editors' glossary
    with the acting acronym pairs joined in. Its stamp holds both lists' versions, so answers cached under
    the old stamp are not served once either moves (api/read_cache.py)."""

    def __init__(self, glossary: WordListSource, acronyms: Callable[[], tuple[object, str]]):
        self.glossary, self.acronyms = glossary, acronyms
        self._lock = threading.Lock()
        self._merged: tuple[object, str] = (None, "")

    @classmethod
    def reading(cls, glossary: WordListSource, sessions: sessionmaker[Session]) -> GlossaryWithAcronyms:
        return cls(glossary, WordListSource(sessions, acronym_pairs.ACRONYMS, None, CHECK_SECONDS))

    def recheck(self) -> None:
        """Ask the database for both lists at the next read (this host applies its own edit at once)."""
        self.glossary.recheck()
        recheck = getattr(self.acronyms, "recheck", None)
        if recheck is not None:
            recheck()

    def __call__(self) -> tuple[object, str]:
        glossary_stamp, glossary_text = self.glossary()
        acronyms_stamp, acronyms_text = self.acronyms()
        stamp = (glossary_stamp, acronyms_stamp)
        merged = self._merged
        if merged[0] != stamp:
            with self._lock:
                merged = (stamp, merged_glossary(glossary_text, acronyms_text) if acronyms_text else glossary_text)
                self._merged = merged
        return merged


__all__ = ["GlossaryWithAcronyms", "document_pairs", "forget_gone_rows", "mined", "record_batch", "record_mined"]
