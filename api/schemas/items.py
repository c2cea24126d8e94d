"""The shapes of what lists return: feed items around each kind's `*_info` payload (spec section 3).

The payload schemas live with their kind (kinds/*.py); the item schema has one field per searchable
kind, taken from the registry."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

import kinds
from kinds.event import EventInfoSchema
from kinds.paper import PaperInfoSchema
from kinds.project import ProjectInfoSchema
from kinds.story import StoryDetailSchema, StoryInfoSchema

FeedItemSchema = type(
    "FeedItemSchema",
    (Schema,),
    {
        # An enum in the document, so the UI's switches over kinds are exhaustive (dumping never validates).
        "type": fields.String(required=True, validate=validate.OneOf(kinds.SEARCHABLE)),
        "id": fields.Integer(required=True),
        "is_event": fields.Boolean(required=True),
        "story_id": fields.Integer(allow_none=True),
        "source": fields.Dict(
            required=True, metadata={"description": "always {}: the payload is sent once, in the item's *_info"}
        ),
        **{kind.info_key: fields.Nested(kind.output_schema, allow_none=True) for kind in kinds.searchable_kinds()},
        "highlight": fields.Dict(keys=fields.String(), values=fields.List(fields.String())),
    },
)


class PagingSchema(Schema):
    """Paging fields every paged list carries next to its `list`."""

    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    size = fields.Integer(required=True)
    hasNextPage = fields.Boolean(required=True)


class FeedPageSchema(PagingSchema):
    list = fields.List(fields.Nested(FeedItemSchema), required=True)


class FeedListSchema(Schema):
    list = fields.List(fields.Nested(FeedItemSchema), required=True)


__all__ = [
    "EventInfoSchema",
    "FeedItemSchema",
    "FeedListSchema",
    "FeedPageSchema",
    "PagingSchema",
    "PaperInfoSchema",
    "ProjectInfoSchema",
    "StoryDetailSchema",
    "StoryInfoSchema",
]
