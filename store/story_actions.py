"""One row per user per story (votes, bookmarks, reports), safe under concurrent requests.

The primary key (user_id, story_id) is the guard: a flag is added with an insert that does nothing on
conflict and removed with a delete, and only the request whose statement changed a row moves the
story's counter, with `UPDATE ... SET n = n + 1` (or `- 1`, never below 0) in the same transaction.
The statement that changes the flag is the transaction's first write, so on SQLite it takes the
write lock (waiting for the busy timeout) before anything is counted; on PostgreSQL the conflicting
insert or delete waits for the other transaction and then affects no row."""

from __future__ import annotations

from typing import Any

from sqlalchemy import case, delete, update
from sqlalchemy.orm import Session

from store.models import Base, Story, utcnow
from store.writes import enqueue


def insert_ignoring_conflict(session: Session, model: type[Base], values: dict[str, Any]):
    dialect = session.get_bind().dialect.name
    if dialect == "sqlite":
        from sqlalchemy.dialects.sqlite import insert
    elif dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:  # pragma: no cover - the project runs on SQLite and PostgreSQL only
        raise NotImplementedError(dialect)
    return insert(model).values(**values).on_conflict_do_nothing()


def add_flag(session: Session, model: type[Base], user_id: int, story_id: int, **extra: Any) -> bool:
    """Insert the (user, story) row unless it exists; True when this call inserted it."""
    values = {"user_id": user_id, "story_id": story_id, "created_at": utcnow(), **extra}
    return session.execute(insert_ignoring_conflict(session, model, values)).rowcount == 1


def remove_flag(session: Session, model: type[Base], user_id: int, story_id: int) -> bool:
    """Delete the (user, story) row; True when this call deleted it."""
    query = delete(model).where(model.user_id == user_id, model.story_id == story_id)
    return session.execute(query).rowcount == 1


def move_counter(session: Session, story_id: int, column: str, delta: int) -> None:
    """Add `delta` (+1 or -1) to a story counter in the database (never below 0), bump the story's
    version and enqueue it, so lists and search follow through the outbox."""
    counter = getattr(Story, column)
    value = counter + delta if delta > 0 else case((counter + delta > 0, counter + delta), else_=0)
    session.execute(
        update(Story)
        .where(Story.id == story_id)
        .values({column: value, "version": Story.version + 1, "updated_at": utcnow()})
        .execution_options(synchronize_session=False)
    )
    enqueue(session, Story.outbox_type, story_id)


__all__ = ["add_flag", "insert_ignoring_conflict", "move_counter", "remove_flag"]
