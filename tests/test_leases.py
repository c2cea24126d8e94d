"""The one leased-lock helper (store/leases.py) and the drains that share the drain lock: the worker's, a
drain job's, `hub drain` and `hub import --index`'s. Real Redis."""

from __future__ import annotations

import time

from hub.cli import cmd_drain
from indexer.sync import pending_count
from store.leases import drain_lock, leased
from store.models import Story
from store.writes import upsert
from tests.support import story_fields


def test_one_holder_at_a_time_and_a_lease_that_renews(make_stack):
    stack = make_stack("leases")
    redis, name = stack.redis(), f"hub:lock:test:{stack.alias}"
    with leased(redis, name, 2) as first:
        assert first is not None
        with leased(redis, name, 2) as second:
            assert second is None  # not waiting: someone has it
        with leased(redis, name, 2, wait=0.3) as third:
            assert third is None  # waited, and the holder kept it
        time.sleep(1.2)
        first.renew()
        assert redis.pttl(name) > 1500  # a whole lease again
    with leased(redis, name, 2) as after:
        assert after is not None  # released on the way out


def test_hub_drain_waits_for_the_drain_lock(make_stack):
    stack = make_stack("drain-cli")
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 1}, story_fields("命令行同步"))
        session.commit()
    settings = stack.settings(drain_lock_seconds=1)
    with leased(stack.redis(), drain_lock(stack.alias), 30) as held:  # a worker's drain, say
        assert held is not None
        assert cmd_drain(settings, None) == 1  # waited a lease, then gave up without sending anything
        assert pending_count(stack.sessions()) == 1
    assert cmd_drain(settings, None) == 0
    assert pending_count(stack.sessions()) == 0
