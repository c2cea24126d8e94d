"""Search, suggestion, hot-word and count parameters and results."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

import kinds
from api.schemas.common import (
    Paged,
    TagList,
    Trimmed,
    constant_field,
    model_field,
    query_field,
    sort_field,
    time_field,
)
from api.schemas.items import FeedItemSchema, FeedPageSchema
from indexer.queries.suggest import SUGGEST_TYPES


class SearchArgs(Paged):
    q = query_field()
    model = model_field()
    label = TagList(load_default=list)
    time = time_field()
    sort = sort_field("relevance", ["relevance", "hot", "new"])


class SearchPageSchema(FeedPageSchema):
    did_you_mean = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "when nothing is found: a nearby query the corpus knows (from the engine's suggesters)"
        },
    )
    query_help = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "what of the query's operators could not be read, as help in Chinese (empty: all read)"
        },
    )
    took = fields.Float(required=True, metadata={"description": "the engine's time for this page, in seconds"})


__all__ = ["FeedItemSchema", "SearchPageSchema"]


class SuggestArgs(Trimmed):
    q = query_field()
    type = constant_field("stories_title")


class SuggestTitleSchema(Schema):
    id = fields.Integer(required=True)
    title = fields.String(required=True)


class SuggestStorySchema(Schema):
    story_info = fields.Nested(SuggestTitleSchema, required=True)


class SuggestionSchema(Schema):
    source = fields.Nested(
        SuggestStorySchema,
        required=True,
        metadata={"description": "the spec's shape for every kind: the title, repository or name, and the item's id"},
    )
    highlight = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "{'story_info.title': [escaped HTML with <em> marks]}"},
    )
    type = fields.String(
        required=True,
        validate=validate.OneOf(SUGGEST_TYPES),
        metadata={"description": "the kind of the suggested item"},
    )
    url = fields.String(
        required=True,
        metadata={"description": "where choosing it goes: the item's page on the hub, a project's repository"},
    )


class HotwordArgs(Trimmed):
    type = constant_field("hotwords")


class HotwordContentSchema(Schema):
    content = fields.String(required=True)


class HotwordSchema(Schema):
    source = fields.Nested(HotwordContentSchema, required=True)


class TotalArgs(Trimmed):
    q = query_field()
    label = TagList(load_default=list)
    time = time_field()
    # the list's sort: a list ordered by heat or date holds only the close matches (indexer/queries/search.py)
    sort = sort_field("relevance", ["relevance", "hot", "new"])


# {all, story, paper, event, project}: one count per searchable kind.
TotalSchema = type(
    "TotalSchema",
    (Schema,),
    {"all": fields.Integer(required=True), **{name: fields.Integer(required=True) for name in kinds.SEARCHABLE}},
)
