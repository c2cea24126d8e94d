"""Event times in the site's zone (HUB_TIMEZONE, Asia/Shanghai by default): the time line of cards and
tickets, never UTC. Pure functions of the stored ISO times and a zone name."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from dateutil import parser as date_parser


@lru_cache(maxsize=8)
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def as_utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value  # SQLite returns naive UTC


def local(value: datetime | str, zone_name: str) -> datetime:
    moment = date_parser.isoparse(value) if isinstance(value, str) else value
    return as_utc(moment).astimezone(zone(zone_name))


def time_line(start: datetime | str, end: datetime | str, zone_name: str) -> str:
    """`2026-11-02 16:00 - 18:00` on one day, `2026-11-02 16:00 - 2026-11-03 12:00` across days."""
    first, last = local(start, zone_name), local(end, zone_name)
    tail = f"{last:%H:%M}" if first.date() == last.date() else f"{last:%Y-%m-%d %H:%M}"
    return f"{first:%Y-%m-%d %H:%M} - {tail}"


__all__ = ["as_utc", "local", "time_line", "zone"]
