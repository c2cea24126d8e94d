"""Stories (articles): the home feed, search, suggestions and the story page."""

from __future__ import annotations

from datetime import datetime
from html import escape

import nh3
from marshmallow import Schema, ValidationError, fields, validate
from sqlalchemy import select
from sqlalchemy.orm import Session

from analysis.normalize import plain_text
from analysis.summary import summary_from_html
from analysis.views import text_views
from kinds.base import FeedSpec, Kind
from kinds.common import TAG_LIMIT, ImageUrl, Moment, TaggedRecord, TagSchema, highlight_of, iso
from store.models import Story, User
from store.tags import tag_names
from store.writes import find, upsert

ANONYMOUS_NAME = "匿名"

# Per-user flags of a story_info; anonymous callers get these (the API fills them for a signed-in one).
ANONYMOUS_FLAGS = {
    "is_voted": False,
    "is_marked": False,
    "is_reported": False,
    "can_editor": False,
    "can_delete": False,
    "session_user_id": None,
}


def story_heat(story: Story) -> float:
    # Interactions weigh more than views; views are plentiful and cheap.
    return round(story.final_score * 2 + story.remark_count * 3 + story.view_count / 50, 2)


# Links and images keep http(s) URLs only (`javascript:`, `data:` and the like are removed).
URL_SCHEMES = {"http", "https"}


def clean_html(html: str) -> str:
    """Story HTML as the site stores it, whoever wrote it (the editor form, a feed): sanitised by nh3."""
    return nh3.clean(html or "", url_schemes=URL_SCHEMES).strip()


# A summary made from the content (import and the write API alike) holds at most this many characters.
SUMMARY_CHARS = 120


class StoryRecord(TaggedRecord):
    id = fields.Integer(required=True, validate=validate.Range(min=1))
    title = fields.String(required=True, validate=validate.Length(min=1, max=200))
    content = fields.String(required=True)
    summary = fields.String(load_default=None)
    cover_url = ImageUrl(load_default=None, allow_none=True)
    user_id = fields.Integer(load_default=None)
    story_show_user_name = fields.Boolean(load_default=True)
    source_id = fields.String(load_default=None)
    final_score = fields.Integer(load_default=0, validate=validate.Range(min=0))
    remark_count = fields.Integer(load_default=0, validate=validate.Range(min=0))
    view_count = fields.Integer(load_default=0, validate=validate.Range(min=0))
    created_at = Moment(required=True)


class StoryInfoSchema(Schema):
    id = fields.Integer(required=True)
    title = fields.String(required=True)
    title_html = fields.String(required=True, metadata={"description": "escaped HTML, <em> marks the match"})
    summary = fields.String(allow_none=True)
    cover_url = fields.String(allow_none=True)
    created_at = fields.String(allow_none=True)
    user_id = fields.Integer(allow_none=True)
    user_name = fields.String(allow_none=True)
    user_avatar = fields.String(allow_none=True)
    is_expert = fields.Boolean(required=True)
    story_show_user_name = fields.Boolean()
    is_anonymous = fields.Boolean(required=True, metadata={"description": "no user name, avatar or id: shown as 匿名"})
    author_name = fields.String(required=True, metadata={"description": "user_name, or 匿名"})
    source_id = fields.String(allow_none=True)
    final_score = fields.Integer()
    remark_count = fields.Integer()
    view_count = fields.Integer()
    comment_count = fields.Integer(required=True, metadata={"description": "live discussion replies, all levels"})
    tag_names = fields.List(fields.Nested(TagSchema), required=True)
    is_voted = fields.Boolean(required=True)
    is_marked = fields.Boolean(required=True)
    is_reported = fields.Boolean(required=True)
    can_editor = fields.Boolean(required=True)
    can_delete = fields.Boolean(required=True)
    session_user_id = fields.Integer(required=True, allow_none=True)


class StoryDetailSchema(StoryInfoSchema):
    content = fields.String(metadata={"description": "sanitised HTML"})


