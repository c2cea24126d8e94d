"""The signals issue's attacks at scale, driven through the API (Flask's test client, each request with the
address an attacker would use) on a demo stack with the real Elasticsearch and Redis, then the real rollup:
how far each attack moved each signal. Figures go to bench/RESULTS.md ("Signals under attack").

    python bench/signal_attacks.py --es URL --redis URL [--keycloak URL] [--registrations 200]

- real readers first: the day's ten top stories read by 40, 36, ... 4 people, each from a network of its own;
- forged beacons: 1,000 lines (50 batches of 20, a fresh visitor id on every line) from one address, all
  naming the story that ranks last of the day's hot list: its views, heat and rank, and its author's rank;
- fresh accounts: 20 accounts without a verified e-mail, one address: each views and votes a story,
  searches one phrase, and asks for a seat of a 10-seat event;
- registrations (with --keycloak): N self-registrations at the provider from one address, counted by how
  many reach the hub without opening the verification mail.

The same script runs on an older checkout (PYTHONPATH=<that tree>) for the "before" figures: it uses only
endpoints and functions both have."""

from __future__ import annotations

import argparse
import base64
import html
import json
import re
import secrets
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.demo_stack import demo_settings  # noqa: E402

ATTACKER = "203.0.113.66"
CSRF = "bench-csrf-token"
PHRASE = "大模型推理加速"


def beacon_line(story_id: int) -> str:
    data = {
        "page": {"url": "https://hub.example/"},
        "visitor_id": secrets.token_hex(8),
        "page_id": "bench",
        "page_code": "story",
        "event": "duration",
        "duration_ms": 2000,
        "story_ids": [story_id],
    }
    return base64.b64encode(json.dumps(data).encode()).decode()


def signed_in(client, user_id: int) -> dict:
    with client.session_transaction() as session:
        session["user_id"] = user_id
        session["csrf_token"] = CSRF
    return {"X-CSRF-Token": CSRF}


def rollup(settings) -> None:
    from worker.runtime import _build

    _build(settings).rollup(now=datetime.now(UTC) + timedelta(days=1))


def hot_stories(client) -> list[dict]:
    body = {"sort": "hot", "time": "day", "page": 1, "size": 50}
    return client.post("/api/v1/story/list", json=body).get_json()["data"]["list"]


def story_rank(client, story_id: int) -> int | None:
    ids = [item["story_id"] for item in hot_stories(client)]
    return ids.index(story_id) + 1 if story_id in ids else None


def person_rank(client, user_id: int) -> tuple[int | None, float]:
    rows = client.get("/api/v1/rankings", query_string={"size": 50}).get_json()["data"]["list"]
    for row in rows:
        if row["id"] == user_id:
            return row["rank"], row.get("heat") or 0.0
    return None, 0.0


def day_row(settings, kind: str, item_id: int):
    from zoneinfo import ZoneInfo

    from store.db import session_factory
    from store.models import ItemHeatDay

    today = datetime.now(ZoneInfo(settings.heat_timezone)).date()
    with session_factory(settings.db_url)() as session:
        row = session.get(ItemHeatDay, (today, kind, item_id))
        return (row.views, row.votes, row.heat) if row else (0, 0, 0.0)


def real_readers(app) -> int:
    """Background traffic so that ranks mean something: the day's top stories read by real people, each
    from a network of their own (the first story by 40, then fewer: 40, 36, 32, ... 4)."""
    readers = 0
    with app.test_client() as client:
        stories = [item["story_id"] for item in hot_stories(client)[:10]]
        for rank, story_id in enumerate(stories):
            for n in range(40 - 4 * rank):
                address = f"10.{rank}.{n}.7"
                client.post(
                    "/api/v1/track",
                    data=beacon_line(story_id),
                    content_type="text/plain;charset=UTF-8",
                    environ_base={"REMOTE_ADDR": address},
                )
                readers += 1
    return readers


def forged_beacons(app, settings) -> dict:
    with app.test_client() as client:
        target = hot_stories(client)[-1]
        story_id, author = target["story_id"], target["story_info"].get("user_id")
        before = story_rank(client, story_id), person_rank(client, author)[0] if author else None
        started = time.monotonic()
        accepted = refused = 0
        for _ in range(50):
            answer = client.post(
                "/api/v1/track",
                data="\n".join(beacon_line(story_id) for _ in range(20)),
                content_type="text/plain;charset=UTF-8",
                environ_base={"REMOTE_ADDR": ATTACKER},
            )
            if answer.status_code == 429:
                refused += 20
            else:
                accepted += answer.get_json()["data"]["accepted"]
        sent_in = time.monotonic() - started
    rollup(settings)
    with app.test_client() as client:
        views, _votes, heat = day_row(settings, "story", story_id)
        return {
            "lines": 1000,
            "accepted": accepted,
            "refused": refused,
            "seconds": round(sent_in, 1),
            "story_views": views,
            "story_heat": heat,
            "story_rank": f"{before[0]} -> {story_rank(client, story_id)}",
            "author_rank": f"{before[1]} -> {person_rank(client, author)[0]}" if author else "-",
        }


