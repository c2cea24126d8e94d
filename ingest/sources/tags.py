"""A source's own labels (arXiv categories, GitHub topics, feed categories) to the hub's static tags."""

from __future__ import annotations

from collections.abc import Iterable

from kinds.common import TAG_LIMIT
from store.tags import tags_by_id


def tags_for(kind: str, terms: Iterable[str]) -> list[str]:
    """Tag ids for `terms`: a term that is a tag id or label, else the first tag whose model names the
    term for `kind` (data/tags.json: {"paper": "cs.CL", "project": "llm", ...}). At most TAG_LIMIT."""
    known = tags_by_id()
    by_label = {tag["label"].casefold(): tag_id for tag_id, tag in known.items()}
    by_model: dict[str, str] = {}
    for tag_id, tag in known.items():
        term = (tag.get("model") or {}).get(kind)
        if term:
            by_model.setdefault(term.casefold(), tag_id)
    found: list[str] = []
    for term in terms:
        text = (term or "").strip()
        tag_id = text if text in known else by_label.get(text.casefold()) or by_model.get(text.casefold())
        if tag_id and tag_id not in found:
            found.append(tag_id)
    return found[:TAG_LIMIT]


__all__ = ["tags_for"]
