"""Leased Redis locks: one holder at a time across processes and hosts, and a holder that dies frees the
lock when its lease runs out. The holder renews the lease as it makes progress (after every batch), so a
long drain keeps it while a killed one blocks the others for one lease at most."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import redis
from redis.exceptions import LockError


def drain_lock(alias: str) -> str:
    """The outbox drain of an alias: the worker's periodic drains, a drain job, `hub drain`, `hub import --index`."""
    return f"hub:lock:drain:{alias}"


def rollup_lock(alias: str) -> str:
    return f"hub:lock:rollup:{alias}"


@dataclass
class Lease:
    lock: redis.lock.Lock
    seconds: float

    def renew(self) -> None:
        """Another full lease from now (after a batch of work)."""
        self.lock.extend(self.seconds, replace_ttl=True)


@contextmanager
def leased(client: redis.Redis, name: str, seconds: float, wait: float | None = None) -> Iterator[Lease | None]:
    """Hold the lock `name` for a lease of `seconds`, waiting up to `wait` seconds for it (None: not at
    all). Yields the Lease, or None when another holder has it; releases on the way out (a lease that ran
    out meanwhile may already be someone else's: then nothing is released)."""
    lock = client.lock(name, timeout=seconds, blocking=wait is not None)
    if not lock.acquire(blocking=wait is not None, blocking_timeout=wait):
        yield None
        return
    try:
        yield Lease(lock, seconds)
    finally:
        try:
            lock.release()
        except LockError:
            pass


__all__ = ["Lease", "drain_lock", "leased", "rollup_lock"]
