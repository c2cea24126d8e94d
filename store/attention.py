"""Attention: the Redis stream the API appends beacons and detail views to, and its consumption into
the database by the rollup.

Per namespace (the index alias):

- `hub:attention:<ns>`: a stream, one entry per accepted beacon or detail view, field `d` a compact
  JSON `{"e": event, "v": visitor hash, "items": [[kind, id], ...]}`; the entry id is the server's
  time. Capped with `MAXLEN ~` so a flood cannot fill Redis.
- `hub:attention:<ns>:counts`: a hash of counters for operators (`accepted`, `dropped`,
  `dropped:<reason>`), read by `hub attention`.

Consumption uses a consumer group. A batch is written to `attention_marks` with insert-or-ignore and
committed, and only then acknowledged; a crash before the commit leaves the entries pending (read
again first on the next run), a crash between commit and acknowledgement re-reads entries whose marks
already exist (ignored). So nothing is lost and nothing is counted twice."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo

import redis
from sqlalchemy.orm import Session, sessionmaker

from store.models import AttentionMark

log = logging.getLogger(__name__)

GROUP = "rollup"
CONSUMER = "rollup"  # one consumer: the rollup holds a lock, so its pending entries are its own
DEFAULT_MAXLEN = 1_000_000

# Which events count as attention, and as what: a detail page read or time spent on a page is a view;
# a click on a card is a click. Exposures (an item shown in a list) stay in the stream only.
ACTIONS = {"view": "view", "duration": "view", "click": "click"}


def stream_key(namespace: str) -> str:
    return f"hub:attention:{namespace}"


def counts_key(namespace: str) -> str:
    return f"{stream_key(namespace)}:counts"


@dataclass(frozen=True)
class Viewer:
    """Who the server says an entry's viewer is: `visitor` (32 characters at most; `u:<id>` for an
    account, else a keyed hash), the keyed hash of its network, and the account id when signed in."""

    visitor: str
    network: str
    user_id: int | None = None


def append(
    client: redis.Redis,
    namespace: str,
    event: str,
    viewer: Viewer,
    items: Iterable[tuple[str, int]],
    maxlen: int,
    extra: dict | None = None,
) -> str:
    """Append one entry (one round trip: XADD with an approximate cap and the counter, pipelined).
    `extra` (page, codes, duration) is kept in the entry for later analysis; the rollup ignores it."""
    entry = {"e": event, "v": viewer.visitor, "n": viewer.network, "items": [[k, int(i)] for k, i in items]}
    if viewer.user_id is not None:
        entry["u"] = viewer.user_id
    if extra:
        entry["x"] = extra
    body = json.dumps(entry, separators=(",", ":"), ensure_ascii=False)
    pipe = client.pipeline(transaction=False)
    pipe.xadd(stream_key(namespace), {"d": body}, maxlen=maxlen, approximate=True)
    pipe.hincrby(counts_key(namespace), "accepted", 1)
    return pipe.execute()[0]


def count_dropped(client: redis.Redis, namespace: str, reason: str) -> None:
    pipe = client.pipeline(transaction=False)
    pipe.hincrby(counts_key(namespace), "dropped", 1)
    pipe.hincrby(counts_key(namespace), f"dropped:{reason}", 1)
    pipe.execute()


def counters(client: redis.Redis, namespace: str) -> dict[str, int]:
    """The operators' view: accepted and dropped beacons (by reason), stream length, entries pending."""
    values = {k: int(v) for k, v in client.hgetall(counts_key(namespace)).items()}
    values["stream_length"] = client.xlen(stream_key(namespace))
    try:
        values["pending"] = int(client.xpending(stream_key(namespace), GROUP)["pending"])
    except redis.ResponseError:  # no group yet: nothing consumed so far
        values["pending"] = 0
    return values


def entry_time(entry_id: str) -> datetime:
    return datetime.fromtimestamp(int(entry_id.split("-")[0]) / 1000, UTC)


