"""Pieces every kind uses: dates as the index stores them, tag shaping, highlights, the import
record base (with relative dates) and the tag output schema."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from dateutil import parser as date_parser
from marshmallow import RAISE, Schema, ValidationError, fields, pre_load, validates

from analysis.normalize import fold
from store.tags import tags_by_id

TAG_LIMIT = 5


def iso(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:  # SQLite returns naive UTC
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def merge_marks(html: str) -> str:
    # Adjacent matches (unigram hits) read better as one mark: <em>大</em><em>模</em> -> <em>大模</em>.
    return html.replace("</em><em>", "")


def highlight_of(hit: dict | None, field: str) -> str | None:
    fragments = (hit or {}).get("highlight", {}).get(field)
    return merge_marks(fragments[0]) if fragments else None


def shape_tags(tags: list[dict] | None, labels: list[str] | None = None, limit: int | None = TAG_LIMIT) -> list[dict]:
    """Tags matching the current `label` filter first (marked highlighted), then the rest; at most `limit`."""
    wanted = set(labels or [])
    tags = tags or []
    first = [{**t, "highlighted": True} for t in tags if t["id"] in wanted]
    rest = [{**t, "highlighted": False} for t in tags if t["id"] not in wanted]
    shaped = first + rest
    return shaped[:limit] if limit else shaped


def tags_named_in(query: str | None, tags: list[dict] | None) -> list[str]:
    """Ids of the tags a search query names: the tag's title inside the query (大模型 in 大模型推理), or a
    word of the query inside the title or equal to the tag's id (agent for "Agent 智能体"). A search result
    shows them first and marked, as a label filter's tags are. One character never counts: it would mark
    nearly every result."""
    folded = fold(query).casefold()
    if not folded or not tags:
        return []
    words = [word for word in folded.split() if len(word) >= 2]
    named = []
    for tag in tags:
        title = fold(tag.get("title")).casefold()
        tag_id = str(tag.get("id", "")).casefold()
        if (len(title) >= 2 and title in folded) or any(word in title or word == tag_id for word in words):
            named.append(tag["id"])
    return named


class TagSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    highlighted = fields.Boolean(
        metadata={"description": "matches the current label filter, or is named by the search query (shown first)"}
    )


# --- import records (docs/import-format.md) ---

_RELATIVE = re.compile(r"^(?P<sign>[+-])(?:(?P<d>\d+)d)?(?:(?P<h>\d+)h)?(?:(?P<m>\d+)m)?$")


def is_relative(value: object) -> bool:
    return isinstance(value, str) and bool(_RELATIVE.match(value.strip())) and len(value.strip()) > 1


def relative_days(value: str) -> int:
    """Whole days of a relative date ('-3d' -> -3)."""
    match = _RELATIVE.match(value.strip())
    return int(match["d"] or 0) * (1 if match["sign"] == "+" else -1)


def is_web_url(value: str) -> bool:
    """An absolute http or https URL with a host and no spaces."""
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.netloc) and not any(c.isspace() for c in value)


# Characters a URL never carries unescaped; in an image field they mean markup, not an address.
_NOT_IN_URLS = set('"<>\\^`{|}')


def is_image_url(value: str) -> bool:
    """An http(s) URL or a path on this site ('/demo/a.webp'): never `javascript:`, `data:` or markup."""
    if any(c in _NOT_IN_URLS or ord(c) < 0x20 for c in value):
        return False
    if value.startswith("/") and not value.startswith("//"):
        return True
    return is_web_url(value)


class ImageUrl(fields.String):
    """An image address for covers, event images and avatars (see `is_image_url`); empty means none."""

    def _deserialize(self, value, attr, data, **kwargs):
        text = (super()._deserialize(value, attr, data, **kwargs) or "").strip()
        if not text:
            return None
        if not is_image_url(text):
            raise ValidationError(f"not an http(s) image URL or a path on this site: {text[:80]!r}")
        return text


class WebUrl(fields.String):
    """A link out to a page (an event's live stream): an absolute http(s) URL (see `is_web_url`), no markup
    characters; empty means none."""

    def _deserialize(self, value, attr, data, **kwargs):
        text = (super()._deserialize(value, attr, data, **kwargs) or "").strip()
        if not text:
            return None
        if any(c in _NOT_IN_URLS or ord(c) < 0x20 for c in text) or not is_web_url(text):
            raise ValidationError(f"not an http(s) URL: {text[:80]!r}")
        return text


# Dates outside a sane window are refused: a story dated 9999-12-31 (or tomorrow) would pin itself to the
# top of every "newest" order. Items may be ahead of the import by a clock's skew only (dates carry their
# zone, so time zones are no excuse); events are announced ahead and have a window of their own.
EARLIEST = datetime(1990, 1, 1, tzinfo=UTC)
CLOCK_SKEW = timedelta(minutes=10)
MSG_TOO_LATE = "日期超出范围：不能晚于 {limit}"
MSG_TOO_EARLY = "日期超出范围：不能早于 {limit}"


class Moment(fields.Field):
    """ISO 8601, or relative to the import's `now` ('-3d5h', '+2d'), within `now - back` (or
    EARLIEST when `back` is None) .. `now + ahead`."""

    def __init__(self, *, ahead: timedelta = CLOCK_SKEW, back: timedelta | None = None, **kwargs):
        super().__init__(**kwargs)
        self.ahead, self.back = ahead, back

    def _deserialize(self, value, attr, data, **kwargs):
        moment = self._parse(value)
        now: datetime = self.parent.import_now  # type: ignore[attr-defined]
        latest = now + self.ahead
        earliest = EARLIEST if self.back is None else now - self.back
        if moment > latest:
            raise ValidationError(MSG_TOO_LATE.format(limit=f"{latest:%Y-%m-%d %H:%M} UTC"))
        if moment < earliest:
            raise ValidationError(MSG_TOO_EARLY.format(limit=f"{earliest:%Y-%m-%d}"))
        return moment

    def _parse(self, value):
        if not isinstance(value, str) or not value.strip():
            raise ValidationError("expected a date string")
        text = value.strip()
        now: datetime = self.parent.import_now  # type: ignore[attr-defined]
        match = _RELATIVE.match(text)
        if match and len(text) > 1:
            delta = timedelta(days=int(match["d"] or 0), hours=int(match["h"] or 0), minutes=int(match["m"] or 0))
            return now + delta if match["sign"] == "+" else now - delta
        try:
            parsed = date_parser.isoparse(text)
        except (ValueError, OverflowError) as exc:
            raise ValidationError(f"not an ISO 8601 date or relative date: {text!r}") from exc
        return parsed.astimezone(UTC) if parsed.tzinfo else parsed.replace(tzinfo=UTC)


# Characters no document may carry: C0/C1 controls other than tab and line breaks (U+0000 makes the
# engine refuse the document), lone surrogates and the non-characters U+FFFE/U+FFFF; and invisible format
# characters that change how text reads without showing: bidi embeddings, overrides and isolates
# (U+202E turns "gpj.exe" around), direction marks, zero-width spaces, word joiners and a stray BOM.
# The zero-width joiner and non-joiner stay: emoji sequences and some scripts need them.
_UNWANTED = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff"
    "\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]"
)


def strip_unwanted(value):
    """`value` with unwanted characters removed from every string in it (lists and objects too)."""
    if isinstance(value, str):
        return _UNWANTED.sub("", value)
    if isinstance(value, list):
        return [strip_unwanted(v) for v in value]
    if isinstance(value, dict):
        return {k: strip_unwanted(v) for k, v in value.items()}
    return value


class Record(Schema):
    """One import line. Unknown fields are refused so a typo never silently loses data; control
    characters are stripped from every text before validation (a title left empty is refused)."""

    class Meta:
        unknown = RAISE

    type = fields.String(required=True)

    @pre_load
    def _strip_unwanted(self, data, **_):
        return strip_unwanted(data) if isinstance(data, dict) else data

    def __init__(self, import_now: datetime, **kwargs):
        super().__init__(**kwargs)
        self.import_now = import_now


class TaggedRecord(Record):
    tags = fields.List(fields.String(), load_default=list)

    @validates("tags")
    def known_tags(self, value, **_):
        unknown = [t for t in value if t not in tags_by_id()]
        if unknown:
            raise ValidationError(f"unknown tag ids: {', '.join(unknown)}")
