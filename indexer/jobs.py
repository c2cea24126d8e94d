"""Editors' index jobs: reindex everything, reindex one kind, drain the outbox (and, as an extension
point, `source:<name>`). A job is a database row (store/models.IndexJob) updated as it runs, so the
API, the CLI and the page all read the same figures.

Who runs a job: the worker's `hub.run_job` task, or the `hub reindex` process itself. Either calls
`run_job`, which:

- holds a Redis lock per job group (all reindex kinds share one, so two reindexes never run at once),
  with a short lease renewed after every chunk: a runner killed with -9 frees it within the lease;
- claims the row (state running, one more run); a row already running when claimed lost its runner
  (the lock was free), so the run restarts cleanly: the half-built index it left is deleted first;
- after every chunk writes done/total, documents per second, ETA and a heartbeat, and checks whether
  an editor asked to cancel (then stops; a cancelled or failed reindex deletes its half-built index).

`recover_jobs` (at worker start and every few seconds from beat) re-sends the jobs that are queued or
running but whose group lock is free, i.e. whose runner died or whose message was lost.

Starting a job (`create_job`) refuses a second active job of the same group with `JobConflict`."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta

import redis
from elasticsearch import Elasticsearch
from redis.exceptions import LockError
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

import kinds
from indexer.lifecycle import ADMIN_TIMEOUT
from indexer.sync import Cancelled, drain_outbox, pending_count, reindex_all, reindex_kind
from store.leases import Lease, drain_lock, leased
from store.models import IndexJob, utcnow

log = logging.getLogger(__name__)

REINDEX_ALL = "reindex-all"
REINDEX_KIND = "reindex-kind"
DRAIN = "drain-outbox"
SOURCE_PREFIX = "source:"
ACTIVE = ("queued", "running")
FINISHED = ("done", "failed", "cancelled")

# Content sources come in through the context (`JobContext.sources`, built by the worker from
# `ingest.sources`): `name -> run(context, job, progress) -> dict`; `source:<name>` jobs run them like
# any job. The API's context names them only (None), to list and validate them.
SourceRunner = Callable[["JobContext", IndexJob, Callable[[int, int], None]], dict]

MSG_CONFLICT = "已有{label}任务在进行中（#{id}），请等它完成或取消后再试"
LABELS = {REINDEX_ALL: "重建索引", REINDEX_KIND: "重建索引", DRAIN: "同步待索引", SOURCE_PREFIX: "抓取来源"}


class JobConflict(Exception):  # noqa: N818 (a refusal, with the Chinese message the API shows)
    def __init__(self, job_id: int, kind: str):
        label = LABELS.get(kind, LABELS[SOURCE_PREFIX])
        super().__init__(MSG_CONFLICT.format(label=label, id=job_id))
        self.job_id = job_id


class UnknownJob(ValueError):
    pass


@dataclass(frozen=True)
class JobContext:
    """What running a job needs; the worker and the CLI build it from their settings."""

    sessions: sessionmaker[Session]
    es: Elasticsearch
    redis: redis.Redis
    alias: str
    lease_seconds: int = 30
    outbox_batch: int = 500
    drain_lock_seconds: int = 60
    chunk_size: int = 500
    build_processes: int = 1  # processes building documents (indexer/building.py)
    index_shards: int | None = None  # primary shards of an index a job creates (None: the mapping file's)
    on_indexed: Callable[[], object] | None = None
    sources: Mapping[str, SourceRunner | None] = field(default_factory=dict)


def known_kinds(source_names: Iterable[str] = ()) -> list[str]:
    return [REINDEX_ALL, REINDEX_KIND, DRAIN, *(SOURCE_PREFIX + name for name in sorted(source_names))]


def group_of(kind: str) -> str:
    """Jobs of one group never run at the same time: every reindex is one group."""
    return "reindex" if kind in (REINDEX_ALL, REINDEX_KIND) else kind


def validate(kind: str, target: str | None, source_names: Iterable[str] = ()) -> str | None:
    """The job's target after checking the kind (UnknownJob otherwise)."""
    if kind == REINDEX_KIND:
        if target not in kinds.entity_types():
            raise UnknownJob("target")
        return target
    if kind not in known_kinds(source_names):
        raise UnknownJob("kind")
    return None


def _run_lock_name(ctx: JobContext, kind: str) -> str:
    return f"hub:lock:job:{group_of(kind)}:{ctx.alias}"