def marks_of(entry_id: str, fields: dict, zone: tzinfo) -> list[dict]:
    """The attention marks one stream entry makes (none for exposures or an unreadable entry)."""
    try:
        data = json.loads(fields["d"])
        action = ACTIONS.get(data["e"])
        visitor = str(data["v"])[:32]
        network = str(data.get("n", ""))[:32]
        user_id = int(data["u"]) if data.get("u") is not None else None
        items = [(str(kind), int(item_id)) for kind, item_id in data["items"]]
    except (KeyError, TypeError, ValueError) as exc:
        log.warning("attention entry %s unreadable, skipped: %s", entry_id, exc)
        return []
    if action is None:
        return []
    day = entry_time(entry_id).astimezone(zone).date()
    return [
        {
            "day": day,
            "item_type": kind,
            "item_id": item_id,
            "action": action,
            "visitor": visitor,
            "network": network,
            "user_id": user_id,
        }
        for kind, item_id in items
    ]


def _insert_ignoring_conflict(session: Session, rows: list[dict]) -> None:
    if not rows:
        return
    dialect = session.get_bind().dialect.name
    if dialect == "sqlite":
        from sqlalchemy.dialects.sqlite import insert
    elif dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:  # pragma: no cover - the project runs on SQLite and PostgreSQL only
        raise NotImplementedError(dialect)
    session.execute(insert(AttentionMark).values(rows).on_conflict_do_nothing())


def record_marks(session: Session, rows: list[dict]) -> None:
    """Insert marks, ignoring those already recorded (the idempotence the consumption relies on)."""
    unique = list({(r["day"], r["item_type"], r["item_id"], r["action"], r["visitor"]): r for r in rows}.values())
    for start in range(0, len(unique), 400):  # stay well under SQLite's bound-parameter limit
        _insert_ignoring_conflict(session, unique[start : start + 400])


def ensure_group(client: redis.Redis, namespace: str) -> None:
    try:
        client.xgroup_create(stream_key(namespace), GROUP, id="0", mkstream=True)
    except redis.ResponseError as exc:
        if "BUSYGROUP" not in str(exc):
            raise


def read_batch(client: redis.Redis, namespace: str, start: str, batch: int) -> list[tuple[str, dict]]:
    """Entries for the rollup's consumer: `start` "0" re-reads its pending ones, ">" takes new ones."""
    answer = client.xreadgroup(GROUP, CONSUMER, {stream_key(namespace): start}, count=batch)
    return answer[0][1] if answer else []


def consume(
    client: redis.Redis,
    make_session: sessionmaker[Session],
    namespace: str,
    zone: tzinfo,
    batch: int = 500,
) -> int:
    """Move every entry up to now from the stream into `attention_marks`; returns entries consumed.

    Pending entries (read by a run that crashed) come first, then new ones up to the last entry that
    existed when this call began, so steady traffic cannot keep the rollup busy forever."""
    ensure_group(client, namespace)
    newest = client.xrevrange(stream_key(namespace), count=1)
    last_id = newest[0][0] if newest else "0-0"
    consumed = 0
    for start in ("0", ">"):
        while True:
            entries = read_batch(client, namespace, start, batch)
            if not entries:
                break
            with make_session() as session:
                record_marks(session, [m for entry_id, fields in entries for m in marks_of(entry_id, fields, zone)])
                session.commit()
            client.xack(stream_key(namespace), GROUP, *[entry_id for entry_id, _ in entries])
            consumed += len(entries)
            if start == ">" and _id_tuple(entries[-1][0]) >= _id_tuple(last_id):
                break
    return consumed


def _id_tuple(entry_id: str) -> tuple[int, int]:
    ms, _, seq = entry_id.partition("-")
    return int(ms), int(seq or 0)


def forget_before(session: Session, day: date) -> None:
    """Marks older than the recomputed days are no longer needed."""
    session.query(AttentionMark).filter(AttentionMark.day < day).delete(synchronize_session=False)


__all__ = [
    "ACTIONS",
    "Viewer",
    "append",
    "consume",
    "count_dropped",
    "counters",
    "forget_before",
    "marks_of",
    "read_batch",
    "record_marks",
    "stream_key",
]
