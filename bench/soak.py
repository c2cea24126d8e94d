"""The soak: a fixed-rate mixed load (bench/soak_locustfile.py) against the running site for N minutes
with Locust, while the resident memory of each server process tree is sampled every 10 s.

Passes when no request failed and no process grew by more than --max-growth percent between the
second minute (after warm-up) and the last. Prints a Markdown report for bench/RESULTS.md.
Run through `make soak` (bench/soak.sh starts the whole site first)."""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_SECONDS = 10


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        tree.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    return tree


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_rss_mib(pid: int) -> float:
    """Resident memory of a process and all its descendants (gunicorn's workers, Celery's children)."""
    tree, todo, total = _children(), [pid], 0
    while todo:
        current = todo.pop()
        total += _rss_kib(current)
        todo.extend(tree.get(current, []))
    return total / 1024


def sample(pids: dict[str, int], series: dict[str, list[tuple[float, float]]], stop: threading.Event) -> None:
    start = time.monotonic()
    while not stop.is_set():
        elapsed = time.monotonic() - start
        for name, pid in pids.items():
            series[name].append((elapsed, tree_rss_mib(pid)))
        stop.wait(SAMPLE_SECONDS)


def memory_rows(
    series: dict[str, list[tuple[float, float]]], minutes: float
) -> list[tuple[str, float, float, float, float]]:
    """(process, MiB in minute 2, MiB in the last minute, max, growth %) per process."""
    rows = []
    for name, points in series.items():
        warm = [m for t, m in points if 60 <= t < 120] or [points[0][1]]
        last = [m for t, m in points if t >= (minutes - 1) * 60] or [points[-1][1]]
        base, end = statistics.median(warm), statistics.median(last)
        rows.append((name, base, end, max(m for _, m in points), (end - base) / base * 100 if base else 0.0))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the site, e.g. http://127.0.0.1:8110")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--out", default=str(ROOT / "var" / "soak"))
    parser.add_argument("--max-growth", type=float, default=10.0, help="allowed memory growth, percent")
    parser.add_argument("--pid", action="append", default=[], metavar="NAME=PID", help="a process tree to sample")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pids = {name: int(pid) for name, pid in (p.split("=", 1) for p in args.pid)}
    series: dict[str, list[tuple[float, float]]] = {name: [] for name in pids}
    users = int(os.environ.get("SOAK_VISITORS", "8")) + int(os.environ.get("SOAK_MEMBERS", "3"))
    stop = threading.Event()
    sampler = threading.Thread(target=sample, args=(pids, series, stop), daemon=True)
    sampler.start()
    command = [
        str(ROOT / ".venv-bench" / "bin" / "locust"),
        *("-f", str(ROOT / "bench" / "soak_locustfile.py"), "--headless", "--host", args.base),
        *("-u", str(users), "-r", str(users), "-t", f"{int(args.minutes * 60)}s", "--stop-timeout", "10"),
        *("--csv", str(out / "locust"), "--only-summary", "--loglevel", "WARNING"),
    ]
    print("$", " ".join(command), flush=True)
    run = subprocess.run(command, cwd=ROOT, check=False)
    stop.set()
    sampler.join()

    with open(out / "locust_stats.csv", newline="") as handle:
        stats = list(csv.DictReader(handle))
    total = next(r for r in stats if r["Name"] == "Aggregated")
    failures = int(total["Failure Count"])
    print(f"\n{args.minutes:g} minutes, {users} users, {float(total['Requests/s']):.1f} requests/s\n")
    print("| request | count | failures | p50 ms | p95 ms | p99 ms | max ms |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in stats:
        print(
            f"| {r['Name']} | {r['Request Count']} | {r['Failure Count']} | {r['50%']} | {r['95%']} | {r['99%']}"
            f" | {float(r['Max Response Time']):.0f} |"
        )
    print("\n| process tree | RSS minute 2 (MiB) | RSS last minute | max | growth |")
    print("| --- | --- | --- | --- | --- |")
    grown = []
    for name, base, end, peak, growth in memory_rows(series, args.minutes):
        print(f"| {name} | {base:.0f} | {end:.0f} | {peak:.0f} | {growth:+.1f}% |")
        if growth > args.max_growth:
            grown.append(name)
    if failures:
        print(f"\nFAILED: {failures} requests failed (see {out}/locust_failures.csv)")
    if grown:
        print(f"\nFAILED: memory grew by more than {args.max_growth}% in {', '.join(grown)}")
    return 1 if failures or grown or run.returncode not in (0, 1) else 0


if __name__ == "__main__":
    sys.exit(main())
