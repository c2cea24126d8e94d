"""People (hub users): the leaderboard and paper authors. Not part of search, counts or feeds."""

from __future__ import annotations

from datetime import datetime

from marshmallow import Schema, fields, validate
from sqlalchemy.orm import Session

from analysis.views import name_views
from kinds.base import Kind
from kinds.common import ImageUrl, Moment, Record, iso
from store.models import User
from store.writes import upsert


class UserRecord(Record):
    id = fields.Integer(required=True, validate=validate.Range(min=1))
    name = fields.String(required=True, validate=validate.Length(min=1, max=100))
    email = fields.Email(load_default=None)
    phone = fields.String(load_default=None)
    region = fields.String(load_default=None)
    avatar_url = ImageUrl(load_default=None, allow_none=True)
    score = fields.Integer(load_default=0)
    arxiv_name = fields.String(load_default=None)
    activity_sheet = fields.List(fields.String(), load_default=list)
    role = fields.String(load_default="user", validate=validate.OneOf(["user", "editor"]))
    created_at = Moment(load_default=None)


class PersonSchema(Schema):
    id = fields.Integer(allow_none=True, metadata={"description": "null when the author has no hub account"})
    name = fields.String()
    avatar_url = fields.String(allow_none=True)
    score = fields.Integer()
    arxiv_name = fields.String(allow_none=True)
    is_expert = fields.Boolean()
    activity_count = fields.Integer()
    paper_count = fields.Integer()
    heat = fields.Float(
        metadata={"description": "热度: the rolled-up heat of their named stories over the last 7 complete days"}
    )


class PersonKind(Kind):
    name = "person"
    model = User
    import_schema = UserRecord
    output_schema = PersonSchema
    searchable = False
    import_order = 0  # before the stories that name them as authors

    def search_fields(self, session: Session, user: User) -> dict:
        return {
            "title": user.name,
            **name_views(user.name),  # suggestions find people by pinyin and initials (issue 36)
            "created_at": iso(user.created_at),
            "heat": float(user.score),
            "arxiv_name": user.arxiv_name,
        }

    def payload(self, session: Session, user: User) -> dict:
        return {
            "id": user.id,
            "name": user.name,
            "avatar_url": user.avatar_url,
            "score": user.score,
            "arxiv_name": user.arxiv_name,
            "is_expert": user.is_expert,
            "activity_count": len(user.activity_sheet or []),
        }

    def unlinked_author(self, arxiv_name: str) -> dict:
        """The payload of a paper author without a hub account."""
        return {"id": None, "name": arxiv_name, "avatar_url": None, "score": 0, "arxiv_name": arxiv_name}

    def import_row(self, session: Session, data: dict, raw: dict, now: datetime) -> str:
        data["created_at"] = data["created_at"] or now
        keep = self.relative_fields(raw) + ("created_at",)
        return upsert(session, User, {"id": data.pop("id")}, data, keep)
