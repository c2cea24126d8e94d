"""The API's side of the worker's tasks: it may not import the worker, so it publishes tasks by name with
a small Celery client built from the app's own settings. The drain task goes out after every commit that
wrote outbox entries (registered on the app's session factory: store/outbox_hook.py); the others
(index jobs, sources, heat checks) when a service asks.

Best effort: if Redis is down the entry is already durable in the outbox and the worker's beat
schedule drains it within seconds once Redis is back."""

from __future__ import annotations

import logging
from functools import cached_property

from celery import Celery

log = logging.getLogger(__name__)

DRAIN_TASK = "hub.drain_outbox"
RUN_JOB_TASK = "hub.run_job"


class TaskPublisher:
    """Publishes the worker's tasks on the broker at `broker_url`; made once per app (api/context.py)."""

    def __init__(self, broker_url: str) -> None:
        self.broker_url = broker_url

    @cached_property
    def _celery(self) -> Celery:
        publisher = Celery("hub-api", broker=self.broker_url, set_as_current=False)
        publisher.conf.update(
            task_serializer="json",
            accept_content=["json"],
            broker_connection_timeout=1,
            broker_connection_retry_on_startup=False,
            broker_transport_options={"socket_connect_timeout": 1, "socket_timeout": 2, "max_retries": 0},
        )
        return publisher

    def publish(self, name: str, **options) -> str:
        """Publish the worker's task `name`; returns its id. Raises when the broker is unreachable."""
        return self._celery.send_task(name, retry=False, **options).id

    def send(self, name: str, expires: int | None = 60, args: list | None = None) -> bool:
        """Best effort; False when the broker is unreachable. `expires=None` for a task that must run
        however late it is picked up."""
        try:
            self.publish(name, expires=expires, args=args)
            return True
        except Exception as exc:  # broker unreachable
            log.warning("could not reach the broker to send %s %s: %s", name, args or "", exc)
            return False

    def kick_outbox(self) -> bool:
        """True when the drain task was published (else the beat drains it later)."""
        return self.send(DRAIN_TASK)


def _publisher() -> TaskPublisher:
    from api.context import hub

    return hub().publisher


def publish_task(name: str, **options) -> str:
    """Publish a worker task by name (raises when the broker is unreachable: the caller answers 503)."""
    return _publisher().publish(name, **options)


def send_task(name: str, expires: int | None = 60, args: list | None = None) -> bool:
    return _publisher().send(name, expires, args)


def send_job(job_id: int) -> bool:
    """Ask the worker to run an index job. When the broker is away the job stays queued and the
    worker's job recovery sends it once it can (indexer/jobs.py)."""
    return send_task(RUN_JOB_TASK, expires=None, args=[job_id])


__all__ = ["TaskPublisher", "publish_task", "send_job", "send_task"]
