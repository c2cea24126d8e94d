"""Publish, edit and delete stories (issue 9): who may, every validation message, sanitising, and the
outbox making each change searchable (or gone) within seconds."""

from __future__ import annotations

import pytest
from elasticsearch import ConflictError

from store.models import Story
from tests.support import client_for, data_of, error_of, sign_in, tiny_stack

AUTHOR, EDITOR, OTHER = 101, 102, 103  # tiny.jsonl: 102 is an editor


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "writes")


@pytest.fixture()
def client(stack):
    with client_for(stack) as test_client:
        yield test_client


def body(**overrides) -> dict:
    return {"title": "量子退火写作测试", "content": "<p>关于量子退火的正文</p>", "tags": ["llm"], **overrides}


def publish(client, user_id: int = AUTHOR, **overrides) -> dict:
    headers = sign_in(client, user_id)
    answer = client.post("/api/v1/stories", json=body(**overrides), headers=headers)
    assert answer.get_json()["msg"] == "发布成功", answer.get_json()
    return data_of(answer)


def search(stack, q: str) -> list[dict]:
    with client_for(stack) as fresh:  # anonymous: the cache generation moved with the drain
        return data_of(fresh.get("/api/v2/search", query_string={"q": q, "model": "story"}))["list"]


def listed(stack, story_id: int) -> bool:
    with client_for(stack) as fresh:
        page = data_of(fresh.post("/api/v1/story/list", json={"time": None, "size": 50}))
    return any(item["id"] == story_id for item in page["list"])


def test_anonymous_writes_answer_403_please_sign_in(client):
    for answer in (
        client.post("/api/v1/stories", json=body()),
        client.put("/api/v1/stories/1001", json=body()),
        client.post("/api/v1/story/del", json={"story_id": 1001}),
    ):
        envelope = error_of(answer, 403)
        assert envelope == {"code": 403, "data": None, "msg": "请先登录"}


def test_published_story_is_answered_in_full_and_searchable_with_highlights(stack, client):
    story = publish(client, title="量子退火发布检索", tags=["llm", "agent"], cover_url="https://img.example.com/c.png")
    assert story["title"] == "量子退火发布检索" and story["content"] == "<p>关于量子退火的正文</p>"
    assert story["summary"] == "关于量子退火的正文"  # empty summary: taken from the content
    assert story["user_id"] == AUTHOR and story["author_name"] == "作者甲"
    assert [t["id"] for t in story["tag_names"]] == ["llm", "agent"]
    assert story["cover_url"] == "https://img.example.com/c.png"
    assert (story["can_editor"], story["can_delete"], story["session_user_id"]) == (True, True, AUTHOR)
    assert (story["final_score"], story["remark_count"], story["is_voted"]) == (0, 0, False)
    with stack.sessions()() as db:
        row = db.get(Story, story["id"])
        assert row.version == 1 and row.deleted_at is None  # committed before the answer

    assert stack.drain() >= 1
    hits = search(stack, "量子退火")
    hit = next(h for h in hits if h["id"] == story["id"])
    assert "<em>" in hit["highlight"]["story_info.title"][0]
    assert data_of(client.get(f"/api/v1/stories/{story['id']}"))["title"] == "量子退火发布检索"
    assert listed(stack, story["id"])


def test_a_demo_picture_may_stay_the_cover(client):
    """The demo corpus's covers are the site's own pictures; editing such a story sends its cover back as it is."""
    story = publish(client, cover_url="/media/demo/cover-03.webp")
    assert story["cover_url"] == "/media/demo/cover-03.webp"


def test_anonymous_author_choice_is_kept(stack, client):
    story = publish(client, title="匿名发布的写作测试", story_show_user_name=False)
    assert story["is_anonymous"] is True and story["author_name"] == "匿名"


def test_content_and_summary_are_sanitised(client):
    story = publish(
        client,
        content=(
            '<p onclick="x()">正文<script>alert(1)</script></p>'
            '<a href="javascript:alert(1)">坏链接</a><a href="https://example.com/ok">好链接</a>'
            '<img src="javascript:alert(2)"><img src="data:image/png;base64,AAAA"><img src="https://example.com/a.png">'
        ),
        summary="<b>摘要</b><script>alert(3)</script> 文字",
    )
    html = story["content"]
    assert "script" not in html and "onclick" not in html and "javascript:" not in html and "data:" not in html
    assert 'href="https://example.com/ok"' in html and 'src="https://example.com/a.png"' in html
    assert story["summary"] == "摘要 文字"


