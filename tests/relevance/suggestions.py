"""Suggestion hit@5 (issue 36): does what a reader types bring the item they mean into the first five rows?

`suggestions.jsonl` holds our own prefixes (not the issue's), written before the suggestions for every kind:
Chinese and Latin prefixes, pinyin of several syllables with and without spaces, initials and traditional
script, for stories, papers, projects and people. Each line expects one item or more as `[kind, text]`: a
row of that kind whose title contains the text (a paper by its English or Chinese title). Rows are read as
the dropdown shows them: one per kind and title, in the API's order. Half the lines tune; the other half is held
out and only its aggregate is printed."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
SUGGESTIONS = HERE / "suggestions.jsonl"
SHOWN = 5
PAPERS = HERE.parent.parent / "data" / "demo" / "papers.jsonl"


@dataclass(frozen=True)
class Expectation:
    prefix: str
    category: str
    split: str
    expect: tuple[tuple[str, str], ...]


def load_suggestions(path: Path = SUGGESTIONS) -> list[Expectation]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [Expectation(r["prefix"], r["category"], r["split"], tuple(map(tuple, r["expect"]))) for r in lines]


def paper_titles(path: Path = PAPERS) -> dict[str, str]:
    """Each paper title -> both its titles, so a paper shown by either title is recognised."""
    names: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("{"):
            raw = json.loads(line)
            both = f"{raw['title']} | {raw.get('title_cn') or ''}"
            names[raw["title"]] = both
            if raw.get("title_cn"):
                names[raw["title_cn"]] = both
    return names


def shown_rows(items: list[dict]) -> list[tuple[str, str]]:
    """(kind, title) of the dropdown's rows: one per kind and title, as ui/src/features/search/SearchBox.tsx."""
    rows: list[tuple[str, str]] = []
    for item in items:
        row = (item.get("type", "story"), item["source"]["story_info"]["title"])
        if row not in rows:
            rows.append(row)
    return rows


def hit(rows: Sequence[tuple[str, str]], expect: Sequence[tuple[str, str]], papers: dict[str, str]) -> bool:
    for kind, title in rows[:SHOWN]:
        text = papers.get(title, title) if kind == "paper" else title
        if any(kind == want_kind and want.casefold() in text.casefold() for want_kind, want in expect):
            return True
    return False


def score(client, expectations: Sequence[Expectation]) -> list[tuple[Expectation, bool, list]]:
    papers = paper_titles()
    outcomes = []
    for e in expectations:
        answer = client.get("/api/v2/search/stories_title", query_string={"q": e.prefix, "type": "stories_title"})
        rows = shown_rows(answer.get_json()["data"])
        outcomes.append((e, hit(rows, e.expect, papers), rows[:SHOWN]))
    return outcomes


def hit_rate(outcomes) -> float | None:
    return round(sum(ok for _, ok, _ in outcomes) / len(outcomes), 3) if outcomes else None


def report(outcomes, out=print) -> dict:
    """Prints the tuning half line by line, the held-out half as its aggregate; returns the figures."""
    tune = [o for o in outcomes if o[0].split == "tune"]
    held = [o for o in outcomes if o[0].split == "heldout"]
    out("\n== suggestions, hit@5 (suggestions.jsonl) ==")
    for e, ok, rows in tune:
        if not ok:
            out(f"  miss  {e.prefix!r:22} {e.category:15} got {rows}")
    kinds = sorted({k for e, _, _ in outcomes for k, _ in e.expect})
    by_kind = {k: hit_rate([o for o in outcomes if o[0].expect[0][0] == k]) for k in kinds}
    figs = {"tune": hit_rate(tune), "heldout": hit_rate(held), "all": hit_rate(outcomes), "by_kind": by_kind}
    out(f"tuning half  n={len(tune):<3} hit@5 {figs['tune']}")
    out(f"held out     n={len(held):<3} hit@5 {figs['heldout']}")
    out(f"all          n={len(outcomes):<3} hit@5 {figs['all']}   by first expected kind {by_kind}")
    return figs
