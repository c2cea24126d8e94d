"""bench/dataset.grow_to_million, the near-copies index of issue 36: its copies carry the source's concept ids, so
the index must say which (`_meta.glossary`), or every search on it asks for each glossary group by its terms, a
costlier query than the site sends (before 2026-11-28 every grown-index figure was measured that way)."""

from __future__ import annotations

import importlib
from pathlib import Path
from urllib.parse import urlsplit

import requests

from indexer.lifecycle import indexed_concepts

BENCH = Path(__file__).resolve().parent.parent / "bench"


def test_the_grown_index_says_which_concepts_its_copies_carry(demo_stack, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))  # the bench's modules import each other by name
    dataset = importlib.import_module("dataset")
    common = importlib.import_module("common")
    es = demo_stack.es()
    target = f"{demo_stack.alias}-grown-test"
    ports = common.Ports(es=urlsplit(demo_stack.es_url).port, redis=0, web=0)
    try:
        dataset.grow_to_million(ports, demo_stack.alias, target, common.Report())
        source_count = es.count(index=demo_stack.alias)["count"]
        assert es.count(index=target)["count"] == 10 * source_count
        assert indexed_concepts(es, target) == indexed_concepts(es, demo_stack.alias) != frozenset()
    finally:
        requests.delete(f"{demo_stack.es_url}/{target}-1", timeout=60)
