"""Discussion threads under stories and papers (issue 34): replies at two levels with the flat
`reply_to`, orders and paging, quotes, likes, reports, deletions and tombstones, messages, limits and
escaping, the item's comment count in the index, and a member's replies."""

from __future__ import annotations

import pytest

from tests.support import add_user, data_of, error_of, sign_in, tiny_stack

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


def messages_of(client, user: int) -> list[dict]:
    sign_in(client, user)
    return data_of(client.get("/api/v1/messages", query_string={"page": 1, "size": 50}))["list"]


def test_orders_paging_and_more_children(stack):
    with stack.client() as client:
        first = reply(client, 103, "甲", item=1003)
        second = reply(client, 104, "乙", item=1003)
        third = reply(client, 103, "丙", item=1003)
        kids = [reply(client, 104, f"子{n}", item=1003, reply_to_id=first["id"]) for n in range(4)]
        new = thread_of(client, item=1003, size=2)
        assert [r["id"] for r in new["replies"]] == [third["id"], second["id"]] and new["total_top"] == 3
        assert [r["id"] for r in thread_of(client, item=1003, size=2, page=2)["replies"]] == [first["id"]]
        data_of(client.post(f"/api/v1/replies/{second['id']}/like", headers=sign_in(client, 103)))
        hot = [r["id"] for r in thread_of(client, item=1003, order="hot")["replies"]]
        assert hot == [first["id"], second["id"], third["id"]]  # 4 children, 1 like, none
        shown = thread_of(client, item=1003, order="hot", children=2)["replies"][0]
        assert [c["id"] for c in shown["children"]] == [kids[0]["id"], kids[1]["id"]] and shown["children_count"] == 4
        more = data_of(client.get(f"/api/v1/replies/{first['id']}/children", query_string={"page": 2, "size": 2}))
        assert more["total"] == 4 and [c["id"] for c in more["replies"]] == [kids[2]["id"], kids[3]["id"]]
        assert error_of(client.get("/api/v1/discussions/story/1003", query_string={"size": 31}), 400)
        assert error_of(client.get("/api/v1/discussions/event/1"), 404)["msg"] == "内容不存在"
        assert error_of(client.get("/api/v1/discussions/story/999999"), 404)["msg"] == "内容不存在"


def test_quote_like_twice_unlike_and_the_liker_is_the_session(stack):
    with stack.client() as client:
        quoted = reply(client, 103, "被引用的一段话")
        quoting = reply(client, 104, "我同意", quote_id=quoted["id"])
        assert quoting["quote"] == {
            "id": quoted["id"],
            "author_name": "作者丙",
            "excerpt": "被引用的一段话",
            "deleted": False,
        }
        headers = sign_in(client, 104)
        url = f"/api/v1/replies/{quoted['id']}"
        assert data_of(client.post(f"{url}/like", headers=headers)) == {
            "id": quoted["id"],
            "like_count": 1,
            "liked": True,
        }
        assert data_of(client.post(f"{url}/like", headers=headers))["like_count"] == 1  # one like each
        # A body naming another member changes nothing: the liker is the signed-in member.
        data_of(client.post(f"{url}/like", json={"user_id": 101}, headers=headers))
        sign_in(client, 101)
        assert thread_of(client)["replies"][1]["liked"] is False
        headers = sign_in(client, 104)
        assert data_of(client.post(f"{url}/unlike", headers=headers)) == {
            "id": quoted["id"],
            "like_count": 0,
            "liked": False,
        }
        assert error_of(client.post(f"{url}/like", headers={"X-CSRF-Token": "wrong"}), 403)
        with stack.client() as anonymous:
            assert error_of(anonymous.post(f"{url}/like"), 403)["msg"] == "请先登录"


