"""Reading RSS and Atom with feedparser (bytes we downloaded ourselves: feedparser never fetches).

A feed that is not well-formed (truncated, broken markup) is refused whole, even where feedparser
could recover some entries: half a feed written looks like a complete one."""

from __future__ import annotations

import calendar
import re
from datetime import UTC, datetime
from time import struct_time

import feedparser

from ingest.sources.http import SourceError

_SPACES = re.compile(r"\s+")


def parse_feed(body: bytes, what: str = "feed") -> feedparser.FeedParserDict:
    parsed = feedparser.parse(body)
    problem = parsed.get("bozo_exception")
    if parsed.get("bozo") and not isinstance(problem, feedparser.CharacterEncodingOverride):
        raise SourceError(f"malformed {what}: {problem}")
    if not parsed.get("version"):
        raise SourceError(f"not an RSS or Atom {what}")
    return parsed


def one_line(text: str | None) -> str:
    return _SPACES.sub(" ", text or "").strip()


def moment(value: struct_time | None) -> datetime | None:
    """feedparser's parsed dates are UTC struct_times."""
    if value is None:
        return None
    return datetime.fromtimestamp(calendar.timegm(value), UTC)


def web_url(value: str | None, limit: int = 500) -> str | None:
    """An http(s) URL that fits the column, else None (javascript:, data: and the like are dropped)."""
    url = (value or "").strip()
    return url if re.match(r"^https?://[^\s<>\"']+$", url, re.IGNORECASE) and len(url) <= limit else None


__all__ = ["moment", "one_line", "parse_feed", "web_url"]
