"""GET /api/v2/search/hotwords: logged searches, recency, junk filtering, fallback, caching."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from store import hotwords
from tests.support import client_for, data_of, tiny_stack


def words(client) -> list[str]:
    data = data_of(client.get("/api/v2/search/hotwords", query_string={"type": "hotwords"}))
    return [item["source"]["content"] for item in data]


def test_defaults_while_traffic_is_thin(make_stack):
    stack = tiny_stack(make_stack, "hot-thin")
    with client_for(stack) as client:
        assert words(client) == stack.settings().default_hotwords[:10]


def test_hot_words_reflect_logged_searches(make_stack):
    stack = tiny_stack(make_stack, "hot-log")
    with client_for(stack) as client:
        for q, times in (("边界测试", 3), ("Empty Series", 2), ("匿名", 1), ("x", 5), ("  边界测试 ", 1)):
            for _ in range(times):
                data_of(client.get("/api/v2/search", query_string={"q": q}))
        for _ in range(4):  # a query that finds nothing is not counted
            data_of(client.get("/api/v2/search", query_string={"q": "qqxzvvqq"}))
        data_of(
            client.get("/api/v2/search", query_string={"q": "边界测试", "page": 2, "size": 1})
        )  # paging: not a search
        hot = words(client)
    defaults = stack.settings().default_hotwords
    assert hot[:2] == ["边界测试", "Empty Series"]
    assert "匿名" not in hot  # searched once: below the threshold
    assert "x" not in hot and "qqxzvvqq" not in hot
    assert hot[2:] == [w for w in defaults if w not in hot[:2]][: 10 - 2]


def test_recent_searches_weigh_more(make_stack):
    stack = tiny_stack(make_stack, "hot-decay")
    now = datetime.now(UTC)
    for _ in range(6):
        hotwords.record_search(stack.redis(), stack.alias, "三天前的热词", now - timedelta(days=3))
    for _ in range(3):
        hotwords.record_search(stack.redis(), stack.alias, "今天的热词", now)
    for _ in range(2):
        hotwords.record_search(stack.redis(), stack.alias, "昨天的热词", now - timedelta(days=1))
    ranked = [w for w, _ in hotwords.ranked_words(stack.redis(), stack.alias, now)]
    assert ranked == ["今天的热词"]  # 6 searches 3 days ago weigh 0.75; 2 yesterday weigh 1
    for _ in range(4):
        hotwords.record_search(stack.redis(), stack.alias, "昨天的热词", now - timedelta(days=1))
    assert [w for w, _ in hotwords.ranked_words(stack.redis(), stack.alias, now)] == ["今天的热词", "昨天的热词"]


def test_junk_is_not_counted():
    for junk in ("x", "大", "   ", "1234", "!!!", "哈哈哈哈", "https://example.com/x", "a" * 31):
        assert hotwords.is_junk(hotwords.normalize(junk)), junk
    for word in ("AI", "大模型", "GPT-4 多模态", "RAG"):
        assert not hotwords.is_junk(hotwords.normalize(word)), word


def test_hot_words_are_cached(make_stack):
    stack = tiny_stack(make_stack, "hot-cache")
    with client_for(stack) as client:
        before = words(client)
        for _ in range(3):
            data_of(client.get("/api/v2/search", query_string={"q": "边界测试"}))
        assert words(client) == before  # served from the cache for a minute
        assert "边界测试" in hotwords.hot_words(stack.redis(), stack.alias, [], 10)
