"""Discussion threads under stories and papers (issue 34): replies at two levels with the flat
`reply_to`, orders and paging, quotes, likes, reports, deletions and tombstones, messages, limits and
escaping, the item's comment count in the index, and a member's replies."""

from __future__ import annotations

import pytest

from tests.support import add_user, data_of, sign_in, tiny_stack

STORY = 1001  # by 101 (作者甲); 102 is an editor (编辑乙), 103 a member (作者丙)


@pytest.fixture(scope="module")
def stack(make_stack):
    stack = tiny_stack(make_stack, "discussions")
    add_user(stack, 104, "路人丁")
    return stack


def thread_of(client, kind: str = "story", item=STORY, **query) -> dict:
    return data_of(client.get(f"/api/v1/discussions/{kind}/{item}", query_string=query))


def reply(client, user: int, text: str, item=STORY, kind: str = "story", **body) -> dict:
    answer = client.post(
        f"/api/v1/discussions/{kind}/{item}", json={"text": text, **body}, headers=sign_in(client, user)
    )
    assert answer.get_json()["msg"] == "评论成功", answer.get_json()
    return data_of(answer)


def test_first_reply_opens_the_thread_and_replies_nest_two_levels(stack):
    with stack.client() as client:
        empty = thread_of(client, item=1002)
        assert empty["post_id"] is None and empty["count"] == 0 and empty["replies"] == []
        top = reply(client, 103, "第一条评论", item=1002)
        child = reply(client, 104, "回复第一条", item=1002, reply_to_id=top["id"])
        grandchild = reply(client, 103, "回复回复", item=1002, reply_to_id=child["id"])
        thread = thread_of(client, item=1002)
        assert thread["post_id"] and thread["count"] == 3 and thread["total_top"] == 1
        [shown] = thread["replies"]
        assert shown["id"] == top["id"] and shown["children_count"] == 2
        assert [c["id"] for c in shown["children"]] == [child["id"], grandchild["id"]]
        assert shown["children"][0]["reply_to"] is None
        assert shown["children"][1]["reply_to"] == {"id": child["id"], "author_name": "路人丁"}
        assert shown["children"][1]["children"] == [] and shown["children"][1]["children_count"] == 0
