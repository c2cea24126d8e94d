"""The hub's link-feed calls: authorize check and authorize, publish a paper, a story's link post."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.common import StrictInt, Trimmed

POST_ID = validate.Regexp(r"^[0-9A-Za-z_-]{1,40}$", error="动态编号格式错误")


class LinkAccountSchema(Schema):
    id = fields.String(required=True)
    display_name = fields.String(allow_none=True)


class AuthorizeCheckSchema(Schema):
    authorized = fields.Boolean(required=True, metadata={"description": "the sent bearer token is good"})
    base_url = fields.String(required=True, metadata={"description": "the link service's base"})
    account = fields.Nested(LinkAccountSchema, allow_none=True)


class AuthorizeSchema(Schema):
    access_token = fields.String(required=True, metadata={"description": "store it locally, send it as Bearer"})
    token_type = fields.String(required=True)
    scope = fields.String(required=True)
    base_url = fields.String(required=True)


class PublishedSchema(Schema):
    post_id = fields.String(required=True)
    url = fields.String(allow_none=True)
    created = fields.Boolean(required=True, metadata={"description": "false: the paper was published before"})


class UpdatePostIdBody(Trimmed):
    story_id = StrictInt(
        required=True, minimum=1, message="文章编号格式错误", error_messages={"required": "缺少文章编号"}
    )
    post_id = fields.String(required=True, validate=POST_ID, error_messages={"required": "缺少动态编号"})


class PostIdSchema(Schema):
    story_id = fields.Integer(required=True)
    post_id = fields.String(required=True)
