"""WeChat sharing (POST /v1/other/wxshare), calendar files (GET /v1/story/subscription/ and the per-tag
feed /v1/events/calendar.ics), wish lectures and messages. WeChat's API is a local HTTP server answering
recorded responses (tests/fixtures/wechat/); Redis, Elasticsearch and the database are the real ones."""

from __future__ import annotations

import hashlib
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from api.wechat import jsapi_signature
from store.models import Message, User
from tests.support import RecordedWeChat, client_for, data_of, error_of, sign_in, tiny_stack

TICKET = "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg"
PAGE = "http://127.0.0.1:8000/view/1001?from=share"


def test_signature_matches_wechats_published_example():
    signature = jsapi_signature(TICKET, "Wm3WZYTPz0wzccnW", 1414587457, "http://mp.weixin.qq.com?params=value")
    assert signature == "0f9de62fce790f9a083d5c99e95740ceb90c27ed"


@pytest.fixture(scope="module")
def stack(make_stack):
    stack = tiny_stack(make_stack, "sharing")
    with stack.sessions()() as db:
        db.add(User(id=4101, name="读者四一"))
        db.commit()
    return stack


@pytest.fixture()
def wechat():
    server = RecordedWeChat()
    yield server
    server.close()


def share(client, url=PAGE, headers=None):
    return client.post("/api/v1/other/wxshare", json={"url": url}, headers=headers or {})


def test_wxshare_without_configuration_is_a_clear_error(stack):
    with client_for(stack) as client:
        assert error_of(share(client), 404)["msg"] == "微信分享未配置"


def test_wxshare_signs_the_page_and_caches_token_and_ticket_in_redis(stack, wechat):
    app = stack.app(wechat_app_id="wx-test-app", wechat_app_secret="s3cret", wechat_api_base=wechat.base)
    redis = stack.redis()
    prefix = f"hub:wechat:{stack.alias}:wx-test-app"
    redis.delete(f"{prefix}:access_token", f"{prefix}:jsapi_ticket")
    with app.test_client() as client:
        first = data_of(share(client, "http%3A%2F%2F127.0.0.1%3A8000%2Fview%2F1001%3Ffrom%3Dshare%23top"))
        assert first["appId"] == "wx-test-app" and first["url"] == PAGE  # decoded, fragment dropped
        expected = jsapi_signature(TICKET, first["nonceStr"], first["timestamp"], PAGE)
        assert first["signature"] == expected
        text = f"jsapi_ticket={TICKET}&noncestr={first['nonceStr']}&timestamp={first['timestamp']}&url={PAGE}"
        assert expected == hashlib.sha1(text.encode()).hexdigest()
        assert wechat.calls == ["/cgi-bin/token", "/cgi-bin/ticket/getticket"]
        # Cached until WeChat's expiry (7200 s, renewed 300 s early): the second share asks WeChat nothing.
        assert redis.get(f"{prefix}:jsapi_ticket") == TICKET
        assert 6800 < redis.ttl(f"{prefix}:access_token") <= 6900
        second = data_of(share(client))
        assert second["signature"] == jsapi_signature(TICKET, second["nonceStr"], second["timestamp"], PAGE)
        assert len(wechat.calls) == 2
        # Once the ticket expires, only the ticket is fetched again (the token is still cached).
        redis.delete(f"{prefix}:jsapi_ticket")
        data_of(share(client))
        assert wechat.calls[2:] == ["/cgi-bin/ticket/getticket"]


def test_wxshare_refuses_other_sites_and_reports_wechat_errors(stack, wechat):
    app = stack.app(wechat_app_id="wx-test-app", wechat_app_secret="s3cret", wechat_api_base=wechat.base)
    with app.test_client() as client:
        assert error_of(share(client, "https://evil.example/page"), 400)["msg"] == "分享链接格式错误"
        assert error_of(share(client, "javascript:alert(1)"), 400)["msg"] == "分享链接格式错误"
        assert error_of(client.post("/api/v1/other/wxshare", json={}), 400)["msg"] == "分享链接格式错误"
    bad = RecordedWeChat("token-invalid-secret.json")
    try:
        app = stack.app(wechat_app_id="wx-test-app", wechat_app_secret="wrong", wechat_api_base=bad.base)
        stack.redis().delete(f"hub:wechat:{stack.alias}:wx-test-app:access_token")
        stack.redis().delete(f"hub:wechat:{stack.alias}:wx-test-app:jsapi_ticket")
        with app.test_client() as client:
            assert error_of(share(client), 502)["msg"] == "微信接口调用失败，请稍后重试"
    finally:
        bad.close()


