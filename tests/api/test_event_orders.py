"""Event sign-up (POST /v1/events/saveOrder, spec section 4): signed in, CSRF, validation in Chinese,
one order per user per event held by the database, capacity under parallel sign-ups, the ticket
(order_status / order_info) in event items for the caller at once, and times in Beijing time."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from store.models import Event, EventOrder, User
from store.writes import insert
from tests.support import client_for, data_of, error_of, sign_in, tiny_stack

CROWD = list(range(4001, 4011))
BODY = {"name": "作者甲", "phone": "138 0000 0000", "region": "上海", "email": "a@example.com"}
UPCOMING, LIVE, ENDED, SMALL = 503, 502, 501, 3101


@pytest.fixture(scope="module")
def stack(make_stack):
    stack = tiny_stack(make_stack, "orders")
    now = datetime.now(UTC)
    with stack.sessions()() as db:
        db.add_all([User(id=uid, name=f"读者{uid}", email=f"r{uid}@example.com") for uid in CROWD])
        # Two seats, fixed times: 2026-12-01 06:00-08:00 UTC is 14:00-16:00 in Beijing.
        insert(  # with its outbox row, so the drain indexes it
            db,
            Event(
                id=SMALL,
                name="小型闭门会, 限 2 人; 含分号",
                brief="第一行\n第二行",
                address="北京市海淀区, 中关村",
                start_time=now.replace(year=now.year + 1, month=12, day=1, hour=6, minute=0, second=0, microsecond=0),
                end_time=now.replace(year=now.year + 1, month=12, day=1, hour=8, minute=0, second=0, microsecond=0),
                created_at=now - timedelta(days=1),
                tags=["llm"],
                capacity=2,
            ),
        )
        db.commit()
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    return stack


def order(client, headers, event_id, **changes):
    return client.post("/api/v1/events/saveOrder", json={**BODY, "activityId": event_id, **changes}, headers=headers)


def orders_for(stack, event_id) -> int:
    with stack.sessions()() as db:
        return db.scalar(select(func.count()).select_from(EventOrder).where(EventOrder.event_id == event_id))


def test_signed_out_is_sent_to_login_and_csrf_is_required(stack):
    with client_for(stack) as client:
        assert error_of(order(client, {}, UPCOMING), 403)["msg"] == "请先登录"
        sign_in(client, 101)
        refused = order(client, {"X-CSRF-Token": "wrong"}, UPCOMING)
        assert error_of(refused, 403)["msg"] == "请求已失效，请刷新页面后重试"
    assert orders_for(stack, UPCOMING) == 0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": ""}, "请填写姓名"),
        ({"name": None}, "请填写姓名"),
        ({"name": "长" * 51}, "姓名不能超过50个字符"),
        ({"email": ""}, "请填写邮箱"),
        ({"email": "not-an-email"}, "邮箱格式错误"),
        ({"phone": "12ab"}, "手机号格式错误"),
        ({"phone": "****"}, "手机号格式错误"),
        ({"region": "很" * 21}, "地区最多 20 个字符"),
        ({"activityId": None}, "活动 id 格式错误"),
        ({"activityId": "503"}, "活动 id 格式错误"),
        ({"activityId": 0}, "活动 id 格式错误"),
    ],
)
def test_validation_messages(stack, changes, message):
    with client_for(stack) as client:
        headers = sign_in(client, 101)
        assert error_of(order(client, headers, UPCOMING, **changes), 400)["msg"] == message


def test_a_masked_account_phone_is_accepted(stack):
    with client_for(stack) as client:
        headers = sign_in(client, 4010)
        assert data_of(order(client, headers, 504, phone="176****8115"))["order_info"]["mobile"] == "176****8115"


def test_missing_activity_id_and_unknown_or_ended_events(stack):
    with client_for(stack) as client:
        headers = sign_in(client, 101)
        assert (
            error_of(client.post("/api/v1/events/saveOrder", json=BODY, headers=headers), 400)["msg"] == "缺少活动 id"
        )
        assert error_of(order(client, headers, 999999), 404)["msg"] == "内容不存在"
        assert error_of(order(client, headers, ENDED), 409)["msg"] == "活动已结束，无法报名"
    assert orders_for(stack, ENDED) == 0


def test_sign_up_answers_the_ticket_and_a_second_one_is_refused(stack):
    with client_for(stack) as client:
        headers = sign_in(client, 101)
        answer = order(client, headers, UPCOMING)
        assert answer.get_json()["msg"] == "报名成功"
        state = data_of(answer)
        assert state["order_status"] == 1
        ticket = state["order_info"]
        assert ticket["tick_name"] == "作者甲" and ticket["name"] == "即将开始的活动"
        assert ticket["mobile"] == "138 0000 0000" and ticket["email"] == "a@example.com"
        assert len(ticket["encode_oder_id"]) >= 20 and ticket["time_desc"]
        again = order(client, headers, UPCOMING, name="另一个名字")
        assert error_of(again, 409)["msg"] == "您已报名该活动"
    assert orders_for(stack, UPCOMING) == 1


def test_the_database_itself_refuses_a_duplicate(stack):
    with stack.sessions()() as db:
        db.add(EventOrder(event_id=LIVE, user_id=102, code="c-1", name="乙", email="b@example.com"))
        db.commit()
        db.add(EventOrder(event_id=LIVE, user_id=102, code="c-2", name="乙", email="b@example.com"))
        with pytest.raises(IntegrityError):
            db.commit()


def test_an_account_without_a_verified_email_cannot_take_a_seat(stack):
    with client_for(stack) as client:
        headers = sign_in(client, 103)  # the tiny corpus's 103 has no (verified) e-mail
        assert error_of(order(client, headers, SMALL, name="作者丙"), 403)["msg"] == "请先验证邮箱后再报名"
    assert orders_for(stack, SMALL) == 0


def test_items_carry_the_callers_order_at_once(stack):
    with client_for(stack) as client:
        headers = sign_in(client, 4009)
        data_of(order(client, headers, LIVE, name="作者丙"))
        items = data_of(client.post("/api/v1/events", json={"page": 1, "size": 50}, headers=headers))["list"]
        by_id = {item["event_info"]["id"]: item["event_info"] for item in items}
        assert by_id[LIVE]["order_status"] == 1 and by_id[LIVE]["order_info"]["tick_name"] == "作者丙"
        assert by_id[UPCOMING]["order_status"] is None and by_id[UPCOMING]["order_info"] is None
        info = data_of(client.post("/api/v1/events/info", json={"type": "events", "ids": [LIVE]}, headers=headers))
        assert info[0]["order_status"] == 1
        search = {"q": "正在直播", "model": "event"}
        assert data_of(client.get("/api/v2/search", query_string=search))["list"][0]["event_info"]["order_status"] == 1
    with client_for(stack) as anonymous:
        found = data_of(anonymous.get("/api/v2/search", query_string=search))["list"][0]["event_info"]
        assert found["id"] == LIVE and found["order_status"] is None and found["order_info"] is None
    with client_for(stack) as other:
        headers = sign_in(other, 101)
        info = data_of(other.post("/api/v1/events/info", json={"type": "events", "ids": [LIVE]}, headers=headers))
        assert info[0]["order_status"] is None  # someone else's order is not mine


def test_event_times_are_shown_in_beijing_time(stack):
    with client_for(stack) as client:
        info = data_of(client.post("/api/v1/events/info", json={"type": "events", "ids": [SMALL]}))[0]
        year = datetime.now(UTC).year + 1
        assert info["time_desc"] == f"{year}-12-01 14:00 - 16:00"
        assert info["start_time"] == f"{year}-12-01T06:00:00Z"  # the API's dates stay UTC
    other_zone = stack.app(timezone="UTC").test_client()
    info = data_of(other_zone.post("/api/v1/events/info", json={"type": "events", "ids": [SMALL]}))[0]
    assert info["time_desc"] == f"{datetime.now(UTC).year + 1}-12-01 06:00 - 08:00"


def test_capacity_holds_under_parallel_sign_ups(stack):
    app = stack.app()
    results: list[tuple[int, str]] = []
    lock = threading.Lock()
    start = threading.Barrier(len(CROWD))

    def run(user_id: int):
        with app.test_client() as client:
            headers = sign_in(client, user_id)
            start.wait()
            response = order(client, headers, SMALL, name=f"读者{user_id}", email=f"r{user_id}@example.com")
            with lock:
                results.append((response.status_code, response.get_json()["msg"]))

    threads = [threading.Thread(target=run, args=(uid,)) for uid in CROWD]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(status for status, _ in results) == [200, 200] + [409] * (len(CROWD) - 2)
    assert {msg for status, msg in results if status == 409} == {"名额已满，报名人数已达上限"}
    assert orders_for(stack, SMALL) == 2
    with stack.sessions()() as db:
        assert db.get(Event, SMALL).order_count == 2
