"""Title-suggestion latency (GET /api/v2/search/stories_title) against a real node.

    .venv/bin/python bench/suggest_latency.py [--es http://127.0.0.1:9250] [--n 300]

Builds a throw-away SQLite file and index alias with the demo corpus, then times N requests through
the Flask app (in-process test client, so no network hop): once with the read cache off (every
request reaches Elasticsearch) and once with prefixes repeating (anonymous cache hits). The typed
prefixes mimic a user typing: '大', '大模', '大模型', 'tr', 'transf', ... Prints p50/p95/max in ms."""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = ["大", "大模", "大模型", "大模型评", "tr", "tra", "transf", "transformer", "GPT", "GPT-4 多",
            "评测", "Agent", "具身", "多模态", "RAG 检", "开源", "推理", "量化", "提示注", "扩散"]  # fmt: skip


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    return f"p50 {statistics.median(ordered):6.2f} ms  p95 {p95:6.2f} ms  max {ordered[-1]:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--es", default="http://127.0.0.1:9250")
    parser.add_argument("--redis", default="redis://127.0.0.1:6390/0")
    parser.add_argument("--n", type=int, default=300)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="bench-suggest-"))
    alias = f"hub-bench-suggest-{uuid.uuid4().hex[:8]}"
    from api.app import create_app
    from config import Settings
    from indexer.client import make_client
    from indexer.lifecycle import indices_behind
    from indexer.sync import drain_outbox
    from ingest.jsonl import import_files
    from store.db import session_factory
    from store.migrate import upgrade
    from store.tags import sync_tags

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
    try:
        for label, cache_timeout in (("uncached (Elasticsearch every time)", -1), ("cached (anonymous repeats)", 30)):
            app = create_app(dataclasses.replace(settings, cache_timeout=cache_timeout))
            if cache_timeout < 0:
                app.config["CACHE_TYPE"] = "NullCache"
                from api.extensions import cache

                cache.init_app(app, config={"CACHE_TYPE": "NullCache"})
            client = app.test_client()
            for prefix in PREFIXES:  # warm-up: JIT, caches, connections
                client.get("/api/v2/search/stories_title", query_string={"q": prefix, "type": "stories_title"})
            samples = []
            for i in range(args.n):
                prefix = PREFIXES[i % len(PREFIXES)]
                started = time.perf_counter()
                response = client.get(
                    "/api/v2/search/stories_title", query_string={"q": prefix, "type": "stories_title"}
                )
                samples.append((time.perf_counter() - started) * 1000)
                assert response.status_code == 200, response.data
            print(f"{label:40s} n={args.n}  {percentiles(samples)}")
    finally:
        for index in indices_behind(es, alias):
            es.indices.delete(index=index, ignore_unavailable=True)


if __name__ == "__main__":
    main()
