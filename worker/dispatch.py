"""Called after a write commits: ask the worker to drain the outbox now.

Best effort by design: if Redis is down the entry is already durable in the outbox and the beat
schedule drains it once Redis is back."""

from __future__ import annotations

import logging

from worker.app import celery_app

log = logging.getLogger(__name__)


DRAIN_TASK = "hub.drain_outbox"  # worker/tasks.py registers it; sent by name, so no import runs back there


def kick_outbox() -> bool:
    try:
        # By the registered task when this process has it (the worker; eager mode in tests runs it here),
        # else by name: either way without importing worker.tasks.
        task = celery_app.tasks.get(DRAIN_TASK)
        if task is not None:
            task.apply_async(retry=False, expires=60)
        else:
            celery_app.send_task(DRAIN_TASK, retry=False, expires=60)
        return True
    except Exception as exc:  # broker unreachable
        log.warning("could not reach the broker, outbox will be drained later: %s", exc)
        return False
