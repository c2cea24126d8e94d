"""Writes to indexed rows. A change bumps the row's version and adds an outbox entry in the same
transaction, so the index learns of it even if Redis or Elasticsearch is down at commit time.
An upsert that changes nothing writes nothing (re-imports are no-ops)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from store.models import LinkStatus, OutboxEntry, Story, User, Versioned, utcnow


def enqueue(session: Session, entity_type: str, entity_id: int) -> None:
    session.add(OutboxEntry(entity_type=entity_type, entity_id=entity_id))


def _naive_utc(value: datetime) -> datetime:
    return value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value


def _same(old: Any, new: Any) -> bool:
    if isinstance(old, datetime) and isinstance(new, datetime):
        # SQLite hands datetimes back naive (stored as UTC).
        return _naive_utc(old) == _naive_utc(new)
    return old == new


def _apply(row: Versioned, fields: dict[str, Any]) -> bool:
    changed = False
    for key, value in fields.items():
        if not _same(getattr(row, key), value):
            setattr(row, key, value)
            changed = True
    return changed


def upsert(
    session: Session,
    model: type[Versioned],
    key: dict[str, Any],
    fields: dict[str, Any],
    keep_on_update: tuple[str, ...] = (),
) -> str:
    """Insert or update one `model` row found by `key`. Returns 'created', 'updated' or 'unchanged'.

    Fields named in `keep_on_update` are only set when the row is created (relative import dates).
    """
    row = session.scalars(select(model).filter_by(**key)).one_or_none()
    if row is None:
        row = model(**key, **fields)
        row.version = 1
        row.updated_at = utcnow()
        session.add(row)
        session.flush()
        _after_change(session, row)
        return "created"
    update = {k: v for k, v in fields.items() if k not in keep_on_update}
    if not _apply(row, update):
        return "unchanged"
    row.version += 1
    row.updated_at = utcnow()
    session.flush()
    _after_change(session, row)
    return "updated"


def insert(session: Session, row: Versioned) -> None:
    """Add a new row (version 1) and its outbox entry; the id is known afterwards."""
    row.version = 1
    row.updated_at = utcnow()
    session.add(row)
    session.flush()
    _after_change(session, row)


def touch(session: Session, row: Versioned) -> None:
    """Record a change already made to `row` (soft delete, moderation): bump its version, enqueue it."""
    row.version += 1
    row.updated_at = utcnow()
    session.flush()
    _after_change(session, row)


def _after_change(session: Session, row: Versioned) -> None:
    enqueue(session, row.outbox_type, row.id)
    if isinstance(row, User):
        # Story documents embed the author's name and avatar: rebuild them too.
        for story_id in session.scalars(select(Story.id).where(Story.user_id == row.id)):
            enqueue(session, Story.outbox_type, story_id)
        # So do link statuses.
        for status_id in session.scalars(select(LinkStatus.id).where(LinkStatus.user_id == row.id)):
            enqueue(session, LinkStatus.outbox_type, status_id)


__all__ = ["enqueue", "insert", "touch", "upsert"]
