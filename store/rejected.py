"""Documents the engine refused, set aside per row (entity) with the engine's reason, so that a
reindex or a drain goes on with the other rows. An editor fixes the row and retries it: the retry
enqueues the row through the outbox, and the row leaves this list once a drain indexes it."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from store.models import RejectedDocument, utcnow
from store.writes import enqueue


def set_aside(
    session: Session, entity_type: str, entity_id: int, doc_id: str, reason: str, job_id: int | None = None
) -> None:
    """Record (or refresh) the engine's refusal of one row's document."""
    row = session.scalars(
        select(RejectedDocument).where(
            RejectedDocument.entity_type == entity_type, RejectedDocument.entity_id == entity_id
        )
    ).one_or_none()
    if row is None:
        session.add(
            RejectedDocument(
                entity_type=entity_type, entity_id=entity_id, doc_id=doc_id, reason=reason[:2000], job_id=job_id
            )
        )
    else:
        row.doc_id, row.reason, row.job_id, row.created_at, row.retried_at = (
            doc_id,
            reason[:2000],
            job_id,
            utcnow(),
            None,
        )
    session.flush()


def resolve(session: Session, entities: Iterable[tuple[str, int]]) -> None:
    """These rows were indexed: they are no longer set aside."""
    by_type: dict[str, list[int]] = {}
    for entity_type, entity_id in entities:
        by_type.setdefault(entity_type, []).append(entity_id)
    for entity_type, ids in by_type.items():
        session.execute(
            delete(RejectedDocument)
            .where(RejectedDocument.entity_type == entity_type, RejectedDocument.entity_id.in_(ids))
            .execution_options(synchronize_session=False)
        )


def listed(session: Session, limit: int = 200) -> list[RejectedDocument]:
    return list(session.scalars(select(RejectedDocument).order_by(RejectedDocument.id.desc()).limit(limit)))


def retry(session: Session, rejected_id: int) -> RejectedDocument | None:
    """Send the row through the outbox again (after it was fixed); None when there is no such entry."""
    row = session.get(RejectedDocument, rejected_id)
    if row is None:
        return None
    enqueue(session, row.entity_type, row.entity_id)
    row.retried_at = utcnow()
    session.flush()
    return row


__all__ = ["listed", "resolve", "retry", "set_aside"]
