"""Import + outbox drain + full reindex timings on the demo corpus, against a real node.

    .venv/bin/python bench/reindex_throughput.py [--es http://127.0.0.1:9250] [--rounds 3]

Uses a throw-away SQLite file and index alias; prints the median of each phase."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--es", default="http://127.0.0.1:9250")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    from indexer.client import make_client
    from indexer.lifecycle import indices_behind
    from indexer.sync import drain_outbox, reindex_all
    from ingest.jsonl import import_files
    from store.db import session_factory
    from store.migrate import upgrade

    es = make_client(args.es)
    files = sorted((ROOT / "data" / "demo").glob("*.jsonl"))
    phases: dict[str, list[float]] = {"import": [], "drain": [], "reindex": []}
    docs = 0
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{folder}/bench.db"
            alias = f"hub-bench-{uuid.uuid4().hex[:8]}"
            upgrade(url)
            sessions = session_factory(url)
            started = time.perf_counter()
            with sessions() as session:
                import_files(session, files)
            phases["import"].append(time.perf_counter() - started)
            started = time.perf_counter()
            docs = drain_outbox(sessions, es, alias)
            phases["drain"].append(time.perf_counter() - started)
            started = time.perf_counter()
            reindex_all(sessions, es, alias)
            phases["reindex"].append(time.perf_counter() - started)
            for index in indices_behind(es, alias):
                es.indices.delete(index=index)
    print(f"demo corpus: {docs} outbox entries, {len(files)} files, {args.rounds} rounds")
    for name, values in phases.items():
        print(f"{name:8s} median {statistics.median(values):6.2f} s   ({', '.join(f'{v:.2f}' for v in values)})")


if __name__ == "__main__":
    main()
