"""The bench's data: generated files, the databases and aliases kept for reading under var/bench/, the import
throughput run, loading through `hub import --index`, waiting for merges and a quiet machine, the grown 1M index."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests
from common import ROOT, SHARDS, VAR, Ports, Report, load, run
from services import drop_postgres_database, postgres_database, tree_rss_mib


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


def source_meta(es_url: str, alias: str) -> dict:
    """The `_meta` of the index behind `alias` (its glossary's concept ids and the mapping version)."""
    mappings = requests.get(f"{es_url}/{alias}/_mapping", timeout=120)
    mappings.raise_for_status()
    [mapping] = mappings.json().values()
    return mapping["mappings"].get("_meta", {})


def grow_to_million(ports: Ports, source_alias: str, target_alias: str, report: Report) -> None:
    """The issue's 1M: the 100k index copied ten times with new ids by a server-side `_reindex`, into an index
    shaped as the site shapes a bulk-loaded one: the same primary shards as the bench's other indices
    (BENCH_INDEX_SHARDS) and compacted after the load (indexer/lifecycle.compact, as `hub import --index` and
    a rebuild do). Before 2026-11-27 it had the mapping file's one shard and the ~20 segments the load left."""
    from indexer.client import make_client
    from indexer.lifecycle import compact, load_mapping

    if indexed(ports.es_url, target_alias) >= 1_000_000:
        report.loads.append(f"| 1M (grown) | reused: `{target_alias}` | – | – |")
        return
    index = f"{target_alias}-1"
    requests.delete(f"{ports.es_url}/{index}", timeout=120)
    mapping = load_mapping()
    mapping.setdefault("settings", {}).update({"number_of_replicas": 0, "refresh_interval": "-1"})
    if SHARDS:
        mapping["settings"]["number_of_shards"] = int(SHARDS)
    # The copies carry the source's concept ids, and its `_meta` says which (indexer/lifecycle.indexed_concepts):
    # without it the search asked for every glossary group by its terms, the costlier way (before 2026-11-28).
    mapping["mappings"]["_meta"] = source_meta(ports.es_url, source_alias)
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
    segments = compact(make_client(ports.es_url), index)
    requests.post(
        f"{ports.es_url}/_aliases", json={"actions": [{"add": {"index": index, "alias": target_alias}}]}, timeout=120
    )
    count = indexed(ports.es_url, target_alias)
    elapsed = time.perf_counter() - started
    report.loads.append(
        f"| 1M (grown: 100k copied ten times by `_reindex` with a script, new ids, {SHARDS or 1} shard(s) compacted "
        f"to {segments} segment(s) each; **not** the import path) "
        f"| {count:,} documents in {elapsed:.0f} s ({count / elapsed:,.0f} docs/s) | {before} → {load()} |"
    )
