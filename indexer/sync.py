"""Bring the index in line with the database: drain the outbox, index one item, rebuild everything."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from datetime import timedelta

from elasticsearch import Elasticsearch
from elasticsearch.helpers import bulk
from sqlalchemy import delete, select
from sqlalchemy.orm import Session, sessionmaker

from hub.config import get_settings
from indexer import cache_generation, documents
from indexer.lifecycle import create_versioned_index, ensure_index, swap_alias
from store.models import Event, OutboxEntry, Paper, Project, Story, User, utcnow

log = logging.getLogger(__name__)


def _index_action(index: str, entity_type: str, key: object, version: int, body: dict) -> dict:
    # External versions come from the database row: replays and races can never go backwards.
    return {
        "_op_type": "index",
        "_index": index,
        "_id": documents.doc_id(entity_type, key),
        "version": version,
        "version_type": "external_gte",
        "_source": body,
    }


def _delete_action(index: str, entity_type: str, key: object) -> dict:
    return {"_op_type": "delete", "_index": index, "_id": documents.doc_id(entity_type, key)}


def actions_for(session: Session, index: str, entity_type: str, entity_id: int) -> list[dict]:
    """Actions that make the index agree with one row (index it, or delete it if gone)."""
    if entity_type == "story":
        story = session.get(Story, entity_id)
        if story is None or story.deleted_at is not None:
            return [_delete_action(index, "story", entity_id)]
        author = session.get(User, story.user_id) if story.user_id else None
        return [_index_action(index, "story", story.id, story.version, documents.story_document(story, author))]
    if entity_type == "paper":
        paper = session.get(Paper, entity_id)
        if paper is None:
            return []
        return [_index_action(index, "paper", paper.arxiv_id, paper.version, documents.paper_document(paper))]
    if entity_type == "event":
        event = session.get(Event, entity_id)
        if event is None:
            return [_delete_action(index, "event", entity_id)]
        return [_index_action(index, "event", event.id, event.version, documents.event_document(event))]
    if entity_type == "project":
        project = session.get(Project, entity_id)
        if project is None:
            return [_delete_action(index, "project", entity_id)]
        return [_index_action(index, "project", project.id, project.version, documents.project_document(project))]
    if entity_type == "user":
        user = session.get(User, entity_id)
        if user is None:
            return [_delete_action(index, "person", entity_id)]
        return [_index_action(index, "person", user.id, user.version, documents.person_document(user))]
    raise ValueError(f"unknown entity type {entity_type!r}")


MAX_ATTEMPTS = 20


def _send(es: Elasticsearch, actions: list[dict], refresh: str | bool = "wait_for") -> dict[str, str]:
    """Bulk-send; return {document id: error} for the rejections that matter.

    A version conflict means the index already holds a newer version, and deleting a missing
    document is what we wanted anyway: neither is a problem."""
    if not actions:
        return {}
    _, errors = bulk(es, actions, raise_on_error=False, raise_on_exception=True, refresh=refresh)
    problems = {}
    for error in errors:
        op, detail = next(iter(error.items()))
        if detail.get("status") == 409 or (detail.get("status") == 404 and op == "delete"):
            continue
        problems[str(detail.get("_id"))] = str(detail.get("error"))[:300]
    return problems


def drain_outbox(make_session: sessionmaker[Session], es: Elasticsearch, alias: str, batch: int = 500) -> int:
    """Index every pending outbox entry; return how many were indexed.

    An entry is marked processed only once Elasticsearch accepted its document. An outage (an
    exception) or a rejected document leaves it pending for the next call (the beat schedule runs
    every few seconds); after MAX_ATTEMPTS rejections it is set aside with its last error, so one
    poisonous row cannot block the queue forever."""
    ensure_index(es, alias)
    done = 0
    last_id = 0
    while True:
        with make_session() as session:
            entries = session.scalars(
                select(OutboxEntry)
                .where(OutboxEntry.processed_at.is_(None), OutboxEntry.id > last_id)
                .order_by(OutboxEntry.id)
                .limit(batch)
            ).all()
            if not entries:
                break
            last_id = entries[-1].id
            planned = {
                key: actions_for(session, alias, *key)
                for key in dict.fromkeys((e.entity_type, e.entity_id) for e in entries)
            }
            try:
                problems = _send(es, [a for actions in planned.values() for a in actions])
            except Exception as exc:  # connection refused, timeout: keep the entries for the next run
                for entry in entries:
                    entry.attempts += 1
                    entry.last_error = str(exc)[:500]
                session.commit()
                raise
            now = utcnow()
            for entry in entries:
                entry.attempts += 1
                errors = [
                    problems[a["_id"]] for a in planned[(entry.entity_type, entry.entity_id)] if a["_id"] in problems
                ]
                entry.last_error = "; ".join(errors)[:500] or None
                if not errors:
                    entry.processed_at = now
                    done += 1
                elif entry.attempts >= MAX_ATTEMPTS:
                    entry.processed_at = now  # set aside; last_error says why
            session.commit()
            if problems:
                log.error("outbox: %d documents rejected, kept pending: %s", len(problems), list(problems.items())[:5])
        if len(entries) < batch:
            break
    _forget_old_entries(make_session)
    if done:
        # Cached anonymous reads of this alias are stale now.
        cache_generation.bump(get_settings().redis_url, alias)
    return done


def _forget_old_entries(make_session: sessionmaker[Session], keep: timedelta = timedelta(days=2)) -> None:
    with make_session() as session:
        session.execute(delete(OutboxEntry).where(OutboxEntry.processed_at < utcnow() - keep))
        session.commit()


def pending_count(make_session: sessionmaker[Session]) -> int:
    with make_session() as session:
        return len(session.scalars(select(OutboxEntry.id).where(OutboxEntry.processed_at.is_(None))).all())


def _all_rows(session: Session) -> Iterator[tuple[str, int]]:
    for entity_type, model in (
        ("story", Story),
        ("paper", Paper),
        ("event", Event),
        ("project", Project),
        ("user", User),
    ):
        for row_id in session.scalars(select(model.id).order_by(model.id)):
            yield entity_type, row_id


def _chunks(items: Iterable, size: int) -> Iterator[list]:
    chunk: list = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def reindex_all(make_session: sessionmaker[Session], es: Elasticsearch, alias: str, progress=None) -> dict:
    """Rebuild the whole index from the database into a new versioned index, then swap the alias.

    Outbox entries that arrive during the rebuild are drained again after the swap, so a write made
    while the rebuild runs is not lost."""
    started = utcnow()
    new_index = create_versioned_index(es, alias)
    count = 0
    with make_session() as session:
        keys = list(_all_rows(session))
        for chunk in _chunks(keys, 500):
            actions = [a for (t, i) in chunk for a in actions_for(session, new_index, t, i) if a["_op_type"] == "index"]
            problems = _send(es, actions, refresh=False)
            if problems:
                es.indices.delete(index=new_index, ignore_unavailable=True)
                raise RuntimeError(f"reindex failed: {list(problems.items())[:5]}")
            count += len(actions)
            if progress:
                progress(count, len(keys))
    es.indices.refresh(index=new_index)
    old = swap_alias(es, alias, new_index)
    cache_generation.bump(get_settings().redis_url, alias)
    with make_session() as session:
        for entry in session.scalars(select(OutboxEntry).where(OutboxEntry.created_at >= started)):
            entry.processed_at = None
        session.commit()
    drain_outbox(make_session, es, alias)
    return {"index": new_index, "documents": count, "removed": old}
