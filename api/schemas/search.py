"""Search parameters and results."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.common import TagList, Trimmed, model_field, page_field, query_field, size_field, time_field


class SearchArgs(Trimmed):
    q = query_field()
    model = model_field()
    label = TagList(load_default=list)
    time = time_field()
    sort = fields.String(load_default="relevance",
                         validate=validate.OneOf(["relevance", "hot", "new"], error="不支持的排序方式"))
    page = page_field()
    size = size_field()


class FeedItemSchema(Schema):
    type = fields.String(required=True)
    id = fields.Integer(required=True)
    is_event = fields.Boolean(required=True)
    story_id = fields.Integer(allow_none=True)
    source = fields.Dict(required=True)
    story_info = fields.Dict(allow_none=True)
    event_info = fields.Dict(allow_none=True)
    paper_info = fields.Dict(allow_none=True)
    project_info = fields.Dict(allow_none=True)
    highlight = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))


class SearchPageSchema(Schema):
    list = fields.List(fields.Nested(FeedItemSchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    size = fields.Integer(required=True)
    hasNextPage = fields.Boolean(required=True)
