"""Events from an iCalendar (.ics, the `icalendar` library) or JSON feed by URL.

The JSON feed is `{"events": [...]}` (or a bare list) of objects with `id`, `name`, `start_time`,
`end_time` (ISO 8601) and optionally `brief`, `address`, `company`, `image_url`, `tags`; the
format is in docs/architecture.md ("Content sources"). An iCalendar VEVENT needs UID, SUMMARY and
DTSTART; DESCRIPTION, LOCATION, ORGANIZER's CN and CATEGORIES fill the rest, and cancelled events
are skipped. Times without a zone are read in the configured zone. The feed URL and the event's
id (UID) make its `source_key`: a re-fetch updates the event and never duplicates it."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import icalendar
from dateutil import parser as date_parser
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate
from sqlalchemy.orm import Session

from analysis.normalize import plain_text
from ingest.sources.base import Fetch, Source
from ingest.sources.config import SourcesConfig
from ingest.sources.feeds import one_line, web_url
from ingest.sources.http import PoliteHttp, SourceError
from ingest.sources.stories import source_key
from ingest.sources.tags import tags_for
from store.models import Event
from store.writes import upsert


@dataclass(frozen=True)
class EventItem:
    key: str
    name: str
    brief: str
    address: str | None
    company: str | None
    image_url: str | None
    start_time: datetime
    end_time: datetime
    categories: list[str]


def _text(value) -> str:
    return one_line(plain_text(str(value))) if value is not None else ""


def _aware(value: datetime | date, zone: ZoneInfo) -> datetime:
    if not isinstance(value, datetime):  # an all-day date: from midnight in the zone
        value = datetime.combine(value, time.min)
    return (value if value.tzinfo else value.replace(tzinfo=zone)).astimezone(UTC)


def _item(key: str, name: str, start: datetime, end: datetime, where: str, **rest) -> EventItem:
    if not name:
        raise SourceError(f"{where}: a name is required")
    if end < start:
        raise SourceError(f"{where}: ends before it starts")
    return EventItem(key=key, name=name[:300], start_time=start, end_time=end, **rest)


# --- iCalendar ---


def _ical_event(component, feed_url: str, zone: ZoneInfo, position: int) -> EventItem | None:
    uid = _text(component.get("UID"))
    where = f"event {position} ({uid or 'no UID'})"
    if not uid or component.get("DTSTART") is None:
        raise SourceError(f"{where}: UID and DTSTART are required")
    if _text(component.get("STATUS")).upper() == "CANCELLED":
        return None
    raw_start = component.decoded("DTSTART")
    start = _aware(raw_start, zone)
    if component.get("DTEND") is not None:
        end = _aware(component.decoded("DTEND"), zone)
    elif component.get("DURATION") is not None:
        end = start + component.decoded("DURATION")
    else:  # RFC 5545: a dated event lasts the day, a timed one ends when it starts
        end = start + (timedelta(days=1) if not isinstance(raw_start, datetime) else timedelta())
    organizer = component.get("ORGANIZER")
    raw_categories = component.get("CATEGORIES")
    groups = raw_categories if isinstance(raw_categories, list) else [raw_categories] if raw_categories else []
    categories = [str(c) for group in groups for c in getattr(group, "cats", [group])]
    return _item(
        source_key("ical", feed_url, uid),
        _text(component.get("SUMMARY")),
        start,
        end,
        where,
        brief=_text(component.get("DESCRIPTION")),
        address=_text(component.get("LOCATION"))[:300] or None,
        company=_text(organizer.params.get("CN") if organizer is not None else None)[:200] or None,
        image_url=web_url(str(component.get("IMAGE") or component.get("ATTACH") or "")),
        categories=categories,
    )


def parse_ical(body: bytes, feed_url: str, zone: ZoneInfo) -> list[EventItem]:
    if not body.rstrip().endswith(b"END:VCALENDAR"):
        raise SourceError("truncated iCalendar feed (no END:VCALENDAR)")
    try:
        calendar = icalendar.Calendar.from_ical(body)
        items = [_ical_event(c, feed_url, zone, n) for n, c in enumerate(calendar.walk("VEVENT"), start=1)]
    except (ValueError, TypeError, KeyError) as exc:
        raise SourceError(f"malformed iCalendar feed: {exc}") from exc
    return [item for item in items if item is not None]


# --- JSON ---


class _Zoned(fields.Field):
    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return date_parser.isoparse(str(value))
        except ValueError as exc:
            raise ValidationError("not an ISO 8601 date") from exc


class JsonEventSchema(Schema):
    class Meta:
        unknown = EXCLUDE  # a feed may carry more than we show

    id = fields.Raw(required=True, validate=lambda v: isinstance(v, str | int) and str(v).strip() != "")
    name = fields.String(required=True, validate=validate.Length(min=1))
    brief = fields.String(load_default="")
    address = fields.String(load_default=None, allow_none=True)
    company = fields.String(load_default=None, allow_none=True)
    image_url = fields.String(load_default=None, allow_none=True)
    tags = fields.List(fields.String(), load_default=list)
    start_time = _Zoned(required=True)
    end_time = _Zoned(required=True)


def parse_json(body: bytes, feed_url: str, zone: ZoneInfo) -> list[EventItem]:
    try:
        answer = json.loads(body)
    except ValueError as exc:
        raise SourceError(f"malformed JSON event feed: {exc}") from exc
    raw_events = answer.get("events") if isinstance(answer, dict) else answer
    if not isinstance(raw_events, list):
        raise SourceError("JSON event feed without an `events` list")
    items = []
    for position, raw in enumerate(raw_events, start=1):
        try:
            data = JsonEventSchema().load(raw if isinstance(raw, dict) else {})
        except ValidationError as exc:
            raise SourceError(f"event {position}: {exc.messages}") from exc
        items.append(
            _item(
                source_key("json", feed_url, str(data["id"]).strip()),
                _text(data["name"]),
                _aware(data["start_time"], zone),
                _aware(data["end_time"], zone),
                f"event {position}",
                brief=_text(data["brief"]),
                address=_text(data["address"])[:300] or None,
                company=_text(data["company"])[:200] or None,
                image_url=web_url(data["image_url"]),
                categories=data["tags"],
            )
        )
    return items


def parse_events(body: bytes, feed_url: str, zone: ZoneInfo) -> list[EventItem]:
    start = body.lstrip()[:20].upper()
    if start.startswith(b"BEGIN:VCALENDAR"):
        return parse_ical(body, feed_url, zone)
    if start[:1] in (b"{", b"["):
        return parse_json(body, feed_url, zone)
    raise SourceError("neither an iCalendar nor a JSON event feed")


def write_events(session: Session, items: list[EventItem]) -> Counter:
    outcomes: Counter = Counter()
    now = datetime.now(UTC)
    for item in {i.key: i for i in items}.values():
        fields_ = {
            "name": item.name,
            "brief": item.brief,
            "address": item.address,
            "company": item.company,
            "image_url": item.image_url,
            "start_time": item.start_time,
            "end_time": item.end_time,
            "time_desc": None,  # the API writes the time line in the site's zone (api/event_flags.py)
            "tags": tags_for("event", item.categories),  # tag ids or labels
            "created_at": now,
        }
        outcomes[upsert(session, Event, {"source_key": item.key}, fields_, ("created_at", "tags"))] += 1
    return outcomes


def _loader(feed_url: str, zone_name: str):
    def load(http: PoliteHttp) -> list[EventItem]:
        return parse_events(http.get(feed_url).content, feed_url, ZoneInfo(zone_name))

    return load


def fetches(config: SourcesConfig, now: datetime) -> list[Fetch]:
    return [Fetch(url, _loader(url, config.event_timezone), write_events) for url in config.event_feeds]


def describe(config: SourcesConfig) -> dict:
    return {"feeds": config.event_feeds, "timezone": config.event_timezone}


SOURCE = Source(name="events", label="活动日历", fetches=fetches, describe=describe)
