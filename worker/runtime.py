"""What the worker's tasks need (session factory, Elasticsearch client, alias, Redis), built once
per worker process from the Celery app's settings."""

from __future__ import annotations

from dataclasses import dataclass

import redis
from elasticsearch import Elasticsearch
from sqlalchemy.orm import Session, sessionmaker

from config import Settings
from indexer.client import make_client
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
