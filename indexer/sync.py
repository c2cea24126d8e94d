"""Bring the index in line with the database: drain the outbox, rebuild everything.

Both look each row's kind up in the registry (kinds/). They receive what they need: a session
factory, a client, the alias, and `on_indexed`, called after documents changed (the worker passes a
cache-generation bump, so cached API reads go stale at once)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from datetime import timedelta

from elasticsearch import ConnectionError as EsConnectionError
from elasticsearch import ConnectionTimeout, Elasticsearch, TransportError
from elasticsearch.helpers import bulk, scan
from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session, sessionmaker

import kinds
from indexer import acronyms
from indexer.building import DocumentBuilder, Planned
from indexer.building import actions_for as actions_for  # re-exported: bench and tests build documents
from indexer.building import preload_rows as preload_rows
from indexer.lifecycle import (
    ADMIN_TIMEOUT,
    compact_after_load,
    create_versioned_index,
    ensure_index,
    restore_serving_settings,
    swap_alias,
)
from store import rejected
from store.models import OutboxEntry, utcnow

log = logging.getLogger(__name__)


MAX_ATTEMPTS = 20
REPLAY_MARGIN = timedelta(minutes=10)
# A bulk request may take long on a busy machine: it gets its own timeout and a few tries. Retrying
# is safe because documents carry external versions (a replay is a harmless version conflict).
BULK_TIMEOUT = 120.0
BULK_TRIES = 4


def _bulk_with_retries(es: Elasticsearch, actions: list[dict], refresh, timeout: float) -> list:
    for attempt in range(BULK_TRIES):
        try:
            _, errors = bulk(
                es, actions, raise_on_error=False, raise_on_exception=True, refresh=refresh, request_timeout=timeout
            )
            return errors
        except (ConnectionTimeout, EsConnectionError) as exc:
            if attempt == BULK_TRIES - 1:
                raise
            pause = 2**attempt
            log.warning("bulk request failed (%s); try %d of %d in %d s", exc, attempt + 2, BULK_TRIES, pause)
            time.sleep(pause)
    raise AssertionError("unreachable")


# Answers that say the engine cannot take writes now (full disk's read-only block, a full write queue, a
# tripped breaker, a shard moving), not that a document is wrong: the entry waits, it is not refused.
OUTAGE_ERRORS = frozenset(
    {
        "cluster_block_exception",
        "es_rejected_execution_exception",
        "circuit_breaking_exception",
        "unavailable_shards_exception",
        "no_shard_available_action_exception",
        "process_cluster_event_timeout_exception",
    }
)


class EngineBusy(TransportError):
    """Some documents of a bulk request met an outage (429, 5xx or a block): nothing was refused, try later."""

    def __init__(self, reasons: list[str]):
        super().__init__(429, "engine_busy", {"reasons": reasons[:5]})


def is_outage(status: int | None, error_type: str | None) -> bool:
    return status == 429 or (status is not None and status >= 500) or error_type in OUTAGE_ERRORS


def _error_type(error) -> str | None:
    return error.get("type") if isinstance(error, dict) else None


def _send(
    es: Elasticsearch, actions: list[dict], refresh: str | bool = "wait_for", timeout: float = BULK_TIMEOUT
) -> dict[str, str]:
    """Bulk-send; return {document id: error} for the rejections that matter.

    A version conflict means the index already holds a newer version, and deleting a missing
    document is what we wanted anyway: neither is a problem. A document that met an outage raises
    EngineBusy once the whole request is answered (the documents it did take are kept: sending them
    again later is a harmless version conflict)."""
    if not actions:
        return {}
    errors = _bulk_with_retries(es, actions, refresh, timeout)
    problems, outages = {}, []
    for error in errors:
        op, detail = next(iter(error.items()))
        status = detail.get("status")
        if status == 409 or (status == 404 and op == "delete"):
            continue
        if is_outage(status, _error_type(detail.get("error"))):
            outages.append(f"{status} {_error_type(detail.get('error')) or ''}".strip())
            continue
        problems[str(detail.get("_id"))] = str(detail.get("error"))[:300]
    if outages:
        raise EngineBusy(outages)
    return problems


OnIndexed = Callable[[], object]


def _refused_as_a_whole(exc: TransportError) -> bool:
    """A 4xx answer to the bulk request itself (not per document): retrying it unchanged never helps."""
    status = exc.status_code if isinstance(exc.status_code, int) else None
    return (
        not isinstance(exc, (ConnectionTimeout, EsConnectionError))
        and status is not None
        and 400 <= status < 500
        and not is_outage(status, exc.error if isinstance(exc.error, str) else None)
    )


def _send_one_by_one(es: Elasticsearch, planned: dict[tuple, list[dict]]) -> dict[str, str]:
    problems: dict[str, str] = {}
    for actions in planned.values():
        try:
            problems.update(_send(es, actions))
        except TransportError as exc:
            if not _refused_as_a_whole(exc):
                raise
            problems.update({a["_id"]: f"refused by the engine: {exc}"[:300] for a in actions})
    return problems


def drain_outbox(
    make_session: sessionmaker[Session],
    es: Elasticsearch,
    alias: str,
    batch: int = 500,
    on_indexed: OnIndexed | None = None,
    on_batch: Callable[[], object] | None = None,
    on_progress: Callable[[int], object] | None = None,
    processes: int = 1,
    shards: int | None = None,
) -> int:
    """Index every pending outbox entry; return how many were indexed. `on_batch` is called after
    each batch (the worker renews its drain lease there), `on_progress` with the number of entries
    handled so far (a drain job's progress). `processes` > 1 builds the documents of full batches in
    that many processes (indexer/building.py), the next batch while this one is sent.

    An entry is marked processed only once Elasticsearch accepted its document. An outage (an
    exception) or a rejected document leaves it pending for the next call (the beat schedule runs
    every few seconds); after MAX_ATTEMPTS rejections it is set aside with its last error, so one
    poisonous row cannot block the queue forever. Batches are sent without waiting for a refresh; the
    index is refreshed once at the end, before `on_indexed`. `shards`: of the index, should this
    drain create the first one."""
    ensure_index(es, alias, shards)
    done = 0
    handled = 0
    with DocumentBuilder(make_session, processes) as builder:
        upcoming = _pending_batch(make_session, builder, alias, 0, batch)
        while upcoming is not None:
            entries, built = upcoming
            # The next batch is read and handed to the builders before this one is sent.
            upcoming = (
                _pending_batch(make_session, builder, alias, entries[-1][0], batch) if len(entries) == batch else None
            )
            done += _send_batch(make_session, es, entries, built())
            handled += len(entries)
            if on_batch:
                on_batch()
            if on_progress:
                on_progress(handled)
    _forget_old_entries(make_session)
    if done:
        es.indices.refresh(index=alias, request_timeout=ADMIN_TIMEOUT)
    if done and on_indexed:
        on_indexed()
    return done


Entry = tuple[int, str, int]  # outbox id, entity type, entity id


def _pending_batch(
    make_session: sessionmaker[Session], builder: DocumentBuilder, alias: str, after: int, batch: int
) -> tuple[list[Entry], Callable[[], Planned]] | None:
    """The next `batch` pending entries after outbox id `after`, their documents being built."""
    with make_session() as session:
        entries = [
            tuple(row)
            for row in session.execute(
                select(OutboxEntry.id, OutboxEntry.entity_type, OutboxEntry.entity_id)
                .where(OutboxEntry.processed_at.is_(None), OutboxEntry.id > after)
                .order_by(OutboxEntry.id)
                .limit(batch)
            )
        ]
    if not entries:
        return None
    keys = list(dict.fromkeys((entity_type, entity_id) for _, entity_type, entity_id in entries))
    return entries, builder.submit(alias, keys)


def _send_batch(make_session: sessionmaker[Session], es: Elasticsearch, entries: list[Entry], planned: Planned) -> int:
    """Send one batch's actions and record each entry's outcome; returns how many were indexed.

    The outcome is written by statements over the batch's ids, not row by row through the ORM
    (loading and flushing 500 entries cost the drain a tenth of its time, issue 12); only entries
    whose documents were refused are loaded, to count their attempts and keep their errors."""
    ids = [entry_id for entry_id, _, _ in entries]
    try:
        problems = _send(es, [a for actions in planned.values() for a in actions], refresh=False)
    except TransportError as exc:
        if not _refused_as_a_whole(exc):
            # Connection refused, timeout, overload, a write block: an outage, not the entries' fault.
            # They stay pending without spending an attempt; the drain stops here (the beat tries again).
            with make_session() as session:
                _record(session, ids, attempt=False, last_error=str(exc)[:500])
                session.commit()
            raise
        # The engine refused the whole request (too large, unreadable): send each row alone, so
        # the culprit is found and set aside like any rejected document and the rest go through.
        problems = _send_one_by_one(es, planned)
    now = utcnow()
    refusals = {key: _refused(actions, problems) for key, actions in planned.items()}  # per row: its errors
    refused_ids = {entry_id for entry_id, *key in entries if refusals[tuple(key)]}
    with make_session() as session:
        _record(session, [i for i in ids if i not in refused_ids], last_error=None, processed_at=now)
        for entry in session.scalars(
            select(OutboxEntry).where(OutboxEntry.id.in_(refused_ids)).order_by(OutboxEntry.id)
        ):
            entry.attempts += 1
            entry.last_error = "; ".join(refusals[(entry.entity_type, entry.entity_id)])[:500]
            if entry.attempts >= MAX_ATTEMPTS:
                entry.processed_at = now  # set aside; last_error says why, and editors see it listed
                _set_aside(session, entry.entity_type, entry.entity_id, planned, problems)
        rejected.resolve(session, [key for key, errors in refusals.items() if not errors])
        acronyms.record_batch(session, planned, {key for key, errors in refusals.items() if errors})
        session.commit()
    if problems:
        log.error("outbox: %d documents rejected, kept pending: %s", len(problems), list(problems.items())[:5])
    return len(ids) - len(refused_ids)


def _record(session: Session, ids: list[int], attempt: bool = True, **values) -> None:
    """`values` set on these entries, and one more attempt counted unless an outage stopped them."""
    if ids:
        counted = {"attempts": OutboxEntry.attempts + 1} if attempt else {}
        session.execute(
            update(OutboxEntry)
            .where(OutboxEntry.id.in_(ids))
            .values(**counted, **values)
            .execution_options(synchronize_session=False)
        )


def _refused(actions: list[dict], problems: dict[str, str]) -> list[str]:
    return [problems[a["_id"]] for a in actions if a["_id"] in problems]


def _set_aside(
    session: Session,
    entity_type: str,
    entity_id: int,
    planned: dict[tuple, list[dict]],
    problems: dict[str, str],
    job_id: int | None = None,
) -> None:
    for action in planned[(entity_type, entity_id)]:
        if action["_id"] in problems:
            rejected.set_aside(session, entity_type, entity_id, action["_id"], problems[action["_id"]], job_id)


def _forget_old_entries(make_session: sessionmaker[Session], keep: timedelta = timedelta(days=2)) -> None:
    with make_session() as session:
        session.execute(delete(OutboxEntry).where(OutboxEntry.processed_at < utcnow() - keep))
        session.commit()


def pending_count(make_session: sessionmaker[Session]) -> int:
    with make_session() as session:
        return session.scalar(select(func.count()).select_from(OutboxEntry).where(OutboxEntry.processed_at.is_(None)))


def _count_rows(session: Session, entity_types: list[str] | None = None) -> int:
    return sum(
        session.scalar(select(func.count()).select_from(kinds.for_entity(t).model)) or 0
        for t in entity_types or kinds.entity_types()
    )


def _all_rows(session: Session, entity_types: list[str] | None = None, page: int = 5000) -> Iterator[tuple[str, int]]:
    """Every row's key, read a page at a time in id order (keyset paging): memory holds one page."""
    for entity_type in entity_types or kinds.entity_types():
        model = kinds.for_entity(entity_type).model
        last: int | None = None
        while True:
            query = select(model.id).order_by(model.id).limit(page)
            if last is not None:
                query = query.where(model.id > last)
            ids = session.scalars(query).all()
            yield from ((entity_type, row_id) for row_id in ids)
            if len(ids) < page:
                break
            last = ids[-1]


def _chunks(items: Iterable, size: int) -> Iterator[list]:
    chunk: list = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class Cancelled(Exception):  # noqa: N818 (a state, not an error)
    """Raised by a progress hook to stop a rebuild between chunks (an editor cancelled the job)."""


Progress = Callable[[int, int], object]


def reindex_all(
    make_session: sessionmaker[Session],
    es: Elasticsearch,
    alias: str,
    progress: Progress | None = None,
    on_indexed: OnIndexed | None = None,
    on_index_created: Callable[[str], object] | None = None,
    job_id: int | None = None,
    chunk_size: int = 500,
    processes: int = 1,
    shards: int | None = None,
) -> dict:
    """Rebuild the whole index from the database into a new versioned index, then swap the alias.

    `progress(done, total)` is called after every chunk; it may raise (Cancelled) to stop the rebuild.
    Documents the engine refuses are set aside (store/rejected.py) and the rebuild goes on. If the
    rebuild stops with an error or is cancelled, the half-built index is deleted; the alias only
    ever moves to a complete index. Outbox entries that arrive during the rebuild are drained again
    after the swap, so a write made while the rebuild runs is not lost."""
    started = utcnow()
    new_index = create_versioned_index(es, alias, bulk_load=True, shards=shards)
    if on_index_created:
        on_index_created(new_index)
    try:
        count, refused = _fill(make_session, es, new_index, progress, job_id, chunk_size, processes=processes)
        compact_after_load(es, new_index)  # before anyone reads it: few segments, faster searches
        restore_serving_settings(es, new_index)
        es.indices.refresh(index=new_index, request_timeout=ADMIN_TIMEOUT)
    except Exception:
        es.indices.delete(index=new_index, ignore_unavailable=True, request_timeout=ADMIN_TIMEOUT)
        raise
    with make_session() as session:
        acronyms.forget_gone_rows(session)
        session.commit()
    old = swap_alias(es, alias, new_index)
    if on_indexed:
        on_indexed()
    _replay_since(make_session, started)
    drain_outbox(make_session, es, alias, on_indexed=on_indexed, processes=processes, shards=shards)
    return {"index": new_index, "documents": count, "rejected": refused, "removed": old}


def _fill(
    make_session: sessionmaker[Session],
    es: Elasticsearch,
    index: str,
    progress: Progress | None,
    job_id: int | None,
    chunk_size: int,
    entity_types: list[str] | None = None,
    processes: int = 1,
) -> tuple[int, int]:
    """Index every row (of `entity_types`, default all) into `index`; return (indexed, set aside).
    With `processes` > 1 the next chunk's documents are built in a pool while this one is sent."""
    count = refused = handled = 0
    with make_session() as session, make_session() as key_session, DocumentBuilder(make_session, processes) as builder:
        # Keys come from a session of their own, so the chunks' commits do not disturb the paging.
        total = _count_rows(key_session, entity_types)
        chunks = _chunks(_all_rows(key_session, entity_types), chunk_size)
        upcoming = _submitted(builder, index, chunks)
        while upcoming is not None:
            chunk, built = upcoming
            upcoming = _submitted(builder, index, chunks)  # built while this chunk is sent
            planned = built()
            mined = acronyms.mined(planned)  # before the deletes are dropped: an unlisted row defines nothing
            if entity_types is None:  # a fresh index: nothing to delete
                planned = {k: [a for a in v if a["_op_type"] == "index"] for k, v in planned.items()}
            problems = _send_one_by_one_if_refused(es, planned)
            bad = [key for key, actions in planned.items() if _refused(actions, problems)]
            acronyms.record_mined(session, {key: pairs for key, pairs in mined.items() if key not in set(bad)})
            for entity_type, entity_id in bad:
                _set_aside(session, entity_type, entity_id, planned, problems, job_id)
            rejected.resolve(session, [key for key in planned if key not in set(bad)])
            session.commit()
            indexed = [k for k, actions in planned.items() if any(a["_op_type"] == "index" for a in actions)]
            count += len(set(indexed) - set(bad))
            refused += len(bad)
            handled += len(chunk)
            if bad:
                log.error("reindex: %d documents set aside: %s", len(bad), list(problems.items())[:3])
            session.expunge_all()  # memory holds one chunk (and one being built)
            if progress:
                progress(handled, max(total, handled))
    return count, refused


def _submitted(
    builder: DocumentBuilder, index: str, chunks: Iterator[list]
) -> tuple[list, Callable[[], Planned]] | None:
    chunk = next(chunks, None)
    return None if chunk is None else (chunk, builder.submit(index, chunk))


def _send_one_by_one_if_refused(es: Elasticsearch, planned: dict[tuple, list[dict]]) -> dict[str, str]:
    try:
        return _send(es, [a for actions in planned.values() for a in actions], refresh=False)
    except TransportError as exc:
        if not _refused_as_a_whole(exc):
            raise
        return _send_one_by_one(es, planned)


def _replay_since(make_session: sessionmaker[Session], started) -> None:
    with make_session() as session:
        # An entry is stamped when its transaction writes it, not when it commits: one stamped just
        # before the rebuild began may commit after the rebuild read its row, and may already have
        # been drained into the old index. Replaying a margin before the start catches those; a
        # replayed unchanged row is a harmless version conflict.
        replay_from = started - REPLAY_MARGIN
        for entry in session.scalars(select(OutboxEntry).where(OutboxEntry.created_at >= replay_from)):
            entry.processed_at = None
        session.commit()


def reindex_kind(
    make_session: sessionmaker[Session],
    es: Elasticsearch,
    alias: str,
    entity_type: str,
    progress: Progress | None = None,
    on_indexed: OnIndexed | None = None,
    job_id: int | None = None,
    chunk_size: int = 500,
    processes: int = 1,
    shards: int | None = None,
) -> dict:
    """Rebuild one kind's documents in place, in the live index (a kind's document code changed, the
    mapping did not; a mapping change needs `reindex_all`). Every row of the kind is indexed again
    (or deleted if unlisted), then documents of the kind without a row are deleted. The alias does
    not move, so a cancelled run leaves a complete index: some documents rebuilt, the rest as before."""
    kind = kinds.for_entity(entity_type)
    ensure_index(es, alias, shards)
    count, refused = _fill(make_session, es, alias, progress, job_id, chunk_size, [entity_type], processes)
    with make_session() as session:
        wanted = {kind.doc_id(kind.key(row)) for row in session.scalars(select(kind.model))}
    strays = [
        {"_op_type": "delete", "_index": alias, "_id": hit["_id"]}
        for hit in scan(es, index=alias, query={"query": {"term": {"type": kind.name}}}, _source=False)
        if hit["_id"] not in wanted
    ]
    _send(es, strays, refresh=False)
    es.indices.refresh(index=alias, request_timeout=ADMIN_TIMEOUT)
    compact_after_load(es, alias, indexed=count)  # a kind that is much of the index was a bulk load
    if on_indexed:
        on_indexed()
    return {"index": alias, "documents": count, "rejected": refused, "removed": len(strays)}
