"""Rankings and login info."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.common import Paged, sort_field, time_field
from api.schemas.items import PagingSchema


class RankingArgs(Paged):
    tab = fields.String(load_default="global", validate=validate.OneOf(["global", "hub"], error="不支持的榜单"))
    sort = sort_field("hot", ["hot", "new"])
    time = time_field("day")


class RankedPersonSchema(Schema):
    rank = fields.Integer(required=True)
    id = fields.Integer(required=True)
    name = fields.String(allow_none=True)
    avatar_url = fields.String(allow_none=True)
    score = fields.Integer()
    is_expert = fields.Boolean()
    arxiv_name = fields.String(allow_none=True)
    activity_count = fields.Integer()
    heat = fields.Float(
        allow_none=True,
        metadata={"description": "the rolled-up heat the row is ranked by within `time` (null: sort=new or no time)"},
    )
    hub_heat = fields.Float(allow_none=True, metadata={"description": "hub tab: summed heat of the stories"})
    story_count = fields.Integer(allow_none=True, metadata={"description": "hub tab: stories in the range"})


class RankingPageSchema(PagingSchema):
    list = fields.List(fields.Nested(RankedPersonSchema), required=True)


class LoginExtsSchema(Schema):
    arxiv_name = fields.String(allow_none=True)
    activity_sheet = fields.List(fields.String())


class LoginInfoSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String()
    email = fields.String(allow_none=True)
    phone = fields.String(allow_none=True)
    region = fields.String(allow_none=True)
    avatar_url = fields.String(allow_none=True)
    score = fields.Integer()
    exts = fields.Nested(LoginExtsSchema)
    is_expert = fields.Boolean()
    role = fields.String()
