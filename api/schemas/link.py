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
    access_token = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "store it locally, send it as Bearer; null: go to `authorize_url` first"},
    )
    token_type = fields.String()
    scope = fields.String()
    base_url = fields.String(required=True)
    authorize_url = fields.String(
        metadata={"description": "a remote link server's consent page: send the browser there (no token yet)"}
    )


class AuthorizeArgs(Trimmed):
    next = fields.String(
        load_default=None,
        validate=validate.Length(max=1000),
        metadata={"description": "the page (a path of this site) to come back to after a remote authorization"},
    )


class CallbackArgs(Trimmed):
    """What the remote server sends back: read by the service from the query string; declared for the
    documentation and length limits."""

    code = fields.String(validate=validate.Length(max=1000))
    state = fields.String(validate=validate.Length(max=500))
    error = fields.String(validate=validate.Length(max=200))
    error_description = fields.String(validate=validate.Length(max=2000))


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
