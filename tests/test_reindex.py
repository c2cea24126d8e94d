"""A full reindex builds a new versioned index, swaps the alias atomically and removes the old index."""

from sqlalchemy import select

from indexer.lifecycle import indices_behind, load_mapping, mapping_version
from indexer.sync import pending_count, reindex_all
from store import cache_generation
from store.models import Story
from store.writes import upsert
from tests.support import DEMO_FILES, TINY, loaded_stack, story_fields


def test_reindex_swaps_alias_keeps_count_and_removes_old_index(make_stack):
    stack = make_stack("reindex")
    assert stack.import_files(DEMO_FILES).errors == []
    stack.drain()
    es = stack.es()
    es.indices.refresh(index=stack.alias)
    [old_index] = indices_behind(es, stack.alias)
    before = es.count(index=stack.alias)["count"]

    result = reindex_all(stack.sessions(), es, stack.alias)

    [new_index] = indices_behind(es, stack.alias)
    assert new_index == result["index"] != old_index
    assert new_index.startswith(f"{stack.alias}-v{mapping_version(load_mapping())}-")
    assert result["removed"] == [old_index]
    assert not es.indices.exists(index=old_index)
    es.indices.refresh(index=stack.alias)
    assert es.count(index=stack.alias)["count"] == before == result["documents"]
    hits = es.search(index=stack.alias, body={"query": {"match": {"title": "大模型"}}})["hits"]["total"]["value"]
    assert hits > 20


def test_writes_made_during_a_rebuild_are_in_the_new_index(make_stack):
    """A row created and a row changed while the rebuild runs (after the rebuild read its row list and
    indexed the first chunk) reach the new index through the outbox replay after the swap."""
    stack = loaded_stack(make_stack, "reindex-replay", [TINY])
    es = stack.es()
    written = []

    def write_during_rebuild(done: int, total: int) -> None:
        if written:
            return
        with stack.sessions()() as session:
            written.append(upsert(session, Story, {"id": 4343}, story_fields("重建期间新写的文章")))
            written.append(upsert(session, Story, {"id": 1010}, {"title": "重建期间改过的标题"}))
            session.commit()

    result = reindex_all(stack.sessions(), es, stack.alias, progress=write_during_rebuild, on_indexed=stack.bump_cache)

    assert written == ["created", "updated"]
    assert indices_behind(es, stack.alias) == [result["index"]]
    es.indices.refresh(index=stack.alias)
    new = es.get(index=stack.alias, id="story-4343")["_source"]
    changed = es.get(index=stack.alias, id="story-1010")["_source"]
    assert new["title"] == "重建期间新写的文章"
    assert changed["title"] == changed["source"]["title"] == "重建期间改过的标题"
    assert pending_count(stack.sessions()) == 0


def test_reindex_moves_the_cache_generation(make_stack):
    stack = loaded_stack(make_stack, "reindex-cache", [TINY])
    before = cache_generation.current(stack.redis(), stack.alias)
    reindex_all(stack.sessions(), stack.es(), stack.alias, on_indexed=stack.bump_cache)
    assert cache_generation.current(stack.redis(), stack.alias) > before


def test_an_entry_stamped_before_the_rebuild_but_committed_after_its_read_is_replayed(make_stack):
    """An outbox entry is stamped when written, not when committed. Here a change lands after the
    rebuild read its row, with an entry stamped a minute before the rebuild began and already drained
    into the old index: the replay after the swap still brings the change into the new index."""
    from datetime import timedelta

    from store.models import OutboxEntry, utcnow

    stack = loaded_stack(make_stack, "reindex-margin", [TINY])
    es = stack.es()
    done = []

    def change_behind_the_rebuilds_back(finished: int, total: int) -> None:
        if done:
            return
        with stack.sessions()() as session:
            upsert(session, Story, {"id": 1010}, {"title": "提交晚于读取的标题"})
            entry = session.scalars(
                select(OutboxEntry).where(OutboxEntry.entity_id == 1010).order_by(OutboxEntry.id.desc())
            ).first()
            entry.created_at = utcnow() - timedelta(minutes=1)
            entry.processed_at = utcnow()  # as if a concurrent drain had sent it to the old index
            session.commit()
        done.append(True)

    reindex_all(stack.sessions(), es, stack.alias, progress=change_behind_the_rebuilds_back)
    es.indices.refresh(index=stack.alias)
    assert es.get(index=stack.alias, id="story-1010")["_source"]["title"] == "提交晚于读取的标题"


def _count_statements(stack):
    """Counts the SQL statements the stack's engine runs (a real SQLite connection, observed)."""
    from sqlalchemy import event

    from store.db import get_engine

    seen = []

    def on_execute(_conn, _cursor, statement, *_args):
        seen.append(statement)

    engine = get_engine(stack.db_url)
    event.listen(engine, "before_cursor_execute", on_execute)
    return seen, lambda: event.remove(engine, "before_cursor_execute", on_execute)


def test_rebuild_and_drain_load_rows_in_batches_not_one_query_per_document(make_stack):
    """The demo corpus (about 600 documents, stories with authors, papers with heat series): a
    rebuild in chunks of 500 and a drain in batches of 500 need a handful of queries per chunk, where
    loading row by row needed three or four per document."""
    stack = make_stack("reindex-batched")
    assert stack.import_files(DEMO_FILES).errors == []
    es = stack.es()
    seen, stop = _count_statements(stack)
    try:
        drained = stack.drain()
        drain_statements = len(seen)
        seen.clear()
        result = reindex_all(stack.sessions(), es, stack.alias, chunk_size=500)
    finally:
        stop()
    assert drained > 500 and result["documents"] > 500
    # A few statements per kind per chunk (counts, keys, rows, authors, heat, code links, comment counts, mined
    # acronyms), not one per document: six kinds make about a hundred for the whole corpus.
    assert drain_statements * 5 < drained, drain_statements
    assert len(seen) * 5 < result["documents"], len(seen)
    # Counting pending entries is one COUNT, not a load of every id.
    seen, stop = _count_statements(stack)
    try:
        pending_count(stack.sessions())
    finally:
        stop()
    assert len(seen) == 1 and "count(" in seen[0].lower()


def test_a_rebuild_fills_without_refresh_or_replicas_and_restores_them_before_the_swap(make_stack):
    stack = loaded_stack(make_stack, "reindex-settings", [TINY])
    es = stack.es()
    during = {}

    def look(index):
        during.update(es.indices.get_settings(index=index)[index]["settings"]["index"])

    result = reindex_all(stack.sessions(), es, stack.alias, on_index_created=look)
    assert during["refresh_interval"] == "-1"
    assert during["number_of_replicas"] == "0" and during["auto_expand_replicas"] == "false"
    after = es.indices.get_settings(index=result["index"])[result["index"]]["settings"]["index"]
    mapping = load_mapping()["settings"]
    assert after["refresh_interval"] == mapping["refresh_interval"] == "1s"
    assert after["auto_expand_replicas"] == mapping["auto_expand_replicas"] == "0-1"
