"""Strict inputs (issue 11): integers in JSON bodies are JSON integers, integers in query strings are
ASCII digits, path ids are ASCII digits, and every refusal answers the field's own Chinese message
(never marshmallow's English: "Not a valid integer.", "Number too large.", "Field may not be null.")."""

from __future__ import annotations

import re

import pytest

from tests.support import data_of, error_of

PAGE = "页码必须是正整数"
SIZE = "每页数量应在1到50之间"
EVENT_ID = "活动 id 格式错误"
STORY_ID = "文章 id 格式错误"
USER_ID = "用户 id 格式错误"

NOT_JSON_INTEGERS = [1.5, 1.0, "1", " 17 ", "１", True, False, [1], {"n": 1}, 10**19, 2**63, -1, 0]


@pytest.mark.parametrize("page", NOT_JSON_INTEGERS + [None, 501, 10**30, 1e308])
def test_a_feed_page_must_be_a_json_integer(client, page):
    response = client.post("/api/v1/story/list", json={"page": page, "time": None})
    assert error_of(response, 400)["msg"] == PAGE


@pytest.mark.parametrize("size", [2.5, "20", True, None, 0, 51, -20, 10**19])
def test_a_feed_size_must_be_a_json_integer_in_range(client, size):
    response = client.post("/api/v3/paper/list", json={"size": size})
    assert error_of(response, 400)["msg"] == SIZE


def test_json_integers_are_still_accepted(client):
    page = data_of(client.post("/api/v3/paper/list", json={"page": 2, "size": 3}))
    assert (page["page"], page["size"]) == (2, 3)


@pytest.mark.parametrize("ids", [[" 17 ", 17.9], ["17"], [17.0], [True], [None], [[17]], [-3], [0], [2**63]])
def test_event_ids_must_be_positive_json_integers(client, ids):
    response = client.post("/api/v1/events/info", json={"type": "events", "ids": ids})
    assert error_of(response, 400)["msg"] == EVENT_ID


@pytest.mark.parametrize("ids", [17, "17", {"id": 17}])
def test_event_ids_must_be_a_list(client, ids):
    response = client.post("/api/v2/info/index", json={"type": "events", "ids": ids})
    assert error_of(response, 400)["msg"] == "活动 id 格式错误"


@pytest.mark.parametrize("story_id", [1.5, "236", " 236 ", True, [236], -236, 0, 10**19, 10**100])
def test_a_similar_story_id_must_be_a_positive_json_integer(client, story_id):
    response = client.post("/api/v1/story/similar", json={"story_id": story_id})
    assert error_of(response, 400)["msg"] == STORY_ID


@pytest.mark.parametrize("size", [6.0, "6", False, 0, 21])
def test_a_similar_size_must_be_a_json_integer(client, size):
    response = client.post("/api/v1/story/similar", json={"story_id": 1, "size": size})
    assert error_of(response, 400)["msg"] == "数量应在1到20之间"


@pytest.mark.parametrize("user_id", [1.5, "1", True, -1, 0, 2**63, 10**100, [1]])
def test_a_paper_user_id_must_be_a_positive_json_integer(client, user_id):
    response = client.post("/api/v2/papers/userinfo", json={"user_id": user_id})
    assert error_of(response, 400)["msg"] == USER_ID


def test_the_largest_user_id_is_looked_up_not_a_server_error(client):
    response = client.post("/api/v2/papers/userinfo", json={"user_id": 2**63 - 1})
    assert error_of(response, 404)["msg"] == "内容不存在"


@pytest.mark.parametrize("page", ["２", "1.5", "+1", " 2", "2 ", "-1", "0x2", "1e2", "", "9" * 30, "٣"])
def test_a_query_page_is_ascii_digits_only(client, page):
    response = client.get("/api/v2/search", query_string={"q": "模型", "page": page})
    assert error_of(response, 400)["msg"] == PAGE


@pytest.mark.parametrize("path", ["/api/v1/rankings", "/api/v2/search"])
def test_query_integers_in_ascii_digits_are_accepted(client, path):
    page = data_of(client.get(path, query_string={"page": "02", "size": "5"}))
    assert (page["page"], page["size"]) == (2, 5)


@pytest.mark.parametrize("size", ["５", "5.0", "+5", " 5", "true"])
def test_a_query_size_is_ascii_digits_only(client, size):
    response = client.get("/api/v1/rankings", query_string={"size": size})
    assert error_of(response, 400)["msg"] == SIZE


