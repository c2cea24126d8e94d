"""Anonymous reads are cached in Redis; a write makes them stale once the cache generation moves."""

from __future__ import annotations

from store import cache_generation
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
