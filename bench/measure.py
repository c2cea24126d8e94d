"""What the bench measures: distinct searches through the site and straight to the engine, the fixed part of
a search, the answer's size, wrk against the cached feed, the engine's and processes' memory."""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

import requests
from common import FEED_BODY, ROOT, VAR, Ports, Report, env, load, percentile
from dataset import wait_for_quiet
from services import start_floor, start_site, stop_processes, tree_rss_mib


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
    """The glossary concept ids the index carries and which are broad, as the API's search bodies use them
    (IndexReader.concepts)."""
    from elasticsearch import Elasticsearch

    from indexer.concept_shares import search_concepts

    return search_concepts(Elasticsearch(es_url), alias)


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
    return _timed_engine_post(session, f"{es_url}/{alias}/_search", json.dumps(body), "application/json")


def timed_engine_msearch(session: requests.Session, es_url: str, alias: str, bodies: list[dict]) -> float:
    """ms of several searches sent to the engine as one multi-search (the related items' one per kind), as
    `timed_engine_search` times one."""
    data = "".join(f"{{}}\n{json.dumps(body)}\n" for body in bodies)
    return _timed_engine_post(session, f"{es_url}/{alias}/_msearch", data, "application/x-ndjson")[0]


def _timed_engine_post(
    session: requests.Session, url: str, data: str, content_type: str
) -> tuple[float, requests.Response]:
    """(ms, answer) of one encoded request to the engine, its answer asked for uncompressed."""
    started = time.perf_counter()
    answer = session.post(
        url, data=data, headers={"Content-Type": content_type, "Accept-Encoding": "identity"}, timeout=30
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


def related_sample(es_url: str, alias: str, limit: int) -> list[tuple[str, str, str]]:
    """(type, API id, document id) of stories and papers of the alias, spread over it: what a page asks."""
    body = {"size": limit, "_source": ["type", "item_id", "arxiv_id"], "query": {"terms": {"type": ["story", "paper"]}}}
    body["sort"] = [{"doc_key": "asc"}]
    hits = requests.post(f"{es_url}/{alias}/_search", json=body, timeout=30).json()["hits"]["hits"]
    return [
        (hit["_source"]["type"], hit["_source"].get("arxiv_id") or hit["_source"]["item_id"], hit["_id"])
        for hit in hits
    ]


def measure_related(ports: Ports, alias: str, limit: int) -> dict:
    """GET /api/v1/related through the site (every call misses the read cache: a new generation, distinct
    items) against the same engine body straight to the engine, interleaved item by item (issue 34)."""
    from indexer.queries.related import build_related

    api, engine = requests.Session(), requests.Session()
    found: dict = {"api": [], "engine": []}
    items = related_sample(ports.es_url, alias, limit)

    def call_api(item) -> None:
        kind, key, _doc = item
        started = time.perf_counter()
        answer = api.get(f"http://127.0.0.1:{ports.web}/api/v1/related", params={"type": kind, "id": key}, timeout=30)
        found["api"].append((time.perf_counter() - started) * 1000)
        answer.raise_for_status()

    def call_engine(item) -> None:
        found["engine"].append(timed_engine_msearch(engine, ports.es_url, alias, build_related(alias, item[2])))

    before = load()
    forget_cached_reads(ports, alias)
    interleaved([call_api, call_engine], items)
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
        waited = wait_for_quiet(float(env("BENCH_QUIET_LIMIT", "900")))  # a smoke run may not wait
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
        related = measure_related(ports, alias, min(queries, 200))
        if related["api"]:
            api50, engine50 = percentile(related["api"], 0.5), percentile(related["engine"], 0.5)
            report.related.append(
                f"| {label} | {len(related['api'])} | {ms(api50)} / {ms(percentile(related['api'], 0.99))} "
                f"| {ms(engine50)} / {ms(percentile(related['engine'], 0.99))} | {ms(api50 - engine50)} | {related['load']} |"
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