class StoryKind(Kind):
    name = "story"
    discussed = True
    model = Story
    import_schema = StoryRecord
    output_schema = StoryInfoSchema
    info_key = "story_info"
    highlight_key = "story_info.title"
    import_order = 1
    feed = FeedSpec(
        path="/v1/story/list",
        body_name="StoryListBody",
        summary="Stories (home): default newest within a day; `hot` = stored heat within the range.",
        sort="new",
        time="day",
    )

    def is_listed(self, row: Story) -> bool:
        return row.deleted_at is None

    def preload(self, session: Session, rows: list[Story]) -> list:
        authors = {row.user_id for row in rows if row.user_id}
        # Into the identity map: _author's session.get then needs no query.
        users = session.scalars(select(User).where(User.id.in_(authors))).all() if authors else []
        return super().preload(session, rows) + list(users)

    def _author(self, session: Session, story: Story) -> User | None:
        if not (story.story_show_user_name and story.user_id):
            return None
        return session.get(User, story.user_id)

    def search_fields(self, session: Session, story: Story) -> dict:
        author = self._author(session, story)
        views = text_views(
            [story.title],
            [story.summary, plain_text(story.content)],
            people=[author.name] if author else [],
            tag_labels=[t["title"] for t in tag_names(story.tags)],
            summary=story.summary,
        )
        return {
            **views,
            "title": story.title,
            "summary": story.summary,
            "content": story.content,
            "tags": story.tags,
            "created_at": iso(story.created_at),
            "heat": story_heat(story),
            "user_id": str(story.user_id) if story.user_id else None,
            # Anonymous stories stay out of the people leaderboard (the author asked not to be shown).
            "anonymous": author is None,
        }

    def payload(self, session: Session, story: Story) -> dict:
        author = self._author(session, story)
        return {
            "id": story.id,
            "title": story.title,
            "summary": story.summary,
            "cover_url": story.cover_url,
            "created_at": iso(story.created_at),
            "user_id": author.id if author else None,
            "user_name": author.name if author else None,
            "user_avatar": author.avatar_url if author else None,
            "is_expert": bool(author and author.is_expert),
            "story_show_user_name": story.story_show_user_name,
            "source_id": story.source_id,
            "final_score": story.final_score,
            "remark_count": story.remark_count,
            "view_count": story.view_count,
            "comment_count": self.comment_count(session, story.id),
            "tag_names": tag_names(story.tags),
        }

    def shape(self, payload: dict, hit: dict | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
        info = super().shape(payload, hit, labels, tag_limit)
        info["title_html"] = highlight_of(hit, "title") or escape(info["title"])
        # The spec's rule: no user name, avatar or id -> the author shows as '匿名'.
        anonymous = not (info.get("user_name") and info.get("user_avatar") and info.get("user_id"))
        info["is_anonymous"] = anonymous
        info["author_name"] = ANONYMOUS_NAME if anonymous else info["user_name"]
        info.update(ANONYMOUS_FLAGS)
        info.setdefault("comment_count", 0)  # documents indexed before discussions existed
        return info

    def item_fields(self, info: dict) -> dict:
        return {"story_id": info["id"]}

    def import_references(self, raw: dict) -> list:
        user_id = raw.get("user_id")
        return [(User, "id", user_id)] if isinstance(user_id, int) and not isinstance(user_id, bool) else []

    def import_row(self, session: Session, data: dict, raw: dict, now: datetime) -> str:
        # Through the batch (no autoflush, and the batch's users read in one query): a bare
        # session.get flushed every pending row of the batch one line at a time.
        if data["user_id"] is not None and find(session, User, {"id": data["user_id"]}) is None:
            raise ValidationError({"user_id": [f"unknown user {data['user_id']}"]})
        data["content"] = nh3.clean(data["content"])
        # A summary is plain text, as the write API keeps it; none given: built from the content's blocks.
        data["summary"] = plain_text(data["summary"]) or summary_from_html(data["content"], SUMMARY_CHARS)
        return upsert(session, Story, {"id": data.pop("id")}, data, self.relative_fields(raw))
