"""The soak's traffic (bench/soak.py runs it with Locust, headless, at a fixed rate).

Visitors (anonymous) read feeds, search distinct queries from the judged set, type into the title
suggestions, open stories and papers and load the HTML shell. Members sign in through the real
OpenID Connect provider (Keycloak's login form, as a browser does) and vote, bookmark and publish
with the session cookie and the CSRF header. Every answer must be HTTP 200 with envelope code 0.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
from html import unescape
from pathlib import Path

from locust import HttpUser, constant_throughput, task

ROOT = Path(__file__).resolve().parent.parent
QUERIES = [json.loads(line)["query"] for line in (ROOT / "tests/relevance/judgments.jsonl").read_text().splitlines()]
PREFIXES = ["大", "大模", "大模型", "多模态", "agent", "transf", "GPT-4 多", "开源", "RAG 检", "具身"]
VISITOR_RATE = float(os.environ.get("SOAK_VISITOR_RATE", "4"))  # requests per second per visitor
MEMBER_RATE = float(os.environ.get("SOAK_MEMBER_RATE", "0.25"))
ACCOUNTS = itertools.cycle([("user", "user-demo-pass"), ("expert", "expert-demo-pass"), ("editor", "editor-demo-pass")])
LIST_BODY = {"page": 1, "label": [], "sort": "hot", "time": None, "size": 20}


def ok(response) -> None:
    """HTTP 200 and envelope code 0, else the request counts as failed."""
    if response.status_code != 200:
        response.failure(f"HTTP {response.status_code}: {response.text[:200]}")
        return
    try:
        body = response.json()
    except ValueError:
        response.failure("not JSON")
        return
    if body.get("code") != 0:
        response.failure(f"code {body.get('code')}: {body.get('msg')}")


class Visitor(HttpUser):
    fixed_count = int(os.environ.get("SOAK_VISITORS", "8"))
    wait_time = constant_throughput(VISITOR_RATE)
    story_ids: list[int] = []
    paper_ids: list[str] = []

    def post_list(self, path: str, name: str, **body) -> dict | None:
        with self.client.post(path, json={**LIST_BODY, **body}, name=name, catch_response=True) as r:
            ok(r)
            return r.json().get("data") if r.status_code == 200 else None

    @task(3)
    def story_feed(self):
        data = self.post_list(
            "/api/v1/story/list",
            "story feed",
            page=random.randint(1, 3),
            sort=random.choice(["hot", "new"]),
            time=random.choice([None, "week", "month"]),
        )
        if data and data.get("list"):
            Visitor.story_ids = [item["story_info"]["id"] for item in data["list"]]

    @task(1)
    def other_feeds(self):
        data = self.post_list("/api/v3/paper/list", "paper feed", sort=random.choice(["hot", "new"]))
        if data and data.get("list"):
            Visitor.paper_ids = [item["paper_info"]["id"] for item in data["list"]]
        self.post_list("/api/v1/events", "event feed")
        self.post_list("/api/v3.1/github/home/list", "project feed")

    @task(3)
    def search(self):
        q = random.choice(QUERIES)
        with self.client.get("/api/v2/search", params={"q": q, "page": 1}, name="search", catch_response=True) as r:
            ok(r)
        with self.client.get("/api/v2/total", params={"q": q}, name="search counts", catch_response=True) as r:
            ok(r)

    @task(2)
    def suggest(self):
        params = {"q": random.choice(PREFIXES), "type": "stories_title"}
        with self.client.get("/api/v2/search/stories_title", params=params, name="suggest", catch_response=True) as r:
            ok(r)

    @task(2)
    def details(self):
        if Visitor.story_ids:
            story = random.choice(Visitor.story_ids)
            with self.client.get(f"/api/v1/stories/{story}", name="story", catch_response=True) as r:
                ok(r)
        if Visitor.paper_ids:
            paper = random.choice(Visitor.paper_ids)
            with self.client.get(f"/api/v3/paper/{paper}", name="paper", catch_response=True) as r:
                ok(r)

    @task(1)
    def pages(self):
        for path, name in [("/", "page /"), (f"/search?q={random.choice(PREFIXES)}", "page /search")]:
            with self.client.get(path, name=name, catch_response=True) as r:
                if r.status_code != 200 or '<div id="root">' not in r.text:
                    r.failure(f"HTTP {r.status_code}")
        with self.client.get(
            "/api/v2/search/hotwords", params={"type": "hotwords"}, name="hot words", catch_response=True
        ) as r:
            ok(r)


class Member(HttpUser):
    """A signed-in user writing: vote and bookmark toggles, now and then a new story."""

    fixed_count = int(os.environ.get("SOAK_MEMBERS", "3"))
    wait_time = constant_throughput(MEMBER_RATE)

    def on_start(self):
        username, password = next(ACCOUNTS)
        login = self.client.get("/auth/login", params={"redirect_url": "/"}, name="sign in: provider form")
        form = re.search(r'<form[^>]+id="kc-form-login"[^>]+action="([^"]+)"', login.text)
        if not form:
            raise RuntimeError(f"no login form for {username}: HTTP {login.status_code}")
        done = self.client.post(
            unescape(form.group(1)),
            data={"username": username, "password": password, "credentialId": ""},
            name="sign in: submit",
        )
        self.csrf = self.client.cookies.get("hub_csrf")
        if done.status_code != 200 or not self.csrf:
            raise RuntimeError(f"sign-in failed for {username}: HTTP {done.status_code}")
        self.state: dict[int, dict[str, bool]] = {}
        self.published = 0

    def write(self, path: str, name: str, body: dict | None = None):
        with self.client.post(
            path, json=body, headers={"X-CSRF-Token": self.csrf}, name=name, catch_response=True
        ) as r:
            ok(r)

    def some_story(self) -> int | None:
        return random.choice(Visitor.story_ids) if Visitor.story_ids else None

    @task(4)
    def toggle_vote(self):
        story = self.some_story()
        if story is None:
            return
        on = self.state.setdefault(story, {}).get("vote", False)
        self.write(f"/api/v1/stories/{story}/{'unfavourite' if on else 'favourite'}", "write: vote toggle")
        self.state[story]["vote"] = not on

    @task(4)
    def toggle_bookmark(self):
        story = self.some_story()
        if story is None:
            return
        on = self.state.setdefault(story, {}).get("mark", False)
        self.write(f"/api/v1/stories/{story}/{'unbookmark' if on else 'bookmark'}", "write: bookmark toggle")
        self.state[story]["mark"] = not on

    @task(1)
    def publish(self):
        self.published += 1
        body = {
            "title": f"压力测试发布的第 {self.published} 篇文章 {random.randint(1000, 9999)}",
            "content": "<p>长时间混合负载下发布的文章，验证写入与索引。</p>",
            "tags": [random.choice(["llm", "agent", "rag"])],
        }
        self.write("/api/v1/stories", "write: publish", body)
