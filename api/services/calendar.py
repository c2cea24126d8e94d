"""Calendar files (RFC 5545, built with the icalendar library): one event for "add to calendar"
(GET /v1/story/subscription/) and a feed of upcoming events per tag that calendar apps subscribe to
(GET /v1/events/calendar.ics). Times carry the site's zone (a VTIMEZONE is included); text is escaped
by the library (commas, semicolons, new lines)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from urllib.parse import quote, urlsplit

from flask import Response, request
from icalendar import Calendar
from icalendar import Event as CalendarEvent
from sqlalchemy import select

from api.context import db_sessions, settings
from api.envelope import MSG_CALENDAR_TIME_INVALID, MSG_CALENDAR_TITLE_REQUIRED, MSG_NOT_FOUND, ApiError
from api.event_times import local
from api.public_origin import public_origin
from store.models import Event
from store.tags import tags_by_id

PRODUCT_ID = "-//AI 社区//Hub events//ZH"
FEED_LIMIT = 200


def _one_line(text: str) -> str:
    """A calendar's name on one line: X-WR-CALNAME is not escaped like SUMMARY, and a raw line break
    (or any control character) in it makes the whole file unwritable."""
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


def _calendar(name: str) -> Calendar:
    name = _one_line(name)
    calendar = Calendar()
    calendar.add("prodid", PRODUCT_ID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", settings().timezone)
    return calendar


def _entry(uid: str, title: str, start: datetime, end: datetime, **extra: str | None) -> CalendarEvent:
    zone_name = settings().timezone
    entry = CalendarEvent()
    entry.add("uid", uid)
    entry.add("dtstamp", datetime.now(UTC))
    entry.add("summary", title)
    entry.add("dtstart", local(start, zone_name))
    entry.add("dtend", local(end, zone_name))
    for key in ("description", "location", "url"):
        if extra.get(key):
            entry.add(key, extra[key])
    return entry


def _event_entry(event: Event) -> CalendarEvent:
    return _entry(
        f"event-{event.id}@{_host()}",
        event.name,
        event.start_time,
        event.end_time,
        description=event.brief,
        location=event.address,
        url=f"{settings().event_host or public_origin()}/activities/{event.id}",
    )


def _host() -> str:
    return urlsplit(request.host_url).hostname or "localhost"


def _file(calendar: Calendar, filename: str, attachment: bool = True) -> Response:
    calendar.add_missing_timezones()
    response = Response(calendar.to_ical(), mimetype="text/calendar")
    response.headers["Content-Type"] = "text/calendar; charset=utf-8"
    disposition = "attachment" if attachment else "inline"
    # RFC 6266: an ASCII fallback and the UTF-8 name (Chinese titles).
    response.headers["Content-Disposition"] = (
        f"{disposition}; filename=\"event.ics\"; filename*=UTF-8''{quote(filename)}"
    )
    response.headers["Cache-Control"] = "no-store" if attachment else "public, max-age=300"
    return response


def subscription(args: dict) -> Response:
    """An event's calendar file by id (the stored event wins over the query), or one built from the
    query's title and times."""
    if args.get("id"):
        with db_sessions()() as db:
            event = db.get(Event, args["id"])
        if event is None:
            raise ApiError(404, MSG_NOT_FOUND)
        calendar = _calendar(event.name)
        calendar.add_component(_event_entry(event))
        return _file(calendar, f"{event.name}.ics")
    title, start, end = args.get("title"), args.get("start_time"), args.get("end_time")
    if not title:
        raise ApiError(
            400, MSG_CALENDAR_TITLE_REQUIRED, {"errors": {"query": {"title": [MSG_CALENDAR_TITLE_REQUIRED]}}}
        )
    if start is None or end is None or end < start:
        raise ApiError(
            400, MSG_CALENDAR_TIME_INVALID, {"errors": {"query": {"start_time": [MSG_CALENDAR_TIME_INVALID]}}}
        )
    calendar = _calendar(title)
    # Stable for the same entry, so adding it twice updates one calendar event instead of making two.
    digest = hashlib.sha1(f"{title}|{start.isoformat()}|{end.isoformat()}".encode(), usedforsecurity=False)
    uid = f"subscription-{digest.hexdigest()[:20]}@{_host()}"
    extra = {key: args.get(key) for key in ("description", "location", "url")}
    calendar.add_component(_entry(uid, title, start, end, **extra))
    return _file(calendar, f"{title}.ics")


def upcoming_feed(args: dict) -> Response:
    """Events not yet over, soonest first, of any of the tags asked (none asked: every event)."""
    now = datetime.now(UTC)
    wanted = set(args["label"])
    with db_sessions()() as db:
        rows = db.scalars(select(Event).where(Event.end_time >= now).order_by(Event.start_time, Event.id)).all()
    events = [e for e in rows if not wanted or wanted & set(e.tags or [])][:FEED_LIMIT]
    # Named by the titles of the known tags asked for; anything else in `label` only filters (to nothing).
    titles = [tags_by_id()[tag]["label"] for tag in sorted(wanted) if tag in tags_by_id()]
    name = "AI 社区活动" + (f"（{'、'.join(titles)}）" if titles else "")
    calendar = _calendar(name)
    for event in events:
        calendar.add_component(_event_entry(event))
    return _file(calendar, "events.ics", attachment=False)


__all__ = ["subscription", "upcoming_feed"]
