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
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var" / "bench"
RESULTS = ROOT / "bench" / "RESULTS.md"
BEGIN, END = "<!-- make bench: generated, replaced on each run -->", "<!-- end of make bench -->"
# BENCH_INDEX_SHARDS: primary shards of the indices the bench loads (HUB_INDEX_SHARDS; a name of their own).
SHARDS = os.environ.get("BENCH_INDEX_SHARDS", "")
FEED_BODY = {"page": 1, "size": 20, "label": [], "sort": "hot"}


def env(name: str, default: str) -> str:
    return os.environ.get(name) or default


def load() -> str:
    return "/".join(f"{value:.1f}" for value in os.getloadavg())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run(cmd: list[str], extra_env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=ROOT, env={**os.environ, **(extra_env or {})}, check=True, **kwargs)


@dataclass
class Ports:
    es: int
    redis: int
    web: int
    pg: int = 5447
    floor: int = 8131  # bench/floor_app.py: the stack's floor for a search
    pg_started: bool = False

    @property
    def es_url(self) -> str:
        return f"http://127.0.0.1:{self.es}"

    def redis_url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.redis}/{db}"


@dataclass
class Report:
    """What the run found, as Markdown lines per section."""

    commands: list[str] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)
    loads: list[str] = field(default_factory=list)
    latency: list[str] = field(default_factory=list)
    stack_floor: list[str] = field(default_factory=list)
    fixed_part: list[str] = field(default_factory=list)
    sizes: list[str] = field(default_factory=list)
    feed: list[str] = field(default_factory=list)
    memory: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- services


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


# ---------------------------------------------------------------- data


def data_file(size: int) -> Path:
    path = VAR / f"import-{size}.jsonl"
    if not path.exists():
        VAR.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=VAR, delete=False) as out:
            run([sys.executable, "bench/generate.py", str(size)], stdout=out)
        Path(out.name).rename(path)
    return path


def reading_database(ports: Ports, size: int, postgres_server: str | None):
    """(URL, reset) of the database kept for reading `size` documents: SQLite under var/bench/, or a
    database of its own on the bench's PostgreSQL."""
    if postgres_server:
        name = f"hub_bench_{size}"

        def reset_postgres() -> None:
            drop_postgres_database(postgres_server, name)
            postgres_database(postgres_server, name)

        return postgres_database(postgres_server, name), reset_postgres
    path = VAR / f"db-{size}.db"

    def reset_sqlite() -> None:
        for stale in path.parent.glob(path.name + "*"):
            stale.unlink()

    return f"sqlite:///{path}", reset_sqlite


def import_throughput(ports: Ports, size: int, report: Report, postgres_server: str | None) -> None:
    cmd = [
        sys.executable,
        "bench/import_throughput.py",
        "--es",
        ports.es_url,
        "--redis",
        ports.redis_url(6),
        "--sizes",
        str(size),
    ]
    if postgres_server:
        cmd += ["--database-url", postgres_database(postgres_server, "hub_bench_import")]
    report.commands.append(" ".join(["python", *cmd[1:]]))
    before = load()
    out = run(cmd, capture_output=True, text=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("|")]
    if not report.imports:
        header, rule = rows[:2]
        report.imports.extend([f"{header} load |", f"{rule} --- |"])
    report.imports.extend(f"{row} {before} → {load()} |" for row in rows[2:])


def indexed(es_url: str, alias: str) -> int:
    answer = requests.get(f"{es_url}/{alias}/_count", timeout=30)
    return answer.json()["count"] if answer.ok else -1


def run_sampled(cmd: list[str], extra_env: dict[str, str]) -> tuple[float, float, str]:
    """Run a command to its end; returns (seconds, peak resident memory of its process tree in MiB,
    its output), memory sampled every half second (the drain and its build processes are children)."""
    started, peak = time.perf_counter(), 0.0
    with tempfile.TemporaryFile("w+", encoding="utf-8") as output:
        child = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **extra_env}, stdout=output)
        while child.poll() is None:
            peak = max(peak, tree_rss_mib(child.pid))
            time.sleep(0.5)
        if child.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({child.returncode})")
        output.seek(0)
        return time.perf_counter() - started, peak, output.read()


