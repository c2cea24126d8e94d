"""Kick after commit: once a transaction that wrote outbox entries has committed, ask for a drain now.

Whoever builds a session factory says what a kick is (the API publishes the drain task by name, the
worker and the CLI go through their Celery app) and registers it here once; `store/writes.py` marks the
session whenever it adds outbox entries. No write path calls a kick itself, so none can forget to.
Best effort like every kick: the entries are durable and the beat drains them anyway."""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker

log = logging.getLogger(__name__)

_WRITTEN = "hub_outbox_written"


def note_outbox_written(session: Session) -> None:
    session.info[_WRITTEN] = True


def kick_after_commit(factory: sessionmaker[Session], kick: Callable[[], object]) -> sessionmaker[Session]:
    """Call `kick` after each commit of a session from `factory` that wrote outbox entries."""

    def after_commit(session: Session) -> None:
        if session.info.pop(_WRITTEN, False):
            try:
                kick()
            except Exception:  # a kick never fails a write that has already committed
                log.warning("outbox kick failed; the beat drains the entries", exc_info=True)

    def after_rollback(session: Session) -> None:
        session.info.pop(_WRITTEN, None)

    event.listen(factory, "after_commit", after_commit)
    event.listen(factory, "after_rollback", after_rollback)
    return factory
