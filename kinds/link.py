"""Link-feed statuses: the built-in Mastodon-compatible service's posts and the public statuses of a
remote server copied by the `link` source (`origin` set): searchable like the other kinds, type
`link`. No feed of their own here: the feed is the link service's timeline (/link). A remote status
keeps its origin and links to its own page there."""

from __future__ import annotations

from datetime import datetime
from html import escape

from marshmallow import Schema, ValidationError, fields, validate
from sqlalchemy.orm import Session

from analysis.views import text_views
from kinds.base import Kind
from kinds.common import TAG_LIMIT, Moment, Record, highlight_of, iso
from store.link import MAX_REPLY_CHARS, MAX_STATUS_CHARS, thread_of_reply
from store.models import LinkStatus, User
from store.writes import find, upsert

TITLE_CHARS = 80  # a status has no title: its first line, cut, stands in for one


def title_of(content: str) -> str:
    first = content.strip().splitlines()[0] if content.strip() else ""
    return first if len(first) <= TITLE_CHARS else first[: TITLE_CHARS - 1] + "…"


class LinkRecord(Record):
    id = fields.Integer(required=True, validate=validate.Range(min=1))
    user_id = fields.Integer(required=True, validate=validate.Range(min=1))
    # A reply in a story's or paper's discussion may be longer than a plain status: the import row
    # (which knows the parent) holds everything else to the service's own limit.
    content = fields.String(required=True, validate=validate.Length(min=1, max=MAX_REPLY_CHARS))
    in_reply_to_id = fields.Integer(load_default=None, allow_none=True)
    created_at = Moment(required=True)


class LinkInfoSchema(Schema):
    id = fields.Integer(required=True)
    title_html = fields.String(required=True)
    content = fields.String(required=True, metadata={"description": "plain text; the UI escapes it"})
    user_id = fields.Integer(allow_none=True)
    user_name = fields.String(allow_none=True)
    user_avatar = fields.String(allow_none=True)
    in_reply_to_id = fields.Integer(allow_none=True)
    favourites_count = fields.Integer()
    replies_count = fields.Integer()
    url = fields.String(
        metadata={"description": "the status on /link, or its page at the remote server (absolute URL)"}
    )
    origin = fields.String(allow_none=True, metadata={"description": "the remote server's base URL; null: built in"})
    created_at = fields.String()
    tag_names = fields.List(fields.Dict(), required=True)


class LinkKind(Kind):
    name = "link"
    model = LinkStatus
    import_schema = LinkRecord
    output_schema = LinkInfoSchema
    info_key = "link_info"
    highlight_key = "link_info.title"
    import_order = 20  # after their authors

    def is_listed(self, status: LinkStatus) -> bool:
        return status.deleted_at is None

    def _author(self, session: Session, status: LinkStatus) -> tuple[str | None, str | None]:
        if status.origin is not None:  # a remote status: its author is known by name only
            return status.author_name, status.author_avatar
        author = session.get(User, status.user_id) if status.user_id else None
        return (author.name, author.avatar_url) if author else (None, None)

    def search_fields(self, session: Session, status: LinkStatus) -> dict:
        author_name, _avatar = self._author(session, status)
        title = title_of(status.content)
        views = text_views([title], [status.content], people=[author_name], summary=status.content)
        return {
            **views,
            "title": title,
            "summary": status.content,
            "content": escape(status.content),
            "user_id": str(status.user_id or ""),
            "tags": [],
            "created_at": iso(status.created_at),
            "heat": float(status.favourites_count * 2 + status.replies_count),
        }

    def payload(self, session: Session, status: LinkStatus) -> dict:
        author_name, author_avatar = self._author(session, status)
        remote = status.origin is not None
        return {
            "id": status.id,
            "title": title_of(status.content),
            "content": status.content,
            "user_id": status.user_id,
            "user_name": author_name,
            "user_avatar": author_avatar,
            "in_reply_to_id": status.in_reply_to_id,
            "favourites_count": status.favourites_count,
            "replies_count": status.replies_count,
            "url": (status.remote_url or f"{status.origin}/") if remote else f"/link?status={status.id}",
            "origin": status.origin,
            "created_at": iso(status.created_at),
            "tag_names": [],
        }

    def shape(self, payload: dict, hit: dict | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
        info = super().shape(payload, hit, labels, tag_limit)
        info["title_html"] = highlight_of(hit, "title") or escape(info.pop("title", "") or "")
        info.pop("title", None)
        return info

    def import_references(self, raw: dict) -> list:
        parent = raw.get("in_reply_to_id")
        return [(LinkStatus, "id", parent)] if isinstance(parent, int) and not isinstance(parent, bool) else []

    def import_row(self, session: Session, data: dict, raw: dict, now: datetime) -> str:
        """A reply whose parent belongs to a discussion joins that thread (as a reply written here does)
        and may be as long as a discussion reply; every other status keeps the service's limit."""
        parent = find(session, LinkStatus, {"id": data["in_reply_to_id"]}) if data.get("in_reply_to_id") else None
        if parent is not None and parent.item_kind is not None:
            data.update(thread_of_reply(parent))
        elif len(data["content"]) > MAX_STATUS_CHARS:
            raise ValidationError({"content": [f"at most {MAX_STATUS_CHARS} characters outside a discussion"]})
        data.setdefault("favourites_count", 0)
        data.setdefault("replies_count", 0)
        return upsert(session, LinkStatus, {"id": data.pop("id")}, data, self.relative_fields(raw))
