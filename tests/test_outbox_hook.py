"""Kick after commit (store/outbox_hook.py): a commit that wrote outbox entries asks for a drain once;
one that wrote none, or rolled back, asks nothing; a failing kick never fails the committed write.
On a real SQLite database (no service)."""

import pytest
from sqlalchemy import select

from store.db import session_factory
from store.migrate import upgrade
from store.models import OutboxEntry, Story
from store.outbox_hook import kick_after_commit
from store.writes import BatchWrites, upsert
from tests.support import story_fields


@pytest.fixture
def sessions(tmp_path):
    url = f"sqlite:///{tmp_path / 'hub.db'}"
    upgrade(url)
    kicks: list[int] = []
    factory = kick_after_commit(session_factory(url), lambda: kicks.append(1))
    return factory, kicks


def test_a_commit_with_outbox_entries_kicks_once(sessions):
    factory, kicks = sessions
    first = story_fields("第一篇")
    with factory() as db:
        upsert(db, Story, {"id": 1}, first)
        upsert(db, Story, {"id": 2}, story_fields("第二篇"))
        db.commit()
    assert kicks == [1]
    with factory() as db:  # the same row again: nothing changes, nothing to drain
        upsert(db, Story, {"id": 1}, first)
        db.commit()
    assert kicks == [1]


def test_a_rolled_back_write_does_not_kick_the_next_commit(sessions):
    factory, kicks = sessions
    with factory() as db:
        upsert(db, Story, {"id": 3}, story_fields("撤回"))
        db.rollback()
        db.commit()  # a later commit of the same session wrote nothing
    assert kicks == []
    with factory() as db:
        assert db.scalars(select(OutboxEntry)).all() == []


def test_batched_writes_kick_after_their_commit(sessions):
    factory, kicks = sessions
    with factory() as db:
        batch = BatchWrites(db)
        for n in range(5):
            batch.upsert(Story, {"id": 10 + n}, story_fields(f"批量{n}"), keep=())
        batch.finish()
        assert kicks == []  # not before the commit: the worker would find nothing yet
        db.commit()
    assert kicks == [1]


def test_a_failing_kick_keeps_the_write(tmp_path):
    url = f"sqlite:///{tmp_path / 'hub.db'}"
    upgrade(url)

    def broker_away():
        raise ConnectionError("broker away")

    factory = kick_after_commit(session_factory(url), broker_away)
    with factory() as db:
        upsert(db, Story, {"id": 7}, story_fields("仍然写入"))
        db.commit()
    with factory() as db:
        assert db.get(Story, 7).title == "仍然写入"
        assert len(db.scalars(select(OutboxEntry)).all()) == 1
