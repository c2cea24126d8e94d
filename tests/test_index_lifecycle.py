"""Index lifecycle under concurrency, rejected documents never marked done, mapping-version drift,
compaction after a bulk load."""

import logging
import socket
import threading
import time
import uuid
from datetime import timedelta

from elasticsearch import Elasticsearch
from sqlalchemy import select, update

from indexer.lifecycle import (
    compact,
    compact_after_load,
    create_versioned_index,
    ensure_index,
    indices_behind,
    load_mapping,
    mapping_drift,
    mapping_version,
    warn_on_mapping_drift,
)
from indexer.sync import pending_count
from store.models import OutboxEntry, Story, utcnow
from store.writes import upsert
from tests.support import segments_per_primary, story_fields


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


def test_mapping_drift_reports_an_index_built_from_an_older_mapping(make_stack, caplog):
    es = make_stack("drift").es()
    alias = f"hub-test-drift-{uuid.uuid4().hex[:8]}"
    file_version = mapping_version(load_mapping())
    log = logging.getLogger("hub.test.start")
    try:
        assert mapping_drift(es, alias) is None  # no index yet: the first one is created from the file

        older = load_mapping()
        older["mappings"]["_meta"]["version"] = file_version - 1
        older["aliases"] = {alias: {"is_write_index": True}}
        es.indices.create(index=f"{alias}-v{file_version - 1}-old", body=older)
        assert mapping_drift(es, alias) == (file_version - 1, file_version)
        with caplog.at_level(logging.WARNING, logger=log.name):
            assert warn_on_mapping_drift(es, alias, log) == (file_version - 1, file_version)
        [record] = [r for r in caplog.records if r.name == log.name]
        assert record.levelno == logging.WARNING
        assert "hub reindex" in record.getMessage() and alias in record.getMessage()
        assert f"version {file_version - 1}" in record.getMessage()

        # After a rebuild from the file the warning goes away.
        new_index = create_versioned_index(es, alias)
        es.indices.update_aliases(
            body={
                "actions": [
                    {"remove": {"index": f"{alias}-v{file_version - 1}-old", "alias": alias}},
                    {"add": {"index": new_index, "alias": alias, "is_write_index": True}},
                ]
            }
        )
        caplog.clear()
        assert mapping_drift(es, alias) is None
        with caplog.at_level(logging.WARNING, logger=log.name):
            assert warn_on_mapping_drift(es, alias, log) is None
        assert [r for r in caplog.records if r.name == log.name] == []
    finally:
        es.indices.delete(index=f"{alias}-*")


def test_mapping_drift_is_quiet_and_quick_when_elasticsearch_is_unreachable(caplog):
    nowhere = Elasticsearch(["http://127.0.0.1:1"], max_retries=1, retry_on_timeout=False)
    log = logging.getLogger("hub.test.start")
    started = time.monotonic()
    with caplog.at_level(logging.DEBUG, logger="indexer.lifecycle"):
        assert mapping_drift(nowhere, "hub-content") is None
        assert warn_on_mapping_drift(nowhere, "hub-content", log) is None
    assert time.monotonic() - started < 10
    skipped = [r for r in caplog.records if r.name == "indexer.lifecycle"]
    assert skipped and all(r.levelno == logging.DEBUG for r in skipped)


def test_mapping_drift_gives_up_after_a_short_timeout_when_elasticsearch_hangs():
    # A socket that accepts connections and never answers: the client's own 30 s timeout must not apply.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        hung = Elasticsearch([f"http://127.0.0.1:{port}"], timeout=30, max_retries=0, retry_on_timeout=False)
        started = time.monotonic()
        assert mapping_drift(hung, "hub-content") is None
        assert time.monotonic() - started < 5


def test_a_bulk_refused_as_a_whole_sets_the_culprit_aside_and_indexes_the_rest(make_stack, monkeypatch):
    """The engine answers 413 to the whole bulk when one row is too large (the test node allows 10 MB
    per request): the drain sends rows one by one, indexes the good ones, and sets the culprit aside
    after MAX_ATTEMPTS instead of blocking the head of the queue forever."""
    from indexer import sync

    monkeypatch.setattr(sync, "MAX_ATTEMPTS", 2)
    stack = make_stack("bulk-413")
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 1}, story_fields("正常的文章一"))
        upsert(session, Story, {"id": 2}, {**story_fields("超大的文章"), "cover_url": "https://x/" + "a" * 11_000_000})
        upsert(session, Story, {"id": 3}, story_fields("正常的文章三"))
        session.commit()

    assert stack.drain() == 2
    assert pending_count(stack.sessions()) == 1
    assert stack.drain() == 0
    assert pending_count(stack.sessions()) == 0
    with stack.sessions()() as session:
        culprit = session.scalars(select(OutboxEntry).where(OutboxEntry.entity_id == 2)).one()
    assert culprit.processed_at is not None and "413" in culprit.last_error
    es = stack.es()
    es.indices.refresh(index=stack.alias)
    assert [es.exists(index=stack.alias, id=f"story-{i}") for i in (1, 2, 3)] == [True, False, True]


def _primary_shards(es: Elasticsearch, index: str) -> int:
    return int(es.indices.get_settings(index=index)[index]["settings"]["index"]["number_of_shards"])


