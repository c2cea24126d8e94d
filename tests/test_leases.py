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


def test_a_holder_slower_than_its_lease_keeps_the_lock_and_a_gone_one_frees_it(make_stack):
    """A batch longer than the lease (a busy machine) no longer loses the lock: the holder's own thread
    renews it. Once the holder is gone, nothing renews it and it runs out within one lease."""
    stack = make_stack("leases-slow")
    redis, name = stack.redis(), f"hub:lock:test:{stack.alias}"
    with leased(redis, name, 1) as holder:
        time.sleep(2.5)  # two and a half leases without a word from the holder's own work
        with leased(redis, name, 1) as other:
            assert other is None
        holder.renew()  # still its own
    # A holder that vanished without releasing (its process killed): the key runs out by itself.
    redis.set(name, "a killed holder's token", px=1000)
    with leased(redis, name, 1, wait=2) as after:
        assert after is not None


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
