"""Leased Redis locks: one holder at a time across processes and hosts, and a holder that dies frees the
lock when its lease runs out. While the holder lives, a thread of its own renews the lease every third of
it, so a batch slower than a lease (a busy machine) keeps the lock, while a killed holder blocks the others
for one lease at most. The holder may also renew after each batch (Lease.renew), which tells it at once
when the lease was lost."""

from __future__ import annotations

import threading
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
    lost: bool = False

    def renew(self) -> None:
        """Another full lease from now (after a batch of work); LockError when the lease was lost."""
        if self.lost:
            raise LockError("the lease ran out and may be another holder's")
        self.lock.extend(self.seconds, replace_ttl=True)

    def keep_alive(self, stop: threading.Event) -> None:
        """Renews every third of a lease until `stop`; a lease found lost stays lost (no retaking it)."""
        while not stop.wait(self.seconds / 3):
            try:
                self.lock.extend(self.seconds, replace_ttl=True)
            except LockError:
                self.lost = True
                return
            except redis.RedisError:
                continue  # Redis away for a moment: the next tick tries again, within the lease


@contextmanager
def leased(client: redis.Redis, name: str, seconds: float, wait: float | None = None) -> Iterator[Lease | None]:
    """Hold the lock `name` for a lease of `seconds`, waiting up to `wait` seconds for it (None: not at
    all). Yields the Lease, or None when another holder has it; releases on the way out (a lease that ran
    out meanwhile may already be someone else's: then nothing is released)."""
    # Not thread-local: the keep-alive thread renews with the token the holder's thread took.
    lock = client.lock(name, timeout=seconds, blocking=wait is not None, thread_local=False)
    if not lock.acquire(blocking=wait is not None, blocking_timeout=wait):
        yield None
        return
    lease, stop = Lease(lock, seconds), threading.Event()
    keeper = threading.Thread(target=lease.keep_alive, args=(stop,), name=f"lease {name}", daemon=True)
    keeper.start()
    try:
        yield lease
    finally:
        stop.set()
        keeper.join()
        try:
            lock.release()
        except LockError:
            pass


__all__ = ["Lease", "drain_lock", "leased", "rollup_lock"]
