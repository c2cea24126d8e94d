"""`make bench`: every row of issue 12 measured in one run, written to bench/RESULTS.md.

    .venv/bin/python bench/run.py                      # sizes 10000,100000 (BENCH_SIZES), own services
    BENCH_SIZES=1000000 .venv/bin/python bench/run.py  # 1M through the normal import path
    BENCH_GROW_1M=1 .venv/bin/python bench/run.py      # also: the 100k index copied ten times (_reindex)
    BENCH_DATABASE=postgresql ...                      # PostgreSQL (deploy/postgres.sh, BENCH_PG_PORT) for every size

For each size: the data (bench/generate.py, seed 12), the import figures (bench/import_throughput.py,
unchanged), the documents loaded for reading through the same path (`hub import --index`) into a
database and alias kept under var/bench/ (reused by the next run while complete: BENCH_RELOAD=1 to
reload), then the site served as the Procfile serves it (gunicorn, BENCH_WORKERS x BENCH_THREADS,
BENCH_WORKER_CLASS) and a Celery worker beside it, and measured from outside over HTTP:
distinct uncached searches through the API and the same query bodies straight to Elasticsearch,
the search answer's size, wrk against the cached story feed, the engine's heap and the processes'
resident memory, with the load average at every figure. See bench/README.md for what each means."""

from __future__ import annotations

import argparse
import os
import sys
import time

from common import RESULTS, ROOT, SHARDS, VAR, Report, bench_ports, env
from dataset import data_file, grow_to_million, import_throughput, indexed, load_for_reading, reading_database
from measure import ensure_wrk, measure_site
from results import write_results
from services import server_description, site_env, start_postgres, start_services, stop_services


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=env("BENCH_SIZES", "10000,100000"))
    parser.add_argument("--rounds", type=int, default=int(env("BENCH_ROUNDS", "2")))
    parser.add_argument("--queries", type=int, default=int(env("BENCH_QUERIES", "400")))
    parser.add_argument(
        "--no-import",
        action="store_true",
        default=bool(os.environ.get("BENCH_NO_IMPORT")),
        help="skip bench/import_throughput.py",
    )
    parser.add_argument(
        "--import-sizes",
        default=os.environ.get("BENCH_IMPORT_SIZES", ""),
        help="only these sizes through bench/import_throughput.py (default: every size)",
    )
    parser.add_argument("--grow-1m", action="store_true", default=bool(os.environ.get("BENCH_GROW_1M")))
    parser.add_argument(
        "--database",
        choices=["sqlite", "postgresql"],
        default=env("BENCH_DATABASE", "sqlite"),
        help="the site's database: SQLite files under var/bench/, or PostgreSQL (deploy/postgres.sh on BENCH_PG_PORT)",
    )
    parser.add_argument("--keep-services", action="store_true", default=bool(os.environ.get("BENCH_KEEP_SERVICES")))
    args = parser.parse_args()
    ports = bench_ports()
    heap = env("BENCH_ES_HEAP", "2g")
    sizes = [int(size) for size in args.sizes.split(",") if size.strip()]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    report = Report(
        commands=[
            " ".join(["make bench  # = python bench/run.py", *sys.argv[1:]])
            + f"  (BENCH_SIZES={args.sizes}, BENCH_DATABASE={args.database}, BENCH_INDEX_SHARDS={SHARDS or '-'},"
            + f" BENCH_NO_IMPORT={int(args.no_import)}, ES heap {heap})"
        ]
    )
    ensure_wrk()
    VAR.mkdir(parents=True, exist_ok=True)
    start_services(ports, heap)
    postgres_server = None
    if args.database == "postgresql":
        postgres_server, ports.pg_started = start_postgres(ports), True
    description = "?"
    try:
        for size in sizes:
            url, reset = reading_database(ports, size, postgres_server)
            site_vars = site_env(ports, str(size), url)
            data_file(size)
            if not args.no_import and (not args.import_sizes or str(size) in args.import_sizes.split(",")):
                import_throughput(ports, size, report, postgres_server)
            load_for_reading(ports, size, site_vars, report, reset)
            measure_site(ports, f"{size:,}", site_vars, report, args.rounds, args.queries)
            description = server_description()
        if args.grow_1m:
            url, reset = reading_database(ports, 100_000, postgres_server)
            source = site_env(ports, "100000", url)
            if indexed(ports.es_url, source["HUB_INDEX_ALIAS"]) < 100_000:
                load_for_reading(ports, 100_000, source, report, reset)
            grown = {**source, "HUB_INDEX_ALIAS": "hub-bench-1m-grown", "HUB_VAR_DIR": str(VAR / "site-1m-grown")}
            grow_to_million(ports, source["HUB_INDEX_ALIAS"], grown["HUB_INDEX_ALIAS"], report)
            measure_site(ports, "1M (grown by `_reindex`)", grown, report, args.rounds, args.queries)
    finally:
        write_results(report, started, heap, description)
        if not args.keep_services:
            stop_services(ports)
    print(f"bench: figures written to {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
