"""Bodies and answers of the event sign-up, calendar, wish-lecture, sharing and message calls (issue 13)."""

from __future__ import annotations

import re

from marshmallow import Schema, ValidationError, fields, validate, validates

from api.envelope import (
    MSG_ACTIVITY_ID_REQUIRED,
    MSG_CALENDAR_TITLE_REQUIRED,
    MSG_ORDER_EMAIL_INVALID,
    MSG_ORDER_EMAIL_REQUIRED,
    MSG_ORDER_NAME_REQUIRED,
    MSG_ORDER_NAME_TOO_LONG,
    MSG_ORDER_PHONE_INVALID,
    MSG_ORDER_REGION_TOO_LONG,
    MSG_PAPER_ID_REQUIRED,
    MSG_SHARE_URL_INVALID,
    MSG_WISH_TYPE_INVALID,
)
from api.schemas.common import Paged, StrictInt, TagList, Trimmed
from api.schemas.writes import is_web_url
from kinds.event import TicketSchema

NAME_MAX = 50
REGION_MAX = 20
EMAIL_MAX = 200
# Digits with an optional leading +, and spaces or hyphens between groups: 6 to 20 characters. `*` may mask
# middle digits: accounts carry phones in the masked form the site shows (176****8115).
PHONE = re.compile(r"\+?[0-9][0-9 *\-]{4,18}[0-9]")


def _messages(msg: str) -> dict:
    return {"required": msg, "null": msg, "invalid": msg}


class SaveOrderBody(Trimmed):
    """POST /v1/events/saveOrder: the attendee's details (the UI sends the account's)."""

    name = fields.String(
        required=True,
        validate=[
            validate.Length(min=1, error=MSG_ORDER_NAME_REQUIRED),
            validate.Length(max=NAME_MAX, error=MSG_ORDER_NAME_TOO_LONG),
        ],
        error_messages=_messages(MSG_ORDER_NAME_REQUIRED),
    )
    phone = fields.String(
        load_default=None,
        allow_none=True,
        error_messages={"invalid": MSG_ORDER_PHONE_INVALID},
        metadata={"description": "optional; digits, an optional leading +, spaces or hyphens"},
    )
    region = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=REGION_MAX, error=MSG_ORDER_REGION_TOO_LONG),
        error_messages={"invalid": MSG_ORDER_REGION_TOO_LONG},
    )
    email = fields.String(
        required=True,
        validate=[
            validate.Length(min=1, error=MSG_ORDER_EMAIL_REQUIRED),
            validate.Length(max=EMAIL_MAX, error=MSG_ORDER_EMAIL_INVALID),
            validate.Email(error=MSG_ORDER_EMAIL_INVALID),
        ],
        error_messages=_messages(MSG_ORDER_EMAIL_REQUIRED),
    )
    activityId = StrictInt(  # noqa: N815 (the spec's name)
        required=True,
        minimum=1,
        message="活动 id 格式错误",
        error_messages={"required": MSG_ACTIVITY_ID_REQUIRED},
    )

    @validates("phone")
    def phone_shape(self, value, **_):
        if value and not PHONE.fullmatch(value):
            raise ValidationError(MSG_ORDER_PHONE_INVALID)


class OrderStateSchema(Schema):
    order_status = fields.Integer(allow_none=True, metadata={"description": "1: signed up"})
    order_info = fields.Nested(TicketSchema, allow_none=True)


class SubscriptionQuery(Trimmed):
    """GET /v1/story/subscription/: an event by `id` (its stored details win), or a free entry."""

    id = StrictInt(load_default=None, minimum=1, message="活动 id 格式错误")
    title = fields.String(load_default=None, validate=validate.Length(max=300), metadata={"label": "日程标题"})
    start_time = fields.DateTime(load_default=None, metadata={"label": "开始时间", "description": "ISO 8601"})
    end_time = fields.DateTime(load_default=None, metadata={"label": "结束时间", "description": "ISO 8601"})
    description = fields.String(load_default=None, validate=validate.Length(max=2000), metadata={"label": "描述"})
    url = fields.String(load_default=None, validate=validate.Length(max=500), metadata={"label": "链接"})
    location = fields.String(load_default=None, validate=validate.Length(max=300), metadata={"label": "地点"})

    @validates("url")
    def web_url(self, value, **_):
        if value and not is_web_url(value):
            raise ValidationError("链接格式错误")

    @validates("title")
    def title_present(self, value, **_):
        if value is not None and not value:
            raise ValidationError(MSG_CALENDAR_TITLE_REQUIRED)


class CalendarFeedQuery(Trimmed):
    """GET /v1/events/calendar.ics: upcoming events, of any of these tags (none: all)."""

    label = TagList(load_default=list)


class WishBody(Trimmed):
    id = StrictInt(
        required=True, minimum=1, message="论文 id 格式错误", error_messages={"required": MSG_PAPER_ID_REQUIRED}
    )
    type = StrictInt(load_default=1, minimum=1, maximum=2, message=MSG_WISH_TYPE_INVALID)


class WishStateSchema(Schema):
    id = fields.Integer(required=True)
    type = fields.Integer(required=True)
    is_wished = fields.Boolean(required=True, metadata={"description": "the caller wished it (false signed out)"})
    count = fields.Integer(required=True, metadata={"description": "wishes of everyone for this paper and type"})


class WxShareBody(Trimmed):
    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=1000, error=MSG_SHARE_URL_INVALID),
        error_messages=_messages(MSG_SHARE_URL_INVALID),
        metadata={"description": "the page's URL (URL-encoded or plain), on one of HUB_SITE_ORIGINS"},
    )


class WxShareSchema(Schema):
    appId = fields.String(required=True)  # noqa: N815
    nonceStr = fields.String(required=True)  # noqa: N815
    timestamp = fields.Integer(required=True)
    url = fields.String(required=True)
    signature = fields.String(required=True)


class UnreadSchema(Schema):
    is_read = fields.Boolean(required=True, metadata={"description": "true when nothing is unread"})
    unread_count = fields.Integer(required=True)


class MessageSchema(Schema):
    id = fields.Integer(required=True)
    kind = fields.String(
        required=True,
        metadata={"description": "voted | marked | deleted (stories); reply | comment | mention | reply_deleted"},
    )
    text = fields.String(required=True, metadata={"description": "the notice in Chinese"})
    story_id = fields.Integer(allow_none=True)
    story_title = fields.String(allow_none=True)
    actor_id = fields.Integer(allow_none=True)
    actor_name = fields.String(allow_none=True)
    reason = fields.String(allow_none=True)
    created_at = fields.String(required=True)
    is_read = fields.Boolean(required=True)
    item_kind = fields.String(
        required=True, allow_none=True, metadata={"description": "story | paper: the discussed item"}
    )
    item_id = fields.String(required=True, allow_none=True, metadata={"description": "the key the item's page takes"})
    item_title = fields.String(required=True, allow_none=True)
    reply_id = fields.String(required=True, allow_none=True)
    excerpt = fields.String(required=True, allow_none=True, metadata={"description": "the reply's opening, plain text"})


class MessagePageSchema(Schema):
    list = fields.List(fields.Nested(MessageSchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    size = fields.Integer(required=True)
    hasNextPage = fields.Boolean(required=True)  # noqa: N815


class MessagesQuery(Paged):
    pass


class MarkReadBody(Trimmed):
    ids = fields.List(
        StrictInt(minimum=1, message="消息 id 格式错误"),
        load_default=None,
        validate=validate.Length(max=100, error="消息 id 数量应在1到100之间"),
        metadata={"label": "消息 id", "description": "omitted: mark every message read"},
    )
