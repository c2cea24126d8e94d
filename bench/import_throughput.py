"""JSONL -> searchable documents per second through the normal path (`hub import --index`),
compared with the engine's own server-side `_reindex` of the same documents on the same node.

    .venv/bin/python bench/import_throughput.py --es http://127.0.0.1:9250 --redis redis://127.0.0.1:6390/0 \\
        [--sizes 10000 100000] [--database-url postgresql+psycopg://hub@127.0.0.1:5433/hub_bench]

For each size: generate the documents (bench/generate.py, seed 12, cached under var/bench/), load them
as an operator does, `hub import --index` (the import, with its drain in a process of its own beside
it, indexing each batch once it is committed), into a fresh database (SQLite in a temporary folder
unless --database-url names an empty PostgreSQL database, which is reset first) and a fresh alias,
refresh; then `_reindex` that index into a new one with the same mapping, and the same documents sent
from Python through the drain's bulk helper into another (`engine_bulk_from_python`). Prints one Markdown table
row per size: the import's own part (its lines per second), when the last document was indexed, the
peak resident memory of the import and its drain, the share of document building spent in text
analysis (jieba, pypinyin: analysis.views.text_views) from a cProfile of 2,000 documents, and the CPU
each document costs: the engine's and the rest's (import, drain, PostgreSQL) while importing, the engine's
during `_reindex` (which does not keep every core busy), and what the rest may cost per document if the
import is to run at 80% of `_reindex`'s rate on this machine's cores."""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import re
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from dataset import data_file  # noqa: E402 (the generated file, written whole or not at all)


def run_hub(env: dict[str, str], *args: str) -> tuple[float, int, str]:
    """Run `hub ARGS` as its own process; returns (seconds, peak RSS in MiB, stdout)."""
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "hub.cli", *args], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    out, _ = child.communicate()
    status = child.returncode
    elapsed = time.perf_counter() - started
    if status != 0:
        raise SystemExit(f"hub {' '.join(args)} failed ({status}): {out[-2000:]}")
    # ru_maxrss of the children is the largest of them so far: each phase runs in a fresh process.
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    return elapsed, peak, out


