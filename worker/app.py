"""The Celery app on Redis. Tasks are acknowledged late (a crash mid-task re-runs it) and are idempotent.

`create_celery(settings)` builds it; the module-level `celery_app` (what `celery -A worker.app` and
the post-commit kick use) is built from the environment, since it is an entry point."""

from __future__ import annotations

from celery import Celery
from celery.schedules import crontab

from config import Settings
from ingest.sources import SourcesConfig, configured


def source_task_name(source: str) -> str:
    return f"hub.source.{source}"


def source_schedule(settings: Settings) -> dict:
    """One beat entry per configured content source (none unless HUB_SOURCE_* lists are set, so tests
    and `make run` never reach the internet). A run that has not started within one interval expires."""
    every = float(settings.source_interval)
    return {
        f"source-{name}": {"task": source_task_name(name), "schedule": every, "options": {"expires": every}}
        for name in configured(SourcesConfig.from_settings(settings))
    }


def create_celery(settings: Settings) -> Celery:
    app = Celery("hub", broker=settings.redis_url, backend=settings.redis_url, include=["worker.tasks"])
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        result_expires=3600,
        broker_connection_retry_on_startup=True,
        # A request thread publishing after a commit must not hang when Redis is away.
        broker_connection_timeout=1,
        broker_transport_options={"socket_connect_timeout": 1, "socket_timeout": 2, "max_retries": 0},
        redis_socket_connect_timeout=1,
        # The safety net: whatever the post-commit kick missed (Redis or Elasticsearch down) is drained here.
        beat_schedule={
            # Expires: while no worker consumes (killed, restarting), beat's drains do not pile up.
            "drain-outbox": {
                "task": "hub.drain_outbox",
                "schedule": settings.drain_every_seconds,
                "options": {"expires": 2 * settings.drain_every_seconds},
            },
            **source_schedule(settings),
            # Heat days end at midnight of HUB_HEAT_TIMEZONE: the rollup publishes the day just ended.
            "rollup-heat": {
                "task": "hub.rollup_heat",
                "schedule": crontab(minute=0, hour=0),
                "options": {"expires": 6 * 3600},
            },
            "refresh-hotwords": {
                "task": "hub.refresh_hotwords",
                "schedule": float(settings.hotwords_refresh_seconds),
                "options": {"expires": settings.hotwords_refresh_seconds},
            },
            # Index jobs whose worker died (kill -9) are sent again once their lease ran out.
            "recover-jobs": {
                "task": "hub.recover_jobs",
                "schedule": settings.job_recovery_seconds,
                "options": {"expires": settings.job_recovery_seconds},
            },
        },
        # The zone crontab entries are read in (the rollup's midnight); intervals do not depend on it.
        timezone=settings.heat_timezone,
        enable_utc=True,
    )
    app.conf.hub_settings = settings
    return app


celery_app = create_celery(Settings())
