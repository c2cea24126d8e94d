"""After a write commits, ask the worker to drain the outbox now (the API's side of
`worker/dispatch.kick_outbox`: the API may not import the worker, so it publishes the task by name
with a small Celery client built from the app's own settings).

Best effort: if Redis is down the entry is already durable in the outbox and the worker's beat
schedule drains it within seconds once Redis is back."""

from __future__ import annotations

import logging

from celery import Celery
from flask import current_app

from api.context import settings

log = logging.getLogger(__name__)

EXTENSION = "hub_outbox_kick"
DRAIN_TASK = "hub.drain_outbox"


def _publisher() -> Celery:
    publisher = current_app.extensions.get(EXTENSION)
    if publisher is None:
        url = settings().redis_url
        publisher = Celery("hub-api", broker=url, set_as_current=False)
        publisher.conf.update(
            task_serializer="json",
            accept_content=["json"],
            broker_connection_timeout=1,
            broker_connection_retry_on_startup=False,
            broker_transport_options={"socket_connect_timeout": 1, "socket_timeout": 2, "max_retries": 0},
        )
        current_app.extensions[EXTENSION] = publisher
    return publisher


def publish_task(name: str, **options) -> str:
    """Publish the worker's task `name` (by name: the API may not import the worker); returns its id.
    Raises when the broker is unreachable (the caller answers 503)."""
    return _publisher().send_task(name, retry=False, **options).id


def send_task(name: str, expires: int | None = 60, args: list | None = None) -> bool:
    """Publish a worker task by name, best effort; False when the broker is unreachable.
    `expires=None` for a task that must run however late it is picked up."""
    try:
        publish_task(name, expires=expires, args=args)
        return True
    except Exception as exc:  # broker unreachable
        log.warning("could not reach the broker to send %s %s: %s", name, args or "", exc)
        return False


def kick_outbox() -> bool:
    """Call after commit. True when the drain task was published (else the beat drains it later)."""
    return send_task(DRAIN_TASK)


RUN_JOB_TASK = "hub.run_job"


def send_job(job_id: int) -> bool:
    """Ask the worker to run an index job. When the broker is away the job stays queued and the
    worker's job recovery sends it once it can (indexer/jobs.py)."""
    return send_task(RUN_JOB_TASK, expires=None, args=[job_id])


__all__ = ["kick_outbox", "publish_task", "send_job", "send_task"]