def load_for_reading(ports: Ports, size: int, site: dict[str, str], report: Report, reset) -> None:
    """The documents in a database and alias kept between runs, through `hub import --index`.
    `reset` empties the database; a marker file says a load of this alias into this database finished."""
    alias, url = site["HUB_INDEX_ALIAS"], site["HUB_DATABASE_URL"]
    marker = VAR / f"loaded-{alias}.txt"
    count = indexed(ports.es_url, alias)
    complete = marker.exists() and marker.read_text() == url
    if count >= size and complete and not os.environ.get("BENCH_RELOAD"):
        report.loads.append(f"| {size:,} | reused from an earlier run: {count:,} documents in `{alias}` | – | – |")
        return
    marker.unlink(missing_ok=True)
    reset()
    requests.delete(f"{ports.es_url}/{alias}-*", timeout=120)
    hub = [str(ROOT / ".venv/bin/hub")]
    run([*hub, "migrate"], site, stdout=subprocess.DEVNULL)
    before = load()
    # As an operator loads a file: the import, with its own drain beside it (`hub import --index`).
    seconds, peak, output = run_sampled([*hub, "import", "--index", "--quiet", str(data_file(size))], site)
    imported = float(re.search(r"lines in ([\d.]+) s", output).group(1))
    count = indexed(ports.es_url, alias)
    settled = wait_for_merges(ports.es_url, alias)
    marker.write_text(url)
    database = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
    report.loads.append(
        f"| {size:,} | {database}: `hub import --index` (the import, its drain in a process of its own beside it): "
        f"{count:,} documents searchable in {seconds:.0f} s, **{count / seconds:,.0f} docs/s** JSONL → searchable "
        f"(the import's own part {imported:.0f} s, {size / imported:,.0f} lines/s); peak {peak:,.0f} MiB with the "
        f"drain and its build processes; the engine's merges after it: {settled:.0f} s more, before the searches "
        f"| {before} → {load()} |"
    )


def wait_for_merges(es_url: str, alias: str, limit: float = 1800) -> float:
    """Seconds until the engine has no merge of the alias's index running (three checks in a row):
    searches measured during the merges that follow a load measure the merges (issue 12)."""
    started, quiet = time.perf_counter(), 0
    while quiet < 3 and time.perf_counter() - started < limit:
        stats = requests.get(f"{es_url}/{alias}/_stats/merge", timeout=30).json()
        quiet = quiet + 1 if stats["_all"]["total"]["merges"]["current"] == 0 else 0
        time.sleep(2)
    return time.perf_counter() - started


def cpu_busy(seconds: float) -> float:
    """Share of all cores busy over the next `seconds` (/proc/stat)."""

    def sample() -> tuple[int, int]:
        fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        return sum(fields), fields[3] + fields[4]  # all, idle + iowait

    total0, idle0 = sample()
    time.sleep(seconds)
    total1, idle1 = sample()
    return 1 - (idle1 - idle0) / max(1, total1 - total0)


def wait_for_quiet(limit: float = 900, busy_under: float = 0.15) -> float:
    """Seconds until the machine has been under `busy_under` of its CPU for two 5-s windows in a row:
    searches measured beside work left over from a load (the engine's, the database's) would measure
    it. The 1-minute load average cannot tell: after the 1M load it still read 3-4 on a machine that
    was quiet (issue 12)."""
    started, quiet = time.perf_counter(), 0
    while quiet < 2 and time.perf_counter() - started < limit:
        quiet = quiet + 1 if cpu_busy(5) < busy_under else 0
    return time.perf_counter() - started


def grow_to_million(ports: Ports, source_alias: str, target_alias: str, report: Report) -> None:
    """The issue's 1M: the 100k index copied ten times with new ids by a server-side `_reindex`."""
    from indexer.lifecycle import load_mapping

    if indexed(ports.es_url, target_alias) >= 1_000_000:
        report.loads.append(f"| 1M (grown) | reused: `{target_alias}` | – | – |")
        return
    index = f"{target_alias}-1"
    requests.delete(f"{ports.es_url}/{index}", timeout=120)
    mapping = load_mapping()
    mapping.setdefault("settings", {}).update({"number_of_replicas": 0, "refresh_interval": "-1"})
    requests.put(f"{ports.es_url}/{index}", json=mapping, timeout=120).raise_for_status()
    started, before = time.perf_counter(), load()
    for copy in range(10):
        body = {
            "source": {"index": source_alias},
            "dest": {"index": index},
            "script": {
                "lang": "painless",
                "params": {"copy": copy},
                "source": "ctx._id = ctx._id + '-c' + params.copy; ctx._source.doc_key = ctx._source.doc_key + '-c' + params.copy;",
            },
        }
        requests.post(f"{ports.es_url}/_reindex?wait_for_completion=true", json=body, timeout=7200).raise_for_status()
    requests.put(f"{ports.es_url}/{index}/_settings", json={"index": {"refresh_interval": "1s"}}, timeout=120)
    requests.post(f"{ports.es_url}/{index}/_refresh", timeout=1200)
    requests.post(
        f"{ports.es_url}/_aliases", json={"actions": [{"add": {"index": index, "alias": target_alias}}]}, timeout=120
    )
    count = indexed(ports.es_url, target_alias)
    elapsed = time.perf_counter() - started
    report.loads.append(
        f"| 1M (grown: 100k copied ten times by `_reindex` with a script, new ids; **not** the import path) "
        f"| {count:,} documents in {elapsed:.0f} s ({count / elapsed:,.0f} docs/s) | {before} → {load()} |"
    )


