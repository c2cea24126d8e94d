"""The user list, profile edit and account bindings (the signed-in caller's own)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.common import Paged, Trimmed
from api.schemas.items import PagingSchema

NAME_MAX = 30
REGION_MAX = 20
MSG_NAME_REQUIRED = "请填写昵称"
MSG_NAME_LENGTH = f"昵称需为 1–{NAME_MAX} 个字符"
MSG_REGION_TOO_LONG = f"地区最多 {REGION_MAX} 个字符"
# The host check is the service's (api/services/users.py: the configured avatar hosts), its message documented here.
MSG_AVATAR = "头像地址需为允许的图片地址（http 或 https）"


class UserListArgs(Paged):
    pass


class UserCardSchema(Schema):
    id = fields.Integer(required=True)
    # Always sent (null when unset): required in the document, so the UI's type says `string | null`.
    name = fields.String(required=True, allow_none=True)
    avatar_url = fields.String(required=True, allow_none=True)
    is_expert = fields.Boolean(required=True)
    score = fields.Integer(required=True)


class UserPageSchema(PagingSchema):
    list = fields.List(fields.Nested(UserCardSchema), required=True)


class ProfileEditBody(Trimmed):
    """name 1–30 characters; avatar_url an http(s) URL on an allowed host, or empty (none); region ≤ 20."""

    name = fields.String(
        required=True,
        validate=validate.Length(min=1, max=NAME_MAX, error=MSG_NAME_LENGTH),
        error_messages={"required": MSG_NAME_REQUIRED, "null": MSG_NAME_REQUIRED, "invalid": "昵称格式错误"},
        # the messages the UI's form shows (ui/src/api/rules.ts)
        metadata={
            "x_messages": {"required": MSG_NAME_REQUIRED, "minLength": MSG_NAME_LENGTH, "maxLength": MSG_NAME_LENGTH}
        },
    )
    avatar_url = fields.String(
        load_default="",
        allow_none=True,
        error_messages={"invalid": "头像地址格式错误"},
        metadata={"x_messages": {"format": MSG_AVATAR}},
    )
    region = fields.String(
        load_default="",
        allow_none=True,
        validate=validate.Length(max=REGION_MAX, error=MSG_REGION_TOO_LONG),
        error_messages={"invalid": "地区格式错误"},
        metadata={"x_messages": {"maxLength": MSG_REGION_TOO_LONG}},
    )


class ProfileSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    avatar_url = fields.String(allow_none=True)
    region = fields.String(allow_none=True)


class BindingSchema(Schema):
    provider = fields.String(required=True, metadata={"description": "the provider (or the provider's upstream login)"})
    email = fields.String(allow_none=True)
    bound_at = fields.DateTime(required=True)


class BindingListSchema(Schema):
    list = fields.List(fields.Nested(BindingSchema), required=True)
