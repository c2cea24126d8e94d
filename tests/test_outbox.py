"""A write made while Elasticsearch is down is kept in the outbox and indexed by the real worker later."""

import uuid

import pytest
from sqlalchemy import select

from indexer.sync import pending_count
from store.models import OutboxEntry, Story
from store.writes import upsert
from tests.support import (
    ES_PORT,
    Stack,
    engine_of_its_own,
    kill_worker,
    postgres_database,
    start_worker,
    story_fields,
    wait_until,
)


def searchable(stack, title) -> bool:
    es = stack.es()
    try:
        es.indices.refresh(index=stack.alias)
        hits = es.search(index=stack.alias, body={"query": {"match_phrase": {"title": title}}})["hits"]
        return hits["total"]["value"] == 1
    except Exception:
        return False


# A node of its own, stopped and started again: the shared one stays up for every other test. Serial: it mostly
# waits (a node stopping and starting, a worker's retries), so it runs beside the browser tests (deploy/test-all.sh).
OUTAGE_PORT = int(ES_PORT) + 45


@pytest.mark.serial
def test_story_written_while_elasticsearch_is_down_is_indexed_after_it_returns(services, postgres, tmp_path):
    # Both databases through one outage: a stack and a real worker on each.
    with engine_of_its_own(OUTAGE_PORT, tmp_path / "engine") as engine:
        urls = {
            "sqlite": f"sqlite:///{tmp_path / 'hub.db'}",
            "postgresql": postgres_database(f"outbox_{uuid.uuid4().hex[:8]}"),
        }
        stacks = {
            database: Stack(db_url=url, alias=f"hub-test-outbox-{database}", es_url=f"http://127.0.0.1:{OUTAGE_PORT}")
            for database, url in urls.items()
        }
        workers = {}
        try:
            for database, stack in stacks.items():
                stack.migrate()
                stack.drain()  # creates the index while the node is up
                (tmp_path / database).mkdir()
                workers[database] = start_worker(stack, tmp_path / database)
            engine("stop")
            for database, stack in stacks.items():
                with stack.sessions()() as session:
                    fields = story_fields(f"离线时写入的大模型故事 {database}")
                    assert upsert(session, Story, {"id": 4242}, fields) == "created"
                    session.commit()
            # The write is acknowledged and durable; each worker really tries to drain it and fails.
            for database, stack in stacks.items():
                log = tmp_path / database / "worker.log"
                wait_until(
                    lambda: "outbox drain failed" in log.read_text(),
                    timeout=60,
                    message=f"{database}: the worker never tried",
                )
                assert pending_count(stack.sessions()) == 1

            engine("start")
            for database, stack in stacks.items():
                log = tmp_path / database / "worker.log"
                title = f"离线时写入的大模型故事 {database}"
                wait_until(lambda: searchable(stack, title), timeout=90, interval=1, message=log.read_text()[-3000:])
                assert pending_count(stack.sessions()) == 0
        finally:
            for worker in workers.values():
                worker.terminate()
                worker.wait(timeout=30)
            for stack in stacks.values():
                if stack.db_url.startswith("postgresql"):
                    stack.drop()


def test_kick_does_not_hang_when_redis_is_away(monkeypatch):
    import time as clock

    from worker.app import celery_app
    from worker.dispatch import kick_outbox

    monkeypatch.setattr(celery_app.conf, "broker_url", "redis://127.0.0.1:9/0")
    celery_app.pool.force_close_all()
    started = clock.monotonic()
    try:
        assert kick_outbox() is False
    finally:
        celery_app.pool.force_close_all()
    assert clock.monotonic() - started < 5


def test_drain_makes_cached_reads_stale(store_stack):
    from store import cache_generation

    stack = store_stack("cachegen")
    before = cache_generation.current(stack.redis(), stack.alias)
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 1}, story_fields("缓存失效"))
        session.commit()
    assert stack.drain() == 1
    assert cache_generation.current(stack.redis(), stack.alias) == before + 1
    assert stack.drain() == 0  # nothing indexed, nothing invalidated
    assert cache_generation.current(stack.redis(), stack.alias) == before + 1


