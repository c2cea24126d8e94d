"""A throw-away demo stack for benchmarks: a SQLite file and an index alias holding the demo corpus,
on the given Elasticsearch and Redis, removed afterwards. Also the app with its read cache off."""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def demo_settings(es_url: str, redis_url: str, name: str) -> Iterator[object]:
    """Settings of a fresh stack with the demo corpus imported and indexed; its indices go on exit."""
    from config import Settings
    from indexer.client import make_client
    from indexer.lifecycle import indices_behind
    from indexer.sync import drain_outbox
    from ingest.jsonl import import_files
    from store.db import session_factory
    from store.migrate import upgrade
    from store.tags import sync_tags

    folder = Path(tempfile.mkdtemp(prefix=f"bench-{name}-"))
    alias = f"hub-bench-{name}-{uuid.uuid4().hex[:8]}"
    settings = Settings(
        database_url=f"sqlite:///{folder / 'hub.db'}",
        index_alias=alias,
        es_url=es_url,
        redis_url=redis_url,
        environment="test",
        rate_limits_enabled=False,  # one client firing thousands of requests measures latency, not the limiter
    )
    upgrade(settings.db_url)
    sessions = session_factory(settings.db_url)
    with sessions() as session:
        sync_tags(session)
        import_files(session, sorted((ROOT / "data" / "demo").glob("*.jsonl")))
        session.commit()
    es = make_client(es_url)
    drain_outbox(sessions, es, alias)
    es.indices.refresh(index=alias)
    try:
        yield settings
    finally:
        for index in indices_behind(es, alias):
            es.indices.delete(index=index, ignore_unavailable=True)


def uncached_app(settings):
    """The app with flask-caching's null backend: every read reaches Elasticsearch."""
    from api.app import create_app
    from api.extensions import cache

    app = create_app(settings)
    app.config["CACHE_TYPE"] = "NullCache"
    cache.init_app(app, config={"CACHE_TYPE": "NullCache"})
    return app