def test_a_summary_in_plain_words_is_kept_as_typed(client):
    """A summary is plain text: & and < are characters (the UI escapes them), and a tag it only mentions keeps
    the words after it. Before, it was stored as RAG &amp; Agent and cut at <script>."""
    typed = "RAG & Agent 入门：当 x < y 时，如何避免把 <script> 标签带进页面"
    assert publish(client, summary=typed)["summary"] == typed


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"title": None}, "请填写标题"),
        ({"title": "   "}, "请填写标题"),
        ({"title": "长" * 201}, "标题不能超过200个字符"),
        ({"content": ""}, "请填写内容"),
        ({"content": "<script>alert(1)</script>"}, "请填写内容"),  # nothing left once sanitised
        ({"tags": ["llm", "agent", "rag", "multimodal", "cv", "nlp"]}, "最多选择5个标签"),
        ({"tags": ["no-such-tag"]}, "标签不存在"),
        ({"cover_url": "javascript:alert(1)"}, "封面链接格式错误"),
        ({"cover_url": "ftp://example.com/a.png"}, "封面链接格式错误"),
        ({"cover_url": "not a url"}, "封面链接格式错误"),
        ({"cover_url": "/media/../config/__init__.py"}, "封面链接格式错误"),
        ({"cover_url": "/elsewhere/a.png"}, "封面链接格式错误"),
    ],
)
def test_every_validation_message(client, overrides, message):
    headers = sign_in(client, AUTHOR)
    data = body(**overrides)
    if overrides.get("title") is None and "title" in overrides:
        data.pop("title")
    envelope = error_of(client.post("/api/v1/stories", json=data, headers=headers), 400)
    assert envelope["msg"] == message
    story = publish(client, title="校验之后可编辑")
    assert error_of(client.put(f"/api/v1/stories/{story['id']}", json=data, headers=headers), 400)["msg"] == message


def test_exactly_200_characters_and_5_tags_pass(client):
    story = publish(client, title="长" * 200, tags=["llm", "agent", "llm"])  # duplicates count once
    assert len(story["title"]) == 200 and [t["id"] for t in story["tag_names"]] == ["llm", "agent"]


def test_edit_by_author_and_editor_only(stack, client):
    story = publish(client, title="编辑权限测试原题")
    headers = sign_in(client, OTHER)
    assert (
        error_of(client.put(f"/api/v1/stories/{story['id']}", json=body(), headers=headers), 403)["msg"] == "没有权限"
    )

    headers = sign_in(client, AUTHOR)
    answer = client.put(f"/api/v1/stories/{story['id']}", json=body(title="作者改过的标题"), headers=headers)
    assert answer.get_json()["msg"] == "保存成功" and data_of(answer)["title"] == "作者改过的标题"

    headers = sign_in(client, EDITOR)
    edited = data_of(
        client.put(f"/api/v1/stories/{story['id']}", json=body(title="编辑改过的蓝鲸标题"), headers=headers)
    )
    assert edited["user_id"] == AUTHOR and edited["can_editor"] is True and edited["session_user_id"] == EDITOR
    with stack.sessions()() as db:
        assert db.get(Story, story["id"]).version == 3

    stack.drain()
    found = search(stack, "蓝鲸")  # the texts like it follow it (api/relaxed_search._then_alike)
    assert found[0]["id"] == story["id"] and not any("蓝鲸" in hit["story_info"]["title"] for hit in found[1:])
    assert error_of(client.put("/api/v1/stories/99999999", json=body(), headers=headers), 404)["msg"] == "内容不存在"


def test_author_deletes_own_story_without_a_reason(stack, client):
    story = publish(client, title="作者自删的河马文章")
    stack.drain()
    assert search(stack, "河马")

    headers = sign_in(client, AUTHOR)
    answer = client.post("/api/v1/story/del", json={"story_id": story["id"]}, headers=headers)
    assert answer.get_json() == {"code": 0, "data": None, "msg": "删除成功"}
    with stack.sessions()() as db:
        row = db.get(Story, story["id"])
        assert row.deleted_at is not None and row.deleted_by == AUTHOR and row.deleted_reason is None

    stack.drain()
    assert search(stack, "河马") == []
    assert not listed(stack, story["id"])
    error_of(client.get(f"/api/v1/stories/{story['id']}"), 404)
    # Gone for writes too.
    assert error_of(client.post("/api/v1/story/del", json={"story_id": story["id"]}, headers=headers), 404)
    error_of(client.put(f"/api/v1/stories/{story['id']}", json=body(), headers=headers), 404)
    error_of(client.post(f"/api/v1/stories/{story['id']}/favourite", headers=headers), 404)


