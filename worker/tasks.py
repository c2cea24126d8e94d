"""Tasks. Each calls a plain function (indexer/) that tests can call without Celery."""

from __future__ import annotations

import logging
from dataclasses import asdict
from datetime import UTC, datetime, timedelta

from celery.signals import worker_ready

from indexer.jobs import get_job, jobs_to_recover, run_job
from indexer.lifecycle import warn_on_mapping_drift
from ingest.sources import SOURCES, RunReport, TransientError, backoff_delay, run_source
from worker.app import celery_app, source_task_name
from worker.runtime import Runtime, runtime_for

log = logging.getLogger(__name__)


def _runtime() -> Runtime:
    return runtime_for(celery_app.conf.hub_settings)


@worker_ready.connect
def _check_mapping(**_) -> None:
    rt = _runtime()
    warn_on_mapping_drift(rt.es, rt.alias, log)


@worker_ready.connect
def _recover_jobs_at_start(**_) -> None:
    # A worker killed mid-job left its job running: once its lease runs out it is sent again (beat
    # keeps checking; this covers a restart without beat).
    try:
        recover_jobs_task.apply_async(retry=False)
    except Exception as exc:
        log.warning("could not schedule the job recovery: %s", exc)


@celery_app.task(name="hub.drain_outbox", ignore_result=True)
def drain_outbox_task() -> int:
    rt = _runtime()
    try:
        return rt.drain()
    except Exception as exc:
        # No retry loop: the entries stay pending and the beat schedule drains them in 5 s.
        log.warning("outbox drain failed, entries stay pending: %s", exc)
        return -1


# A job's message is acknowledged late: a worker killed mid-job leaves it unacknowledged, and it is
# delivered again. run_job is safe to call twice: a finished job is skipped, a running one is only
# restarted once its lease expired.
@celery_app.task(name="hub.run_job", bind=True, max_retries=None, ignore_result=True)
def run_job_task(self, job_id: int) -> str:
    state = run_job(_runtime().jobs(), job_id)
    if state == "busy":  # another runner of its group holds the lock: try again shortly
        raise self.retry(countdown=max(2, _runtime().settings.job_lease_seconds // 3))
    return state


@celery_app.task(name="hub.recover_jobs", ignore_result=True)
def recover_jobs_task() -> list[int]:
    rt = _runtime()
    ids = jobs_to_recover(rt.jobs())
    for job_id in ids:
        job = get_job(rt.sessions, job_id)
        # One re-send per run of the job (a queued job may simply wait behind another task; the beat
        # checks more often than a re-sent job takes to be claimed), renewed after ten leases.
        key = f"hub:jobs:resent:{rt.alias}:{job_id}:{job.runs if job else 0}"
        if rt.redis.set(key, 1, nx=True, ex=10 * rt.settings.job_lease_seconds):
            log.warning("index job %s lost its runner: sending it again", job_id)
            run_job_task.apply_async((job_id,), retry=False)
    return ids


def _source_task(name: str):
    """The Celery task of one content source: rate-limited per worker, retried with exponential
    backoff while a fetch meets a network error, 5xx or 429 (a malformed feed is reported, not
    retried), idempotent by source key, and never raising into the others' runs."""
    settings = celery_app.conf.hub_settings

    @celery_app.task(
        name=source_task_name(name),
        bind=True,
        ignore_result=False,
        rate_limit=settings.source_task_rate_limit or None,
        max_retries=settings.source_max_retries,
    )
    def run(self) -> dict:
        rt = _runtime()
        report = run_source(name, rt.sources_config(), rt.source_env())  # its commits kick the drain
        outcome = report.as_dict()
        delay = retry_delay(report, self.request.retries, rt.settings)
        if delay is not None and self.request.retries < self.max_retries:
            log.info("source %s: retry %d in %.0f s", name, self.request.retries + 1, delay)
            raise self.retry(countdown=delay)
        return outcome

    return run


def retry_delay(report: RunReport, retries: int, settings) -> float | None:
    """Seconds before the next try of a run, or None when no fetch failed in a way a retry can fix."""
    if not report.retryable:
        return None
    hint = TransientError("retry", report.retry_after)
    return backoff_delay(hint, retries, settings.source_backoff_base, settings.source_backoff_cap)


SOURCE_TASKS = {name: _source_task(name) for name in SOURCES}


@celery_app.task(name="hub.rollup_heat")
def rollup_heat_task(include_today: bool = False) -> dict | None:
    """Daily at 0:00 (HUB_HEAT_TIMEZONE) and on an editor's demand; acknowledged late, and safe to
    re-run: the stream's entries are acknowledged only after their marks are committed. An editor's
    rollup (`include_today`) counts today so far as the newest day, so 立即汇总热度 shows what was read
    today at once; the next 0:00 rollup publishes the same day complete."""
    now = datetime.now(UTC) + timedelta(days=1) if include_today else None
    report = _runtime().rollup(now=now)
    if report is None:
        log.info("heat rollup already running; this one is skipped")
        return None
    log.info("heat rollup: %s", report)
    return asdict(report)


@celery_app.task(name="hub.refresh_hotwords", ignore_result=True)
def refresh_hotwords_task() -> None:
    try:
        _runtime().refresh_hot_words()
    except Exception as exc:  # Redis away: the API computes its own list meanwhile
        log.warning("hot words not refreshed: %s", exc)
