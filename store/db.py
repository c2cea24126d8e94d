"""Engine and session factory for a database URL. SQLite (WAL, synchronous FULL) by default,
PostgreSQL by URL. The URL always comes from the caller (the entry point's settings)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets readers run beside the writer; FULL makes a commit durable before we acknowledge it.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.close()


# How long a writer waits for another writer's transaction (the worker's drain, an import batch).
BUSY_TIMEOUT_MS = 30_000


def _take_transaction_control(dbapi_connection, _record) -> None:
    # The sqlite3 module opens transactions on its own (only before INSERT/UPDATE/DELETE), so a
    # SAVEPOINT can start a transaction and its RELEASE commit it. Writers manage BEGIN themselves.
    dbapi_connection.isolation_level = None


def _begin_immediate(connection) -> None:
    # Take the write lock at BEGIN (waiting up to the busy timeout): a deferred transaction that read
    # first and then writes after another connection committed fails at once with "database is locked".
    connection.exec_driver_sql("BEGIN IMMEDIATE")


@lru_cache(maxsize=16)
def get_engine(url: str) -> Engine:
    """One engine (and connection pool) per URL for the whole process."""
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


@lru_cache(maxsize=16)
def get_writer_engine(url: str) -> Engine:
    """The engine for bulk writers (imports) that run beside the worker. On SQLite its own pool whose
    transactions are explicit BEGIN IMMEDIATE ... COMMIT, so savepoints nest inside them correctly and
    a writer waits for the lock instead of failing; elsewhere the ordinary engine."""
    if not url.startswith("sqlite:///"):
        return get_engine(url)
    Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _sqlite_pragmas)
    event.listen(engine, "connect", _take_transaction_control)
    event.listen(engine, "begin", _begin_immediate)
    return engine


def session_factory(url: str) -> sessionmaker[Session]:
    return sessionmaker(bind=get_engine(url), expire_on_commit=False)


def writer_session_factory(url: str) -> sessionmaker[Session]:
    """Sessions for batched bulk writes (see get_writer_engine); one transaction per batch."""
    return sessionmaker(bind=get_writer_engine(url), expire_on_commit=False)


@contextmanager
def session_scope(make_session: sessionmaker[Session]) -> Iterator[Session]:
    """A session that commits on success and rolls back on error."""
    session = make_session()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()
