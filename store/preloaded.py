"""Values a document build loads for a whole chunk of rows in one query each (indexer/building.py), kept on
the session until the chunk is built, so each row's document reads them without a query of its own. A
document built on its own finds nothing kept and asks the database."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

_KEY = "hub_preloaded"


def keep(session: Session, family: str, values: dict) -> None:
    session.info.setdefault(_KEY, {}).setdefault(family, {}).update(values)


def kept(session: Session, family: str, key: Any) -> Any | None:
    """The kept value, or None when this chunk did not load it."""
    return session.info.get(_KEY, {}).get(family, {}).get(key)


def forget(session: Session) -> None:
    session.info.pop(_KEY, None)


__all__ = ["forget", "keep", "kept"]
