"""`hub import FILE...`: JSON Lines into the database (format: docs/import-format.md).

Each line is validated with marshmallow and written in its own savepoint, so a bad line is reported
with its number and reason while the good lines still land."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import nh3
from dateutil import parser as date_parser
from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates
from sqlalchemy.orm import Session

from indexer.ingest.arxiv_ids import ArxivIdError, parse_arxiv
from store.models import User
from store.tags import tags_by_id
from store.writes import upsert, upsert_paper, upsert_project

_RELATIVE = re.compile(r"^(?P<sign>[+-])(?:(?P<d>\d+)d)?(?:(?P<h>\d+)h)?(?:(?P<m>\d+)m)?$")
TYPE_ORDER = {"user": 0, "story": 1, "paper": 2, "event": 3, "project": 4}


def is_relative(value: object) -> bool:
    return isinstance(value, str) and bool(_RELATIVE.match(value.strip())) and len(value.strip()) > 1


class Moment(fields.Field):
    """ISO 8601, or relative to the import's `now` ('-3d5h', '+2d')."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str) or not value.strip():
            raise ValidationError("expected a date string")
        text = value.strip()
        now: datetime = self.context_now()
        match = _RELATIVE.match(text)
        if match and len(text) > 1:
            delta = timedelta(days=int(match["d"] or 0), hours=int(match["h"] or 0), minutes=int(match["m"] or 0))
            return now + delta if match["sign"] == "+" else now - delta
        try:
            parsed = date_parser.isoparse(text)
        except ValueError as exc:
            raise ValidationError(f"not an ISO 8601 date or relative date: {text!r}") from exc
        return parsed.astimezone(UTC) if parsed.tzinfo else parsed.replace(tzinfo=UTC)

    def context_now(self) -> datetime:
        return self.parent.import_now  # type: ignore[attr-defined]


class Record(Schema):
    class Meta:
        unknown = RAISE

    type = fields.String(required=True, validate=validate.OneOf(list(TYPE_ORDER)))

    def __init__(self, import_now: datetime, **kwargs):
        super().__init__(**kwargs)
        self.import_now = import_now


class Tagged(Record):
    tags = fields.List(fields.String(), load_default=list)

    @validates("tags")
    def known_tags(self, value, **_):
        unknown = [t for t in value if t not in tags_by_id()]
        if unknown:
            raise ValidationError(f"unknown tag ids: {', '.join(unknown)}")


class UserRecord(Record):
    id = fields.Integer(required=True, validate=validate.Range(min=1))
    name = fields.String(required=True, validate=validate.Length(min=1, max=100))
    email = fields.Email(load_default=None)
    phone = fields.String(load_default=None)
    region = fields.String(load_default=None)
    avatar_url = fields.String(load_default=None)
    score = fields.Integer(load_default=0)
    arxiv_name = fields.String(load_default=None)
    activity_sheet = fields.List(fields.String(), load_default=list)
    role = fields.String(load_default="user", validate=validate.OneOf(["user", "editor"]))
    created_at = Moment(load_default=None)


class StoryRecord(Tagged):
    id = fields.Integer(required=True, validate=validate.Range(min=1))
    title = fields.String(required=True, validate=validate.Length(min=1, max=200))
    content = fields.String(required=True)
    summary = fields.String(load_default=None)
    cover_url = fields.String(load_default=None)
    user_id = fields.Integer(load_default=None)
    story_show_user_name = fields.Boolean(load_default=True)
    source_id = fields.String(load_default=None)
    final_score = fields.Integer(load_default=0, validate=validate.Range(min=0))
    remark_count = fields.Integer(load_default=0, validate=validate.Range(min=0))
    view_count = fields.Integer(load_default=0, validate=validate.Range(min=0))
    created_at = Moment(required=True)


class PaperRecord(Tagged):
    arxiv = fields.String(required=True)
    title = fields.String(required=True, validate=validate.Length(min=1, max=500))
    abstract = fields.String(required=True)
    authors = fields.List(fields.String(), required=True)
    title_cn = fields.String(load_default=None)
    summary_cn = fields.String(load_default=None)
    published_at = Moment(required=True)
    hotness = fields.Integer(load_default=0, validate=validate.Range(min=0))
    hotness_series = fields.List(fields.Tuple((fields.String(), fields.Integer())), load_default=list)


class EventRecord(Tagged):
    id = fields.Integer(required=True, validate=validate.Range(min=1))
    name = fields.String(required=True, validate=validate.Length(min=1, max=300))
    title = fields.String(load_default=None)
    brief = fields.String(required=True)
    image_url = fields.String(load_default=None)
    address = fields.String(load_default=None)
    company = fields.String(load_default=None)
    start_time = Moment(required=True)
    end_time = Moment(required=True)
    time_desc = fields.String(load_default=None)
    button_msg = fields.String(load_default=None)
    icon_msg = fields.String(load_default=None)
    created_at = Moment(required=True)


