"""The feeds and the search encode their pages without a marshmallow dump (api/read_cache.py
cached_answer: the dump was the largest part of the API's share of a search, issue 12). Their
documented envelopes must still describe them exactly: dumping an answer through its schema
changes nothing, for every feed, order and kind of search, anonymous and signed in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kinds
from api.services.feeds import FEED_ENVELOPE, SEARCH_ENVELOPE
from tests.support import sign_in

JUDGED = Path(__file__).resolve().parent.parent / "relevance" / "judgments.jsonl"


def queries() -> list[str]:
    lines = JUDGED.read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["query"] for line in lines if line.strip()]


def assert_described(schema, answer) -> int:
    """Checks the answer; returns how many items it had."""
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    body = json.loads(answer.get_data())
    assert body["code"] == 0, body
    assert schema.dump(body) == body
    return len(body["data"]["list"])


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "signed-in"])
def test_every_feed_page_is_what_its_schema_says(client, signed_in):
    headers = sign_in(client, 1) if signed_in else {}  # user 1 is an editor: every per-user flag is set
    for kind in kinds.with_feeds():
        for sort in kind.feed.orders:
            assert assert_described(
                FEED_ENVELOPE,
                client.post("/api" + kind.feed.path, json={"page": 1, "size": 50, "sort": sort}, headers=headers),
            )


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "signed-in"])
def test_every_search_page_is_what_its_schema_says(client, signed_in):
    if signed_in:
        sign_in(client, 1)
    items = 0
    for q in queries()[::2]:
        items += assert_described(SEARCH_ENVELOPE, client.get("/api/v2/search", query_string={"q": q, "size": 50}))
    for model in kinds.SEARCHABLE:
        items += assert_described(
            SEARCH_ENVELOPE, client.get("/api/v2/search", query_string={"model": model, "size": 50})
        )
    assert items > 1000


def test_every_title_suggestion_answer_is_what_its_schema_says(client):
    """Suggestions are cached and sent as encoded (cached_answer) too: each prefix of the judged queries,
    once computed and once from the cache, is exactly its documented envelope."""
    from api.envelope import envelope_of
    from api.schemas.search import SuggestionSchema

    envelope = envelope_of(SuggestionSchema, many=True)()
    found = 0
    for q in queries()[::4]:
        for prefix in {q[:1], q[:2], q[:4]}:
            first, again = (client.get("/api/v2/search/stories_title", query_string={"q": prefix}) for _ in "12")
            assert first.status_code == 200 and first.get_data() == again.get_data()
            body = json.loads(first.get_data())
            assert body["code"] == 0 and envelope.dump(body) == body
            found += len(body["data"])
    assert found > 100


def test_every_count_answer_is_what_its_schema_says(client):
    """/v2/total is sent as encoded (cached_answer) as well: computed and cached, it is its envelope."""
    from api.envelope import envelope_of
    from api.schemas.search import TotalSchema

    envelope = envelope_of(TotalSchema)()
    for q in [*queries()[::10], ""]:
        first, again = (client.get("/api/v2/total", query_string={"q": q}) for _ in "12")
        assert first.status_code == 200 and first.get_data() == again.get_data()
        body = json.loads(first.get_data())
        assert body["code"] == 0 and envelope.dump(body) == body
        assert body["data"]["all"] == sum(body["data"][name] for name in kinds.SEARCHABLE)
