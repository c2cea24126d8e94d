"""The moderators' list of reports (GET /v1/editor/reports)."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.schemas.common import Paged
from api.schemas.items import PagingSchema


class ReportsQuery(Paged):
    pass


class ReportSchema(Schema):
    story_id = fields.Integer(required=True)
    story_title = fields.String(required=True, metadata={"description": "plain text: show it escaped"})
    story_deleted = fields.Boolean(
        required=True, metadata={"description": "already deleted by a moderator or its author"}
    )
    user_id = fields.Integer(required=True, metadata={"description": "who reported"})
    user_name = fields.String(required=True)
    type = fields.Integer(required=True, metadata={"description": "the reason, 1-7 (spec section 3)"})
    url = fields.String(allow_none=True, metadata={"description": "the original's link (reasons 3 and 4)"})
    remark = fields.String(
        allow_none=True, metadata={"description": "the reporter's words, plain text: show it escaped"}
    )
    created_at = fields.String(allow_none=True)


class ReportPageSchema(PagingSchema):
    list = fields.List(fields.Nested(ReportSchema), required=True)
