"""What the sound clauses (indexer/queries/sounds.py) cost inside the engine on many titles (issue 36).

    .venv/bin/python -m tests.relevance.sound_clause_cost --es http://127.0.0.1:9251 --titles 1000000

Builds a throwaway index holding only `title_syllables` (the content mapping's field and analysis) for the
titles of `bench/generate.py`'s documents (seed 12, the bench's corpus shape: titles recombined from the
demo corpus, so they repeat), then sends, for every judged query of Chinese characters only (the main
set, tests/relevance/judgments.jsonl), the sound clauses alone as the search would add them, and prints
the engine's `took` (ms) at p50 / p99 beside a match of all the same syllables in any order (single
syllables, no positions: what the pairs replace).
The index is deleted at the end. Not the whole search: the clauses' own cost, to compare with the
search's engine p99 at 1M in bench/RESULTS.md."""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import uuid
from pathlib import Path

from elasticsearch import Elasticsearch
from elasticsearch.helpers import bulk

from analysis.normalize import fold
from analysis.syllables import chinese_syllables, title_syllables
from indexer.lifecycle import load_mapping
from indexer.queries.sounds import SYLLABLES, chinese_sound_clauses

ROOT = Path(__file__).resolve().parent.parent.parent


class _TitlesOnly(io.TextIOBase):
    """What `generate` writes, kept as each document's titles only (a million documents' text would not fit)."""

    def __init__(self) -> None:
        self.titles: list[str] = []

    def write(self, line: str) -> int:
        record = json.loads(line)
        if record.get("type") != "user":
            title = record.get("title") or record.get("repo") or ""
            self.titles.append(" ".join(filter(None, [title, record.get("title_cn")])))
        return len(line)


def _titles(count: int) -> list[str]:
    sys.path.insert(0, str(ROOT / "bench"))
    from generate import generate  # the bench's generator (its documents, seeded)

    out = _TitlesOnly()
    generate(count, 12, out)
    return out.titles


def _index(es: Elasticsearch, name: str, count: int) -> None:
    mapping = load_mapping()
    settings = {"number_of_shards": 1, "number_of_replicas": 0, "analysis": mapping["settings"]["analysis"]}
    field = mapping["mappings"]["properties"]["title_syllables"]
    es.indices.create(index=name, body={"settings": settings, "mappings": {"properties": {"title_syllables": field}}})
    remembered: dict[str, str] = {}
    actions = (
        {"_index": name, "title_syllables": remembered.setdefault(t, title_syllables(fold(t)))} for t in _titles(count)
    )
    bulk(es, actions, chunk_size=5000, request_timeout=120)
    es.indices.refresh(index=name)
    es.indices.forcemerge(index=name, max_num_segments=1, request_timeout=600)


def _took(es: Elasticsearch, name: str, clauses: list[dict]) -> int:
    body = {"size": 20, "query": {"bool": {"should": clauses, "minimum_should_match": 1}}}
    return es.search(index=name, body=body, request_cache=False)["took"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--es", default="http://127.0.0.1:9251")
    parser.add_argument("--titles", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    es = Elasticsearch(options.es, timeout=120)
    name = f"sound-cost-{uuid.uuid4().hex[:8]}"
    try:
        _index(es, name, options.titles)
        lines = (ROOT / "tests" / "relevance" / "judgments.jsonl").read_text(encoding="utf-8").splitlines()
        queries = [fold(json.loads(line)["query"]) for line in lines if line.strip()]
        queries = [q for q in queries if chinese_sound_clauses(q)]
        sounds, plain = [], []
        for _ in range(options.rounds):
            for q in queries:
                sounds.append(_took(es, name, chinese_sound_clauses(q)))
                every = {"query": " ".join(chinese_syllables(q)), "operator": "and"}
                plain.append(_took(es, name, [{"match": {SYLLABLES: every}}]))
        for label, figures in (("sound clauses", sounds), ("all syllables", plain)):
            figures.sort()
            p99 = figures[min(len(figures) - 1, int(len(figures) * 0.99))]
            print(
                f"{label:14} {len(queries)} queries x {options.rounds}: p50 {statistics.median(figures)} ms, p99 {p99} ms"
            )
    finally:
        es.indices.delete(index=name, ignore=[404])


if __name__ == "__main__":
    main()
