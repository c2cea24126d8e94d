"""The bench's own services and servers: Elasticsearch, Redis and PostgreSQL on the bench ports, the site as
the Procfile serves it (gunicorn and a Celery worker), the stack's floor (bench/floor_app.py), their memory."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import requests
from common import ROOT, SHARDS, VAR, Ports, env, run


def start_services(ports: Ports, heap: str) -> None:
    services = {"HUB_ES_PORT": str(ports.es), "HUB_ES_HEAP": heap, "HUB_REDIS_PORT": str(ports.redis)}
    run(["deploy/es.sh", "start"], services)
    run(["deploy/redis.sh", "start"], services)


def start_postgres(ports: Ports) -> str:
    """Debian's PostgreSQL started by the project's script on the bench's own port; returns the server URL."""
    run(["deploy/postgres.sh", "start"], {"HUB_PG_PORT": str(ports.pg)})
    return f"postgresql+psycopg://hub@127.0.0.1:{ports.pg}"


def postgres_database(server: str, name: str) -> str:
    """The database `name` on `server`, created when missing; returns its URL."""
    from sqlalchemy import create_engine, text

    engine = create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        if conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}).scalar() is None:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return f"{server}/{name}"


def drop_postgres_database(server: str, name: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(f"{server}/postgres", isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


def stop_services(ports: Ports) -> None:
    subprocess.run(["deploy/es.sh", "stop"], cwd=ROOT, env={**os.environ, "HUB_ES_PORT": str(ports.es)})
    subprocess.run(["deploy/redis.sh", "stop"], cwd=ROOT, env={**os.environ, "HUB_REDIS_PORT": str(ports.redis)})
    if ports.pg_started:
        subprocess.run(["deploy/postgres.sh", "stop"], cwd=ROOT, env={**os.environ, "HUB_PG_PORT": str(ports.pg)})


def site_env(ports: Ports, size_name: str, db_url: str) -> dict[str, str]:
    return {
        "HUB_ENV": "test",
        "HUB_ES_URL": ports.es_url,
        "HUB_REDIS_URL": ports.redis_url(5),
        "HUB_DATABASE_URL": db_url,
        "HUB_INDEX_ALIAS": f"hub-bench-{size_name}" + (f"-s{SHARDS}" if SHARDS else ""),
        "HUB_INDEX_SHARDS": SHARDS,
        "HUB_VAR_DIR": str(VAR / f"site-{size_name}"),
        # Limits stay on (their Redis round trips are part of a search's cost), high enough for the run.
        "HUB_RATE_LIMIT_SEARCH": "1000000/minute",
        "HUB_RATE_LIMIT_SUGGEST": "1000000/minute",
    }


@dataclass
class Site:
    web: subprocess.Popen
    worker: subprocess.Popen
    description: str

    def stop(self) -> None:
        stop_processes(self.web, self.worker)


def stop_processes(*processes: subprocess.Popen | None) -> None:
    """SIGTERM to each that still runs, then wait for each (30 s, then SIGKILL)."""
    running = [process for process in processes if process is not None and process.poll() is None]
    for process in running:
        process.send_signal(signal.SIGTERM)
    for process in running:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def gunicorn_settings() -> tuple[str, str, str]:
    """(workers, threads, worker class): as the Procfile runs gunicorn unless BENCH_WORKERS, BENCH_THREADS
    or BENCH_WORKER_CLASS say otherwise."""
    worker_class = env("BENCH_WORKER_CLASS", "api.gunicorn_worker.EnvelopeThreadWorker")
    return env("BENCH_WORKERS", "2"), env("BENCH_THREADS", "8"), worker_class


def server_description() -> str:
    workers, threads, worker_class = gunicorn_settings()
    return f"gunicorn `{worker_class}`, {workers} workers x {threads} threads"


def gunicorn_command(code: Path, port: int, *app: str) -> list[str]:
    """gunicorn with `gunicorn_settings()` serving `app`."""
    workers, threads, worker_class = gunicorn_settings()
    return [
        str(code / ".venv/bin/gunicorn"), "-c", "deploy/gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
        "--workers", workers, "--threads", threads, "--worker-class", worker_class, "--timeout", "60", *app,
    ]  # fmt: skip


def ensure_port_free(port: int) -> None:
    """A server left over from an interrupted run would answer in place of the one about to start (which
    keeps retrying its port), and be measured instead of it."""
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            raise SystemExit(f"something already listens on port {port} (a server from an earlier run?): stop it first")


def wait_for_answer(process: subprocess.Popen, url: str, log: Path) -> None:
    for _ in range(120):
        if process.poll() is not None:
            raise SystemExit(f"the server ended (exit code {process.returncode}) before answering {url}: see {log}")
        try:
            if requests.get(url, timeout=2).ok:
                return
        except requests.RequestException:
            pass
        time.sleep(0.5)
    raise SystemExit(f"the server did not answer {url}: see {log}")


def start_server(command: list[str], cwd: Path, env: dict[str, str], log: Path, health_url: str) -> subprocess.Popen:
    """A server `command` on the port of `health_url` (which must be free), its output in `log`, once it
    answers `health_url`."""
    ensure_port_free(urlsplit(health_url).port)
    server = subprocess.Popen(command, cwd=cwd, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        wait_for_answer(server, health_url, log)
    except SystemExit:
        stop_processes(server)
        raise
    return server


def start_site(ports: Ports, site: dict[str, str]) -> Site:
    # BENCH_SITE_ROOT: serve another checkout's code (with its own .venv), e.g. main, for a before/after.
    code = Path(env("BENCH_SITE_ROOT", str(ROOT)))
    Path(site["HUB_VAR_DIR"]).mkdir(parents=True, exist_ok=True)
    logs = Path(site["HUB_VAR_DIR"])
    child_env = {**os.environ, **site}
    celery = [
        str(code / ".venv/bin/celery"),
        "-A",
        "worker.app:celery_app",
        "worker",
        "--pool",
        "solo",
        "--loglevel",
        "WARNING",
    ]
    worker = subprocess.Popen(
        celery, cwd=code, env=child_env, stdout=open(logs / "worker.log", "w"), stderr=subprocess.STDOUT
    )
    try:
        web = start_server(
            gunicorn_command(code, ports.web, "api.wsgi:app"),
            code,
            child_env,
            logs / "gunicorn.log",
            f"http://127.0.0.1:{ports.web}/healthz",
        )
    except SystemExit:
        stop_processes(worker)
        raise
    return Site(web, worker, server_description())


# bench/floor_app.py as gunicorn's arguments name it, and the search that tells a floor (or the site) is up.
FLOOR_APP = ("--pythonpath", "bench", "floor_app:app")
SEARCH_PROBE = "/api/v2/search?q=agent"


def start_floor(ports: Ports, site: dict[str, str]) -> subprocess.Popen:
    """bench/floor_app.py served by the same gunicorn settings as the site, on ports.floor."""
    return start_server(
        gunicorn_command(ROOT, ports.floor, *FLOOR_APP),
        ROOT,
        {**os.environ, **site},
        Path(site["HUB_VAR_DIR"]) / "floor.log",
        f"http://127.0.0.1:{ports.floor}{SEARCH_PROBE}",
    )


def tree_rss_mib(pid: int) -> float:
    """Resident memory of a process and its descendants (gunicorn's master and workers)."""
    out = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,rss="], capture_output=True, text=True).stdout
    rows = [tuple(int(part) for part in line.split()) for line in out.splitlines() if line.strip()]
    children: dict[int, list[int]] = {}
    rss = {}
    for child, parent, kib in rows:
        children.setdefault(parent, []).append(child)
        rss[child] = kib
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        total += rss.get(current, 0)
        todo.extend(children.get(current, []))
    return total / 1024
