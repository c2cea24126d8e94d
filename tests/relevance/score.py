"""Score the search against the judged set in judgments.jsonl (docs/search.md, "Judged set and scoring").

Every query goes through the API exactly as the UI sends it (`GET /api/v2/search?q=...&size=10`, plus
`model` when the line has one), on a stack with the demo corpus imported and indexed. Returned items
become document keys (`story-12`, `paper-2609.09562`, `event-4`, `project-26`) and are scored against
the grades (3 exactly what was asked, 2 clearly relevant, 1 marginal, absent 0):

- nDCG@10: gain 2^grade - 1, discount log2(rank + 1), the ideal ranking built from every judged document;
- MRR@10: 1 / rank of the first document of grade >= 2 (0 when none is in the first ten);
- zero-result rate: share of the queries with judged documents that return nothing at all;
- nonsense with hits: queries judged to have no relevant document that still return something.

`python -m tests.relevance.score` (or `make relevance`) starts the test services, builds the stack,
prints the table (worst queries first) and writes var/relevance.json. The metric functions and
`score_stack` are imported by tests/test_relevance.py."""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
import tempfile
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
JUDGMENTS = HERE / "judgments.jsonl"
# Issue 36's query classes (questions, acronyms, fuzzy typos, spaced pinyin, regional words, broad recall),
# written before any change for them. Half of each class tunes; the other half is held out: only its
# aggregate is ever printed, so no rule can be fitted to its words.
UNDERSTANDING = HERE / "understanding.jsonl"
SPLITS = ("tune", "heldout")
ROOT = HERE.parent.parent
REPORT = ROOT / "var" / "relevance.json"
K = 10
GRADES = (0, 1, 2, 3)
KINDS = ("story", "paper", "event", "project")


# ---------------------------------------------------------------- the judged set


@dataclass(frozen=True)
class Judgment:
    query: str
    category: str
    model: str | None
    relevant: dict[str, int]
    split: str | None = None  # understanding.jsonl: 'tune' or 'heldout'

    @property
    def nonsense(self) -> bool:
        return not self.relevant


def load_judgments(path: Path = JUDGMENTS) -> list[Judgment]:
    judgments = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        raw = json.loads(line)
        relevant = {str(key): int(grade) for key, grade in (raw.get("relevant") or {}).items() if int(grade) > 0}
        for key, grade in relevant.items():
            if grade not in GRADES or key.split("-", 1)[0] not in KINDS:
                raise ValueError(f"{path}:{number}: bad judgment {key}: {grade}")
        split = raw.get("split")
        if split is not None and split not in SPLITS:
            raise ValueError(f"{path}:{number}: split must be one of {SPLITS}, not {split!r}")
        judgments.append(Judgment(raw["query"], raw["category"], raw.get("model"), relevant, split))
    queries = [(j.query, j.model) for j in judgments]
    duplicates = {q for q in queries if queries.count(q) > 1}
    if duplicates:
        raise ValueError(f"{path}: queries judged twice: {sorted(map(str, duplicates))}")
    return judgments


# ---------------------------------------------------------------- metrics


def dcg(grades: Iterable[int], k: int = K) -> float:
    """Discounted cumulative gain of grades in ranked order: sum of (2^g - 1) / log2(rank + 1)."""
    return sum((2**grade - 1) / math.log2(rank + 1) for rank, grade in enumerate(list(grades)[:k], start=1))


def ndcg(ranked: Sequence[str], relevant: Mapping[str, int], k: int = K) -> float | None:
    """nDCG@k of `ranked` keys; the ideal is every judged document in grade order. None without judgments."""
    ideal = dcg(sorted(relevant.values(), reverse=True), k)
    if ideal == 0:
        return None
    return dcg((relevant.get(key, 0) for key in ranked), k) / ideal


def reciprocal_rank(ranked: Sequence[str], relevant: Mapping[str, int], k: int = K, min_grade: int = 2) -> float:
    """1 / rank of the first key graded at least `min_grade` within the first k; 0 when there is none."""
    for rank, key in enumerate(ranked[:k], start=1):
        if relevant.get(key, 0) >= min_grade:
            return 1 / rank
    return 0.0


def mean(values: Iterable[float]) -> float | None:
    values = list(values)
    return sum(values) / len(values) if values else None


# ---------------------------------------------------------------- running the queries


@dataclass
class Outcome:
    judgment: Judgment
    ranked: list[str]
    total: int
    titles: list[str] = field(default_factory=list)

    @property
    def ndcg(self) -> float | None:
        return ndcg(self.ranked, self.judgment.relevant)

    @property
    def rr(self) -> float | None:
        if not any(grade >= 2 for grade in self.judgment.relevant.values()):
            return None
        return reciprocal_rank(self.ranked, self.judgment.relevant)