class ProjectRecord(Tagged):
    repo = fields.String(required=True, validate=validate.Regexp(r"^[\w.-]+/[\w.-]+$", error="expected owner/name"))
    description = fields.String(required=True)
    description_cn = fields.String(load_default=None)
    language = fields.String(load_default=None)
    stars = fields.Integer(required=True, validate=validate.Range(min=0))
    forks = fields.Integer(load_default=0, validate=validate.Range(min=0))
    topics = fields.List(fields.String(), load_default=list)
    created_at = Moment(required=True)


SCHEMAS: dict[str, type[Record]] = {
    "user": UserRecord,
    "story": StoryRecord,
    "paper": PaperRecord,
    "event": EventRecord,
    "project": ProjectRecord,
}


@dataclass
class ImportReport:
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def count(self, entity_type: str, outcome: str) -> None:
        self.counts.setdefault(entity_type, {}).setdefault(outcome, 0)
        self.counts[entity_type][outcome] += 1


def _text_of(html: str) -> str:
    return re.sub(r"\s+", " ", nh3.clean(html, tags=set())).strip()


def _series_day(value: str, now: datetime) -> str:
    if is_relative(value):
        match = _RELATIVE.match(value.strip())
        days = int(match["d"] or 0) * (1 if match["sign"] == "+" else -1)
        return (now.date() + timedelta(days=days)).isoformat()
    return date.fromisoformat(value).isoformat()


def _event_defaults(row: dict, now: datetime) -> dict:
    start, end = row["start_time"], row["end_time"]
    if end < start:
        raise ValidationError({"end_time": ["end_time is before start_time"]})
    if not row.get("time_desc"):
        row["time_desc"] = f"{start.astimezone(UTC):%Y-%m-%d %H:%M} - {end.astimezone(UTC):%Y-%m-%d %H:%M} UTC"
    return row


def apply_record(session: Session, raw: dict, now: datetime) -> tuple[str, str]:
    """Validate and write one record; returns (entity_type, outcome)."""
    entity_type = raw.get("type")
    if entity_type not in SCHEMAS:
        raise ValidationError({"type": [f"must be one of {', '.join(TYPE_ORDER)}"]})
    data = SCHEMAS[entity_type](import_now=now).load(raw)
    data.pop("type")
    relative = tuple(k for k, v in raw.items() if is_relative(v))
    if entity_type == "user":
        data["created_at"] = data["created_at"] or now
        return entity_type, upsert(session, "user", {"id": data.pop("id")}, data, relative + ("created_at",))
    if entity_type == "story":
        if data["user_id"] is not None and session.get(User, data["user_id"]) is None:
            raise ValidationError({"user_id": [f"unknown user {data['user_id']}"]})
        data["content"] = nh3.clean(data["content"])
        data["summary"] = data["summary"] or _text_of(data["content"])[:120]
        return entity_type, upsert(session, "story", {"id": data.pop("id")}, data, relative)
    if entity_type == "paper":
        try:
            number, version = parse_arxiv(data.pop("arxiv"))
        except ArxivIdError as exc:
            raise ValidationError({"arxiv": [str(exc)]}) from exc
        series = [[_series_day(day, now), value] for day, value in data["hotness_series"]]
        data["hotness_series"] = sorted(series)
        if any(is_relative(day) for day, _ in raw.get("hotness_series", [])):
            relative += ("hotness_series",)
        data["created_at"] = data["published_at"]
        return entity_type, upsert_paper(session, number, version, data, relative + ("created_at",))
    if entity_type == "event":
        data = _event_defaults(data, now)
        return entity_type, upsert(session, "event", {"id": data.pop("id")}, data, relative)
    return entity_type, upsert_project(session, data.pop("repo"), data, relative)


def _read_lines(paths: list[Path], report: ImportReport) -> list[tuple[str, int, dict]]:
    records = []
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                text = line.strip()
                if not text or text.startswith("#"):
                    continue
                try:
                    raw = json.loads(text)
                    if not isinstance(raw, dict):
                        raise ValueError("a line must be one JSON object")
                except ValueError as exc:
                    report.errors.append(f"{path}:{number}: invalid JSON: {exc}")
                    continue
                records.append((str(path), number, raw))
    # Users first, so stories can point at authors defined in a later file.
    records.sort(key=lambda r: TYPE_ORDER.get(r[2].get("type"), 99))
    return records


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        messages = exc.messages
        if isinstance(messages, dict):
            return "; ".join(f"{k}: {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in messages.items())
        return " ".join(map(str, messages))
    return str(exc)


def import_files(session: Session, paths: list[Path], now: datetime | None = None) -> ImportReport:
    now = now or datetime.now(UTC)
    report = ImportReport()
    for path_name, number, raw in _read_lines(paths, report):
        savepoint = session.begin_nested()
        try:
            entity_type, outcome = apply_record(session, raw, now)
            savepoint.commit()
            report.count(entity_type, outcome)
        except Exception as exc:  # one bad line must not stop the good ones
            savepoint.rollback()
            report.errors.append(f"{path_name}:{number}: {_reason(exc)}")
            report.count(str(raw.get("type")), "failed")
    session.commit()
    report.errors.sort(key=_error_order)
    return report


def _error_order(line: str) -> tuple[str, int]:
    path, number, _ = line.split(":", 2)
    return path, int(number) if number.isdigit() else 0