def create_job(ctx: JobContext, kind: str, target: str | None, started_by: str) -> IndexJob:
    """A new queued job, or JobConflict when a job of its group is queued or running."""
    target = validate(kind, target, ctx.sources)
    group_kinds = [k for k in known_kinds(ctx.sources) if group_of(k) == group_of(kind)]
    # The check and the insert happen under one short Redis lock: two editors clicking at once
    # cannot both pass the check.
    with ctx.redis.lock(f"hub:lock:job-start:{ctx.alias}", timeout=10, blocking_timeout=10):
        with ctx.sessions() as session:
            active = session.scalars(
                select(IndexJob).where(IndexJob.state.in_(ACTIVE), IndexJob.kind.in_(group_kinds)).limit(1)
            ).first()
            if active is not None:
                raise JobConflict(active.id, active.kind)
            job = IndexJob(
                kind=kind,
                target=target,
                state="queued",
                done=0,
                total=0,
                started_by=started_by[:100],
                cancel_requested=False,
                runs=0,
                result={},
            )
            session.add(job)
            session.commit()
            session.refresh(job)
            session.expunge(job)
            return job


def request_cancel(sessions: sessionmaker[Session], job_id: int) -> IndexJob | None:
    """Ask a job to stop. A queued job is cancelled at once; a running one stops after its chunk."""
    with sessions() as session:
        job = session.get(IndexJob, job_id)
        if job is None:
            return None
        if job.state == "queued":
            job.state, job.finished_at = "cancelled", utcnow()
        elif job.state == "running":
            job.cancel_requested = True
        session.commit()
        session.refresh(job)
        session.expunge(job)
        return job


class _Reporter:
    """Writes a running job's progress; renews the lease; raises Cancelled when asked to stop."""

    def __init__(self, ctx: JobContext, job_id: int, lease: Lease):
        self.ctx, self.job_id, self.lease = ctx, job_id, lease
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        try:
            self.lease.renew()
        except LockError as exc:  # the lease ran out (a very long chunk): another runner may take over
            raise RuntimeError("job lease lost") from exc
        elapsed = max(time.monotonic() - self.started, 1e-6)
        rate = done / elapsed
        with self.ctx.sessions() as session:
            job = session.get(IndexJob, self.job_id)
            job.done, job.total = done, total
            job.docs_per_second = round(rate, 1)
            job.eta_seconds = round((total - done) / rate, 1) if rate > 0 else None
            job.heartbeat_at = utcnow()
            session.commit()
            if job.cancel_requested:
                raise Cancelled()


def run_job(ctx: JobContext, job_id: int, on_progress: Callable[[int, int], object] | None = None) -> str:
    """Run one job to its end. Returns its final state, or 'busy' when another runner holds its
    group's lock (the caller tries later), or 'skipped' when it has already finished."""
    with ctx.sessions() as session:
        job = session.get(IndexJob, job_id)
        if job is None or job.state in FINISHED:
            return "skipped"
        kind = job.kind
    with leased(ctx.redis, _run_lock_name(ctx, kind), ctx.lease_seconds, wait=2) as lease:
        if lease is None:
            return "busy"
        job = _claim(ctx, job_id)
        if job is None:
            return "skipped"
        reporter = _Reporter(ctx, job_id, lease)

        def progress(done: int, total: int) -> None:
            reporter(done, total)
            if on_progress:
                on_progress(done, total)

        try:
            result = _execute(ctx, job, progress)
        except Cancelled:
            return _finish(ctx, job_id, "cancelled")
        except Exception as exc:
            log.exception("index job %s (%s) failed", job_id, kind)
            return _finish(ctx, job_id, "failed", error=str(exc)[:1000] or type(exc).__name__)
        return _finish(ctx, job_id, "done", result=result)


def _claim(ctx: JobContext, job_id: int) -> IndexJob | None:
    with ctx.sessions() as session:
        job = session.get(IndexJob, job_id)
        if job is None or job.state in FINISHED:
            return None
        if job.cancel_requested:
            job.state, job.finished_at = "cancelled", utcnow()
            session.commit()
            return None
        if job.building_index:
            # The previous run died (its lock expired): its half-built index never got the alias.
            ctx.es.indices.delete(index=job.building_index, ignore_unavailable=True, request_timeout=ADMIN_TIMEOUT)
            log.warning("index job %s restarts: deleted the half-built index %s", job_id, job.building_index)
            job.building_index = None
        job.state, job.runs = "running", job.runs + 1
        job.started_at = job.started_at or utcnow()
        job.heartbeat_at = utcnow()
        job.done, job.docs_per_second, job.eta_seconds, job.error = 0, None, None, None
        session.commit()
        session.refresh(job)
        session.expunge(job)
        return job


