"""Building documents (the bulk actions that make the index agree with rows), in this process or in a
small pool of processes.

Why a pool: building a document is CPU work in Python (text analysis, payload), and one process
builds at most one core's worth while the engine could take several times more. The drain and the
rebuilds therefore hand the building of the *next* batch to `DocumentBuilder` workers while the
main process sends the current one to the engine and records the outcome in the database. Each
worker opens its own database connection and reads the rows itself (nothing but keys and finished
actions cross the process boundary). Ordering and versions are untouched: the main process still
sends one batch at a time, in outbox order, and each action carries the external version read from
its row, so a document built from an older row than the index holds is refused as a conflict
exactly as before. With one process (or a database only this process can open) the documents are
built here, as they always were."""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

import kinds
from store import preloaded
from store.heat import forget_preloaded_heat

log = logging.getLogger(__name__)

Key = tuple[str, int]
Planned = dict[Key, list[dict]]


def _index_action(index: str, doc_id: str, version: int, body: dict) -> dict:
    # External versions come from the database row: replays and races can never go backwards.
    return {
        "_op_type": "index",
        "_index": index,
        "_id": doc_id,
        "version": version,
        "version_type": "external_gte",
        "_source": body,
    }


def _delete_action(index: str, doc_id: str, version: int) -> dict:
    # A soft-deleted row is deleted with its version: the index keeps a tombstone at that version, so
    # a late index action built before the delete (a lower version) is refused as a conflict.
    return {"_op_type": "delete", "_index": index, "_id": doc_id, "version": version, "version_type": "external_gte"}


def actions_for(session: Session, index: str, entity_type: str, entity_id: int) -> list[dict]:
    """Actions that make the index agree with one row (index it, or delete it if gone)."""
    kind = kinds.for_entity(entity_type)
    row = session.get(kind.model, entity_id)
    if row is None:
        key = kind.gone_key(entity_id)
        return [] if key is None else [{"_op_type": "delete", "_index": index, "_id": kind.doc_id(key)}]
    if not kind.is_listed(row):
        return [_delete_action(index, kind.doc_id(kind.key(row)), row.version)]
    return [_index_action(index, kind.doc_id(kind.key(row)), row.version, kind.document(session, row))]


def preload_rows(session: Session, keys: Iterable[Key]) -> list:
    """Load the rows of many (entity type, id) keys, and what their documents read, in a few queries
    per kind instead of several per row. Returns the loaded objects: keep them while building the
    documents (actions_for then finds them in the identity map); call forget_preloaded_heat after."""
    by_type: dict[str, list[int]] = {}
    for entity_type, entity_id in keys:
        by_type.setdefault(entity_type, []).append(entity_id)
    kept: list = []
    for entity_type, ids in by_type.items():
        kind = kinds.for_entity(entity_type)
        rows = session.scalars(select(kind.model).where(kind.model.id.in_(ids))).all()
        kept += rows
        kept += kind.preload(session, list(rows))
    return kept


def build_actions(session: Session, index: str, keys: list[Key]) -> Planned:
    """The actions for each key, its rows loaded in a few queries."""
    loaded = preload_rows(session, keys)
    planned = {key: actions_for(session, index, *key) for key in keys}
    del loaded
    forget_preloaded_heat(session)
    preloaded.forget(session)
    session.expunge_all()  # memory holds one chunk
    return planned


# In a worker process: its own sessions on the parent's database.
_worker_sessions: sessionmaker[Session] | None = None


def _start_worker(url: str) -> None:
    global _worker_sessions
    from store.db import session_factory

    _worker_sessions = session_factory(url)


def _build_in_worker(index: str, keys: list[Key]) -> Planned:
    assert _worker_sessions is not None
    with _worker_sessions() as session:
        return build_actions(session, index, keys)


def default_processes() -> int:
    return os.cpu_count() or 1


def _shared_url(make_session: sessionmaker[Session]) -> str | None:
    """The URL other processes can open the same database with (None: an in-memory SQLite database)."""
    bind = make_session.kw.get("bind")
    url = getattr(bind, "url", None)
    if url is None or (url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")):
        return None
    return url.render_as_string(hide_password=False)


class DocumentBuilder:
    """`submit(index, keys)` starts building the keys' actions and returns a function that waits for
    them (a dict in key order). In a pool when `processes` > 1 and the batch is worth it, else here.
    Use as a context manager: the pool is started on first use and stopped on exit."""

    # Below this many keys a batch is built here: starting the workers (importing the kinds, loading
    # the segmentation dictionary: about a second) costs more than building a few documents.
    MIN_POOLED = 200
    PIECES_PER_PROCESS = 2  # smaller pieces than one per process even out unequal documents

    def __init__(self, make_session: sessionmaker[Session], processes: int = 1):
        self._make_session = make_session
        self._url = _shared_url(make_session) if processes > 1 else None
        self._processes = processes if self._url else 1
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> DocumentBuilder:
        return self

    def __exit__(self, *_exc) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def submit(self, index: str, keys: list[Key]) -> Callable[[], Planned]:
        if self._processes <= 1 or len(keys) < self.MIN_POOLED:
            return lambda: self._build_here(index, keys)
        pool = self._started()
        size = -(-len(keys) // (self._processes * self.PIECES_PER_PROCESS))
        futures: list[Future] = [
            pool.submit(_build_in_worker, index, keys[start : start + size]) for start in range(0, len(keys), size)
        ]

        def gather() -> Planned:
            planned: Planned = {}
            for future in futures:
                planned.update(future.result())
            return planned

        return gather

    def _build_here(self, index: str, keys: list[Key]) -> Planned:
        with self._make_session() as session:
            return build_actions(session, index, keys)

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: workers start from a clean interpreter, not a copy of this process's threads,
            # sockets and connection pools (the worker's Celery and Redis connections, the ES client).
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(
                self._processes, mp_context=context, initializer=_start_worker, initargs=(self._url,)
            )
            log.info("building documents in %d processes", self._processes)
        return self._pool
