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
import time
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


def service_arguments() -> argparse.Namespace:
    """--es, --redis and --rounds, shared with bench/search_recall_latency.py."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--es", default="http://127.0.0.1:9250")
    parser.add_argument("--redis", default="redis://127.0.0.1:6390/0")
    parser.add_argument("--rounds", type=int, default=3)
    return parser.parse_args()


def main() -> None:
    args = service_arguments()

    from demo_stack import demo_settings, uncached_app

    judged = [json.loads(line) for line in (ROOT / "tests" / "relevance" / "judgments.jsonl").open(encoding="utf-8")]
    queries = [j["query"] for j in judged if j["query"].strip()]
    prefixes = sorted({q[:n] for q in queries for n in range(1, min(len(q), 6) + 1) if q[:n].strip()})
    with demo_settings(args.es, args.redis, "search") as settings:
        client = uncached_app(settings).test_client()
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


if __name__ == "__main__":
    main()