def _remember_index(ctx: JobContext, job_id: int) -> Callable[[str], None]:
    def remember(index: str) -> None:
        with ctx.sessions() as session:
            session.get(IndexJob, job_id).building_index = index
            session.commit()

    return remember


def _execute(ctx: JobContext, job: IndexJob, progress: Callable[[int, int], None]) -> dict:
    if job.kind == REINDEX_ALL:
        result = reindex_all(
            ctx.sessions,
            ctx.es,
            ctx.alias,
            progress,
            on_indexed=ctx.on_indexed,
            on_index_created=_remember_index(ctx, job.id),
            job_id=job.id,
            chunk_size=ctx.chunk_size,
            processes=ctx.build_processes,
            shards=ctx.index_shards,
        )
        return {k: result[k] for k in ("index", "documents", "rejected", "removed")}
    if job.kind == REINDEX_KIND:
        return reindex_kind(
            ctx.sessions,
            ctx.es,
            ctx.alias,
            job.target,
            progress,
            ctx.on_indexed,
            job.id,
            ctx.chunk_size,
            processes=ctx.build_processes,
            shards=ctx.index_shards,
        )
    if job.kind == DRAIN:
        return _drain(ctx, progress)
    runner = ctx.sources.get(job.kind.removeprefix(SOURCE_PREFIX)) if job.kind.startswith(SOURCE_PREFIX) else None
    if runner is not None:
        return runner(ctx, job, progress)
    raise UnknownJob(job.kind)


def _drain(ctx: JobContext, progress: Callable[[int, int], None]) -> dict:
    total = pending_count(ctx.sessions)
    progress(0, total)
    # The same lock as the worker's periodic drains: the job waits for a running one to finish.
    with leased(ctx.redis, drain_lock(ctx.alias), ctx.drain_lock_seconds, wait=ctx.drain_lock_seconds) as lease:
        if lease is None:
            raise RuntimeError("另一个同步任务长时间未结束")
        indexed = drain_outbox(
            ctx.sessions,
            ctx.es,
            ctx.alias,
            ctx.outbox_batch,
            on_indexed=ctx.on_indexed,
            on_batch=lease.renew,
            on_progress=lambda handled: progress(min(handled, max(total, handled)), max(total, handled)),
            processes=ctx.build_processes,
            shards=ctx.index_shards,
        )
    progress(max(total, indexed), max(total, indexed))
    return {"documents": indexed}


def _finish(ctx: JobContext, job_id: int, state: str, error: str | None = None, result: dict | None = None) -> str:
    with ctx.sessions() as session:
        job = session.get(IndexJob, job_id)
        job.state, job.finished_at, job.error = state, utcnow(), error
        job.eta_seconds = 0 if state == "done" else None
        if state == "done":
            job.done = job.total
        job.building_index = None  # reindex_all deleted it (cancel, failure) or the alias has it
        if result is not None:
            job.result = result
        session.commit()
    return state


def jobs_to_recover(ctx: JobContext, stale_after: timedelta | None = None) -> list[int]:
    """Queued or running jobs whose group lock is free: their runner died (kill -9) or their
    message was lost. A running job also needs a heartbeat older than the lease."""
    stale_after = stale_after or timedelta(seconds=ctx.lease_seconds)
    with ctx.sessions() as session:
        active = list(session.scalars(select(IndexJob).where(IndexJob.state.in_(ACTIVE)).order_by(IndexJob.id)))
    ids = []
    now = utcnow()
    for job in active:
        if ctx.redis.lock(_run_lock_name(ctx, job.kind)).locked():
            continue
        beat = job.heartbeat_at
        if beat is not None and beat.tzinfo is None:
            beat = beat.replace(tzinfo=now.tzinfo)  # SQLite returns naive UTC
        if job.state == "running" and beat is not None and now - beat < stale_after:
            continue
        ids.append(job.id)
    return ids


def list_jobs(sessions: sessionmaker[Session], limit: int = 30) -> list[IndexJob]:
    with sessions() as session:
        jobs = list(session.scalars(select(IndexJob).order_by(IndexJob.id.desc()).limit(limit)))
        for job in jobs:
            session.expunge(job)
        return jobs


def get_job(sessions: sessionmaker[Session], job_id: int) -> IndexJob | None:
    with sessions() as session:
        job = session.get(IndexJob, job_id)
        if job is not None:
            session.expunge(job)
        return job


__all__ = [
    "DRAIN",
    "REINDEX_ALL",
    "REINDEX_KIND",
    "JobConflict",
    "JobContext",
    "UnknownJob",
    "create_job",
    "get_job",
    "jobs_to_recover",
    "known_kinds",
    "list_jobs",
    "request_cancel",
    "run_job",
]
