"""Writes to indexed rows. A change bumps the row's version and adds an outbox entry in the same
transaction, so the index learns of it even if Redis or Elasticsearch is down at commit time.
An upsert that changes nothing writes nothing (re-imports are no-ops)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from typing import Any

from sqlalchemy import insert as sql_insert
from sqlalchemy import select
from sqlalchemy.orm import Session

from store.models import Base, LinkStatus, OutboxEntry, Story, User, Versioned, utcnow
from store.outbox_hook import note_outbox_written


def enqueue(session: Session, entity_type: str, entity_id: int) -> None:
    session.add(OutboxEntry(entity_type=entity_type, entity_id=entity_id))
    note_outbox_written(session)


def _naive_utc(value: datetime) -> datetime:
    return value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value


def _same(old: Any, new: Any) -> bool:
    if isinstance(old, datetime) and isinstance(new, datetime):
        # SQLite hands datetimes back naive (stored as UTC).
        return _naive_utc(old) == _naive_utc(new)
    return old == new


def _apply(row: Versioned, fields: dict[str, Any]) -> frozenset[str]:
    """Set the fields that differ; the names of those that did."""
    changed = []
    for key, value in fields.items():
        if not _same(getattr(row, key), value):
            setattr(row, key, value)
            changed.append(key)
    return frozenset(changed)


def upsert(
    session: Session,
    model: type[Versioned],
    key: dict[str, Any],
    fields: dict[str, Any],
    keep_on_update: tuple[str, ...] = (),
) -> str:
    """Insert or update one `model` row found by `key`. Returns 'created', 'updated' or 'unchanged'.

    Fields named in `keep_on_update` are only set when the row is created (relative import dates).
    Inside `batched_writes(session)` the row is looked up in the batch and written at its end.
    """
    batch: BatchWrites | None = session.info.get(_BATCH)
    if batch is not None:
        return batch.upsert(model, key, fields, keep_on_update)
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
    changed = _apply(row, update)
    if not changed:
        return "unchanged"
    row.version += 1
    row.updated_at = utcnow()
    session.flush()
    _after_change(session, row, changed)
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


# What story and link-status documents show of their author: a change to anything else of a user (the
# region, the e-mail, the score) rebuilds the person's document only, not every story they wrote.
AUTHOR_FIELDS = frozenset({"name", "avatar_url", "arxiv_name", "activity_sheet"})


# Called in the writing transaction with each written row (ids known) and the fields that changed (None:
# new). Registered from above the store: kinds/code_links.py joins papers and code (store cannot import the
# text readers it needs).
RowsWritten = Callable[[Session, list[tuple[Versioned, frozenset[str] | None]]], None]
_ON_WRITTEN: list[RowsWritten] = []


def on_rows_written(hook: RowsWritten) -> None:
    if hook not in _ON_WRITTEN:
        _ON_WRITTEN.append(hook)


def _rows_written(session: Session, rows: list[tuple[Versioned, frozenset[str] | None]]) -> None:
    for hook in _ON_WRITTEN:
        hook(session, rows)


def _after_change(session: Session, row: Versioned, changed: frozenset[str] | None = None) -> None:
    for entity_type, entity_id in _outbox_keys(session, row, changed):
        enqueue(session, entity_type, entity_id)
    _rows_written(session, [(row, changed)])


def _outbox_keys(session: Session, row: Versioned, changed: frozenset[str] | None = None) -> list[tuple[str, int]]:
    """The row's own entry, and those of the documents that show it. `changed`: the fields that changed
    (None: the row is new or changed as a whole)."""
    keys = [(row.outbox_type, row.id)]
    if isinstance(row, User) and (changed is None or changed & AUTHOR_FIELDS):
        # Story documents embed the author's name and avatar: rebuild them too.
        keys += [(Story.outbox_type, i) for i in session.scalars(select(Story.id).where(Story.user_id == row.id))]
        # So do link statuses.
        keys += [
            (LinkStatus.outbox_type, i)
            for i in session.scalars(select(LinkStatus.id).where(LinkStatus.user_id == row.id))
        ]
    return keys


__all__ = ["enqueue", "insert", "touch", "upsert"]


_BATCH = "hub_batched_writes"


def find(session: Session, model: type[Versioned], key: dict[str, Any]) -> Versioned | None:
    """The `model` row with `key` (one column), from the current batch when there is one."""
    batch: BatchWrites | None = session.info.get(_BATCH)
    if batch is not None:
        return batch.find(model, key)
    return session.scalars(select(model).filter_by(**key)).one_or_none()


class BatchWrites:
    """Upserts of one import batch, written together: the batch's existing rows are read in one query
    per model (`preload`), new and changed rows go to the database in one flush at `finish` (the ORM
    sends same-table inserts as one executemany), then their outbox entries in the same transaction.
    Results equal one `upsert` after another; only the round trips differ."""

    def __init__(self, session: Session):
        self.session = session
        self._rows: dict[tuple, Versioned | None] = {}
        self._changed: list[Versioned] = []
        self._new: list[Versioned] = []  # added to the session at `finish`, in foreign-key order
        self._fields: dict[int, frozenset[str]] = {}  # per updated row (by id()): the fields that changed

    def preload(self, model: type[Versioned], column: str, values: list[Any]) -> None:
        wanted = [v for v in dict.fromkeys(values) if v is not None and (model, column, v) not in self._rows]
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            found = {
                getattr(r, column): r
                for r in self.session.scalars(select(model).where(getattr(model, column).in_(chunk)))
            }
            for value in chunk:
                self._rows[(model, column, value)] = found.get(value)

    def find(self, model: type[Versioned], key: dict[str, Any]) -> Versioned | None:
        [(column, value)] = key.items()
        if (model, column, value) not in self._rows:
            with self.session.no_autoflush:
                self._rows[(model, column, value)] = self.session.scalars(select(model).filter_by(**key)).one_or_none()
        return self._rows[(model, column, value)]

    def upsert(self, model: type[Versioned], key: dict[str, Any], fields: dict[str, Any], keep: tuple[str, ...]) -> str:
        row = self.find(model, key)
        if row is None:
            row = model(**key, **fields)
            row.version = 1
            row.updated_at = utcnow()
            [(column, value)] = key.items()
            self._rows[(model, column, value)] = row
            self._new.append(row)
            self._changed.append(row)
            return "created"
        changed = _apply(row, {k: v for k, v in fields.items() if k not in keep})
        if not changed:
            return "unchanged"
        row.version += 1
        row.updated_at = utcnow()
        self._changed.append(row)
        self._fields[id(row)] = changed
        return "updated"

    def finish(self) -> None:
        """Write the rows (ids are known afterwards), then their outbox entries."""
        # A user's stories and link statuses are those already stored before this batch (as if the
        # lines were written one by one: users come before the stories of the same import).
        with self.session.no_autoflush:
            dependants = {
                id(row): _outbox_keys(self.session, row, self._fields.get(id(row)))[1:]
                for row in self._changed
                if row.id is not None
            }
        # New rows table by table, referenced tables first (a story's new author before the story):
        # one flush of everything would leave the order of the tables' inserts to the ORM.
        by_table: dict = {}
        for row in self._new:
            by_table.setdefault(row.__table__, []).append(row)
        for table in sorted(by_table, key=_foreign_key_order().__getitem__):
            self.session.add_all(by_table[table])
            self.session.flush()
        self.session.flush()
        _rows_written(self.session, [(row, self._fields.get(id(row))) for row in self._changed])
        keys = [key for row in self._changed for key in [(row.outbox_type, row.id), *dependants.get(id(row), [])]]
        if keys:  # one executemany (ORM-added entries would each be an INSERT ... RETURNING id)
            now = utcnow()
            self.session.execute(
                sql_insert(OutboxEntry), [{"entity_type": t, "entity_id": i, "created_at": now} for t, i in keys]
            )
            note_outbox_written(self.session)
        self._changed, self._new, self._fields = [], [], {}


@cache
def _foreign_key_order() -> dict:
    """Each table's place with referenced tables first (sorted_tables sorts again on every access)."""
    return {table: number for number, table in enumerate(Base.metadata.sorted_tables)}


def batched_writes(session: Session) -> BatchWrites:
    """Start batching `upsert`s on `session` (until `end_batched_writes`)."""
    batch = BatchWrites(session)
    session.info[_BATCH] = batch
    return batch


def end_batched_writes(session: Session) -> None:
    session.info.pop(_BATCH, None)
