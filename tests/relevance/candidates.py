"""Find the documents of the demo corpus a new judged query should be graded against.

    .venv/bin/python -m tests.relevance.candidates 模型量化 quantiz 量化工具

Prints every document (as its judged-set key) whose text matches any of the patterns (regular
expressions, case-insensitive), with its title and whether the title or only the body matched.
Grading is still done by reading: this only makes sure no document is overlooked, including the
ones the engine does not return today."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

DEMO = Path(__file__).resolve().parent.parent.parent / "data" / "demo"
ARXIV_NUMBER = re.compile(r"(\d{4}\.\d{4,5})")


def documents() -> dict[str, tuple[str, str]]:
    """key -> (title, all searchable text), keys as in judgments.jsonl (a project's id is its import order)."""
    rows = []
    for name in ("users", "stories", "papers", "events", "projects"):
        for line in (DEMO / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                rows.append(json.loads(line))
    users = {r["id"]: r["name"] for r in rows if r["type"] == "user"}
    docs: dict[str, tuple[str, str]] = {}
    project_id = 0
    for r in rows:
        kind = r["type"]
        if kind == "story":
            author = users.get(r.get("user_id"), "") if r.get("story_show_user_name", True) else ""
            docs[f"story-{r['id']}"] = (r["title"], " ".join([r["title"], r["summary"], r["content"], author]))
        elif kind == "paper":
            title = f"{r['title']} | {r.get('title_cn') or ''}"
            text = " ".join([title, r.get("summary_cn") or "", r["abstract"], " ".join(r["authors"])])
            docs[f"paper-{ARXIV_NUMBER.search(r['arxiv']).group(1)}"] = (title, text)
        elif kind == "event":
            fields = [r["name"], r.get("title", ""), r["brief"], r.get("company", ""), r.get("address", "")]
            docs[f"event-{r['id']}"] = (r["name"], " ".join(fields))
        elif kind == "project":
            project_id += 1
            title = f"{r['repo']} {r.get('description_cn') or r['description']}"
            docs[f"project-{project_id}"] = (title, " ".join([title, r["description"], " ".join(r.get("topics", []))]))
    return docs


def main(patterns: list[str]) -> int:
    if not patterns:
        print(__doc__)
        return 2
    expression = re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)
    for key, (title, text) in documents().items():
        if expression.search(text):
            where = "title" if expression.search(title) else "body "
            print(f"{key:18} {where} {title[:100]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
