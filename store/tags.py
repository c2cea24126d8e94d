"""The static tag data in data/tags.json (spec section 3), shared by the API, the importer and the UI."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from sqlalchemy.orm import Session

from store.models import Tag

TAGS_FILE = Path(__file__).resolve().parent.parent / "data" / "tags.json"


@lru_cache(maxsize=1)
def tag_groups() -> list[dict]:
    return json.loads(TAGS_FILE.read_text(encoding="utf-8"))["groups"]


@lru_cache(maxsize=1)
def tags_by_id() -> dict[str, dict]:
    return {tag["id"]: {**tag, "group_id": group["id"]} for group in tag_groups() for tag in group["children"]}


def tag_names(tag_ids: list[str]) -> list[dict]:
    """[{id, title}] in the stored order, unknown ids dropped."""
    known = tags_by_id()
    return [{"id": t, "title": known[t]["label"]} for t in tag_ids if t in known]


def sync_tags(session: Session) -> int:
    """Mirror the static data into the tags table (idempotent)."""
    for tag in tags_by_id().values():
        session.merge(
            Tag(
                id=tag["id"],
                group_id=tag["group_id"],
                label=tag["label"],
                description=tag.get("description"),
                description_cn=tag.get("description_cn"),
                model=tag.get("model", {}),
            )
        )
    return len(tags_by_id())