def test_the_shards_setting_reaches_the_first_index_and_every_rebuild(make_stack, monkeypatch):
    from config import Settings
    from indexer.sync import drain_outbox, reindex_all

    monkeypatch.setenv("HUB_INDEX_SHARDS", "2")
    assert Settings().index_shards == 2
    monkeypatch.setenv("HUB_INDEX_SHARDS", "")
    assert Settings().index_shards is None  # unset: the mapping file's number

    stack = make_stack("shards")
    es = stack.es()
    first = ensure_index(es, stack.alias, shards=2)
    assert _primary_shards(es, first) == 2
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 5001}, story_fields("分片的重建"))
        session.commit()
    drain_outbox(stack.sessions(), es, stack.alias)
    with stack.sessions()() as session:  # written long ago: nothing for the rebuild to replay after its swap
        session.execute(update(OutboxEntry).values(created_at=utcnow() - timedelta(hours=1)))
        session.commit()
    result = reindex_all(stack.sessions(), es, stack.alias, shards=2)
    [rebuilt] = indices_behind(es, stack.alias)
    assert rebuilt != first and _primary_shards(es, rebuilt) == 2 and result["documents"] >= 1
    assert max(segments_per_primary(es, rebuilt)) == 1  # compacted before the alias moved to it
    reindex_all(stack.sessions(), es, stack.alias)
    [plain] = indices_behind(es, stack.alias)
    assert _primary_shards(es, plain) == load_mapping()["settings"]["number_of_shards"]


def _index_in_refreshed_batches(es: Elasticsearch, index: str, batches: int, per_batch: int) -> None:
    for batch in range(batches):
        for n in range(per_batch):
            es.index(index=index, id=f"story-{batch}-{n}", body={"type": "story", "title": f"第 {batch} 批的第 {n} 篇"})
        es.indices.refresh(index=index)  # each refresh writes a segment of its own


def test_compact_merges_every_shard_down_and_keeps_every_document(make_stack):
    stack = make_stack("compact")
    es = stack.es()
    index = ensure_index(es, stack.alias, shards=2)
    _index_in_refreshed_batches(es, index, batches=6, per_batch=5)
    assert max(segments_per_primary(es, index)) > 1
    found_before = es.search(index=stack.alias, body={"query": {"match": {"title": "批的"}}, "size": 100})
    assert compact(es, stack.alias) == 1  # a small index: one segment per shard is well under the ceiling
    es.indices.refresh(index=index)
    assert segments_per_primary(es, index) == [1, 1]
    assert es.count(index=stack.alias)["count"] == 30
    found_after = es.search(index=stack.alias, body={"query": {"match": {"title": "批的"}}, "size": 100})
    assert {hit["_id"] for hit in found_after["hits"]["hits"]} == {hit["_id"] for hit in found_before["hits"]["hits"]}


def test_only_a_bulk_load_is_worth_compacting(make_stack):
    stack = make_stack("compact-share")
    es = stack.es()
    index = ensure_index(es, stack.alias, shards=1)
    _index_in_refreshed_batches(es, index, batches=5, per_batch=20)
    assert compact_after_load(es, stack.alias, indexed=19) is None  # 19 of 100 documents: under a fifth
    es.indices.refresh(index=index)
    assert segments_per_primary(es, index)[0] > 1
    assert compact_after_load(es, stack.alias, indexed=20) == 1
    es.indices.refresh(index=index)
    assert segments_per_primary(es, index) == [1]


def test_a_rebuild_whose_compaction_fails_still_serves_the_complete_index(make_stack, monkeypatch, caplog):
    from elasticsearch import ConnectionTimeout

    import indexer.lifecycle as lifecycle
    import indexer.sync as sync

    stack = make_stack("compact-fails")
    es = stack.es()
    ensure_index(es, stack.alias)
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 5101}, story_fields("压缩失败的重建"))
        session.commit()

    def merge_times_out(_es, _index):
        raise ConnectionTimeout("TIMEOUT", "the force merge took too long", None)

    monkeypatch.setattr(lifecycle, "compact", merge_times_out)
    with caplog.at_level(logging.WARNING, logger="indexer.lifecycle"):
        result = sync.reindex_all(stack.sessions(), es, stack.alias)
    assert indices_behind(es, stack.alias) == [result["index"]]
    es.indices.refresh(index=stack.alias)
    assert es.exists(index=stack.alias, id="story-5101")
    assert "not compacted" in caplog.text


def test_a_kind_rebuilt_in_place_compacts_the_index_when_it_is_much_of_it(make_stack):
    from indexer.sync import drain_outbox, reindex_kind

    stack = make_stack("compact-kind")
    es = stack.es()
    ensure_index(es, stack.alias)
    for batch in range(4):  # four drains, each ending in a refresh: four segments or more
        with stack.sessions()() as session:
            for n in range(5):
                upsert(session, Story, {"id": 6000 + batch * 10 + n}, story_fields(f"按类重建的第 {batch} 批"))
            session.commit()
        drain_outbox(stack.sessions(), es, stack.alias)
    assert segments_per_primary(es, stack.alias)[0] >= 4
    result = reindex_kind(stack.sessions(), es, stack.alias, "story")
    es.indices.refresh(index=stack.alias)
    assert result["documents"] >= 20 and segments_per_primary(es, stack.alias) == [1]
    assert es.count(index=stack.alias, body={"query": {"term": {"type": "story"}}})["count"] == 20