def test_reports_follow_the_story_reports_rules(stack):
    with stack.client() as client:
        target = reply(client, 103, "可能是广告")
        headers = sign_in(client, 104)
        url = f"/api/v1/replies/{target['id']}/report"
        assert error_of(client.post(url, json={}, headers=headers), 400)["msg"] == "请选择举报类型"
        assert error_of(client.post(url, json={"type": 3}, headers=headers), 400)["msg"] == "请填写举报链接"
        bad = {"type": 3, "link": "javascript:alert(1)"}
        assert error_of(client.post(url, json=bad, headers=headers), 400)["msg"] == "举报链接格式错误"
        assert (
            error_of(client.post(url, json={"type": 7, "remark": "长" * 201}, headers=headers), 400)["msg"]
            == "备注不能超过200个字符"
        )
        answer = client.post(url, json={"type": 2}, headers=headers)
        assert answer.get_json()["msg"] == "举报成功" and data_of(answer) == {"id": target["id"], "reported": True}
        data_of(client.post(url, json={"type": 4, "link": "https://example.com/original"}, headers=headers))
    from store.models import LinkReport

    with stack.sessions()() as session:
        [row] = session.query(LinkReport).filter_by(status_id=int(target["id"])).all()
        assert (row.type, row.url) == (4, "https://example.com/original")  # again replaces the reason


def test_a_member_sees_their_report_and_takes_it_back(stack):
    """`reported` is the viewer's own (a reply to it too); unreport needs the session and CSRF, answers
    取消举报成功 and is idempotent; an unknown reply 404."""
    with stack.client() as client:
        target = reply(client, 103, "被举报又撤回的评论", item=1006)
        child = reply(client, 103, "它下面的回复", item=1006, reply_to_id=target["id"])
        headers = sign_in(client, 104)
        data_of(client.post(f"/api/v1/replies/{child['id']}/report", json={"type": 1}, headers=headers))
        data_of(client.post(f"/api/v1/replies/{target['id']}/report", json={"type": 2}, headers=headers))
        [top] = thread_of(client, item=1006)["replies"]
        assert (top["reported"], top["children"][0]["reported"]) == (True, True)
        url = f"/api/v1/replies/{target['id']}/unreport"
        assert error_of(client.post(url), 403)["msg"] == "请求已失效，请刷新页面后重试"  # no CSRF header
        answer = client.post(url, headers=headers)
        assert answer.get_json()["msg"] == "取消举报成功" and data_of(answer) == {"id": target["id"], "reported": False}
        assert data_of(client.post(url, headers=headers))["reported"] is False  # again: nothing to take back
        [top] = thread_of(client, item=1006)["replies"]
        assert (top["reported"], top["children"][0]["reported"]) == (False, True)
        assert error_of(client.post("/api/v1/replies/99999999/unreport", headers=headers), 404)["msg"] == "评论不存在"
        sign_in(client, 103)  # another viewer: not theirs
        [top] = thread_of(client, item=1006)["replies"]
        assert (top["reported"], top["children"][0]["reported"]) == (False, False)
    with stack.client() as client:
        assert thread_of(client, item=1006)["replies"][0]["reported"] is False  # signed out
    from store.models import LinkReport

    with stack.sessions()() as session:
        rows = session.query(LinkReport).filter(LinkReport.status_id.in_([int(target["id"]), int(child["id"])])).all()
        assert [(row.status_id, row.user_id) for row in rows] == [(int(child["id"]), 104)]


def test_delete_own_editor_with_reason_tombstone_and_vanish(stack):
    with stack.client() as client:
        parent = reply(client, 103, "会被删的评论", item=1004)
        child = reply(client, 104, "它的回复", item=1004, reply_to_id=parent["id"])
        lonely = reply(client, 104, "没人回复的评论", item=1004)
        other = reply(client, 104, "编辑会删的评论", item=1004)
        forbidden = client.post(f"/api/v1/replies/{parent['id']}/delete", json={}, headers=sign_in(client, 104))
        assert error_of(forbidden, 403)["msg"] == "没有权限"
        answer = client.post(f"/api/v1/replies/{parent['id']}/delete", json={}, headers=sign_in(client, 103))
        assert answer.get_json()["msg"] == "删除成功" and data_of(answer) == {
            "id": parent["id"],
            "deleted": True,
            "remote_kept": False,
        }
        data_of(client.post(f"/api/v1/replies/{lonely['id']}/delete", json={}, headers=sign_in(client, 104)))
        editor = sign_in(client, 102)
        url = f"/api/v1/replies/{other['id']}/delete"
        assert error_of(client.post(url, json={}, headers=editor), 400)["msg"] == "请填写删除原因"
        data_of(client.post(url, json={"reason": "人身攻击"}, headers=editor))
        thread = thread_of(client, item=1004)
        assert [r["id"] for r in thread["replies"]] == [parent["id"]] and thread["count"] == 1
        tomb = thread["replies"][0]
        assert tomb["deleted"] and tomb["author"] is None and tomb["text"] == "" and tomb["html"] == ""
        assert [c["id"] for c in tomb["children"]] == [child["id"]]
        notice = next(m for m in messages_of(client, 104) if m["kind"] == "reply_deleted")
        assert notice["reason"] == "人身攻击" and notice["reply_id"] == other["id"] and notice["actor_name"] is None
        assert notice["item_kind"] == "story" and notice["item_id"] == "1004" and "人身攻击" in notice["text"]
        # The last child gone, the tombstone goes too.
        data_of(client.post(f"/api/v1/replies/{child['id']}/delete", json={}, headers=sign_in(client, 104)))
        assert thread_of(client, item=1004)["replies"] == []


