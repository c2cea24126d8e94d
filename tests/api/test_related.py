"""Related items across kinds (GET /api/v1/related), on the demo corpus."""

from __future__ import annotations

import pytest

from tests.support import data_of, error_of

FOUR = {"story", "paper", "project", "event"}


@pytest.fixture(scope="module")
def client(demo_stack):
    return demo_stack.app().test_client()


def feed(client, path: str, size: int = 12) -> list[dict]:
    return data_of(client.post(path, json={"page": 1, "size": size, "sort": "new"}))["list"]


def related(client, kind: str, key: str) -> list[dict]:
    return data_of(client.get("/api/v1/related", query_string={"type": kind, "id": key}))["list"]


def tag_ids(item: dict) -> set[str]:
    info = item[f"{item['type']}_info"]
    return {tag["id"] for tag in info.get("tag_names") or []}


def test_a_storys_related_items_are_other_items_that_share_its_topic(client):
    kinds_seen: set[str] = set()
    for story in feed(client, "/api/v1/story/list"):
        found = related(client, "story", str(story["id"]))
        assert len(found) <= 6
        assert all(item["type"] in FOUR for item in found)
        assert ("story", story["id"]) not in {(item["type"], item["id"]) for item in found}
        if found:  # the best one shares a tag: the topic, not a chance word
            assert tag_ids(found[0]) & tag_ids(story), (story["story_info"]["title"], found[0])
        kinds_seen |= {item["type"] for item in found}
    assert len(kinds_seen) >= 3  # across kinds, not only stories


def test_a_papers_related_items_by_its_arxiv_number_in_any_spelling(client):
    paper = feed(client, "/v3/paper/list".join(["/api", ""]), size=3)[0]
    number = paper["paper_info"]["arxiv_id"]
    found = related(client, "paper", number)
    assert found and ("paper", paper["id"]) not in {(item["type"], item["id"]) for item in found}
    assert related(client, "paper", f"arXiv:{number}v1") == found


def test_bad_requests_are_told_and_unknown_items_have_none(client):
    assert error_of(client.get("/api/v1/related?type=paper&id=not-a-number"), 400)["msg"] == "内容编号格式错误"
    assert error_of(client.get("/api/v1/related?type=story&id=abc"), 400)["msg"] == "内容编号格式错误"
    assert error_of(client.get("/api/v1/related?type=user&id=1"), 400)
    assert error_of(client.get("/api/v1/related?type=story"), 400)
    assert related(client, "story", "99999999") == []


def test_each_kind_is_searched_apart_and_the_kinds_take_turns_the_best_first():
    from indexer.queries.related import RELATED_KINDS, build_related, interleave

    bodies = build_related("hub", "story-1")
    assert [body["query"]["bool"]["filter"] for body in bodies] == [
        [{"terms": {"type": [kind]}}] for kind in RELATED_KINDS
    ]

    def answer(kind: str, scores: list[float]) -> dict:
        return {"hits": {"hits": [{"_id": f"{kind}-{n}", "_score": score} for n, score in enumerate(scores)]}}

    responses = [answer("story", [5, 4, 3]), answer("paper", [9, 1]), answer("project", []), answer("event", [2])]
    picked = [hit["_id"] for hit in interleave(responses, size=5)]
    assert picked == ["paper-0", "story-0", "event-0", "paper-1", "story-1"]
