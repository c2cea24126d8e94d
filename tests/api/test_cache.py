"""Anonymous reads are cached in Redis; a write makes them stale once the cache generation moves."""

from __future__ import annotations

import gzip

import brotli
import flask_compress.flask_compress
import redis

from api.read_cache import ANSWER_PREFIX, _index_tag
from store import cache_generation, hotwords
from store.models import Story
from store.writes import upsert
from tests.support import REDIS_URL, client_for, data_of, sign_in, tiny_stack


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


BROWSER = {"Accept-Encoding": "gzip, deflate, br"}


def _keys(stack) -> list[bytes]:
    return list(redis.Redis.from_url(REDIS_URL).scan_iter(f"{ANSWER_PREFIX}{_index_tag(stack.es_url, stack.alias)}:*"))


def _entries(stack) -> list[bytes]:
    """This stack's cached answers as stored (the raw bytes: compressed ones do not decode as text)."""
    raw = redis.Redis.from_url(REDIS_URL)
    return [raw.get(key) for key in _keys(stack)]


def _compressing_again(*_args):
    """Stands in for flask-compress's compressor where a test proves a cached answer is not compressed."""
    raise AssertionError("a cached answer was compressed again")


def _stored(entry: bytes) -> tuple[str, bytes]:
    head, body = entry.split(b"\n", 1)
    return head.decode().partition(";")[2], body


def test_a_browser_gets_a_cached_answer_as_it_was_kept_without_compressing_it_again(make_stack, monkeypatch):
    stack = tiny_stack(make_stack, "cache-brotli")
    with client_for(stack) as client:
        ask = {"q": "边界测试"}
        first = client.get(
            "/api/v2/search", query_string=ask, headers=BROWSER, environ_base={"REMOTE_ADDR": "10.0.1.1"}
        )
        assert first.headers["Content-Encoding"] == "br"
        [entry] = _entries(stack)
        assert _stored(entry) == ("br", first.data)  # kept as it went out: compressed once, by the miss
        plain = brotli.decompress(first.data)
        assert len(first.data) < len(plain) / 3

        monkeypatch.setattr(flask_compress.flask_compress, "_compress_data", _compressing_again)
        second = client.get(
            "/api/v2/search", query_string=ask, headers=BROWSER, environ_base={"REMOTE_ADDR": "10.0.1.2"}
        )
        assert second.status_code == 200
        assert second.headers["Content-Encoding"] == "br"
        assert "Accept-Encoding" in second.headers["Vary"]
        assert second.headers["Content-Type"] == "application/json"
        assert second.data == first.data
        # A hit still knows the page's total: both searches count for the hot words.
        assert hotwords.day_words(stack.redis(), stack.alias)["边界测试"] == 2


def test_a_plain_entry_turns_brotli_once_a_browser_is_sent_it(make_stack, monkeypatch):
    stack = tiny_stack(make_stack, "cache-plain")
    raw = redis.Redis.from_url(REDIS_URL)
    with client_for(stack) as client:
        ask = {"q": "边界测试", "sort": "new"}
        first = client.get("/api/v2/search", query_string=ask)  # no Accept-Encoding: sent plain
        assert "Content-Encoding" not in first.headers
        [key] = _keys(stack)
        assert _stored(raw.get(key)) == ("", first.data)  # kept as sent: nothing compressed for the cache alone
        plain = client.get("/api/v2/search", query_string=ask)
        assert "Content-Encoding" not in plain.headers and plain.data == first.data
        gzipped = client.get("/api/v2/search", query_string=ask, headers={"Accept-Encoding": "br;q=0, gzip"})
        assert gzipped.headers["Content-Encoding"] == "gzip" and gzip.decompress(gzipped.data) == first.data
        assert _stored(raw.get(key))[0] == ""
        # The first browser gets it compressed by the app, and the entry keeps those bytes, with its time to live.
        browser = client.get("/api/v2/search", query_string=ask, headers=BROWSER)
        assert browser.headers["Content-Encoding"] == "br" and brotli.decompress(browser.data) == first.data
        assert _stored(raw.get(key)) == ("br", browser.data)
        assert 0 < raw.ttl(key) <= stack.settings().cache_timeout

        monkeypatch.setattr(flask_compress.flask_compress, "_compress_data", _compressing_again)
        again = client.get("/api/v2/search", query_string=ask, headers=BROWSER)
        assert again.headers["Content-Encoding"] == "br" and again.data == browser.data
        # A client without brotli is sent the kept answer unpacked.
        unpacked = client.get("/api/v2/search", query_string=ask)
        assert "Content-Encoding" not in unpacked.headers and unpacked.data == first.data


def test_an_entry_that_expired_is_not_brought_back_by_the_browser_that_read_it(make_stack):
    stack = tiny_stack(make_stack, "cache-expired")
    raw = redis.Redis.from_url(REDIS_URL)
    with client_for(stack) as client:
        ask = {"q": "边界测试", "sort": "hot"}
        client.get("/api/v2/search", query_string=ask)
        [key] = _keys(stack)
        # The entry expires between the browser's read and the write after its answer.
        answer = client.get("/api/v2/search", query_string=ask, headers=BROWSER, buffered=False)
        assert answer.headers["Content-Encoding"] == "br"
        raw.delete(key)
        answer.close()
        assert raw.get(key) is None


def test_small_answers_are_kept_and_sent_as_they_are(make_stack):
    stack = tiny_stack(make_stack, "cache-small")
    with client_for(stack) as client:
        ask = {"q": "边界测试"}
        first = client.get("/api/v2/total", query_string=ask, headers=BROWSER)
        assert len(first.data) < 1024 and "Content-Encoding" not in first.headers
        assert _stored(_entries(stack)[0]) == ("", first.data)
        second = client.get("/api/v2/total", query_string=ask, headers=BROWSER)
        assert "Content-Encoding" not in second.headers and second.data == first.data
