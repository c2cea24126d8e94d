"""Reports (spec sections 3, 5, 7): reasons 1-7, a link for 3 and 4 (http or https), remark ≤ 200,
the exact Chinese messages, one report per user per story, and `is_reported` following."""

from __future__ import annotations

import pytest

from store.models import StoryReport
from tests.support import client_for, data_of, error_of, sign_in, tiny_stack


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "reports")


@pytest.fixture()
def client(stack):
    with client_for(stack) as test_client:
        yield test_client


def is_reported(client, story_id: int) -> bool:
    return data_of(client.get(f"/api/v1/stories/{story_id}"))["is_reported"]


def test_anonymous_reports_answer_403(client):
    assert error_of(client.post("/api/v1/report/up", json={"story_id": 1001, "type": 1}), 403)["msg"] == "请先登录"
    assert error_of(client.post("/api/v1/report/down", json={"story_id": 1001}), 403)["msg"] == "请先登录"


def test_report_and_take_it_back(stack, client):
    headers = sign_in(client, 103)
    answer = client.post("/api/v1/report/up", json={"story_id": 1001, "type": 2, "remark": "广告"}, headers=headers)
    assert answer.get_json() == {"code": 0, "data": {"is_reported": True}, "msg": "举报成功"}
    assert is_reported(client, 1001) is True

    # Again with another reason: still one report, the reason replaced.
    again = {"story_id": 1001, "type": 3, "url": "https://example.com/original"}
    assert client.post("/api/v1/report/up", json=again, headers=headers).get_json()["msg"] == "举报成功"
    with stack.sessions()() as db:
        rows = db.query(StoryReport).filter_by(story_id=1001).all()
        assert [(r.user_id, r.type, r.url, r.remark) for r in rows] == [(103, 3, "https://example.com/original", None)]

    answer = client.post("/api/v1/report/down", json={"story_id": 1001}, headers=headers)
    assert answer.get_json() == {"code": 0, "data": {"is_reported": False}, "msg": "取消举报成功"}
    assert is_reported(client, 1001) is False
    assert data_of(client.post("/api/v1/report/down", json={"story_id": 1001}, headers=headers)) == {
        "is_reported": False
    }


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({}, "请选择举报类型"),
        ({"type": None}, "请选择举报类型"),
        ({"type": 0}, "请选择举报类型"),
        ({"type": 8}, "请选择举报类型"),
        ({"type": "广告"}, "请选择举报类型"),
        ({"type": 3}, "请填写举报链接"),
        ({"type": 4, "url": "  "}, "请填写举报链接"),
        ({"type": 3, "url": "javascript:alert(1)"}, "举报链接格式错误"),
        ({"type": 4, "url": "example.com/copy"}, "举报链接格式错误"),
        ({"type": 7, "url": "ftp://example.com/x"}, "举报链接格式错误"),
        ({"type": 1, "remark": "长" * 201}, "备注不能超过200个字符"),
    ],
)
def test_every_report_message(client, payload, message):
    headers = sign_in(client, 101)
    envelope = error_of(client.post("/api/v1/report/up", json={"story_id": 1002, **payload}, headers=headers), 400)
    assert envelope["msg"] == message


def test_remark_of_200_and_http_link_pass(client):
    headers = sign_in(client, 101)
    payload = {"story_id": 1003, "type": 4, "url": "http://example.com/x", "remark": "长" * 200}
    assert data_of(client.post("/api/v1/report/up", json=payload, headers=headers)) == {"is_reported": True}


def test_unknown_story_and_missing_id(client):
    headers = sign_in(client, 101)
    assert error_of(client.post("/api/v1/report/up", json={"story_id": 99999999, "type": 1}, headers=headers), 404)
    assert error_of(client.post("/api/v1/report/up", json={"type": 1}, headers=headers), 400)["msg"] == "缺少文章 id"


def test_moderators_read_the_reports_newest_first_with_remarks_as_text(stack, client):
    """GET /v1/editor/reports: editors only; each report with its story, reporter, reason, link and the
    remark exactly as written (markup stays text for the UI to escape)."""
    assert error_of(client.get("/api/v1/editor/reports"), 403)["msg"] == "请先登录"
    sign_in(client, 101)
    assert error_of(client.get("/api/v1/editor/reports"), 403)["msg"] == "没有权限"

    hostile = '<img src=x onerror="alert(1)">举报'
    headers = sign_in(client, 101)
    body = {"story_id": 1002, "type": 4, "url": "https://example.com/orig", "remark": hostile}
    assert client.post("/api/v1/report/up", json=body, headers=headers).status_code == 200
    headers = sign_in(client, 103)
    assert client.post("/api/v1/report/up", json={"story_id": 1003, "type": 1}, headers=headers).status_code == 200

    sign_in(client, 102)  # an editor
    page = data_of(client.get("/api/v1/editor/reports", query_string={"size": 50}))
    mine = [r for r in page["list"] if (r["story_id"], r["user_id"]) in {(1002, 101), (1003, 103)}]
    assert [(r["story_id"], r["user_id"]) for r in mine] == [(1003, 103), (1002, 101)], "newest first"
    older = mine[1]
    assert (older["type"], older["url"], older["remark"]) == (4, "https://example.com/orig", hostile)
    assert older["story_title"] and older["user_name"] and older["story_deleted"] is False
    assert page["total"] >= 2 and page["hasNextPage"] is False
    assert error_of(client.get("/api/v1/editor/reports", query_string={"size": 0}), 400)
