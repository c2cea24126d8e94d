"""Index lifecycle: versioned indices behind one alias, created from mappings/*.json.

`hub-content-v<mapping version>-<timestamp>` is created, filled, then the alias moves to it in one
atomic `_aliases` call and the old index is deleted."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from elasticsearch import Elasticsearch, NotFoundError, TransportError

MAPPINGS_DIR = Path(__file__).resolve().parent.parent / "mappings"


def load_mapping(name: str = "content") -> dict:
    return json.loads((MAPPINGS_DIR / f"{name}.json").read_text(encoding="utf-8"))


def mapping_version(body: dict) -> int:
    return int(body["mappings"].get("_meta", {}).get("version", 1))


def create_versioned_index(es: Elasticsearch, alias: str, name: str = "content", attach: bool = False) -> str:
    """Create `<alias>-v<version>-<timestamp>`; with `attach`, the alias points at it from birth."""
    body = load_mapping(name)
    if attach:
        body["aliases"] = {alias: {"is_write_index": True}}
    stamp = datetime.now(UTC).strftime("%Y%m%d%H%M%S%f")
    index = f"{alias}-v{mapping_version(body)}-{stamp}"
    es.indices.create(index=index, body=body)
    es.cluster.health(index=index, wait_for_status="yellow", timeout="30s")
    return index


def indices_behind(es: Elasticsearch, alias: str) -> list[str]:
    try:
        return sorted(es.indices.get_alias(name=alias).keys())
    except NotFoundError:
        return []


def ensure_index(es: Elasticsearch, alias: str) -> str:
    """The index behind `alias`, creating a first one if there is none.

    Several processes may get here at once (the seeder and the worker at start-up). The index is
    created with the alias as its write alias in the same request, and Elasticsearch refuses a
    second write index for one alias, so exactly one creator wins and the others use its index."""
    current = indices_behind(es, alias)
    if current:
        return current[0]
    try:
        return create_versioned_index(es, alias, attach=True)
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
    es.indices.update_aliases(body={"actions": actions})
    for index in old:
        es.indices.delete(index=index, ignore_unavailable=True)
    return old
