"""Details: stories, papers (and their trends), similar stories, events by id, paper authors."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.schemas.common import Paged, StrictInt, Trimmed, constant_field
from api.schemas.items import FeedItemSchema
from indexer.queries.daily_papers import DAILY_RANGES
from kinds.person import PersonSchema

__all__ = [
    "AuthorPapersBody",
    "DailyPapersQuery",
    "DailyPapersSchema",
    "EventIdsBody",
    "PaperUserBody",
    "PersonSchema",
    "SimilarBody",
    "TrendEnvelope",
]


class SimilarBody(Trimmed):
    story_id = StrictInt(
        required=True,
        minimum=1,
        message="文章 id 格式错误",
        error_messages={"required": "缺少文章 id", "null": "缺少文章 id"},
    )
    size = StrictInt(load_default=6, minimum=1, maximum=20, message="数量应在1到20之间")


class EventIdsBody(Trimmed):
    type = constant_field("events")
    ids = fields.List(
        StrictInt(minimum=1, message="活动 id 格式错误"),
        required=True,
        validate=validate.Length(min=1, max=100, error="活动 id 数量应在1到100之间"),
        error_messages={"required": "缺少活动 id", "null": "缺少活动 id"},
        metadata={"label": "活动 id"},
    )


class PaperUserBody(Trimmed):
    arxiv_name = fields.String(
        load_default=None, validate=validate.Length(min=1, max=200), metadata={"label": "作者名"}
    )
    user_id = StrictInt(load_default=None, minimum=1, message="用户 id 格式错误")

    @validates_schema
    def one_key(self, data, **_):
        if not data.get("arxiv_name") and data.get("user_id") is None:
            raise ValidationError("请提供 arxiv_name 或 user_id", "arxiv_name")


class AuthorPapersBody(Paged):
    arxiv_name = fields.String(
        required=True,
        validate=validate.Length(min=1, max=200, error="作者名格式错误"),
        error_messages={"required": "缺少作者名", "null": "缺少作者名"},
        metadata={"label": "作者名"},
    )


class TrendPointField(fields.Field):
    def __init__(self, **kwargs):
        kwargs.setdefault(
            "metadata",
            {
                "type": "array",
                "items": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
                "description": "[yyyy-MM-dd, number]",
            },
        )
        super().__init__(**kwargs)


class TrendEnvelope(Schema):
    code = fields.Integer(required=True, metadata={"description": "0 on success"})
    data = fields.List(TrendPointField(), allow_none=True)
    msg = fields.String()


class DailyPapersQuery(Trimmed):
    range = fields.String(
        load_default="week",
        validate=validate.OneOf(DAILY_RANGES, error="时间范围错误"),
        metadata={"enum": list(DAILY_RANGES), "description": "本周 (week) or 本月 (month)"},
    )


class DailyGroupSchema(Schema):
    day = fields.String(required=True, metadata={"description": "yyyy-MM-dd in the site's time zone"})
    list = fields.List(fields.Nested(FeedItemSchema), required=True)


class DailyPapersSchema(Schema):
    range = fields.String(required=True)
    days = fields.List(fields.Nested(DailyGroupSchema), required=True)
