"""Search and suggestion latency through the API on the demo corpus, uncached, distinct queries.

    .venv/bin/python bench/search_latency.py [--es http://127.0.0.1:9250] [--rounds 3]

Builds a throw-away SQLite file and index alias with the demo corpus, then runs every query of the
judged set (tests/relevance/judgments.jsonl) through `GET /api/v2/search` and each query's prefixes
(what typing sends) through `GET /api/v2/search/stories_title`, with the read cache off, in the Flask
app in-process (no network hop). Prints p50/p95/p99 in ms after one warm-up round."""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))]

    return (
        f"n={len(ordered):5d}  p50 {statistics.median(ordered):6.2f} ms  p95 {at(0.95):6.2f} ms  p99 {at(0.99):6.2f} ms"
    )


def timed(client, path: str, params: dict) -> float:
    started = time.perf_counter()
    response = client.get(path, query_string=params)
    elapsed = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, response.data[:300]
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--es", default="http://127.0.0.1:9250")
    parser.add_argument("--redis", default="redis://127.0.0.1:6390/0")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    from api.app import create_app
    from api.extensions import cache
    from config import Settings
    from indexer.client import make_client
    from indexer.lifecycle import indices_behind
    from indexer.sync import drain_outbox
    from ingest.jsonl import import_files
    from store.db import session_factory
    from store.migrate import upgrade
    from store.tags import sync_tags

    folder = Path(tempfile.mkdtemp(prefix="bench-search-"))
    alias = f"hub-bench-search-{uuid.uuid4().hex[:8]}"
    settings = Settings(
        database_url=f"sqlite:///{folder / 'hub.db'}",
        index_alias=alias,
        es_url=args.es,
        redis_url=args.redis,
        environment="test",
    )
    upgrade(settings.db_url)
    sessions = session_factory(settings.db_url)
    with sessions() as session:
        sync_tags(session)
        import_files(session, sorted((ROOT / "data" / "demo").glob("*.jsonl")))
        session.commit()
    es = make_client(args.es)
    drain_outbox(sessions, es, alias)
    es.indices.refresh(index=alias)
    judged = [json.loads(line) for line in (ROOT / "tests" / "relevance" / "judgments.jsonl").open(encoding="utf-8")]
    queries = [j["query"] for j in judged if j["query"].strip()]
    prefixes = sorted({q[:n] for q in queries for n in range(1, min(len(q), 6) + 1) if q[:n].strip()})
    try:
        app = create_app(settings)
        app.config["CACHE_TYPE"] = "NullCache"
        cache.init_app(app, config={"CACHE_TYPE": "NullCache"})
        client = app.test_client()
        for q in queries:  # warm-up: connections, jieba, caches inside Elasticsearch
            timed(client, "/api/v2/search", {"q": q})
        search, suggest = [], []
        for _ in range(args.rounds):
            search += [timed(client, "/api/v2/search", {"q": q}) for q in queries]
            suggest += [
                timed(client, "/api/v2/search/stories_title", {"q": p, "type": "stories_title"}) for p in prefixes
            ]
        print(f"search (distinct judged queries, uncached)  {percentiles(search)}")
        print(f"suggest (typed prefixes, uncached)          {percentiles(suggest)}")
    finally:
        for index in indices_behind(es, alias):
            es.indices.delete(index=index, ignore_unavailable=True)


if __name__ == "__main__":
    main()
