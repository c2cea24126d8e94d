"""Importing link statuses (`hub import`, type link_status): a reply in a story's discussion may be as
long as the discussion allows (1,000 characters) and joins its thread; a plain status, or a reply to
one, keeps the link service's 500."""

from __future__ import annotations

import json

import pytest

from store.models import LinkStatus
from tests.support import data_of, sign_in, tiny_stack

MEMBER = 103  # tiny corpus


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "link-import")


def status(id_: int, content: str, in_reply_to_id: int | None = None) -> dict:
    return {
        "type": "link_status",
        "id": id_,
        "user_id": MEMBER,
        "content": content,
        "in_reply_to_id": in_reply_to_id,
        "created_at": "2026-11-27T06:00:00Z",
    }


def imported(stack, tmp_path, *records):
    path = tmp_path / "statuses.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records) + "\n", encoding="utf-8")
    return stack.import_files([path])


def test_a_long_discussion_reply_imports_again_and_a_plain_status_keeps_its_limit(stack, tmp_path):
    long_text = "长" * 1000
    with stack.client() as client:
        answer = client.post(
            "/api/v1/discussions/story/1001", json={"text": long_text}, headers=sign_in(client, MEMBER)
        )
        reply = data_of(answer)
        root_id = int(data_of(client.get("/api/v1/discussions/story/1001"))["post_id"])
    reply_id = int(reply["id"])

    # The reply as the hub wrote it imports again (refused at 500 characters before), still in its thread.
    again = imported(stack, tmp_path, status(reply_id, long_text, root_id))
    assert again.errors == [] and again.counts["link_status"] == {"updated": 1}  # the line's own time
    with stack.sessions()() as db:
        row = db.get(LinkStatus, reply_id)
        assert (row.content, row.thread_root_id, row.item_kind, row.item_id) == (long_text, root_id, "story", 1001)

    # A new 800-character reply to the thread's root lands in the thread; a 600-character status
    # outside a discussion (plain, or answering a plain one) is refused with the service's limit.
    report = imported(
        stack,
        tmp_path,
        status(900001, "新" * 800, root_id),
        status(900002, "普" * 600),
        status(900003, "短动态"),
        status(900004, "答" * 600, 900003),
        status(900005, "答" * 500, 900003),
    )
    assert report.counts["link_status"] == {"created": 3, "failed": 2}
    assert len(report.errors) == 2 and all("at most 500 characters" in e for e in report.errors)
    assert [e.split(":")[1] for e in report.errors] == ["2", "4"]  # the lines' numbers
    with stack.sessions()() as db:
        joined = db.get(LinkStatus, 900001)
        assert (joined.thread_root_id, joined.top_id, joined.item_kind, joined.item_id) == (
            root_id,
            None,
            "story",
            1001,
        )
        plain_reply = db.get(LinkStatus, 900005)
        assert (plain_reply.thread_root_id, plain_reply.item_kind) == (None, None)
        assert db.get(LinkStatus, 900002) is None and db.get(LinkStatus, 900004) is None
    with stack.client() as client:
        thread = data_of(client.get("/api/v1/discussions/story/1001"))
    assert {r["id"] for r in thread["replies"]} == {str(reply_id), "900001"}
