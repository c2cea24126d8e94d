"""create_app(settings) is honoured completely: two apps with different settings in one process
read their own index, database, cache and defaults, and serve their own OpenAPI document."""

from __future__ import annotations

from tests.support import data_of, tiny_stack


def story_ids(client) -> set[int]:
    page = data_of(client.post("/api/v1/story/list", json={"time": None, "size": 50}))
    return {item["id"] for item in page["list"]}


def hot_words(client) -> list[str]:
    return [w["source"]["content"] for w in data_of(client.get("/api/v2/search/hotwords?type=hotwords"))]


def test_two_apps_with_different_settings_do_not_cross(make_stack, demo_stack):
    tiny = tiny_stack(make_stack, "two-apps")
    app_a = tiny.app(default_hotwords=["甲站热词一", "甲站热词二"])
    app_b = demo_stack.app(default_hotwords=["乙站热词"], cache_timeout=5)
    a, b = app_a.test_client(), app_b.test_client()

    # Interleaved, so a shared client, alias or cache key would show.
    tiny_ids, demo_ids = story_ids(a), story_ids(b)
    assert tiny_ids and demo_ids and not tiny_ids & demo_ids
    assert story_ids(a) == tiny_ids and story_ids(b) == demo_ids
    assert hot_words(a)[:2] == ["甲站热词一", "甲站热词二"] and "乙站热词" not in hot_words(a)
    assert hot_words(b)[0] == "乙站热词" and "甲站热词一" not in hot_words(b)

    # Each app's database: the signed-in caller is looked up in its own users table.
    with a.session_transaction() as session:
        session["user_id"] = 101
    assert data_of(a.get("/api/v1/users"))["name"] == "作者甲"
    with b.session_transaction() as session:
        session["user_id"] = 101
    assert data_of(b.get("/api/v1/users")) is None  # the demo corpus has no user 101

    # Each app serves a complete OpenAPI document of its own, built once per app.
    doc_a = a.get("/api/openapi.json").get_json()
    doc_b = b.get("/api/openapi.json").get_json()
    assert doc_a == doc_b and "/api/v2/search" in doc_a["paths"]
    assert app_a.extensions["hub"].reader.alias == tiny.alias != app_b.extensions["hub"].reader.alias
