"""Documents built by a pool of processes (indexer/building.py) are the documents built in the
draining process, with the same external versions; a document the engine refuses is still set aside."""

from __future__ import annotations

from sqlalchemy import select

from indexer.building import DocumentBuilder, build_actions
from indexer.sync import drain_outbox, reindex_all
from store.models import OutboxEntry, RejectedDocument, Story
from store.writes import upsert
from tests.support import DEMO_FILES, story_fields


def _keys(stack) -> list[tuple[str, int]]:
    with stack.sessions()() as session:
        rows = session.execute(select(OutboxEntry.entity_type, OutboxEntry.entity_id).order_by(OutboxEntry.id))
        return list(dict.fromkeys(tuple(row) for row in rows))


def test_a_pool_builds_what_this_process_builds(make_stack):
    stack = make_stack("pool-build")
    assert stack.import_files(DEMO_FILES).errors == []
    keys = _keys(stack)[:400]
    with stack.sessions()() as session:
        here = build_actions(session, stack.alias, keys)
    with DocumentBuilder(stack.sessions(), processes=2) as builder:
        pooled = builder.submit(stack.alias, keys)()
        assert builder._pool is not None  # really built elsewhere
    assert list(pooled) == keys  # in key order
    assert pooled == here


def test_drain_and_rebuild_in_a_pool_index_every_document_at_its_version_and_set_aside_a_refused_one(make_stack):
    stack = make_stack("pool-drain")
    assert stack.import_files(DEMO_FILES).errors == []
    with stack.sessions()() as session:
        # A keyword term over Lucene's 32766-byte limit: the engine refuses the whole document.
        upsert(session, Story, {"id": 4444}, {**story_fields("被引擎拒绝的文章"), "tags": ["x" * 40_000]})
        session.commit()
    keys = _keys(stack)
    with stack.sessions()() as session:
        entries = len(session.scalars(select(OutboxEntry.id)).all())
    es = stack.es()

    done = drain_outbox(stack.sessions(), es, stack.alias, batch=250, processes=2)

    assert done == entries - 1  # all but the refused story's entry, which stays pending
    with stack.sessions()() as session:
        expected = build_actions(session, stack.alias, keys)
        [pending] = session.scalars(select(OutboxEntry).where(OutboxEntry.processed_at.is_(None))).all()
    assert (pending.entity_type, pending.entity_id, pending.attempts) == ("story", 4444, 1)
    assert "immense term" in pending.last_error
    serializer = es.transport.serializer
    indexed = 0
    for (entity_type, entity_id), actions in expected.items():
        for action in actions:
            if action["_op_type"] != "index" or (entity_type, entity_id) == ("story", 4444):
                continue
            stored = es.get(index=stack.alias, id=action["_id"])
            assert stored["_version"] == action["version"]
            assert stored["_source"] == serializer.loads(serializer.dumps(action["_source"]))
            indexed += 1
    assert indexed > 600

    result = reindex_all(stack.sessions(), es, stack.alias, chunk_size=250, processes=2)

    assert result["rejected"] == 1 and result["documents"] == indexed
    es.indices.refresh(index=stack.alias)
    assert es.count(index=stack.alias)["count"] == indexed
    with stack.sessions()() as session:
        [aside] = session.scalars(select(RejectedDocument)).all()
    assert (aside.entity_type, aside.entity_id, aside.doc_id) == ("story", 4444, "story-4444")