INFO_KEYS = {"story": "story_info", "paper": "paper_info", "event": "event_info", "project": "project_info"}


def item_key(item: dict) -> str:
    """The judged-set key of one search item: `paper-<arXiv number>`, `<kind>-<id>` otherwise."""
    kind = item["type"]
    info = item.get(INFO_KEYS[kind]) or item.get("source") or {}
    if kind == "paper":
        return f"paper-{info['arxiv_id']}"
    return f"{kind}-{info.get('id', item.get('id'))}"


def item_title(item: dict) -> str:
    info = item.get(INFO_KEYS[item["type"]]) or item.get("source") or {}
    return str(info.get("title") or info.get("name") or info.get("repo") or "")


def run(client, judgments: Sequence[Judgment], size: int = K) -> list[Outcome]:
    """Each judged query through `GET /api/v2/search`, as the UI sends it."""
    outcomes = []
    for judgment in judgments:
        params = {"q": judgment.query, "size": size}
        if judgment.model:
            params["model"] = judgment.model
        response = client.get("/api/v2/search", query_string=params)
        body = response.get_json()
        if response.status_code != 200 or body.get("code") != 0:
            raise AssertionError(f"search {judgment.query!r} failed: {response.status_code} {body}")
        items = body["data"]["list"]
        outcomes.append(
            Outcome(judgment, [item_key(i) for i in items], int(body["data"]["total"]), [item_title(i) for i in items])
        )
    return outcomes


# ---------------------------------------------------------------- figures


def figures(outcomes: Sequence[Outcome]) -> dict:
    """Overall, per-category and per-kind figures (rounded to 4 places)."""

    def block(group: Sequence[Outcome]) -> dict:
        judged = [o for o in group if not o.judgment.nonsense]
        nonsense = [o for o in group if o.judgment.nonsense]
        return {
            "queries": len(group),
            "ndcg@10": _round(mean(o.ndcg for o in judged)),
            "mrr@10": _round(mean(o.rr for o in judged if o.rr is not None)),
            "zero_result_rate": _round(mean(1.0 if o.total == 0 else 0.0 for o in judged)),
            "zero_result_queries": sum(1 for o in judged if o.total == 0),
            "nonsense_queries": len(nonsense),
            "nonsense_with_hits": sum(1 for o in nonsense if o.total > 0),
        }

    by_category: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        by_category[outcome.judgment.category].append(outcome)
    return {
        "k": K,
        "overall": block(outcomes),
        "categories": {name: block(group) for name, group in sorted(by_category.items())},
        "kinds": kind_figures(outcomes),
        "queries": [
            {
                "query": o.judgment.query,
                "category": o.judgment.category,
                "model": o.judgment.model,
                "ndcg@10": _round(o.ndcg),
                "rr@10": _round(o.rr),
                "total": o.total,
                "returned": [f"{key}:{o.judgment.relevant.get(key, 0)}" for key in o.ranked],
            }
            for o in outcomes
        ],
    }


def kind_figures(outcomes: Sequence[Outcome]) -> dict:
    """Per content kind: recall@10 of the documents of grade >= 2 of that kind (each query's
    expectation capped at ten), and the share of returned items that are of that kind and judged >= 2."""
    result = {}
    for kind in KINDS:
        wanted = found = returned = useful = 0
        for o in outcomes:
            relevant = [key for key, grade in o.judgment.relevant.items() if grade >= 2 and key.startswith(kind + "-")]
            wanted += min(len(relevant), K)
            found += min(sum(1 for key in o.ranked[:K] if key in relevant), K)
            mine = [key for key in o.ranked[:K] if key.startswith(kind + "-")]
            returned += len(mine)
            useful += sum(1 for key in mine if o.judgment.relevant.get(key, 0) >= 2)
        result[kind] = {
            "judged@10": wanted,
            "recall@10": _round(found / wanted if wanted else None),
            "returned@10": returned,
            "precision@10": _round(useful / returned if returned else None),
        }
    return result


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


# ---------------------------------------------------------------- the printed report


def _fmt(value: float | None) -> str:
    return "   -  " if value is None else f"{value:6.3f}"