def parse_ics(response) -> Calendar:
    assert response.status_code == 200, response.data[:300]
    assert response.headers["Content-Type"].startswith("text/calendar")
    return Calendar.from_ical(response.data)


def test_subscription_of_an_event_is_a_valid_ics_in_beijing_time(stack):
    with client_for(stack) as client:
        response = client.get("/api/v1/story/subscription/", query_string={"id": 503, "title": "被忽略"})
        assert "attachment" in response.headers["Content-Disposition"]
        calendar = parse_ics(response)
        (event,) = calendar.walk("VEVENT")
        assert str(event["SUMMARY"]) == "即将开始的活动"
        start = event.decoded("DTSTART")
        assert start.tzinfo is not None and str(start.tzinfo) == "Asia/Shanghai"
        assert start.utcoffset().total_seconds() == 8 * 3600
        assert calendar.walk("VTIMEZONE"), "the zone is described in the file"
        assert str(event["URL"]).endswith("/activities/503")
        assert error_of(client.get("/api/v1/story/subscription/", query_string={"id": 999999}), 404)


def test_subscription_from_the_query_escapes_text(stack):
    with client_for(stack) as client:
        query = {
            "title": "讲座, 第一场; 含特殊字符",
            "start_time": "2027-03-01T06:00:00Z",
            "end_time": "2027-03-01T08:00:00Z",
            "description": "第一行\n第二行, 逗号; 分号",
            "location": "北京, 海淀",
            "url": "https://events.aihub.example/activities/9",
        }
        response = client.get("/api/v1/story/subscription/", query_string=query)
        raw = response.data.decode()
        assert "SUMMARY:讲座\\, 第一场\\; 含特殊字符" in raw
        assert "第一行\\n第二行\\, 逗号\\; 分号" in raw.replace("\r\n ", "")
        (event,) = parse_ics(response).walk("VEVENT")
        assert str(event["DESCRIPTION"]) == query["description"]
        start = event.decoded("DTSTART")
        assert start.astimezone(ZoneInfo("Asia/Shanghai")).hour == 14 and start.hour == 14
        bad = {**query, "end_time": "2027-02-01T00:00:00Z"}
        assert error_of(client.get("/api/v1/story/subscription/", query_string=bad), 400)["msg"] == "日程时间格式错误"
        assert error_of(client.get("/api/v1/story/subscription/", query_string={"start_time": "x"}), 400)
        no_title = {k: v for k, v in query.items() if k != "title"}
        assert (
            error_of(client.get("/api/v1/story/subscription/", query_string=no_title), 400)["msg"] == "请填写日程标题"
        )
        bad_url = {**query, "url": "javascript:alert(1)"}
        assert error_of(client.get("/api/v1/story/subscription/", query_string=bad_url), 400)["msg"] == "链接格式错误"


def test_calendar_feed_lists_upcoming_events_per_tag(stack):
    with client_for(stack) as client:
        everything = parse_ics(client.get("/api/v1/events/calendar.ics"))
        names = [str(e["SUMMARY"]) for e in everything.walk("VEVENT")]
        # Not yet over, soonest first: live (502), tomorrow (503), next week (504); ended ones are left out.
        assert names[:3] == ["正在直播的活动", "即将开始的活动", "下周开始的活动"]
        assert "已结束很久的活动" not in names and "前天结束的活动" not in names
        tagged = parse_ics(client.get("/api/v1/events/calendar.ics", query_string={"label": "no-such-tag"}))
        assert tagged.walk("VEVENT") == []
        # A hostile label (line breaks, control characters) filters to nothing and never breaks the file
        # (schemathesis found a 500: the raw label went into X-WR-CALNAME); known tags name the calendar.
        hostile = client.get("/api/v1/events/calendar.ics", query_string={"label": ["a\nb\x04", "llm"]})
        assert hostile.status_code == 200
        assert str(parse_ics(hostile)["X-WR-CALNAME"]) == "AI 社区活动（大模型）"


