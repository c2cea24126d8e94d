"""Called after a write commits: ask the worker to drain the outbox now.

Best effort by design: if Redis is down the entry is already durable in the outbox and the beat
schedule drains it once Redis is back."""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def kick_outbox() -> bool:
    from worker.tasks import drain_outbox_task

    try:
        drain_outbox_task.apply_async(retry=False, expires=60)
        return True
    except Exception as exc:  # broker unreachable
        log.warning("could not reach the broker, outbox will be drained later: %s", exc)
        return False
