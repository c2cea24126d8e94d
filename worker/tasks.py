"""Tasks. Each calls a plain function that tests can call without Celery."""

from __future__ import annotations

import logging

from hub.config import get_settings
from indexer.client import get_client
from indexer.sync import drain_outbox, reindex_all
from store.db import session_factory
from worker.app import celery_app

log = logging.getLogger(__name__)


@celery_app.task(name="hub.drain_outbox", ignore_result=True)
def drain_outbox_task() -> int:
    settings = get_settings()
    try:
        return drain_outbox(session_factory(), get_client(), settings.index_alias, settings.outbox_batch)
    except Exception as exc:
        # No retry loop: the entries stay pending and the beat schedule drains them in 5 s.
        log.warning("outbox drain failed, entries stay pending: %s", exc)
        return -1


@celery_app.task(name="hub.reindex_all", bind=True)
def reindex_all_task(self) -> dict:
    settings = get_settings()

    def progress(done: int, total: int) -> None:
        self.update_state(state="PROGRESS", meta={"done": done, "total": total})

    return reindex_all(session_factory(), get_client(), settings.index_alias, progress)
