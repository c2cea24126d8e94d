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
import time
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

    from demo_stack import demo_settings, uncached_app

    from api.app import create_app

    with demo_settings(args.es, args.redis, "suggest") as settings:
        for label, cached in (("uncached (Elasticsearch every time)", False), ("cached (anonymous repeats)", True)):
            app = create_app(dataclasses.replace(settings, cache_timeout=30)) if cached else uncached_app(settings)
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


if __name__ == "__main__":
    main()
