"""Index lifecycle: versioned indices behind one alias, created from mappings/*.json.

`hub-content-v<mapping version>-<timestamp>` is created, filled, then the alias moves to it in one
atomic `_aliases` call and the old index is deleted. At start, `warn_on_mapping_drift` tells the
operator when the live index was built from another mapping version than the file (run `hub reindex`)."""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from elasticsearch import Elasticsearch, ElasticsearchException, NotFoundError, TransportError

from analysis.vocabulary import glossary

MAPPINGS_DIR = Path(__file__).resolve().parent.parent / "mappings"
# The drift check runs at start-up: it must not hold a process up when Elasticsearch is away.
DRIFT_CHECK_TIMEOUT = 2  # seconds

log = logging.getLogger(__name__)


def load_mapping(name: str = "content") -> dict:
    return json.loads((MAPPINGS_DIR / f"{name}.json").read_text(encoding="utf-8"))


def mapping_version(body: dict) -> int:
    return int(body["mappings"].get("_meta", {}).get("version", 1))


def mapping_drift(es: Elasticsearch, alias: str, name: str = "content") -> tuple[int, int] | None:
    """`(live version, file version)` when the index behind `alias` was built from another mapping
    version than `mappings/<name>.json`; None when they agree, when there is no index yet (the first
    one is created from the file) or when Elasticsearch cannot be asked (logged at debug: this is a
    start-up hint, never a reason to fail). With several indices behind the alias, the first that
    differs is reported."""
    file_version = mapping_version(load_mapping(name))
    try:
        live = es.indices.get_mapping(index=alias, request_timeout=DRIFT_CHECK_TIMEOUT)
    except NotFoundError:
        return None
    except ElasticsearchException as exc:  # connection refused, timeout, an error answer, not Elasticsearch
        log.debug("mapping drift check for %r skipped: %s", alias, exc)
        return None
    for index in sorted(live):
        live_version = mapping_version(live[index])
        if live_version != file_version:
            return live_version, file_version
    return None


def warn_on_mapping_drift(es: Elasticsearch, alias: str, log: logging.Logger) -> tuple[int, int] | None:
    """Log a WARNING when the live index's mapping version differs from the file; return the drift."""
    drift = mapping_drift(es, alias)
    if drift is not None:
        log.warning(
            "index behind alias %r has mapping version %d but mappings/content.json is version %d: "
            "run `hub reindex` to rebuild it from the database (until then queries and indexing may fail)",
            alias,
            *drift,
        )
    return drift


# Index administration (create, wait for shards, move the alias, delete) may be slow on a busy node:
# it gets a longer request timeout than the client's read default.
ADMIN_TIMEOUT = 60


# While a rebuild fills a new index nobody reads it yet: no refreshes, no replica to copy every
# document to. restore_serving_settings puts the mapping file's values back before the alias swap.
BULK_LOAD_SETTINGS = {"refresh_interval": "-1", "auto_expand_replicas": "false", "number_of_replicas": 0}
SERVING_SETTING_NAMES = ("refresh_interval", "auto_expand_replicas")


def create_versioned_index(
    es: Elasticsearch,
    alias: str,
    name: str = "content",
    attach: bool = False,
    bulk_load: bool = False,
    shards: int | None = None,
) -> str:
    """Create `<alias>-v<version>-<timestamp>`; with `attach`, the alias points at it from birth; with
    `bulk_load`, it is made for a rebuild (BULK_LOAD_SETTINGS) until restore_serving_settings;
    `shards` overrides the mapping file's number of primary shards (Settings.index_shards)."""
    body = load_mapping(name)
    # The glossary groups whose ids every document of this index will carry (`concepts`): a search
    # asks for these by id and looks for any other group's terms themselves (indexer/queries/text.py).
    body["mappings"]["_meta"] = {**body["mappings"].get("_meta", {}), "glossary": glossary().ids}
    if shards:
        body["settings"] = {**body["settings"], "number_of_shards": shards}
    if bulk_load:
        body["settings"] = {**body["settings"], **BULK_LOAD_SETTINGS}
    if attach:
        body["aliases"] = {alias: {"is_write_index": True}}
    stamp = datetime.now(UTC).strftime("%Y%m%d%H%M%S%f")
    index = f"{alias}-v{mapping_version(body)}-{stamp}"
    es.indices.create(index=index, body=body, request_timeout=ADMIN_TIMEOUT)
    es.cluster.health(index=index, wait_for_status="yellow", timeout="30s", request_timeout=ADMIN_TIMEOUT)
    return index


def indexed_concepts(es: Elasticsearch, alias: str) -> frozenset[str]:
    """The glossary concept ids every document behind `alias` carries: those of the glossary as it was
    when each index was created (`_meta.glossary`), common to all of them; empty for an index without."""
    mappings = es.indices.get_mapping(index=alias, request_timeout=DRIFT_CHECK_TIMEOUT)
    sets = [frozenset(m["mappings"].get("_meta", {}).get("glossary", ())) for m in mappings.values()]
    return frozenset.intersection(*sets) if sets else frozenset()


