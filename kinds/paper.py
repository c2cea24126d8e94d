"""arXiv papers: one row and one document per arXiv number, whatever the version; newest version wins."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from html import escape
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate
from sqlalchemy.orm import Session

from analysis.views import text_views
from kinds.arxiv_ids import ArxivIdError, parse_arxiv
from kinds.base import FeedSpec, Kind
from kinds.common import TAG_LIMIT, Moment, TaggedRecord, TagSchema, highlight_of, is_relative, iso, relative_days
from store.code_links import paper_code, preload_links
from store.heat import daily_series
from store.models import Paper
from store.tags import tag_names
from store.writes import find, upsert


class PaperRecord(TaggedRecord):
    arxiv = fields.String(required=True)
    title = fields.String(required=True, validate=validate.Length(min=1, max=500))
    abstract = fields.String(required=True)
    authors = fields.List(fields.String(), required=True)
    title_cn = fields.String(load_default=None)
    summary_cn = fields.String(load_default=None)
    published_at = Moment(required=True)
    hotness = fields.Integer(load_default=0, validate=validate.Range(min=0))
    hotness_series = fields.List(fields.Tuple((fields.String(), fields.Integer())), load_default=list)
    comment = fields.String(load_default=None, validate=validate.Length(max=5_000))  # arXiv's comment


class PaperInfoSchema(Schema):
    id = fields.Integer(required=True)
    arxiv_id = fields.String()
    arxiv_version = fields.Integer()
    title = fields.String(required=True)
    title_html = fields.String(required=True)
    title_cn = fields.String(allow_none=True)
    title_cn_html = fields.String(allow_none=True)
    abstract = fields.String()
    summary_cn = fields.String(allow_none=True)
    authors = fields.List(fields.String())
    published_at = fields.String()
    hotness = fields.Integer()
    vote_count = fields.Integer(metadata={"description": "members' upvotes"})
    is_voted = fields.Boolean(metadata={"description": "the caller upvoted it (false signed out)"})
    comment_count = fields.Integer(required=True, metadata={"description": "live discussion replies, all levels"})
    url = fields.String()
    pdf_url = fields.String()
    tag_names = fields.List(fields.Nested(TagSchema), required=True)


def _series_day(value: str, now: datetime) -> str:
    if is_relative(value):
        return (now.date() + timedelta(days=relative_days(value))).isoformat()
    return date.fromisoformat(value).isoformat()


def paper_series(session: Session, paper: Paper) -> list[list]:
    """The trend: the rollup's daily heat; days before the first rollup (or never rolled up) keep the
    imported series (the demo files' numbers are the day-0 input)."""
    days = {str(day): int(value) for day, value in (paper.hotness_series or [])}
    days.update(dict(daily_series(session, "paper", paper.id)))
    return [[day, value] for day, value in sorted(days.items())]


class PaperKind(Kind):
    name = "paper"
    discussed = True
    model = Paper
    import_schema = PaperRecord
    output_schema = PaperInfoSchema
    info_key = "paper_info"
    highlight_key = "paper_info.title"
    import_order = 2
    preload_series = True
    detail_fields = ("code",)
    feed = FeedSpec(
        path="/v3/paper/list",
        body_name="PaperListBody",
        summary="Papers: default newest of all time; `hot` = hotness.",
        sort="new",
        time=None,
    )

    def preload(self, session: Session, rows: list[Paper]) -> list:
        preload_links(session, [row.id for row in rows], [])
        return super().preload(session, rows)

    def key(self, paper: Paper) -> str:
        return paper.arxiv_id

    def gone_key(self, entity_id: int) -> str | None:
        return None  # the document is keyed by the arXiv number, which a vanished row no longer tells

    def search_fields(self, session: Session, paper: Paper) -> dict:
        views = text_views(
            [paper.title, paper.title_cn],
            [paper.summary_cn, paper.abstract],
            people=paper.authors or [],
            tag_labels=[t["title"] for t in tag_names(paper.tags)],
            summary=paper.summary_cn or paper.abstract,
        )
        return {
            **views,
            "arxiv_id": paper.arxiv_id,
            "title": paper.title,
            "title_cn": paper.title_cn,
            "summary": paper.summary_cn or paper.abstract,
            "content": paper.abstract,
            "authors": paper.authors,
            "tags": paper.tags,
            "created_at": iso(paper.published_at),
            "heat": float(paper.hotness),
            # [[yyyy-MM-dd, n], ...]: stored, not indexed, so the trends read stays index-only.
            "hotness_series": paper_series(session, paper),
        }

    def payload(self, session: Session, paper: Paper) -> dict:
        return {
            "id": paper.id,
            "arxiv_id": paper.arxiv_id,
            "arxiv_version": paper.arxiv_version,
            "title": paper.title,
            "title_cn": paper.title_cn,
            "abstract": paper.abstract,
            "summary_cn": paper.summary_cn,
            "authors": paper.authors,
            "published_at": iso(paper.published_at),
            "hotness": paper.hotness,
            "vote_count": paper.vote_count or 0,
            "comment_count": self.comment_count(session, paper.id),
            "url": f"https://arxiv.org/abs/{paper.arxiv_id}v{paper.arxiv_version}",
            "pdf_url": f"https://arxiv.org/pdf/{paper.arxiv_id}v{paper.arxiv_version}",
            "tag_names": tag_names(paper.tags),
            "code": paper_code(session, paper.id),  # the detail answer's 代码; lists leave it out
        }

    def shape(self, payload: dict, hit: dict | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
        info = super().shape(payload, hit, labels, tag_limit)
        info["title_html"] = highlight_of(hit, "title") or escape(info["title"])
        cn = highlight_of(hit, "title_cn")
        info["title_cn_html"] = cn or (escape(info["title_cn"]) if info.get("title_cn") else None)
        info.setdefault("vote_count", 0)  # documents indexed before votes existed
        info.setdefault("comment_count", 0)  # and before discussions
        info["is_voted"] = False  # the API sets it for a signed-in caller (api/user_flags.py)
        return info

    def import_key(self, raw: dict) -> tuple[str, Any] | None:
        try:
            return ("arxiv_id", parse_arxiv(raw["arxiv"])[0])
        except (KeyError, TypeError, ArxivIdError):
            return None

    def import_row(self, session: Session, data: dict, raw: dict, now: datetime) -> str:
        try:
            number, version = parse_arxiv(data.pop("arxiv"))
        except ArxivIdError as exc:
            raise ValidationError({"arxiv": [str(exc)]}) from exc
        relative = self.relative_fields(raw)
        data["hotness_series"] = sorted([_series_day(day, now), value] for day, value in data["hotness_series"])
        if any(is_relative(day) for day, _ in raw.get("hotness_series", [])):
            relative += ("hotness_series",)
        data["created_at"] = data["published_at"]
        # One row per arXiv number; an older arXiv version never overwrites a newer one.
        row = find(session, Paper, {"arxiv_id": number})
        if row is not None and version < row.arxiv_version:
            return "unchanged"
        fields_ = {**data, "arxiv_version": version}
        return upsert(session, Paper, {"arxiv_id": number}, fields_, relative + ("created_at",))