def test_messages_reply_comment_mention_and_never_oneself(stack):
    with stack.client() as client:
        before = {user: len(messages_of(client, user)) for user in (101, 103, 104)}
        top = reply(client, 103, "作者写得好 @路人丁 来看", item=1005)  # story 1005 is 101's
        reply(client, 104, "谢谢 @作者丙 也 @路人丁", item=1005, reply_to_id=top["id"])
        reply(client, 101, "我自己的文章 @作者甲", item=1005)
        author = messages_of(client, 101)
        assert len(author) == before[101] + 1
        comment = author[0]
        assert comment["kind"] == "comment" and comment["reply_id"] == top["id"] and comment["actor_name"] == "作者丙"
        assert comment["item_title"] == "边界测试一周之内" and comment["excerpt"].startswith("作者写得好")
        member = messages_of(client, 103)
        assert [m["kind"] for m in member[: len(member) - before[103]]] == ["reply"]  # one message, not two
        mentioned = messages_of(client, 104)
        assert [m["kind"] for m in mentioned[: len(mentioned) - before[104]]] == ["mention"]  # not their own


def test_text_limits_and_escaping(stack):
    with stack.client() as client:
        headers = sign_in(client, 103)
        url = f"/api/v1/discussions/story/{STORY}"
        assert error_of(client.post(url, json={"text": "  \n\t "}, headers=headers), 400)["msg"] == "评论内容不能为空"
        assert error_of(client.post(url, json={}, headers=headers), 400)["msg"] == "评论内容不能为空"
        assert (
            error_of(client.post(url, json={"text": "长" * 1001}, headers=headers), 400)["msg"]
            == "评论内容不能超过1000个字符"
        )
        assert len(reply(client, 103, "长" * 1000)["text"]) == 1000
        bad = client.post(url, json={"text": "x", "reply_to_id": "99999999"}, headers=headers)
        assert error_of(bad, 400)["msg"] == "回复的评论不存在"
        assert error_of(client.post(url, json={"text": "x"}, headers={"X-CSRF-Token": "no"}), 403)
        with stack.client() as anonymous:
            assert error_of(anonymous.post(url, json={"text": "x"}), 403)["msg"] == "请先登录"
    add_user(stack, 105, "<img src=x onerror=alert(1)>")
    with stack.client() as client:
        hostile = reply(
            client,
            103,
            "<script>alert(1)</script> 看 https://example.com/a?b=1&c=2 和 @<img src=x onerror=alert(1)> \u202e反",
        )
        html = hostile["html"]
        assert "<script" not in html and "&lt;script&gt;" in html and "\u202e" not in hostile["text"]
        assert '<a href="https://example.com/a?b=1&amp;c=2"' in html and "onerror=" not in html.replace(
            "onerror=alert", ""
        )
        named = reply(client, 103, "你好 @路人丁，javascript:alert(1)")
        assert '<a href="/users/104" class="mention"' in named["html"] and 'href="javascript' not in named["html"]


def test_item_deleted_takes_its_thread(stack):
    with stack.client() as client:
        top = reply(client, 103, "将随文章消失", item=1006)
        data_of(client.post("/api/v1/story/del", json={"story_id": 1006}, headers=sign_in(client, 101)))
        assert error_of(client.get("/api/v1/discussions/story/1006"), 404)["msg"] == "内容不存在"
        assert error_of(client.post(f"/api/v1/replies/{top['id']}/like", headers=sign_in(client, 104)), 404)
        timeline = client.get("/link-api/api/v1/timelines/public", query_string={"limit": 40}).get_json()
        assert top["id"] not in {status["id"] for status in timeline}
        mine = data_of(client.get("/api/v1/users/103/replies"))
        assert top["id"] not in {r["id"] for r in mine["replies"]}