def test_foreign_story_needs_an_editor_and_a_reason(stack, client):
    story = publish(client, title="他人删除测试")
    headers = sign_in(client, OTHER)
    envelope = error_of(
        client.post("/api/v1/story/del", json={"story_id": story["id"], "reason": "垃圾"}, headers=headers), 403
    )
    assert envelope["msg"] == "没有权限"

    headers = sign_in(client, EDITOR)
    for reason in (None, "", "   "):
        payload = {"story_id": story["id"]} if reason is None else {"story_id": story["id"], "reason": reason}
        assert error_of(client.post("/api/v1/story/del", json=payload, headers=headers), 400)["msg"] == "请填写删除理由"
    long = {"story_id": story["id"], "reason": "长" * 501}
    assert (
        error_of(client.post("/api/v1/story/del", json=long, headers=headers), 400)["msg"]
        == "删除理由不能超过500个字符"
    )

    answer = client.post("/api/v1/story/del", json={"story_id": story["id"], "reason": "广告内容"}, headers=headers)
    assert answer.get_json()["msg"] == "删除成功"
    with stack.sessions()() as db:
        row = db.get(Story, story["id"])
        assert row.deleted_by == EDITOR and row.deleted_reason == "广告内容"


def test_delete_reaches_the_index_with_a_version_so_a_late_index_cannot_resurrect(stack, client):
    from indexer.sync import actions_for

    story = publish(client, title="迟到索引的犀牛文章")
    stack.drain()
    with stack.sessions()() as db:  # an index action built before the delete (as a slow drain would)
        (late,) = actions_for(db, stack.alias, "story", story["id"])
    headers = sign_in(client, AUTHOR)
    data_of(client.post("/api/v1/story/del", json={"story_id": story["id"]}, headers=headers))
    with stack.sessions()() as db:
        (gone,) = actions_for(db, stack.alias, "story", story["id"])
    assert gone["_op_type"] == "delete" and gone["version"] == late["version"] + 1
    assert gone["version_type"] == "external_gte"
    stack.drain()

    es = stack.es()
    with pytest.raises(ConflictError):
        es.index(
            index=stack.alias,
            id=late["_id"],
            body=late["_source"],
            version=late["version"],
            version_type="external_gte",
            refresh=True,
        )
    assert search(stack, "犀牛") == []


def test_every_write_that_changes_the_index_kicks_the_outbox_once(stack, client):
    """The drain task is published after each commit that wrote outbox entries (store/outbox_hook.py),
    whatever wrote them, and not for a write that changed nothing the index shows."""
    redis = stack.redis()

    def kicks(write) -> int:
        before = redis.llen("celery")
        write()
        return redis.llen("celery") - before

    story = {}
    assert kicks(lambda: story.update(publish(client, title="踢一下发件箱"))) == 1
    headers = sign_in(client, AUTHOR)
    edit = {**body(title="踢一下发件箱（改）")}
    assert kicks(lambda: data_of(client.put(f"/api/v1/stories/{story['id']}", json=edit, headers=headers))) == 1
    vote = f"/api/v1/stories/{story['id']}/favourite"
    assert kicks(lambda: data_of(client.post(vote, headers=headers))) == 1
    assert kicks(lambda: data_of(client.post(vote, headers=headers))) == 0  # already voted: nothing changed
    profile = {"name": "作者改名", "avatar_url": "", "region": ""}
    assert kicks(lambda: data_of(client.post("/api/v1/users/edit", json=profile, headers=headers))) == 1
    delete = {"story_id": story["id"]}
    assert kicks(lambda: data_of(client.post("/api/v1/story/del", json=delete, headers=headers))) == 1


def test_openapi_describes_the_writes(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    assert {"get", "put"} <= set(paths["/api/v1/stories/{story_id}"])
    for path in ("/api/v1/stories", "/api/v1/story/del", "/api/v1/report/up", "/api/v1/report/down"):
        assert "requestBody" in paths[path]["post"] and "403" in paths[path]["post"]["responses"]
    for action in ("favourite", "unfavourite", "bookmark", "unbookmark"):
        assert "429" in paths[f"/api/v1/stories/{{story_id}}/{action}"]["post"]["responses"]
