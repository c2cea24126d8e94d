"""Index lifecycle under concurrency, and rejected documents never marked done."""

import threading
import uuid

from sqlalchemy import select

from indexer.lifecycle import create_versioned_index, ensure_index, indices_behind
from indexer.sync import pending_count
from store.models import OutboxEntry, Story
from store.writes import upsert
from tests.support import story_fields


def test_concurrent_first_use_creates_exactly_one_index(services, make_stack):
    es = make_stack("lifecycle").es()
    alias = f"hub-test-race-{uuid.uuid4().hex[:8]}"
    results, barrier = [], threading.Barrier(4)

    def first_use():
        barrier.wait()
        results.append(ensure_index(es, alias))

    threads = [threading.Thread(target=first_use) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        behind = indices_behind(es, alias)
        assert len(behind) == 1
        assert set(results) == set(behind)
        assert es.indices.get(index=f"{alias}-*").keys() == set(behind)  # no orphan index either
    finally:
        es.indices.delete(index=f"{alias}-*")


def test_rejected_documents_stay_pending_until_the_index_accepts_them(make_stack):
    stack = make_stack("rejected")
    es = stack.es()
    ensure_index(es, stack.alias)
    # A broken alias: two indices and no write index, so every write is refused.
    extra = create_versioned_index(es, stack.alias)
    es.indices.update_aliases(
        body={
            "actions": [
                {"add": {"index": index, "alias": stack.alias, "is_write_index": False}}
                for index in indices_behind(es, stack.alias) + [extra]
            ]
        }
    )
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 77}, story_fields("被拒绝的文档"))
        session.commit()

    assert stack.drain() == 0
    assert pending_count(stack.sessions()) == 1
    with stack.sessions()() as session:
        entry = session.scalars(select(OutboxEntry)).one()
        assert entry.attempts == 1 and "write index" in entry.last_error

    [original] = [index for index in indices_behind(es, stack.alias) if index != extra]
    es.indices.update_aliases(
        body={
            "actions": [
                {"remove": {"index": extra, "alias": stack.alias}},
                {"add": {"index": original, "alias": stack.alias, "is_write_index": True}},
            ]
        }
    )
    es.indices.delete(index=extra)
    assert stack.drain() == 1
    assert pending_count(stack.sessions()) == 0
    es.indices.refresh(index=stack.alias)
    assert es.count(index=stack.alias, body={"query": {"term": {"item_id": "77"}}})["count"] == 1
