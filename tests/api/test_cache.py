"""Anonymous reads are cached in Redis; a write makes them stale once the cache generation moves."""

from __future__ import annotations

from store import cache_generation, hotwords
from store.models import Story
from store.writes import upsert
from tests.support import client_for, data_of, sign_in, tiny_stack


def title_of(client, story_id: int, headers: dict | None = None) -> str:
    page = data_of(client.post("/api/v1/story/list", json={"time": None, "size": 50}, headers=headers))
    return next(item["story_info"]["title"] for item in page["list"] if item["id"] == story_id)


def test_write_makes_cached_pages_stale(make_stack):
    stack = tiny_stack(make_stack, "cache")
    with client_for(stack) as client:
        assert title_of(client, 1010) == "编辑今天写的文章"
        with stack.sessions()() as db:
            assert upsert(db, Story, {"id": 1010}, {"title": "编辑改过的标题"}) == "updated"
            db.commit()
        # Straight in the index, behind the outbox's back: the anonymous page stays the cached one...
        stack.es().update(index=stack.alias, id="story-1010", body={"doc": {"source": {"title": "编辑改过的标题"}}})
        stack.es().indices.refresh(index=stack.alias)
        assert title_of(client, 1010) == "编辑今天写的文章"
        headers = sign_in(client, 101)  # a signed-in POST carries the CSRF token
        assert title_of(client, 1010, headers) == "编辑改过的标题"  # signed-in callers skip the cache
        with client.session_transaction() as session:
            session.clear()
        # ...but the outbox drain bumps the cache generation after indexing, so the write is seen at once.
        generation = cache_generation.current(stack.redis(), stack.alias)
        assert stack.drain() == 1
        assert cache_generation.current(stack.redis(), stack.alias) == generation + 1
        assert title_of(client, 1010) == "编辑改过的标题"


def test_a_search_answer_is_cached_as_its_bytes_and_still_counts_for_hot_words(make_stack):
    stack = tiny_stack(make_stack, "cache-bytes")
    with client_for(stack) as client:
        ask = {"q": "边界测试"}
        first = client.get("/api/v2/search", query_string=ask, environ_base={"REMOTE_ADDR": "10.0.0.1"})
        assert data_of(first)["total"] > 0
        assert list(stack.redis().scan_iter("hub:answer:*"))  # written after the answer
        # Behind the outbox's back: a second anonymous caller gets the cached bytes, not the change.
        stack.es().update_by_query(
            index=stack.alias,
            body={"query": {"match_all": {}}, "script": {"source": "ctx._source.source.view_count = 12345"}},
        )
        stack.es().indices.refresh(index=stack.alias)
        second = client.get("/api/v2/search", query_string=ask, environ_base={"REMOTE_ADDR": "10.0.0.2"})
        assert second.data == first.data
        assert second.headers["Content-Type"] == first.headers["Content-Type"] == "application/json"
        # A hit still knows the page's total: the second client's search is counted too.
        assert hotwords.day_words(stack.redis(), stack.alias)["边界测试"] == 2
        # A new generation retires the entry.
        cache_generation.bump(stack.redis(), stack.alias)
        third = client.get("/api/v2/search", query_string=ask, environ_base={"REMOTE_ADDR": "10.0.0.3"})
        assert b'"view_count":12345' in third.data and b'"view_count":12345' not in first.data


def test_hot_words_are_logged_after_the_answer_is_sent(make_stack):
    stack = tiny_stack(make_stack, "cache-after")
    with client_for(stack) as client:
        # Unbuffered, the response stays open until closed, as a server holds it while sending.
        answer = client.get("/api/v2/search", query_string={"q": "边界测试"}, buffered=False)
        assert data_of(answer)["total"] > 0
        assert "边界测试" not in hotwords.day_words(stack.redis(), stack.alias)
        answer.close()  # the server has sent the last byte
        assert hotwords.day_words(stack.redis(), stack.alias)["边界测试"] == 1
