"""The engine time of a whole search (`api.relaxed_search.searched_page`: strict, relaxed and the texts like the best
hit) on a large index, with the texts-like-the-best-hit pass and without it, for the queries of a judged file.

    .venv/bin/python bench/alike_pass.py --es http://127.0.0.1:9270 --alias hub-bench-1m-grown \
        --queries tests/relevance/understanding.jsonl [--always]

Prints how many searches run the pass and, for those, the engine's summed `took` (ms) with and without it.
`--always`: the pass runs below any exact total, not only below a page, to measure its clause on a large index,
where few judged queries find fewer than a page."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--es", default="http://127.0.0.1:9270")
    parser.add_argument("--alias", default="hub-bench-1m-grown")
    parser.add_argument("--queries", default=str(ROOT / "tests/relevance/understanding.jsonl"))
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--always", action="store_true")
    args = parser.parse_args()

    from elasticsearch import Elasticsearch
    from measure import engine_body, index_concepts

    import api.relaxed_search as relaxed_search

    es = Elasticsearch(args.es, request_timeout=60)
    concepts = index_concepts(args.es, args.alias)
    lines = [line for line in Path(args.queries).read_text(encoding="utf-8").splitlines() if line.startswith("{")]
    queries = list(dict.fromkeys(json.loads(line)["query"] for line in lines))
    if args.limit:
        queries = queries[: args.limit]

    def timed(q: str, below: int) -> tuple[int, int]:
        relaxed_search.ALIKE_BELOW = below
        tooks: list[int] = []

        def search(body: dict) -> dict:
            answer = es.search(index=args.alias, body=body, request_cache=False)
            tooks.append(answer["took"])
            return answer

        page = {"q": q, "sort": "relevance", "page": 1, "size": 20, "type": [], "label": [], "time": None}
        relaxed_search.searched_page(search, engine_body(page, concepts), q, concepts, 1, 20, [])
        return sum(tooks), len(tooks)

    with_pass = 10**9 if args.always else relaxed_search.RELAX_BELOW
    rows = []
    for q in queries:
        without, sent = timed(q, 0)
        with_it, sent_with = timed(q, with_pass)
        if sent_with != sent:
            rows.append((q, without, with_it))
    print(f"searches {len(queries)}, running the pass {len(rows)}")
    for name, column in (("without", 1), ("with", 2), ("added", None)):
        values = sorted(row[2] - row[1] if column is None else row[column] for row in rows)
        if values:
            p50, p99 = values[len(values) // 2], values[min(len(values) - 1, int(0.99 * len(values)))]
            print(f"{name:8} p50 {p50} ms, p99 {p99} ms, mean {statistics.mean(values):.1f} ms, max {values[-1]} ms")


if __name__ == "__main__":
    main()
