"""What the worker's tasks need (session factory, Elasticsearch client, alias, Redis), built once
per worker process from the Celery app's settings."""

from __future__ import annotations

from dataclasses import dataclass

import redis
from elasticsearch import Elasticsearch
from redis.exceptions import LockError
from sqlalchemy.orm import Session, sessionmaker

from config import Settings
from indexer.client import make_client
from indexer.jobs import JobContext
from indexer.sync import drain_outbox
from store import cache_generation
from store.db import session_factory
from store.redis_client import redis_client


@dataclass(frozen=True)
class WorkerRuntime:
    settings: Settings
    sessions: sessionmaker[Session]
    es: Elasticsearch
    redis: redis.Redis

    @property
    def alias(self) -> str:
        return self.settings.index_alias

    def bump_cache(self) -> None:
        """After documents changed: every cached API read of the alias is stale."""
        cache_generation.bump(self.redis, self.alias)

    def jobs(self) -> JobContext:
        """What running an index job needs (indexer/jobs.py)."""
        return JobContext(
            sessions=self.sessions,
            es=self.es,
            redis=self.redis,
            alias=self.alias,
            lease_seconds=self.settings.job_lease_seconds,
            outbox_batch=self.settings.outbox_batch,
            drain_lock_seconds=self.settings.drain_lock_seconds,
            chunk_size=self.settings.reindex_chunk,
            on_indexed=self.bump_cache,
        )

    def drain(self) -> int:
        """Drain the outbox unless another drain of this alias is running (a Redis lock: the beat, the
        post-commit kicks and a second worker would otherwise send the same entries twice)."""
        # A short lease renewed after every batch: a worker killed mid-drain blocks others for
        # `drain_lock_seconds` at most.
        lease = self.settings.drain_lock_seconds
        lock = self.redis.lock(f"hub:lock:drain:{self.alias}", timeout=lease, blocking=False)
        if not lock.acquire(blocking=False):
            return 0
        try:
            return drain_outbox(
                self.sessions,
                self.es,
                self.alias,
                self.settings.outbox_batch,
                on_indexed=self.bump_cache,
                on_batch=lambda: lock.extend(lease, replace_ttl=True),
            )
        finally:
            try:
                lock.release()
            except LockError:  # expired while draining: another drain may already hold a new one
                pass


_current: WorkerRuntime | None = None


def runtime_for(settings: Settings) -> WorkerRuntime:
    """The runtime of these settings, made on first use and kept for the process."""
    global _current
    if _current is None or _current.settings is not settings:
        _current = _build(settings)
    return _current


def _build(settings: Settings) -> WorkerRuntime:
    return WorkerRuntime(
        settings=settings,
        sessions=session_factory(settings.db_url),
        es=make_client(settings.es_url, settings.es_username, settings.es_password, settings.es_timeout),
        redis=redis_client(settings.redis_url),
    )
