"""The content sources for editors: what is configured, how the last run went, the recent failures,
and starting a run now (the worker's task `hub.source.<name>`, published by name)."""

from __future__ import annotations

import logging

from api.context import hub, settings
from api.envelope import MSG_NOT_FOUND, MSG_UNAVAILABLE, ApiError
from api.outbox_kick import publish_task
from api.services.access import require_editor
from ingest.sources import SOURCES, SourcesConfig
from store.source_runs import RunLog

log = logging.getLogger(__name__)

MSG_SOURCE_NOT_CONFIGURED = "该来源未配置"


def _run_log() -> RunLog:
    return RunLog(hub().redis, settings().index_alias)


def list_sources() -> dict:
    require_editor()
    config = SourcesConfig.from_settings(settings())
    runs = _run_log()
    listed = []
    for name, source in SOURCES.items():
        listed.append(
            {
                "name": name,
                "label": source.label,
                "configured": source.configured(config),
                "config": source.describe(config),
                "interval_seconds": config.interval,
                "last_run": runs.last_run(name),
                "failures": runs.failures(name),
            }
        )
    return {"list": listed}


def start_run(name: str) -> dict:
    require_editor()
    source = SOURCES.get(name)
    if source is None:
        raise ApiError(404, MSG_NOT_FOUND)
    if not source.configured(SourcesConfig.from_settings(settings())):
        raise ApiError(400, MSG_SOURCE_NOT_CONFIGURED)
    try:
        task_id = publish_task(f"hub.source.{name}", expires=3600)
    except Exception as exc:  # broker unreachable
        log.warning("could not queue source %s: %s", name, exc)
        raise ApiError(503, MSG_UNAVAILABLE) from exc
    return {"name": name, "task_id": task_id}


__all__ = ["MSG_SOURCE_NOT_CONFIGURED", "list_sources", "require_editor", "start_run"]
