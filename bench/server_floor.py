"""The search floor and the site under other WSGI servers: what a different server would change in the API /
engine ratio at p50 (issue 12), measured beside gunicorn as the Procfile runs it.

    make bench-servers                                  # 100k, the bench's kept data and services
    BENCH_SIZES=1000000 make bench-servers              # another size of the bench's kept data

It needs the data `make bench` keeps (`hub-bench-N` aliases and their databases under var/bench/, loaded by
an earlier `BENCH_DATABASE=postgresql BENCH_INDEX_SHARDS=2 make bench`) and pyuwsgi and granian (the
`servers` extra, which `make bench-servers` installs). For one size it serves

- `bench/floor_app.py` (Flask, the `elasticsearch` client, the API's engine body and item shaping, nothing
  else) under gunicorn (the Procfile's worker class and counts), uWSGI (2 processes x 8 threads, HTTP/1.1
  keep-alive socket) and granian (2 workers x 8 blocking threads), and
- the site itself (`api.wsgi:app`) under gunicorn and under uWSGI, each with a Redis database of its own (so
  neither answers from the other's cache),

(`BENCH_SERVERS` picks some of them: `site-gunicorn,site-uwsgi` alone calls each query three times, the
engine included, as `make bench` does), then sends every distinct query to each of them and the same body straight to the engine, in an order that
turns round query by query, over keep-alive connections, uncompressed. Printed: p50 of each, the ratio to the
engine's p50 from the same round, and for the floors the part of the time inside the application (its
`Server-Timing` header) against the part outside it (the server's reading, handing off and writing, and the
client)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import VAR, Ports, bench_ports, env, load, percentile  # noqa: E402
from measure import (  # noqa: E402
    engine_body,
    forget_cached_reads,
    index_concepts,
    interleaved,
    query_set,
    timed_engine_search,
    timed_site_search,
)
from services import (  # noqa: E402
    FLOOR_APP,
    SEARCH_PROBE,
    gunicorn_command,
    postgres_database,
    site_env,
    start_postgres,
    start_server,
    start_services,
    stop_processes,
    stop_services,
)


@dataclass
class Server:
    key: str  # how --servers names it
    name: str
    port: int
    command: list[str]
    env: dict[str, str]
    redis_db: int | None = None  # the site's: a new cache generation each round
    process: subprocess.Popen | None = None


def uwsgi_command(port: int, module: str, *, pythonpath: str = "") -> list[str]:
    """uWSGI as gunicorn runs here: 2 processes x 8 threads, keep-alive HTTP/1.1 (its own socket, no router)."""
    return [
        str(ROOT / ".venv/bin/uwsgi"), "--http11-socket", f"127.0.0.1:{port}", "--master", "--processes", "2",
        "--threads", "8", "--enable-threads", "--lazy-apps", "--disable-logging", "--die-on-term",
        "--module", module, *(["--pythonpath", pythonpath] if pythonpath else []),
    ]  # fmt: skip


def granian_command(port: int, target: str) -> list[str]:
    return [
        str(ROOT / ".venv/bin/granian"), "--interface", "wsgi", "--host", "127.0.0.1", "--port", str(port),
        "--workers", "2", "--blocking-threads", "8", target,
    ]  # fmt: skip


SERVER_KEYS = ("site-gunicorn", "site-uwsgi", "floor-gunicorn", "floor-uwsgi", "floor-granian")


def servers(ports: Ports, site: dict[str, str]) -> list[Server]:
    def site_on(db: int) -> dict[str, str]:
        return {**site, "HUB_REDIS_URL": ports.redis_url(db), "HUB_VAR_DIR": str(VAR / f"servers-{db}")}

    floor_env = {**site, "PYTHONPATH": str(ROOT / "bench")}
    return [
        Server("site-gunicorn", "site, gunicorn (Procfile)", ports.web, gunicorn_command(ROOT, ports.web, "api.wsgi:app"), site_on(5), 5),
        Server("site-uwsgi", "site, uWSGI", ports.web + 10, uwsgi_command(ports.web + 10, "api.wsgi:app"), site_on(8), 8),
        Server("floor-gunicorn", "floor, gunicorn (Procfile)", ports.floor, gunicorn_command(ROOT, ports.floor, *FLOOR_APP), floor_env),
        Server("floor-uwsgi", "floor, uWSGI", ports.floor + 10, uwsgi_command(ports.floor + 10, "floor_app:app"), floor_env),
        Server("floor-granian", "floor, granian", ports.floor + 20, granian_command(ports.floor + 20, "floor_app:app"), floor_env),
    ]  # fmt: skip


def start(server: Server) -> None:
    server.process = start_server(
        server.command,
        ROOT,
        {**os.environ, **server.env},
        VAR / f"server-floor-{server.port}.log",
        f"http://127.0.0.1:{server.port}{SEARCH_PROBE}",
    )


def in_app_ms(answer: requests.Response) -> float | None:
    """`Server-Timing: app;dur=…` (bench/floor_app.py): the application's own time, from the server's call
    until it hands over its answer (the engine call included)."""
    for metric in answer.headers.get("Server-Timing", "").split(","):
        name, _, duration = metric.strip().partition(";dur=")
        if name == "app" and duration:
            return float(duration)
    return None


def measure_round(ports: Ports, alias: str, chosen: list[Server], queries: list[dict], concepts) -> dict:
    for server in chosen:
        if server.redis_db is not None:
            forget_cached_reads(ports, alias, server.redis_db)
    times: dict[str, list[float]] = {server.name: [] for server in chosen} | {"engine": []}
    inside: dict[str, list[float]] = {server.name: [] for server in chosen}
    sessions = {name: requests.Session() for name in times}

    def engine_call(args: dict) -> None:
        elapsed, _ = timed_engine_search(sessions["engine"], ports.es_url, alias, engine_body(args, concepts))
        times["engine"].append(elapsed)

    def server_call(server: Server):
        def call(args: dict) -> None:
            elapsed, answer = timed_site_search(sessions[server.name], server.port, args)
            times[server.name].append(elapsed)
            if (app := in_app_ms(answer)) is not None:
                inside[server.name].append(app)

        return call

    before = load()
    interleaved([engine_call, *(server_call(server) for server in chosen)], queries)
    return {"times": times, "inside": inside, "load": f"{before} → {load()}"}


def report(label: str, round_no: int, found: dict) -> list[str]:
    engine50 = percentile(found["times"]["engine"], 0.5)
    rows = [f"| {label} | {round_no} | engine | {engine50:.1f} | 1.00 | – | – | {found['load']} |"]
    for name, values in found["times"].items():
        if name == "engine":
            continue
        p50 = percentile(values, 0.5)
        inside = found["inside"][name]
        split = "– | –"
        if inside:
            outside = [total - app for total, app in zip(values, inside, strict=True)]
            split = f"{percentile(inside, 0.5):.1f} | {percentile(outside, 0.5):.2f}"
        rows.append(f"| {label} | {round_no} | {name} | {p50:.1f} | **{p50 / engine50:.2f}** | {split} | |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=int(env("BENCH_SIZES", "100000").split(",")[0]))
    parser.add_argument("--rounds", type=int, default=int(env("BENCH_ROUNDS", "2")))
    parser.add_argument("--queries", type=int, default=int(env("BENCH_QUERIES", "400")))
    parser.add_argument(
        "--servers",
        default=env("BENCH_SERVERS", ",".join(SERVER_KEYS)),
        help="which of them, comma-separated (site-uwsgi alone beside site-gunicorn calls each query three times, "
        "engine included, as make bench does)",
    )
    parser.add_argument("--keep-services", action="store_true", default=bool(os.environ.get("BENCH_KEEP_SERVICES")))
    args = parser.parse_args()
    for tool in ("uwsgi", "granian"):
        if not shutil.which(tool, path=str(ROOT / ".venv/bin")):
            raise SystemExit(f"{tool} is not installed: make bench-servers installs the `servers` extra")
    wanted = [key.strip() for key in args.servers.split(",") if key.strip()]
    if unknown := set(wanted) - set(SERVER_KEYS):
        raise SystemExit(f"no such server: {', '.join(sorted(unknown))} (known: {', '.join(SERVER_KEYS)})")
    ports = bench_ports()
    chosen: list[Server] = []
    rows: list[str] = []
    try:
        start_services(ports, env("BENCH_ES_HEAP", "2g"))
        ports.pg_started = True
        site = site_env(ports, str(args.size), postgres_database(start_postgres(ports), f"hub_bench_{args.size}"))
        alias = site["HUB_INDEX_ALIAS"]
        if not (VAR / f"loaded-{alias}.txt").exists():
            raise SystemExit(f"no finished load of {alias} under var/bench/: run make bench for this size first")
        chosen = [server for server in servers(ports, site) if server.key in wanted]
        for server in chosen:
            start(server)
        concepts = index_concepts(ports.es_url, alias)
        queries = query_set(args.queries)
        measure_round(ports, alias, chosen, queries[-40:], concepts)  # warm-up
        for round_no in range(1, args.rounds + 1):
            rows += report(f"{args.size:,}", round_no, measure_round(ports, alias, chosen, queries, concepts))
    finally:
        stop_processes(*(server.process for server in chosen))
        if not args.keep_services:
            stop_services(ports)
    print("| index | round | server | p50 ms | / engine | in the app p50 ms | outside the app p50 ms | load |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