def test_a_document_the_engine_keeps_rejecting_is_set_aside_with_its_reason(store_stack, monkeypatch):
    """One poisonous row cannot block the queue: after MAX_ATTEMPTS rejections its entry is set aside
    (processed, with the engine's reason) while the good rows of the same batch are indexed."""
    from indexer import sync

    monkeypatch.setattr(sync, "MAX_ATTEMPTS", 2)
    stack = store_stack("set-aside")
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 1}, story_fields("正常的文章"))
        # A keyword term over Lucene's 32766-byte limit: the engine refuses the whole document.
        upsert(session, Story, {"id": 2}, {**story_fields("被拒绝的文章"), "tags": ["x" * 40_000]})
        session.commit()

    assert stack.drain() == 1  # the good one
    assert pending_count(stack.sessions()) == 1
    assert stack.drain() == 0  # second rejection: set aside
    assert pending_count(stack.sessions()) == 0
    with stack.sessions()() as session:
        poisoned = session.scalars(select(OutboxEntry).where(OutboxEntry.entity_id == 2)).one()
        good = session.scalars(select(OutboxEntry).where(OutboxEntry.entity_id == 1)).one()
    assert poisoned.processed_at is not None and poisoned.attempts == 2
    assert "immense term" in poisoned.last_error  # the engine's reason, kept
    assert good.processed_at is not None and good.attempts == 1 and good.last_error is None
    es = stack.es()
    es.indices.refresh(index=stack.alias)
    assert es.exists(index=stack.alias, id="story-1") and not es.exists(index=stack.alias, id="story-2")


def test_a_blocked_index_is_an_outage_not_a_refusal(store_stack, monkeypatch):
    """The flood-stage block (read_only_allow_delete) answers each document 403 cluster_block_exception:
    the entries stay pending without spending attempts, however often the drain runs, nothing is set
    aside, and one drain after the block is lifted indexes them all."""
    import pytest

    from indexer import sync
    from indexer.lifecycle import indices_behind
    from store.models import RejectedDocument

    monkeypatch.setattr(sync, "MAX_ATTEMPTS", 3)
    stack = store_stack("blocked")
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 1}, story_fields("封锁之前的文章"))
        session.commit()
    assert stack.drain() == 1
    es = stack.es()
    (index,) = indices_behind(es, stack.alias)
    es.indices.put_settings(index=index, body={"index.blocks.read_only_allow_delete": True})
    try:
        with stack.sessions()() as session:
            for n in range(2, 7):
                upsert(session, Story, {"id": n}, story_fields(f"封锁期间发布的第{n}篇文章"))
            upsert(session, Story, {"id": 1}, {**story_fields("封锁之前的文章"), "summary": "封锁期间改过"})
            session.commit()
        for _ in range(sync.MAX_ATTEMPTS + 2):
            with pytest.raises(sync.EngineBusy):
                stack.drain()
        with stack.sessions()() as session:
            waiting = session.scalars(select(OutboxEntry).where(OutboxEntry.processed_at.is_(None))).all()
            assert len(waiting) == 6 and {e.attempts for e in waiting} == {0}
            assert all("engine_busy" in e.last_error for e in waiting)
            assert session.scalars(select(RejectedDocument)).all() == []
    finally:
        es.indices.put_settings(index=index, body={"index.blocks.read_only_allow_delete": None})
    assert stack.drain() == 6
    assert pending_count(stack.sessions()) == 0
    assert all(searchable(stack, f"封锁期间发布的第{n}篇文章") for n in range(2, 7))
    assert es.get(index=stack.alias, id="story-1")["_source"]["source"]["summary"] == "封锁期间改过"


def test_concurrent_drains_never_send_the_same_entries_twice(store_stack):
    """The worker's drain holds a Redis lock per alias: of several drains started at once, one works
    and the others return at once, so every entry is attempted exactly once."""
    import threading

    from worker.runtime import runtime_for

    stack = store_stack("drain-lock")
    with stack.sessions()() as session:
        for story_id in range(1, 121):
            upsert(session, Story, {"id": story_id}, story_fields(f"并发排空 {story_id}"))
        session.commit()
    runtime = runtime_for(stack.settings())
    results, barrier = [], threading.Barrier(4)

    def drain():
        barrier.wait()
        results.append(runtime.drain())

    threads = [threading.Thread(target=drain) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results)[-1] == 120 and sum(results) == 120
    with stack.sessions()() as session:
        assert set(session.scalars(select(OutboxEntry.attempts))) == {1}
    assert runtime.drain() == 0  # the lock was released: a later drain runs (and finds nothing)


