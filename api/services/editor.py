"""The editors' page (issue 10): index jobs, set-aside documents. Editors only, decided here on the
server: signed out answers 403 `请先登录`, a signed-in non-editor 403 `没有权限`."""

from __future__ import annotations

import kinds
from api.context import db_sessions, hub, settings
from api.envelope import MSG_NOT_FOUND, MSG_UNAVAILABLE, ApiError
from api.outbox_kick import send_job, send_task
from api.services.access import require_editor
from api.services.sources import MSG_SOURCE_NOT_CONFIGURED
from indexer import jobs
from ingest.sources import SOURCES, SourcesConfig, configured
from kinds.common import iso
from store import rejected
from store.models import IndexJob, RejectedDocument

MSG_UNKNOWN_KIND = "请选择任务类型"
MSG_UNKNOWN_TARGET = "请选择要重建的内容类型"
MSG_NOT_CANCELLABLE = "任务已结束，无法取消"

KIND_LABELS = {jobs.REINDEX_ALL: "重建全部索引", jobs.REINDEX_KIND: "重建一类内容", jobs.DRAIN: "同步待索引内容"}


def _context() -> jobs.JobContext:
    context = hub()
    return jobs.JobContext(
        sessions=context.sessions,
        es=context.reader.es,
        redis=context.redis,
        alias=context.settings.index_alias,
        lease_seconds=context.settings.job_lease_seconds,
        sources=dict.fromkeys(SOURCES),  # names only: the worker runs them
    )


def job_view(job: IndexJob) -> dict:
    percent = 100.0 if job.state == "done" else (round(100 * job.done / job.total, 1) if job.total else 0.0)
    return {
        "id": job.id,
        "kind": job.kind,
        "target": job.target,
        "state": job.state,
        "done": job.done,
        "total": job.total,
        "percent": percent,
        "docs_per_second": job.docs_per_second,
        "eta_seconds": job.eta_seconds,
        "error": job.error,
        "started_by": job.started_by,
        "cancel_requested": bool(job.cancel_requested),
        "runs": job.runs,
        "result": job.result or {},
        "created_at": iso(job.created_at),
        "started_at": iso(job.started_at),
        "finished_at": iso(job.finished_at),
    }


def _configured_sources() -> list[str]:
    return configured(SourcesConfig.from_settings(settings()))


def job_kinds() -> list[dict]:
    """The jobs an editor may start: the index jobs and a fetch of each configured source (a source
    without its feeds, topics or categories would fetch nothing)."""
    return [
        {
            "kind": kind,
            "label": KIND_LABELS.get(kind) or f"抓取来源：{SOURCES[kind.removeprefix(jobs.SOURCE_PREFIX)].label}",
            "targets": kinds.entity_types() if kind == jobs.REINDEX_KIND else [],
        }
        for kind in jobs.known_kinds(_configured_sources())
    ]


def list_jobs() -> dict:
    require_editor()
    return {"list": [job_view(j) for j in jobs.list_jobs(db_sessions())], "kinds": job_kinds()}


def get_job(job_id: int) -> dict:
    require_editor()
    job = jobs.get_job(db_sessions(), job_id)
    if job is None:
        raise ApiError(404, MSG_NOT_FOUND)
    return job_view(job)


def start_job(args: dict) -> dict:
    user = require_editor()
    source_name = args["kind"].removeprefix(jobs.SOURCE_PREFIX)
    if args["kind"].startswith(jobs.SOURCE_PREFIX) and source_name in SOURCES:
        if source_name not in _configured_sources():
            raise ApiError(400, MSG_SOURCE_NOT_CONFIGURED, {"errors": {"json": {"kind": [MSG_SOURCE_NOT_CONFIGURED]}}})
    try:
        job = jobs.create_job(_context(), args["kind"], args.get("target"), started_by=f"{user.name} (#{user.id})")
    except jobs.UnknownJob as exc:
        message = MSG_UNKNOWN_TARGET if str(exc) == "target" else MSG_UNKNOWN_KIND
        raise ApiError(400, message, {"errors": {"json": {str(exc): [message]}}}) from None
    except jobs.JobConflict as exc:
        raise ApiError(409, str(exc), {"job_id": exc.job_id}) from None
    send_job(job.id)  # committed first: a lost message is recovered by the worker
    return job_view(job)


def cancel_job(job_id: int) -> dict:
    require_editor()
    job = jobs.request_cancel(db_sessions(), job_id)
    if job is None:
        raise ApiError(404, MSG_NOT_FOUND)
    if job.state in ("done", "failed"):
        raise ApiError(409, MSG_NOT_CANCELLABLE, job_view(job))
    return job_view(job)


def rejected_view(row: RejectedDocument) -> dict:
    return {
        "id": row.id,
        "entity_type": row.entity_type,
        "entity_id": row.entity_id,
        "doc_id": row.doc_id,
        "reason": row.reason,
        "job_id": row.job_id,
        "created_at": iso(row.created_at),
        "retried_at": iso(row.retried_at),
    }


def list_rejected() -> dict:
    require_editor()
    with db_sessions()() as db:
        return {"list": [rejected_view(r) for r in rejected.listed(db)]}


def retry_rejected(rejected_id: int) -> dict:
    require_editor()
    with db_sessions()() as db:
        row = rejected.retry(db, rejected_id)
        if row is None:
            raise ApiError(404, MSG_NOT_FOUND)
        view = rejected_view(row)
        db.commit()  # durable before the answer (the commit asks for a drain: store/outbox_hook.py)
    return view


__all__ = ["cancel_job", "get_job", "list_jobs", "list_rejected", "retry_rejected", "start_job", "start_rollup"]


ROLLUP_TASK = "hub.rollup_heat"


def start_rollup() -> dict:
    """Queue the heat rollup (worker task `hub.rollup_heat`), today so far included; 503 when the broker
    is unreachable."""
    require_editor()
    if not send_task(ROLLUP_TASK, expires=3600, args=[True]):
        raise ApiError(503, MSG_UNAVAILABLE)
    return {"queued": True}
