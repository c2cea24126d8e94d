"""Realistic mixed documents in the import format (docs/import-format.md), seeded.

    .venv/bin/python bench/generate.py 100000 > var/bench/100k.jsonl [--seed 12]

60% stories, 25% papers, 12% projects, 3% events, their text recombined from the demo corpus
(data/demo/*.jsonl: titles, paragraphs and tags of one record mixed with another's), plus the demo
users as authors. Every document gets a key of its own (story and event ids, arXiv ids, repos), so
N lines give N documents. Streams: memory does not grow with N."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
SHARES = (("story", 60), ("paper", 25), ("project", 12), ("event", 3))
DEMO_FILES = {"story": "stories", "paper": "papers", "project": "projects", "event": "events"}


def load_demo(kind: str) -> list[dict]:
    path = ROOT / "data" / "demo" / f"{kind}.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip() and not line.startswith("#")]


class Mixer:
    """Builds each kind's record from fields of random demo records of that kind."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.users = load_demo("users")
        self.demo = {kind: load_demo(DEMO_FILES[kind]) for kind, _ in SHARES}

    def pick(self, kind: str, name: str):
        return self.rng.choice(self.demo[kind]).get(name)

    def pick_present(self, kind: str, name: str):
        for _ in range(20):
            value = self.pick(kind, name)
            if value:
                return value
        return None

    def story(self, n: int) -> dict:
        paragraphs = [self.pick("story", "content") for _ in range(self.rng.randint(1, 3))]
        return {
            "type": "story",
            "id": 1_000_000 + n,
            "title": f"{self.pick('story', 'title')}（{n}）",
            "content": "".join(paragraphs),
            "summary": self.pick("story", "summary"),
            "user_id": self.rng.choice(self.users)["id"],
            "tags": self.pick("story", "tags") or [],
            "view_count": self.rng.randint(0, 5000),
            "created_at": f"-{self.rng.randint(0, 400)}d{self.rng.randint(0, 23)}h",
        }

    def paper(self, n: int) -> dict:
        record = {
            "type": "paper",
            "arxiv": f"{2300 + n // 90000:04d}.{n % 90000 + 10000:05d}v{self.rng.randint(1, 3)}",
            "title": f"{self.pick('paper', 'title')} ({n})",
            "abstract": " ".join(self.pick("paper", "abstract") for _ in range(2)),
            "authors": self.pick("paper", "authors") or ["Ada Lovelace"],
            "published_at": f"-{self.rng.randint(0, 700)}d{self.rng.randint(0, 23)}h",
            "hotness": self.rng.randint(0, 500),
            "tags": self.pick("paper", "tags") or [],
        }
        for name in ("title_cn", "summary_cn"):
            if value := self.pick_present("paper", name):
                record[name] = value
        return record

    def project(self, n: int) -> dict:
        return {
            "type": "project",
            "repo": f"bench-org-{n % 997}/{self.pick('project', 'repo').split('/')[-1]}-{n}",
            "description": self.pick("project", "description"),
            "description_cn": self.pick_present("project", "description_cn"),
            "language": self.pick("project", "language"),
            "stars": self.rng.randint(0, 40000),
            "forks": self.rng.randint(0, 4000),
            "topics": self.pick("project", "topics") or [],
            "tags": self.pick("project", "tags") or [],
            "created_at": f"-{self.rng.randint(0, 900)}d",
        }

    def event(self, n: int) -> dict:
        start = self.rng.randint(-60, 60)
        record = {key: value for key, value in self.rng.choice(self.demo["event"]).items() if key != "image_url"}
        record.update(
            {
                "id": 1_000_000 + n,
                "title": f"{self.pick('event', 'title')}（{n}）",
                "brief": self.pick("event", "brief"),
                "address": self.pick("event", "address"),
                "start_time": f"{'+' if start >= 0 else '-'}{abs(start)}d",
                "end_time": f"{'+' if start + 1 >= 0 else '-'}{abs(start + 1)}d",
                "created_at": f"-{abs(start) + 10}d",
            }
        )
        return record


def generate(count: int, seed: int, out: TextIO) -> dict[str, int]:
    rng = random.Random(seed)
    mixer = Mixer(rng)
    for user in mixer.users:
        out.write(json.dumps(user, ensure_ascii=False) + "\n")
    kinds = [kind for kind, _ in SHARES]
    weights = [share for _, share in SHARES]
    made = dict.fromkeys(kinds, 0)
    for n in range(count):
        kind = rng.choices(kinds, weights)[0]
        made[kind] += 1
        out.write(json.dumps(getattr(mixer, kind)(n), ensure_ascii=False) + "\n")
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, help="documents to generate (besides the demo users)")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    made = generate(args.count, args.seed, sys.stdout)
    print(", ".join(f"{kind} {n}" for kind, n in made.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
