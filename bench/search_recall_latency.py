"""`/api/v2/search` latency on the demo corpus for issue 36's recall and fuzzy-Chinese work (bench/RESULTS.md).

    .venv/bin/python bench/search_recall_latency.py --es http://127.0.0.1:9265 --redis redis://127.0.0.1:6405/0

Every query of both judged sets (tests/relevance/judgments.jsonl, understanding.jsonl) plus invented typo,
spaced and mixed pinyin shapes (none a judged query), uncached, in the Flask app in-process, after one warm-up
round: p50/p95/p99 in ms, over all and over the queries the relaxed pass runs for (fewer than a page)."""

from __future__ import annotations

import json
from pathlib import Path

from search_latency import percentiles, service_arguments, timed

ROOT = Path(__file__).resolve().parent.parent
# Shapes the fuzzy clauses take (our own words: one or two wrong characters, spaces, pinyin mixed with hanzi,
# confused initials and finals).
SHAPES = ["神经网给", "神红网络 模型", "知识图普 实战", "zhi shi 图谱", "shen jin wang nuo", "cang ku", "大模行 推里"]


def main() -> None:
    args = service_arguments()

    from demo_stack import demo_settings, uncached_app

    queries: list[str] = []
    for name in ("judgments.jsonl", "understanding.jsonl"):
        lines = (ROOT / "tests" / "relevance" / name).read_text(encoding="utf-8").splitlines()
        queries += [q for line in lines if line.strip() and (q := json.loads(line)["query"]).strip()]
    queries += SHAPES
    with demo_settings(args.es, args.redis, "recall") as settings:
        client = uncached_app(settings).test_client()
        few = {q for q in queries if client.get("/api/v2/search", query_string={"q": q}).json["data"]["total"] < 20}
        samples: dict[str, list[float]] = {}
        for _ in range(args.rounds):
            for q in queries:
                samples.setdefault(q, []).append(timed(client, "/api/v2/search", {"q": q}))
        every = [ms for q in queries for ms in samples[q]]
        relaxed = [ms for q in few for ms in samples[q]]
        print(f"search, {len(queries)} queries x {args.rounds}      {percentiles(every)}")
        print(f"  of them fewer than a page ({len(few)})  {percentiles(relaxed)}")


if __name__ == "__main__":
    main()
