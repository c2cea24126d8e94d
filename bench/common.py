"""The bench's shared toolbox: where things live, the ports, the report being written, small helpers."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

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
    related: list[str] = field(default_factory=list)
    sizes: list[str] = field(default_factory=list)
    feed: list[str] = field(default_factory=list)
    memory: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def bench_ports() -> Ports:
    """The bench's own ports: BENCH_ES_PORT, BENCH_REDIS_PORT, BENCH_WEB_PORT, BENCH_FLOOR_PORT, BENCH_PG_PORT."""
    return Ports(
        es=int(env("BENCH_ES_PORT", "9270")),
        redis=int(env("BENCH_REDIS_PORT", "6397")),
        web=int(env("BENCH_WEB_PORT", "8130")),
        floor=int(env("BENCH_FLOOR_PORT", "8131")),
        pg=int(env("BENCH_PG_PORT", "5447")),
    )