def reset_postgres(url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


class CpuClock:
    """CPU seconds spent while it runs: by the engine (its nodes' own process figure, from
    `_nodes/stats/process`) and by the whole machine (/proc/stat, less idle and I/O wait). The rest (the
    machine less the engine) is the import, its drain, PostgreSQL and anything else running (the machine
    is shared: the load average is given with every row)."""

    def __init__(self, es):
        self._es = es

    def _engine_s(self) -> float:
        nodes = self._es.nodes.stats(metric="process")["nodes"].values()
        return sum(node["process"]["cpu"]["total_in_millis"] for node in nodes) / 1000

    @staticmethod
    def _machine_s() -> float:
        ticks = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
        return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")

    def __enter__(self) -> CpuClock:
        self._started = (time.perf_counter(), self._engine_s(), self._machine_s())
        return self

    def __exit__(self, *_exc) -> None:
        wall, engine, machine = self._started
        self.wall_s = time.perf_counter() - wall
        self.engine_s = self._engine_s() - engine
        self.rest_s = max(0.0, self._machine_s() - machine - self.engine_s)


def analysis_share(url: str, sample: int = 2000) -> tuple[float, float]:
    """(ms per document built, share of it in text analysis) over `sample` documents of the database."""
    from sqlalchemy import select

    from indexer.sync import actions_for, preload_rows
    from store.db import session_factory
    from store.models import OutboxEntry

    with session_factory(url)() as session:
        keys = [
            (e.entity_type, e.entity_id)
            for e in session.scalars(select(OutboxEntry).order_by(OutboxEntry.id).limit(sample))
        ]
        profile = cProfile.Profile()
        started = time.perf_counter()
        profile.enable()
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            kept = preload_rows(session, chunk)
            for key in chunk:
                actions_for(session, "bench", *key)
            del kept
        profile.disable()
        elapsed = time.perf_counter() - started
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    analysis = sum(ct for (_file, _line, name), (_cc, _nc, _tt, ct, _callers) in stats.items() if name == "text_views")
    total = sum(tt for (_cc, _nc, tt, _ct, _callers) in stats.values())
    return elapsed / len(keys) * 1000, analysis / total if total else 0.0


def engine_reindex(es, alias: str) -> tuple[CpuClock, int]:
    from indexer.lifecycle import ADMIN_TIMEOUT, indices_behind, load_mapping

    [source] = indices_behind(es, alias)
    target = f"{alias}-engine-copy"
    es.indices.create(index=target, body=load_mapping(), request_timeout=ADMIN_TIMEOUT)
    with CpuClock(es) as clock:
        result = es.reindex(
            body={"source": {"index": source}, "dest": {"index": target}},
            refresh=True,
            wait_for_completion=True,
            request_timeout=3600,
        )
    es.indices.delete(index=target)
    return clock, result["created"]


def engine_bulk_from_python(es, alias: str) -> tuple[float, int]:
    """The engine fed the finished documents from Python: every document of the alias read into memory
    first (not timed), then sent into a new index with the same mapping as `_reindex` gets, through the
    drain's bulk helper (elasticsearch.helpers.bulk, 500 a request, one connection), and refreshed. What
    `hub import --index` would reach if reading, validating, writing and building cost nothing: the
    rest of its gap to `_reindex` is that Python work on the same cores."""
    from elasticsearch.helpers import bulk, scan

    from indexer.lifecycle import ADMIN_TIMEOUT, indices_behind, load_mapping

    [source] = indices_behind(es, alias)
    documents = [(hit["_id"], hit["_source"]) for hit in scan(es, index=source, size=1000, request_timeout=600)]
    target = f"{alias}-python-bulk"
    es.indices.create(index=target, body=load_mapping(), request_timeout=ADMIN_TIMEOUT)
    actions = (
        {"_index": target, "_id": doc_id, "version": 1, "version_type": "external_gte", "_source": body}
        for doc_id, body in documents
    )
    started = time.perf_counter()
    sent, _ = bulk(es, actions, chunk_size=500, request_timeout=600)
    es.indices.refresh(index=target, request_timeout=600)
    elapsed = time.perf_counter() - started
    es.indices.delete(index=target)
    return elapsed, sent


def measure(size: int, args) -> tuple[dict, str]:
    from indexer.client import make_client
    from indexer.lifecycle import indices_behind
    from store.migrate import upgrade

    path = data_file(size)
    es = make_client(args.es, timeout=120)
    alias = f"hub-bench-import-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/bench.db"
        if url.startswith("postgresql"):
            reset_postgres(url)
        upgrade(url)
        env = {**os.environ, "HUB_DATABASE_URL": url, "HUB_ES_URL": args.es, "HUB_INDEX_ALIAS": alias}
        env["HUB_REDIS_URL"] = args.redis
        with CpuClock(es) as importing:
            _, peak_rss, out = run_hub(env, "import", "--index", "--quiet", str(path))
            es.indices.refresh(index=alias, request_timeout=600)
        # The last document is searchable once the drain's closing refresh is done; the compaction
        # `hub import --index` runs after a bulk load (indexer/lifecycle.py) comes after that.
        compacted = re.search(r"compacted to \d+ segment\(s\) per shard in ([\d.]+) s", out)
        compact_s = float(compacted.group(1)) if compacted else 0.0
        total = importing.wall_s - compact_s
        import_s = float(re.search(r"lines in ([\d.]+) s", out).group(1))
        docs = es.count(index=alias)["count"]
        build_ms, share = analysis_share(url)
        reindexing, engine_docs = engine_reindex(es, alias)
        bulk_s, bulk_docs = engine_bulk_from_python(es, alias)
        for index in indices_behind(es, alias):
            es.indices.delete(index=index)
    rate = docs / total
    engine_rate = engine_docs / reindexing.wall_s
    cores = os.cpu_count() or 1
    # CPU per document: the engine's and the rest's while importing, the engine's during `_reindex`.
    engine_ms, rest_ms = importing.engine_s / docs * 1000, importing.rest_s / docs * 1000
    reindex_ms, reindex_cores = reindexing.engine_s / engine_docs * 1000, reindexing.engine_s / reindexing.wall_s
    # At 80% of `_reindex`'s rate the machine has cores / rate of CPU per document; what the engine needs
    # of it while importing is gone, the rest is what reading, validating, writing and building may cost.
    budget_ms = cores * 1000 / (0.8 * engine_rate) - engine_ms
    bulk_rate = bulk_docs / bulk_s
    database = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
    print(out.strip().splitlines()[0], file=sys.stderr)
    figures = {
        "documents": size,
        "database": database,
        "indexed": docs,
        "import_seconds": round(import_s, 2),
        "searchable_seconds": round(total, 2),
        "compaction_seconds": round(compact_s, 2),
        "peak_rss_mib": peak_rss,
        "jsonl_to_searchable_per_second": round(rate, 1),
        "engine_reindex_per_second": round(engine_rate, 1),
        "engine_cpu_ms_per_doc_importing": round(engine_ms, 3),
        "rest_cpu_ms_per_doc_importing": round(rest_ms, 3),
        "engine_cpu_ms_per_doc_reindex": round(reindex_ms, 3),
        "engine_cores_reindex": round(reindex_cores, 2),
        "rest_budget_ms_per_doc_at_80": round(budget_ms, 3),
        "share_of_engine": round(rate / engine_rate, 3),
        "engine_fed_from_python_per_second": round(bulk_rate, 1),
        "build_ms_profiled": round(build_ms, 2),
        "analysis_share": round(share, 3),
        "load_average": os.getloadavg()[0],
    }
    return figures, (
        f"| {size:,} | {database} | {docs:,} | {import_s:.1f} s ({size / import_s:,.0f} lines/s) | {total:.1f} s "
        f"(then compacted in {compact_s:.1f} s), {peak_rss} MiB | **{rate:,.0f}** | {engine_rate:,.0f} | {rate / engine_rate:.0%} "
        f"| {bulk_rate:,.0f} ({bulk_rate / engine_rate:.0%}) | {build_ms:.2f} ms, {share:.0%} "
        f"| {engine_ms:.2f} / **{rest_ms:.2f}** | {reindex_ms:.2f} ({reindex_cores:.2f} of {cores} cores) "
        f"| **{budget_ms:.2f}** |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--es", default="http://127.0.0.1:9250")
    parser.add_argument("--redis", default="redis://127.0.0.1:6390/0")
    # `--sizes 10000 100000` and `--sizes 10000,100000` both work.
    parser.add_argument("--sizes", nargs="+", default=["10000", "100000"])
    parser.add_argument("--database-url", default=None, help="an empty PostgreSQL database (reset first)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of every size's figures")
    args = parser.parse_args()
    args.sizes = [int(size) for value in args.sizes for size in value.split(",") if size]
    print(
        "| documents | database | indexed | `hub import --index`: the import's own part | the last document "
        "searchable after (the drain's refresh included, the compaction after it not), peak RSS of the import "
        "and its drain | JSONL → searchable docs/s "
        "| engine `_reindex` docs/s | share of engine | the engine fed the built documents from Python (bulk) docs/s "
        "(share of `_reindex`) | document build, analysis share | CPU ms per document while importing (its "
        "compaction included): engine / **the rest** | engine CPU ms per document in `_reindex` (cores it used) | **the rest's budget** "
        "at 80% of `_reindex`, CPU ms per document |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    results = []
    for size in args.sizes:
        figures, row = measure(size, args)
        results.append(figures)
        print(row, flush=True)
    if args.json:
        print(json.dumps({"import_throughput": results}))


if __name__ == "__main__":
    main()