def _processed(stack) -> int:
    with stack.sessions()() as session:
        return len(session.scalars(select(OutboxEntry.id).where(OutboxEntry.processed_at.is_not(None))).all())


def test_a_worker_killed_mid_drain_loses_nothing_once_restarted(store_stack, tmp_path):

    stack = store_stack("kill-drain")
    stack.drain()  # the index exists before the worker starts
    total = 2000  # four batches of 500: the kill lands while later ones are pending
    with stack.sessions()() as session:
        for story_id in range(1, total + 1):
            upsert(session, Story, {"id": story_id}, story_fields(f"杀掉进程也不丢 {story_id}"))
        session.commit()
    worker = start_worker(stack, tmp_path)
    try:
        wait_until(lambda: 0 < _processed(stack) < total, timeout=120, interval=0.05, message="no batch finished")
        kill_worker(worker)  # mid-drain: later batches are pending or in flight
        worker.wait(timeout=30)
    finally:
        if worker.poll() is None:
            worker.kill()
    assert _processed(stack) < total
    (tmp_path / "again").mkdir()
    worker = start_worker(stack, tmp_path / "again")
    try:
        wait_until(lambda: pending_count(stack.sessions()) == 0, timeout=180, interval=0.5)
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    es = stack.es()
    es.indices.refresh(index=stack.alias)
    assert es.count(index=stack.alias, body={"query": {"term": {"type": "story"}}})["count"] == total


def test_a_reindex_killed_midway_leaves_the_alias_on_the_complete_index(store_stack):
    """The rebuild dies after its first chunk (a BaseException from the progress hook stands in for
    kill -9 at that exact point: reindex_all has no cleanup a kill would skip). The alias stays on the
    complete index, searches keep their results, and a clean restart works."""
    from indexer.lifecycle import indices_behind
    from indexer.sync import reindex_all
    from tests.support import DEMO_FILES, loaded_stack

    class Killed(BaseException):
        pass

    def die(done: int, total: int) -> None:
        assert done < total  # really midway: more chunks were to come
        raise Killed

    stack = loaded_stack(store_stack, "kill-reindex", DEMO_FILES)
    es = stack.es()
    [before] = indices_behind(es, stack.alias)
    count = es.count(index=stack.alias)["count"]
    try:
        reindex_all(stack.sessions(), es, stack.alias, progress=die)
    except Killed:
        pass
    half = [index for index in es.indices.get(index=f"{stack.alias}-*") if index != before]
    assert len(half) == 1  # the half-built index is left behind (issue 10 cleans these up)
    assert indices_behind(es, stack.alias) == [before]  # never a half-built index behind the alias
    assert es.count(index=stack.alias)["count"] == count
    result = reindex_all(stack.sessions(), es, stack.alias)  # a clean restart works
    assert indices_behind(es, stack.alias) == [result["index"]] and result["documents"] == count
    es.indices.delete(index=half[0])


def test_outage_answers_are_told_from_refusals():
    from elasticsearch import TransportError

    from indexer.sync import _refused_as_a_whole, is_outage

    assert is_outage(429, "es_rejected_execution_exception") and is_outage(503, None) and is_outage(500, None)
    assert is_outage(403, "cluster_block_exception") and is_outage(400, "circuit_breaking_exception")
    assert not is_outage(400, "mapper_parsing_exception") and not is_outage(400, "illegal_argument_exception")
    assert not _refused_as_a_whole(TransportError(403, "cluster_block_exception", {}))
    assert not _refused_as_a_whole(TransportError(429, "es_rejected_execution_exception", {}))
    assert _refused_as_a_whole(TransportError(413, "content_too_long", {}))