def report(outcomes: Sequence[Outcome], figs: dict, worst: int | None = None, out: Callable[[str], None] = print):
    overall = figs["overall"]
    out(
        f"judged set: {overall['queries']} queries ({overall['nonsense_queries']} nonsense), k={K}\n"
        f"nDCG@10 {_fmt(overall['ndcg@10'])}   MRR@10 {_fmt(overall['mrr@10'])}   "
        f"zero-result {overall['zero_result_rate']:.1%} ({overall['zero_result_queries']} queries)   "
        f"nonsense with hits {overall['nonsense_with_hits']}/{overall['nonsense_queries']}"
    )
    out("\nper category                 n  nDCG@10  MRR@10  zero  nonsense-hits")
    for name, block in figs["categories"].items():
        nonsense = f"{block['nonsense_with_hits']}/{block['nonsense_queries']}" if block["nonsense_queries"] else ""
        out(
            f"  {name:24} {block['queries']:3}  {_fmt(block['ndcg@10'])}  {_fmt(block['mrr@10'])}"
            f"  {block['zero_result_queries']:4}  {nonsense}"
        )
    out("\nper kind          judged@10  recall@10  returned@10  precision@10")
    for kind, block in figs["kinds"].items():
        out(
            f"  {kind:8}        {block['judged@10']:9}     {_fmt(block['recall@10'])}"
            f"  {block['returned@10']:11}        {_fmt(block['precision@10'])}"
        )
    ranked = sorted(outcomes, key=_badness)
    if worst is not None:
        ranked = ranked[:worst]
    out("\nqueries, worst first (returned keys with their grade; * = nonsense that found something)")
    for o in ranked:
        score = "nonsense" if o.judgment.nonsense else _fmt(o.ndcg)
        mark = "*" if o.judgment.nonsense and o.total else " "
        got = " ".join(f"{key}:{o.judgment.relevant.get(key, 0)}" for key in o.ranked) or "(nothing)"
        out(f"{mark}{score:>8}  {o.judgment.category:16} {o.judgment.query!r:42} total={o.total:<4} {got}")


def _badness(o: Outcome) -> tuple:
    if o.judgment.nonsense:
        return (0 if o.total else 2, 0.0)
    return (1, o.ndcg or 0.0)


# ---------------------------------------------------------------- building a stack and the CLI


def score_stack(stack, judgments: Sequence[Judgment] | None = None) -> tuple[list[Outcome], dict]:
    """Run the judged set against a loaded stack (tests.support.Stack) and compute the figures."""
    judgments = list(judgments) if judgments is not None else load_judgments()
    with stack.client() as client:
        outcomes = run(client, judgments)
    return outcomes, figures(outcomes)


def write_report(figs: dict, path: Path = REPORT) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figs, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judgments", type=Path, default=JUDGMENTS)
    parser.add_argument("--out", type=Path, default=REPORT, help="where the figures go as JSON")
    parser.add_argument("--worst", type=int, default=None, help="print only the N worst queries")
    args = parser.parse_args(argv)
    logging.getLogger("elasticsearch").setLevel(logging.WARNING)

    from tests.relevance.suggestions import load_suggestions
    from tests.relevance.suggestions import report as suggestion_report
    from tests.relevance.suggestions import score as score_suggestions
    from tests.support import DEMO_FILES, Stack, loaded_stack, service

    judgments = load_judgments(args.judgments)
    service("es.sh", "start")
    service("redis.sh", "start")
    with tempfile.TemporaryDirectory(prefix="hub-relevance-") as folder:

        def make_stack(name: str) -> Stack:
            stack = Stack(
                db_url=f"sqlite:///{Path(folder) / 'hub.db'}", alias=f"hub-test-{name}-{uuid.uuid4().hex[:8]}"
            )
            stack.migrate()
            return stack

        stack = loaded_stack(make_stack, "relevance", DEMO_FILES)
        try:
            outcomes, figs = score_stack(stack, judgments)
            classes = load_judgments(UNDERSTANDING) if args.judgments == JUDGMENTS else []
            tune, tune_figs = score_stack(stack, [j for j in classes if j.split == "tune"]) if classes else ([], {})
            held, held_figs = score_stack(stack, [j for j in classes if j.split == "heldout"]) if classes else ([], {})
            with stack.client() as client:
                suggested = score_suggestions(client, load_suggestions())
        finally:
            stack.drop()
    report(outcomes, figs, worst=args.worst)
    if classes:
        print("\n== query classes of issue 36, tuning half (understanding.jsonl) ==")
        report(tune, tune_figs, worst=args.worst)
        print("\n== query classes of issue 36, held-out half: the aggregate only ==")
        for name, block in [("all", held_figs["overall"]), *held_figs["categories"].items()]:
            print(
                f"{name:16} n={block['queries']:<3} nDCG@10 {_fmt(block['ndcg@10'])}  zero {block['zero_result_queries']}"
            )
        figs = {
            **figs,
            "understanding": {"tune": tune_figs, "heldout": {k: v for k, v in held_figs.items() if k != "queries"}},
        }
    figs = {**figs, "suggestions_hit@5": suggestion_report(suggested)}
    write_report(figs, args.out)
    print(f"\nfigures written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