def restore_serving_settings(es: Elasticsearch, index: str, name: str = "content") -> dict:
    """Put the mapping file's refresh interval and replica rule back on `index`; returns them."""
    settings = load_mapping(name)["settings"]
    serving = {key: settings[key] for key in SERVING_SETTING_NAMES if key in settings}
    es.indices.put_settings(index=index, body={"index": serving}, request_timeout=ADMIN_TIMEOUT)
    es.cluster.health(index=index, wait_for_status="yellow", timeout="30s", request_timeout=ADMIN_TIMEOUT)
    return serving


# A search looks each of its terms up in every segment of a shard, and a bulk load leaves many (25 per
# shard after 1M documents through `hub import --index`, 18 after a `_reindex` of them): merged down to
# two, the bench's searches at 1M took p50 / p99 11 / 57 ms instead of 15 / 66 (issue 12,
# bench/RESULTS.md). A merged segment is kept under half of Lucene's 5 GB ceiling for merges, so the
# engine's own merging (later writes, deletes) can still take it in.
MERGED_SEGMENT_BYTES = 2_500_000_000
# An import that indexed at least this share of the index's documents was a bulk load: worth compacting.
BULK_LOAD_SHARE = 0.2
COMPACT_TIMEOUT = 3600  # a force merge of 1M documents took about a minute on the bench machine


def primary_copies(answer: dict) -> Iterator[dict]:
    """Each primary shard's entry in a per-shard answer of the engine (`_stats?level=shards`, `_segments`)."""
    for each in answer["indices"].values():
        for copies in each["shards"].values():
            yield from (copy for copy in copies if copy["routing"]["primary"])


def compact(es: Elasticsearch, index: str) -> int:
    """Merge every primary shard of `index` (or an alias) down to a few segments; returns how many
    segments per shard were asked for. Searches go on meanwhile, on the old segments until the merge ends."""
    stats = es.indices.stats(index=index, metric="store", level="shards", request_timeout=ADMIN_TIMEOUT)
    largest = max((copy["store"]["size_in_bytes"] for copy in primary_copies(stats)), default=0)
    segments = max(1, math.ceil(largest / MERGED_SEGMENT_BYTES))
    es.indices.forcemerge(index=index, max_num_segments=segments, request_timeout=COMPACT_TIMEOUT)
    return segments


def compact_after_load(es: Elasticsearch, alias: str, indexed: int | None = None) -> int | None:
    """Compact `alias` after a rebuild (`indexed` None) or when `indexed` documents were a bulk load for
    it (BULK_LOAD_SHARE of what it holds: a few new documents in a large index are not worth rewriting
    it); returns the segments per shard asked for, None when it did not compact. A merge that fails (a
    timeout on a busy node) is logged, not raised: the index is complete and serves, only slower."""
    try:
        if indexed is not None and (
            not indexed or indexed < BULK_LOAD_SHARE * es.count(index=alias, request_timeout=ADMIN_TIMEOUT)["count"]
        ):
            return None
        return compact(es, alias)
    except ElasticsearchException as exc:
        log.warning("%s not compacted (%s): run `hub compact` later", alias, exc)
        return None


def indices_behind(es: Elasticsearch, alias: str) -> list[str]:
    try:
        return sorted(es.indices.get_alias(name=alias).keys())
    except NotFoundError:
        return []


def ensure_index(es: Elasticsearch, alias: str, shards: int | None = None) -> str:
    """The index behind `alias`, creating a first one if there is none.

    Several processes may get here at once (the seeder and the worker at start-up). The index is
    created with the alias as its write alias in the same request, and Elasticsearch refuses a
    second write index for one alias, so exactly one creator wins and the others use its index."""
    current = indices_behind(es, alias)
    if current:
        return current[0]
    try:
        return create_versioned_index(es, alias, attach=True, shards=shards)
    except TransportError:
        current = indices_behind(es, alias)
        if current:
            return current[0]
        raise


def swap_alias(es: Elasticsearch, alias: str, new_index: str) -> list[str]:
    """Point `alias` at `new_index` only, atomically; delete and return the indices it left."""
    old = [index for index in indices_behind(es, alias) if index != new_index]
    actions = [{"remove": {"index": index, "alias": alias}} for index in old]
    actions.append({"add": {"index": new_index, "alias": alias, "is_write_index": True}})
    es.indices.update_aliases(body={"actions": actions}, request_timeout=ADMIN_TIMEOUT)
    for index in old:
        es.indices.delete(index=index, ignore_unavailable=True, request_timeout=ADMIN_TIMEOUT)
    return old