def test_wish_lectures_are_per_user_and_persisted(stack):
    with stack.sessions()() as db:
        from store.models import Paper

        paper_id = db.query(Paper.id).order_by(Paper.id).first()[0]
    with client_for(stack) as client:
        status = data_of(client.post("/api/v3/paper/wish_lectures/status", json={"id": paper_id}))
        assert status == {"id": paper_id, "type": 1, "is_wished": False, "count": 0}
        assert error_of(client.post("/api/v3/paper/wish_lectures/start", json={"id": paper_id}), 403)
        headers = sign_in(client, 101)
        for _ in range(2):  # idempotent
            started = data_of(
                client.post("/api/v3/paper/wish_lectures/start", json={"id": paper_id, "type": 2}, headers=headers)
            )
        assert started == {"id": paper_id, "type": 2, "is_wished": True, "count": 1}
        body = {"id": paper_id, "type": 1}
        assert (
            data_of(client.post("/api/v3/paper/wish_lectures/status", json=body, headers=headers))["is_wished"] is False
        )
        bad = client.post("/api/v3/paper/wish_lectures/start", json={"id": paper_id, "type": 3}, headers=headers)
        assert error_of(bad, 400)["msg"] == "类型只能是 1 或 2"
        missing = client.post("/api/v3/paper/wish_lectures/start", json={"id": 99999999}, headers=headers)
        assert error_of(missing, 404)
    with client_for(stack) as other:
        headers = sign_in(other, 103)
        body = {"id": paper_id, "type": 2}
        state = data_of(other.post("/api/v3/paper/wish_lectures/status", json=body, headers=headers))
        assert state == {"id": paper_id, "type": 2, "is_wished": False, "count": 1}


def test_messages_follow_votes_bookmarks_and_moderator_deletes(stack):
    with client_for(stack) as author:
        author_headers = sign_in(author, 101)
        assert error_of(client_for(stack).get("/api/v1/messages/is_read"), 401)["msg"] == "请先登录"
        assert data_of(author.get("/api/v1/messages/is_read")) == {"is_read": True, "unread_count": 0}
        with client_for(stack) as reader:
            headers = sign_in(reader, 4101)
            data_of(reader.post("/api/v1/stories/1005/favourite", headers=headers))
            data_of(reader.post("/api/v1/stories/1005/favourite", headers=headers))  # no change: no second message
            data_of(reader.post("/api/v1/stories/1005/bookmark", headers=headers))
            data_of(reader.post("/api/v1/stories/1005/unfavourite", headers=headers))
        data_of(author.post("/api/v1/stories/1006/favourite", headers=author_headers))  # own story: no message
        with client_for(stack) as editor:
            headers = sign_in(editor, 102)
            data_of(editor.post("/api/v1/story/del", json={"story_id": 1007, "reason": "内容重复"}, headers=headers))
        assert data_of(author.get("/api/v1/messages/is_read")) == {"is_read": False, "unread_count": 3}
        page = data_of(author.get("/api/v1/messages", query_string={"size": 10}))
        kinds = [(m["kind"], m["story_id"]) for m in page["list"]]
        assert kinds == [("deleted", 1007), ("marked", 1005), ("voted", 1005)]
        deleted = page["list"][0]
        assert deleted["reason"] == "内容重复" and "内容重复" in deleted["text"] and deleted["actor_name"] is None
        assert page["list"][2]["actor_name"] == "读者四一" and "边界测试一周之内" in page["list"][2]["text"]
        first = page["list"][2]["id"]
        assert error_of(author.post("/api/v1/messages/read", json={"ids": [first]}), 403)  # CSRF
        state = data_of(author.post("/api/v1/messages/read", json={"ids": [first]}, headers=author_headers))
        assert state == {"is_read": False, "unread_count": 2}
        with client_for(stack) as stranger:  # someone else's ids change nothing
            data_of(
                stranger.post(
                    "/api/v1/messages/read",
                    json={"ids": [m["id"] for m in page["list"]]},
                    headers=sign_in(stranger, 103),
                )
            )
        assert data_of(author.get("/api/v1/messages/is_read"))["unread_count"] == 2
        assert data_of(author.post("/api/v1/messages/read", json={}, headers=author_headers))["is_read"] is True
    with stack.sessions()() as db:
        assert db.query(Message).filter(Message.user_id == 101, Message.read_at.is_(None)).count() == 0