def test_threads_show_in_link_and_the_index_counts_and_finds_replies(stack):
    with stack.client() as client:
        top = reply(client, 103, "检索增强生成的评测方法值得讨论", item=1007)
        gone = reply(client, 104, "稀有词汇斑马鱼评论", item=1007)
        data_of(client.post(f"/api/v1/replies/{gone['id']}/delete", json={}, headers=sign_in(client, 104)))
        timeline = client.get("/link-api/api/v1/timelines/public", query_string={"limit": 40}).get_json()
        status = next(s for s in timeline if s["id"] == top["id"])
        assert status["in_reply_to_id"] == thread_of(client, item=1007)["post_id"]
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    stack.bump_cache()
    with stack.client() as client:
        found = data_of(client.get("/api/v2/search", query_string={"q": "检索增强生成的评测", "model": "link"}))
        assert top["id"] in {str(item["id"]) for item in found["list"]}
        rare = data_of(client.get("/api/v2/search", query_string={"q": "斑马鱼", "model": "link"}))
        assert gone["id"] not in {str(item["id"]) for item in rare["list"]}
        detail = data_of(client.get("/api/v1/stories/1007"))
        assert detail["comment_count"] == 1
        feed = data_of(client.get("/api/v2/search", query_string={"q": "边界测试一月之内", "model": "story"}))
        info = next(i["story_info"] for i in feed["list"] if i["id"] == 1007)
        assert info["comment_count"] == 1


def test_a_paper_thread_and_a_members_replies(stack):
    with stack.client() as client:
        on_paper = reply(client, 104, "这篇论文的消融实验不够", item="2601.00003", kind="paper")
        thread = thread_of(client, kind="paper", item="2601.00003")
        assert thread["item_id"] == "2601.00003" and thread["count"] == 1
        mine = data_of(client.get("/api/v1/users/104/replies", query_string={"page": 1, "size": 5}))
        assert mine["replies"][0] == {
            "id": on_paper["id"],
            "kind": "paper",
            "item_id": "2601.00003",
            "item_title": mine["replies"][0]["item_title"],
            "excerpt": "这篇论文的消融实验不够",
            "created_at": on_paper["created_at"],
            "like_count": 0,
        }
        assert mine["total"] >= 1 and mine["replies"][0]["item_title"]
        assert error_of(client.get("/api/v1/users/999999/replies"), 404)
        assert error_of(client.get("/api/v1/users/99999999999999999999/replies"), 404)  # past 64 bits


def test_replies_are_rate_limited(stack):
    app = stack.app(rate_limits_enabled=True, rate_limit_replies="2/minute")
    with app.test_client() as client:
        headers = sign_in(client, 103)
        url = f"/api/v1/discussions/story/{STORY}"
        data_of(client.post(url, json={"text": "一"}, headers=headers))
        data_of(client.post(url, json={"text": "二"}, headers=headers))
        assert error_of(client.post(url, json={"text": "三"}, headers=headers), 429)["msg"] == "操作太频繁，请稍后再试"


def test_verified_repliers_feed_the_heat_once_each(stack):
    """101 (a verified e-mail) replies three times, 104 (no e-mail) once: one person in the story's day."""
    from datetime import UTC, datetime, timedelta
    from zoneinfo import ZoneInfo

    from sqlalchemy import select

    from store.heat import REPLY_WEIGHT
    from store.models import ItemHeatDay
    from worker.runtime import _build

    with stack.client() as client:
        for text in ("一", "二", "三"):
            reply(client, 101, text, item=1008)
        reply(client, 104, "新账号", item=1008)
    assert _build(stack.settings()).rollup(now=datetime.now(UTC) + timedelta(days=1)) is not None
    today = datetime.now(ZoneInfo("Asia/Shanghai")).date()
    with stack.sessions()() as session:
        row = session.scalars(
            select(ItemHeatDay).where(
                ItemHeatDay.item_type == "story", ItemHeatDay.item_id == 1008, ItemHeatDay.day == today
            )
        ).one()
    assert row.replies == 1 and row.heat >= REPLY_WEIGHT