# ---------------------------------------------------------------- measurements


def query_set(limit: int) -> list[dict]:
    """Distinct search arguments (so every API request misses the read cache): the judged queries,
    each with a few sorts and time ranges."""
    path = ROOT / "tests" / "relevance" / "judgments.jsonl"
    queries = [json.loads(line)["query"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    variants = [("relevance", None), ("relevance", "month"), ("hot", None), ("new", "week")]
    args = [{"q": q, "sort": sort, "time": time_range} for sort, time_range in variants for q in queries]
    return args[:limit]


def engine_body(args: dict, concepts: frozenset[str] = frozenset()) -> dict:
    """The body the API sends for these arguments (api/services/feeds.py search_page); `concepts` as the
    API reads them from the index (`index_concepts`)."""
    from indexer.queries.search import build_search

    return build_search(
        args["q"], types=None, tags=[], time=args["time"], sort=args["sort"], page=1, size=20, concepts=concepts
    )


def index_concepts(es_url: str, alias: str) -> frozenset[str]:
    """The glossary concept ids the index carries, which the API's search bodies use (IndexReader.concepts)."""
    from elasticsearch import Elasticsearch

    from indexer.lifecycle import indexed_concepts

    return indexed_concepts(Elasticsearch(es_url), alias)


def forget_cached_reads(ports: Ports, alias: str, redis_db: int = 5) -> None:
    """A new cache generation: every cached read of the alias is retired, as after an index write
    (`redis_db`: the site's Redis database, 5 as `site_env` gives it)."""
    from store import cache_generation
    from store.redis_client import redis_client

    cache_generation.bump(redis_client(ports.redis_url(redis_db)), alias)


def search_params(args: dict) -> dict:
    """The API's query string for a bench search: the same arguments `engine_body` gives the engine
    (leaving out `time` would make a month search repeat a relevance one, answered from the cache)."""
    return {"q": args["q"], "sort": args["sort"], "size": 20, **({"time": args["time"]} if args["time"] else {})}


def timed_engine_search(
    session: requests.Session, es_url: str, alias: str, body: dict
) -> tuple[float, requests.Response]:
    """(ms, answer) of one search straight to the engine. The body is encoded before the clock starts, as
    the API builds it before sending; the answer is asked for uncompressed, as the API's answer is and as
    the API's own engine client reads it: `requests` asks for gzip by default, and the engine's
    compressing and the client's unpacking counted on the engine's side only (issue 12)."""
    data = json.dumps(body)
    started = time.perf_counter()
    answer = session.post(
        f"{es_url}/{alias}/_search",
        data=data,
        headers={"Content-Type": "application/json", "Accept-Encoding": "identity"},
        timeout=30,
    )
    elapsed = (time.perf_counter() - started) * 1000
    answer.raise_for_status()
    return elapsed, answer


def timed_site_search(session: requests.Session, port: int, args: dict) -> tuple[float, requests.Response]:
    """(ms, answer) of one search through a server on `port` (the API, or a floor), uncompressed."""
    started = time.perf_counter()
    answer = session.get(
        f"http://127.0.0.1:{port}/api/v2/search",
        params=search_params(args),
        headers={"Accept-Encoding": "identity"},
        timeout=30,
    )
    elapsed = (time.perf_counter() - started) * 1000
    answer.raise_for_status()
    return elapsed, answer


def interleaved(calls: list, queries: list[dict]) -> None:
    """Each query to every call, the call that goes first turning round query by query."""
    for n, args in enumerate(queries):
        turn = n % len(calls)
        for call in calls[turn:] + calls[:turn]:
            call(args)


def measure_search(ports: Ports, alias: str, queries: list[dict]) -> dict:
    """API, engine and the stack's floor (bench/floor_app.py on ports.floor), interleaved query by query
    (which goes first turns round), over keep-alive connections."""
    api, engine, floor = requests.Session(), requests.Session(), requests.Session()
    found: dict = {"api": [], "engine": [], "took": [], "sizes": [], "floor": []}
    concepts = index_concepts(ports.es_url, alias)

    def call_api(args: dict) -> None:
        elapsed, answer = timed_site_search(api, ports.web, args)
        found["api"].append(elapsed)
        found["sizes"].append(len(answer.content))

    def call_floor(args: dict) -> None:
        found["floor"].append(timed_site_search(floor, ports.floor, args)[0])

    def call_engine(args: dict) -> None:
        elapsed, answer = timed_engine_search(engine, ports.es_url, alias, engine_body(args, concepts))
        found["engine"].append(elapsed)
        found["took"].append(answer.json()["took"])

    before = load()
    forget_cached_reads(ports, alias)
    interleaved([call_api, call_engine, call_floor], queries)
    found["load"] = f"{before} → {load()}"
    return found


def measure_fixed_part(ports: Ports, query: dict, repeats: int = 300) -> dict:
    """What a request costs each side without a search: the API answering one search from its read
    cache (gunicorn, Flask, the rate limit, the arguments, one Redis round trip) and the engine's `GET /`.
    Of the API's share of an uncached search, this much is paid by any answer."""
    api, engine = requests.Session(), requests.Session()
    params = search_params(query)
    url = f"http://127.0.0.1:{ports.web}/api/v2/search"
    found: dict = {"api": [], "browser": [], "engine": []}
    api.get(url, params=params, headers={"Accept-Encoding": "identity"}, timeout=30).raise_for_status()
    for _ in range(repeats):
        started = time.perf_counter()
        api.get(url, params=params, headers={"Accept-Encoding": "identity"}, timeout=30).raise_for_status()
        found["api"].append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        # As a browser takes it: brotli, unpacked by the client (as a browser does).
        api.get(url, params=params, headers={"Accept-Encoding": "br, gzip"}, timeout=30).raise_for_status()
        found["browser"].append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        engine.get(f"{ports.es_url}/", timeout=30).raise_for_status()
        found["engine"].append((time.perf_counter() - started) * 1000)
    return found


def compressed_size(ports: Ports, query: str) -> str:
    answer = requests.get(
        f"http://127.0.0.1:{ports.web}/api/v2/search",
        params={"q": query, "size": 20},
        headers={"Accept-Encoding": "br, gzip"},
        stream=True,
        timeout=30,
    )
    raw = answer.raw.read(decode_content=False)
    return f"{len(raw):,} bytes {answer.headers.get('Content-Encoding', 'identity')}"


# How the cached feed is asked for: with no Accept-Encoding (plain JSON, as earlier runs measured it) and
# as a browser asks (brotli or gzip), which is how visitors and the app's web-view take it.
FEED_ENCODINGS = (("", "none (plain)"), ("br, gzip", "`br, gzip` (a browser)"))


def wrk_feed(ports: Ports, seconds: int, accept_encoding: str = "") -> dict:
    script = VAR / f"feed{'-' + accept_encoding.split(',')[0] if accept_encoding else ''}.lua"
    encoding_header = f'wrk.headers["Accept-Encoding"] = "{accept_encoding}"\n' if accept_encoding else ""
    script.write_text(
        'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
        f"{encoding_header}wrk.body = '{json.dumps(FEED_BODY)}'\n",
        encoding="utf-8",
    )
    url = f"http://127.0.0.1:{ports.web}/api/v1/story/list"
    headers = {"Accept-Encoding": accept_encoding or "identity"}
    requests.post(url, json=FEED_BODY, headers=headers, timeout=30).raise_for_status()  # fills the cache
    before = load()
    out = subprocess.run(
        ["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", "-s", str(script), url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rate": rate,
        "p50": latency.get("50"),
        "p99": latency.get("99"),
        "errors": errors.group(1) if errors else "0",
        "load": f"{before} → {load()}",
    }


def ensure_wrk() -> None:
    if shutil.which("wrk"):
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("bench: installing wrk with apt-get", file=sys.stderr)
        subprocess.run(
            "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null",
            shell=True,
            check=True,
        )
    else:
        raise SystemExit("bench: wrk is missing; install it (Debian/Ubuntu: sudo apt-get install wrk)")


def engine_memory(ports: Ports) -> tuple[float, float, float]:
    """(heap used MiB, heap max MiB, process RSS MiB) of the node."""
    stats = requests.get(f"{ports.es_url}/_nodes/stats/jvm,process", timeout=30).json()
    node = next(iter(stats["nodes"].values()))
    jvm = node["jvm"]["mem"]
    return (
        jvm["heap_used_in_bytes"] / 2**20,
        jvm["heap_max_in_bytes"] / 2**20,
        node["process"]["mem"]["total_virtual_in_bytes"] / 2**20,
    )


def engine_rss(ports: Ports) -> float:
    pids = subprocess.run(
        ["pgrep", "-f", f"ElasticsearchClusterRunner.*-baseHttpPort {ports.es - 1} "], capture_output=True, text=True
    ).stdout.split()
    return tree_rss_mib(int(pids[0])) if pids else 0.0


def ms(value: float) -> str:
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


def measure_site(
    ports: Ports, label: str, site_vars: dict[str, str], report: Report, rounds: int, queries: int
) -> None:
    site = start_site(ports, site_vars)
    try:
        floor_site = start_floor(ports, site_vars)
    except SystemExit:
        site.stop()
        raise
    try:
        waited = wait_for_quiet()
        report.notes.append(
            f"- {label}: the machine was quiet (under 15% of its CPU for 10 s) {waited:.0f} s after the site started, "
            "before the searches."
        )
        alias = site_vars["HUB_INDEX_ALIAS"]
        chosen = query_set(queries)
        measure_search(ports, alias, chosen[-40:])  # warm-up: the engine's caches, the connections
        for round_no in range(1, rounds + 1):
            # Each round starts with a new cache generation, and its queries are distinct: all miss the cache.
            found = measure_search(ports, alias, chosen)
            api50, engine50 = percentile(found["api"], 0.5), percentile(found["engine"], 0.5)
            report.latency.append(
                f"| {label} | {round_no} | {len(found['api'])} | {ms(api50)} / {ms(percentile(found['api'], 0.95))} / {ms(percentile(found['api'], 0.99))} "
                f"| {ms(engine50)} / {ms(percentile(found['engine'], 0.95))} / {ms(percentile(found['engine'], 0.99))} "
                f"| {ms(percentile(found['took'], 0.5))} / {ms(percentile(found['took'], 0.99))} | **{api50 / engine50:.2f}** | {found['load']} |"
            )
            floor50 = percentile(found["floor"], 0.5)
            report.stack_floor.append(
                f"| {label} | {round_no} | {ms(api50)} | {ms(floor50)} | {ms(engine50)} | {api50 / engine50:.2f} "
                f"| **{floor50 / engine50:.2f}** | {ms(api50 - floor50)} | {found['load']} |"
            )
            if round_no == 1:
                fixed = measure_fixed_part(ports, chosen[0])
                share = api50 - engine50
                report.fixed_part.append(
                    f"| {label} | {ms(share)} | {ms(percentile(fixed['api'], 0.5))} | {ms(percentile(fixed['browser'], 0.5))} "
                    f"| {ms(percentile(fixed['engine'], 0.5))} | {load()} |"
                )
                report.sizes.append(
                    f"| {label} | {statistics.median(found['sizes']):,.0f} bytes median, {max(found['sizes']):,} max "
                    f"| {compressed_size(ports, chosen[0]['q'])} |"
                )
        for accept_encoding, asked in FEED_ENCODINGS:
            for round_no in range(1, rounds + 1):
                feed = wrk_feed(ports, int(env("BENCH_WRK_SECONDS", "20")), accept_encoding)
                report.feed.append(
                    f"| {label} | {asked} | {round_no} | **{feed['rate']:,.0f}** | {feed['p50']} | {feed['p99']} | {feed['errors']} | {site.description} | {feed['load']} |"
                )
        heap_used, heap_max, _ = engine_memory(ports)
        report.memory.append(
            f"| {label} | {heap_used:,.0f} of {heap_max:,.0f} MiB | {engine_rss(ports):,.0f} MiB "
            f"| {tree_rss_mib(site.web.pid):,.0f} MiB | {tree_rss_mib(site.worker.pid):,.0f} MiB | {load()} |"
        )
    finally:
        stop_processes(floor_site)
        site.stop()


# ---------------------------------------------------------------- results


def machine() -> str:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        "?",
    )
    mem = (
        int(
            next(
                line.split()[1]
                for line in Path("/proc/meminfo").read_text().splitlines()
                if line.startswith("MemTotal")
            )
        )
        / 2**20
    )
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    return f"{os.cpu_count()} CPUs ({cpu}), {mem:.0f} GiB, {platform.platform()}, Python {platform.python_version()}, {java}"


def write_results(report: Report, started: str, heap: str, site_description: str) -> None:
    lines = [
        BEGIN,
        "## make bench (latest run)",
        "",
        f"Generated by `bench/run.py` ({started} → {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}); replaced by the next run.",
        f"Machine: {machine()}. Elasticsearch 7.10.2, one node, heap {heap}; the site: {site_description}, a Celery",
        "worker (solo pool) beside it. Load averages (1/5/15 min) are given with every figure: the machine is shared.",
        "",
        "```",
        *report.commands,
        "```",
        "",
    ]
    if report.imports:
        lines += [
            "JSONL → searchable (`bench/import_throughput.py`, its own database and alias; load before → after):",
            "",
            *report.imports,
            "",
        ]
    if report.loads:
        lines += [
            "Documents loaded for the reading measurements:",
            "",
            "| documents | how | load |",
            "| --- | --- | --- |",
            *report.loads,
            "",
        ]
    lines += [
        "Search, distinct queries, uncached (every API request misses the read cache; the engine gets the same body):",
        "",
        "| index | round | queries | API p50 / p95 / p99 ms | engine p50 / p95 / p99 ms | engine `took` p50 / p99 ms | API / engine at p50 | load |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        *report.latency,
        "",
        "The stack's floor (`bench/floor_app.py`: Flask, the `elasticsearch` client and gunicorn as the site runs",
        "them, the same engine body and item shaping, nothing else), measured in the same rounds, interleaved with",
        "the API and the engine; p50 of each:",
        "",
        "| index | round | API ms | floor ms | engine ms | API / engine | floor / engine | API − floor ms | load |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        *report.stack_floor,
        "",
        "The fixed part of the API's share: the same search repeated (answered from the read cache) against the",
        "engine's `GET /`, each p50 over 300 requests after round 1:",
        "",
        "| index | API − engine at p50, round 1 (ms) | API, cached answer p50 ms | the same as a browser takes it (`br`) p50 ms | engine `GET /` p50 ms | load |",
        "| --- | --- | --- | --- | --- | --- |",
        *report.fixed_part,
        "",
        "Search answer size (20 hits, `q` of the judged set):",
        "",
        "| index | uncompressed | compressed (first query) |",
        "| --- | --- | --- |",
        *report.sizes,
        "",
        f"Cached story feed (`POST /api/v1/story/list` {json.dumps(FEED_BODY)}), wrk 2 threads, 16 connections:",
        "",
        "| index | Accept-Encoding | round | requests/s | p50 | p99 | non-2xx | server | load |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        *report.feed,
        "",
        "Memory at the end of each size's measurements:",
        "",
        "| index | engine heap used | engine RSS | gunicorn (master + workers) RSS | Celery worker RSS | load |",
        "| --- | --- | --- | --- | --- | --- |",
        *report.memory,
        "",
        *report.notes,
        END,
    ]
    text = RESULTS.read_text(encoding="utf-8")
    block = "\n".join(lines) + "\n"
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + block + rest.split(END, 1)[1].lstrip("\n")
    else:
        text = text.rstrip("\n") + "\n\n" + block
    RESULTS.write_text(text, encoding="utf-8")


def bench_ports() -> Ports:
    """The bench's own ports: BENCH_ES_PORT, BENCH_REDIS_PORT, BENCH_WEB_PORT, BENCH_FLOOR_PORT, BENCH_PG_PORT."""
    return Ports(
        es=int(env("BENCH_ES_PORT", "9270")),
        redis=int(env("BENCH_REDIS_PORT", "6397")),
        web=int(env("BENCH_WEB_PORT", "8130")),
        floor=int(env("BENCH_FLOOR_PORT", "8131")),
        pg=int(env("BENCH_PG_PORT", "5447")),
    )


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