@pytest.mark.parametrize(
    "path", ["/api/v1/stories/２３６", "/api/v1/stories/٢٣٦", "/api/v1/stories/-236", "/api/v1/stories/+236"]
)
def test_path_ids_are_ascii_digits_only(client, path):
    assert error_of(client.get(path), 404)["msg"] == "内容不存在"


def test_an_ascii_story_id_still_answers(client):
    story_id = data_of(client.post("/api/v1/story/list", json={"time": None, "size": 1}))["list"][0]["id"]
    assert data_of(client.get(f"/api/v1/stories/{story_id}"))["id"] == story_id
    assert error_of(client.get(f"/api/v1/stories/{10**30}"), 404)["msg"] == "内容不存在"


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("/api/v1/story/list", {"label": 5}, "标签格式错误"),
        ("/api/v1/story/list", {"label": [None]}, "标签格式错误"),
        ("/api/v1/story/list", {"label": [{"id": "llm"}]}, "标签格式错误"),
        ("/api/v1/story/list", {"sort": 1}, "sort 格式错误"),
        ("/api/v1/story/list", {"sort": None}, "sort 格式错误"),
        ("/api/v1/story/list", {"time": ["day"]}, "time 格式错误"),
        ("/api/v2/papers/userinfo", {"arxiv_name": 7}, "作者名格式错误"),
        ("/api/v2/papers/userinfo", {"arxiv_name": "x" * 201}, "作者名格式错误"),
        ("/api/v2/papers/userlist/arxiv_name", {"arxiv_name": ["Hinton"]}, "作者名格式错误"),
        ("/api/v1/events/info", {"type": ["events"], "ids": [1]}, "type 格式错误"),
        ("/api/v1/events/info", {"ids": []}, "活动 id 数量应在1到100之间"),
        ("/api/v1/events/info", {"ids": None}, "缺少活动 id"),
        ("/api/v1/story/similar", {}, "缺少文章 id"),
        ("/api/v1/story/similar", {"story_id": None}, "缺少文章 id"),
    ],
)
def test_other_wrong_types_answer_chinese(client, path, body, message):
    assert error_of(client.post(path, json=body), 400)["msg"] == message


ENGLISH = re.compile(r"[A-Za-z]{3,} [a-z]+")  # "Not a valid integer.", "Number too large.", ...


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/v1/story/list", {"page": 1e400, "size": "x", "label": 1, "sort": {}, "time": 3}),
        ("/api/v1/events/info", {"type": 1, "ids": [1.5, "x", None, 10**40]}),
        ("/api/v2/papers/userinfo", {"arxiv_name": [], "user_id": {}}),
        ("/api/v2/papers/userlist/arxiv_name", {"arxiv_name": None, "page": [], "size": {}}),
        ("/api/v1/story/similar", {"story_id": "x", "size": 1e400}),
    ],
)
def test_no_message_of_any_field_is_english(client, path, body):
    error = error_of(client.post(path, json=body), 400)
    messages = [m for field in error["data"]["errors"]["json"].values() for m in _flat(field)]
    assert messages and not [m for m in messages if ENGLISH.search(m)], messages


def _flat(value):
    if isinstance(value, dict):
        return [m for v in value.values() for m in _flat(v)]
    if isinstance(value, list):
        return [m for v in value for m in _flat(v)]
    return [value]


def test_argument_schemas_are_built_once_and_shared_by_concurrent_requests(demo_stack, monkeypatch):
    """webargs builds a schema given as a class anew for every request (0.12 ms of a search, issue 12);
    the blueprint hands it one instance. Requests in several threads at once must still each get
    their own arguments, valid and invalid."""
    from concurrent.futures import ThreadPoolExecutor

    from api.schemas.common import Trimmed

    app = demo_stack.app()  # building the app builds its schemas; requests must not
    bound: list[str] = []
    original = Trimmed.on_bind_field
    monkeypatch.setattr(
        Trimmed, "on_bind_field", lambda self, name, field: (bound.append(name), original(self, name, field))
    )

    def ask(size: int):
        with app.test_client() as client:
            response = client.get("/api/v2/search", query_string={"q": "模型", "size": size, "sort": "new"})
            return size, response

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(ask, [n % 60 + 1 for n in range(48)]))
    for size, response in answers:
        if size <= 50:
            assert data_of(response)["size"] == size
        else:
            assert error_of(response, 400)["msg"] == SIZE
    assert bound == [], f"requests built argument schemas: {sorted(set(bound))}"