def fresh_accounts(app, settings, count: int = 20) -> dict:
    from store.db import session_factory
    from store.models import Event, User
    from store.writes import insert

    sessions = session_factory(settings.db_url)
    now = datetime.now(UTC)
    with sessions() as session:
        first = (session.query(User.id).order_by(User.id.desc()).first() or (0,))[0] + 1
        session.add_all([User(id=first + n, name=f"新号{n}") for n in range(count)])
        event = Event(
            name="十人闭门会",
            brief="bench",
            address="线上",
            start_time=now + timedelta(days=30),
            end_time=now + timedelta(days=30, hours=2),
            created_at=now,
            tags=["llm"],
            capacity=10,
        )
        insert(session, event)
        session.commit()
        event_id = event.id
    with app.test_client() as client:
        target = hot_stories(client)[-2]["story_id"]
        rank_before = story_rank(client, target)
    seats = 0
    for n in range(count):
        with app.test_client() as client:
            headers = signed_in(client, first + n)
            where = {"REMOTE_ADDR": ATTACKER}
            client.get(f"/api/v1/stories/{target}", environ_base=where)
            client.post(f"/api/v1/stories/{target}/favourite", headers=headers, environ_base=where)
            client.get("/api/v2/search", query_string={"q": PHRASE}, environ_base=where)
            order = {"name": f"新号{n}", "email": f"x{n}@example.com", "activityId": event_id}
            answer = client.post("/api/v1/events/saveOrder", json=order, headers=headers, environ_base=where)
            seats += answer.status_code == 200
    rollup(settings)
    from store import hotwords

    rules = hotwords.Rules(min_clients=settings.hotwords_min_clients, blocklist=settings.hotwords_blocklist)
    from store.redis_client import redis_client

    ranked = [w for w, _ in hotwords.ranked_words(redis_client(settings.redis_url), settings.index_alias, rules=rules)]
    views, votes, heat = day_row(settings, "story", target)
    with app.test_client() as client:
        return {
            "accounts": count,
            "story_views": views,
            "story_votes": votes,
            "story_heat": heat,
            "story_rank": f"{rank_before} -> {story_rank(client, target)}",
            "phrase_hot": PHRASE in ranked,
            "seats_taken": f"{seats} of 10",
        }


def registrations(keycloak: str, count: int) -> dict:
    import requests

    issuer = keycloak.rstrip("/") + "/realms/hub"
    authorize = (
        f"{issuer}/protocol/openid-connect/auth?client_id=hub-web&response_type=code&scope=openid"
        "&redirect_uri=http://localhost/auth/callback&state=s&code_challenge_method=S256&code_challenge=" + "c" * 43
    )
    reached = 0
    started = time.monotonic()
    for n in range(count):
        browser = requests.Session()
        page = browser.get(authorize, timeout=30).text
        link = re.search(r'href="([^"]*/login-actions/registration[^"]*)"', page)
        form = browser.get(keycloak.rstrip("/") + html.unescape(link.group(1)), timeout=30).text
        action = html.unescape(re.search(r'id="kc-register-form"[^>]*action="([^"]+)"', form, re.S).group(1))
        name = f"burst{n}x{secrets.token_hex(3)}"
        fields = {"username": name, "email": f"{name}@example.com", "firstName": "批", "lastName": "量"}
        answer = browser.post(
            action,
            data={**fields, "password": "A-long-pass-123", "password-confirm": "A-long-pass-123"},
            allow_redirects=False,
            timeout=30,
        )
        reached += "/auth/callback" in answer.headers.get("Location", "")
    return {"registrations": count, "reached_the_hub": reached, "seconds": round(time.monotonic() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--es", required=True)
    parser.add_argument("--redis", required=True)
    parser.add_argument("--keycloak", default="")
    parser.add_argument("--registrations", type=int, default=200)
    parser.add_argument("--rate-limits", action="store_true", help="the shipped rate limits on (default off)")
    args = parser.parse_args()
    from api.app import create_app

    results = {}
    with demo_settings(args.es, args.redis, "signals") as settings:
        if args.rate_limits:
            import dataclasses

            settings = dataclasses.replace(settings, rate_limits_enabled=True)
        app = create_app(settings)
        app.config["TESTING"] = True
        results["real readers"] = real_readers(app)
        results["forged beacons"] = forged_beacons(app, settings)
        results["fresh accounts"] = fresh_accounts(app, settings)
    if args.keycloak:
        results["registrations"] = registrations(args.keycloak, args.registrations)
    print(json.dumps(results, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
