"""The shapes of what the API returns: feed items and their *_info payloads (spec section 3).

Output schemas list every field on purpose: they shape the response and document it in OpenAPI."""

from __future__ import annotations

from marshmallow import Schema, fields


class TagSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    highlighted = fields.Boolean(metadata={"description": "matches the current label filter (shown first)"})


class StoryInfoSchema(Schema):
    id = fields.Integer(required=True)
    title = fields.String(required=True)
    title_html = fields.String(metadata={"description": "escaped HTML, <em> marks the match"})
    summary = fields.String(allow_none=True)
    cover_url = fields.String(allow_none=True)
    created_at = fields.String(allow_none=True)
    user_id = fields.Integer(allow_none=True)
    user_name = fields.String(allow_none=True)
    user_avatar = fields.String(allow_none=True)
    is_expert = fields.Boolean()
    story_show_user_name = fields.Boolean()
    is_anonymous = fields.Boolean(metadata={"description": "no user name, avatar or id: shown as 匿名"})
    author_name = fields.String(metadata={"description": "user_name, or 匿名"})
    source_id = fields.String(allow_none=True)
    final_score = fields.Integer()
    remark_count = fields.Integer()
    view_count = fields.Integer()
    tag_names = fields.List(fields.Nested(TagSchema))
    is_voted = fields.Boolean()
    is_marked = fields.Boolean()
    is_reported = fields.Boolean()
    can_editor = fields.Boolean()
    can_delete = fields.Boolean()
    session_user_id = fields.Integer(allow_none=True)


class StoryDetailSchema(StoryInfoSchema):
    content = fields.String(metadata={"description": "sanitised HTML"})


class EventInfoSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(metadata={"description": "escaped HTML, highlighted when searched"})
    oldName = fields.String(metadata={"description": "plain name"})
    ac_name = fields.String()
    ac_img = fields.String(allow_none=True)
    title = fields.String(allow_none=True)
    title_html = fields.String()
    brief = fields.String(allow_none=True)
    image_url = fields.String(allow_none=True)
    address = fields.String(allow_none=True)
    company = fields.String(allow_none=True)
    start_time = fields.String()
    end_time = fields.String()
    time_desc = fields.String(allow_none=True)
    button_msg = fields.String(allow_none=True)
    icon_msg = fields.String(allow_none=True, metadata={"description": "报名中 | 直播 | null"})
    color_status = fields.String(metadata={"description": "open | live | ended"})
    tag_names = fields.List(fields.Nested(TagSchema))


class PaperInfoSchema(Schema):
    id = fields.Integer(required=True)
    arxiv_id = fields.String()
    arxiv_version = fields.Integer()
    title = fields.String()
    title_html = fields.String()
    title_cn = fields.String(allow_none=True)
    title_cn_html = fields.String(allow_none=True)
    abstract = fields.String()
    summary_cn = fields.String(allow_none=True)
    authors = fields.List(fields.String())
    published_at = fields.String()
    hotness = fields.Integer()
    url = fields.String()
    pdf_url = fields.String()
    tag_names = fields.List(fields.Nested(TagSchema))


class ProjectInfoSchema(Schema):
    id = fields.Integer(required=True)
    repo = fields.String()
    owner = fields.String()
    name = fields.String()
    title_html = fields.String()
    description = fields.String()
    description_cn = fields.String(allow_none=True)
    language = fields.String(allow_none=True)
    stars = fields.Integer()
    forks = fields.Integer()
    topics = fields.List(fields.String())
    url = fields.String()
    created_at = fields.String()
    tag_names = fields.List(fields.Nested(TagSchema))


class FeedItemSchema(Schema):
    type = fields.String(required=True, metadata={"description": "story | paper | event | project"})
    id = fields.Integer(required=True)
    is_event = fields.Boolean(required=True)
    story_id = fields.Integer(allow_none=True)
    source = fields.Dict(required=True, metadata={"description": "the item's *_info"})
    story_info = fields.Nested(StoryInfoSchema, allow_none=True)
    event_info = fields.Nested(EventInfoSchema, allow_none=True)
    paper_info = fields.Nested(PaperInfoSchema, allow_none=True)
    project_info = fields.Nested(ProjectInfoSchema, allow_none=True)
    highlight = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))


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
