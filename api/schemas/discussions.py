"""Discussion threads under stories and papers (issue 34): the thread's and a reply's shapes, the
reply, report and delete bodies, the paging of a thread and of a reply's children."""

from __future__ import annotations

import copy

from marshmallow import Schema, fields, validate

from api.schemas.common import StrictInt, Trimmed, page_field
from api.schemas.writes import ReportReason
from kinds.common import strip_unwanted
from store.link import MAX_REPLY_CHARS

TEXT_MAX = MAX_REPLY_CHARS
REASON_MAX = 200
ORDERS = ("new", "hot")
MSG_TEXT_EMPTY = "评论内容不能为空"
MSG_TEXT_TOO_LONG = f"评论内容不能超过{TEXT_MAX}个字符"
MSG_REPLY_GONE = "回复的评论不存在"
MSG_QUOTE_GONE = "引用的评论不存在"
MSG_REASON_REQUIRED = "请填写删除原因"
MSG_REASON_TOO_LONG = f"删除原因不能超过{REASON_MAX}个字符"
MSG_SIZE = "每页数量应在1到30之间"
MSG_CHILDREN = "子评论数量应在0到10之间"
MSG_ORDER = "不支持的排序方式"
REPLY_ID = r"^[0-9]{1,18}$"


class ReplyText(fields.String):
    """Plain text: invisible and control characters out, then trimmed (a reply of spaces is empty)."""

    def _deserialize(self, value, attr, data, **kwargs):
        return strip_unwanted(super()._deserialize(value, attr, data, **kwargs)).strip()


class ThreadArgs(Trimmed):
    order = fields.String(
        load_default="new",
        validate=validate.OneOf(ORDERS, error=MSG_ORDER),
        metadata={"description": "new: newest first; hot: likes plus replies, then newest"},
    )
    page = page_field()
    size = StrictInt(load_default=10, minimum=1, maximum=30, message=MSG_SIZE)
    children = StrictInt(
        load_default=3, minimum=0, maximum=10, message=MSG_CHILDREN, metadata={"description": "inlined per reply"}
    )


class ChildrenArgs(Trimmed):
    page = page_field()
    size = StrictInt(load_default=10, minimum=1, maximum=30, message=MSG_SIZE)


class UserRepliesArgs(ChildrenArgs):
    pass


class ReplyBody(Trimmed):
    text = ReplyText(
        required=True,
        validate=[
            validate.Length(min=1, error=MSG_TEXT_EMPTY),
            validate.Length(max=TEXT_MAX, error=MSG_TEXT_TOO_LONG),
        ],
        error_messages={"required": MSG_TEXT_EMPTY, "null": MSG_TEXT_EMPTY, "invalid": MSG_TEXT_EMPTY},
        metadata={
            "description": f"plain text, 1-{TEXT_MAX} characters after trimming; links and @名字 are linked",
            "x_messages": {"required": MSG_TEXT_EMPTY, "minLength": MSG_TEXT_EMPTY, "maxLength": MSG_TEXT_TOO_LONG},
        },
    )
    reply_to_id = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Regexp(REPLY_ID, error=MSG_REPLY_GONE),
        error_messages={"invalid": MSG_REPLY_GONE},
        metadata={"description": "the reply answered (of this thread); absent: a top-level reply"},
    )
    quote_id = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Regexp(REPLY_ID, error=MSG_QUOTE_GONE),
        error_messages={"invalid": MSG_QUOTE_GONE},
        metadata={"description": "a reply of this thread to quote"},
    )


def _link_field() -> fields.Field:
    field = copy.copy(ReportReason._declared_fields["url"])
    field.data_key = "link"
    return field


class ReplyReportBody(ReportReason):
    """The story report's reason and rules; the link to the original is sent as `link`."""

    url = _link_field()


class ReplyDeleteBody(Trimmed):
    reason = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=REASON_MAX, error=MSG_REASON_TOO_LONG),
        metadata={
            "description": "required (1-200) when an editor deletes someone else's reply; it reaches the author",
            "x_messages": {"required": MSG_REASON_REQUIRED, "maxLength": MSG_REASON_TOO_LONG},
        },
    )


class ReplyAuthorSchema(Schema):
    id = fields.Integer(required=True, allow_none=True, metadata={"description": "null: a remote account"})
    name = fields.String(required=True, allow_none=True)
    avatar_url = fields.String(required=True, allow_none=True)


class ReplyToSchema(Schema):
    id = fields.String(required=True)
    author_name = fields.String(required=True, allow_none=True)


class QuoteSchema(Schema):
    id = fields.String(required=True)
    author_name = fields.String(required=True, allow_none=True)
    excerpt = fields.String(required=True, metadata={"description": "empty when the quoted reply is deleted"})
    deleted = fields.Boolean(required=True)


class ReplySchema(Schema):
    id = fields.String(required=True)
    author = fields.Nested(ReplyAuthorSchema, required=True, allow_none=True, metadata={"description": "null: deleted"})
    text = fields.String(required=True, metadata={"description": "plain text; empty when deleted"})
    html = fields.String(required=True, metadata={"description": "sanitised: escaped text, links, @mentions"})
    created_at = fields.String(required=True, metadata={"description": "ISO 8601 UTC"})
    like_count = fields.Integer(required=True)
    liked = fields.Boolean(required=True)
    reported = fields.Boolean(required=True, metadata={"description": "the viewer has reported it (举报 → 已举报)"})
    mine = fields.Boolean(required=True)
    can_delete = fields.Boolean(required=True)
    deleted = fields.Boolean(required=True, metadata={"description": "a tombstone: the UI shows 该评论已删除"})
    reply_to = fields.Nested(
        ReplyToSchema, required=True, allow_none=True, metadata={"description": "set on a reply to a level-2 reply"}
    )
    quote = fields.Nested(QuoteSchema, required=True, allow_none=True)
    children = fields.List(
        fields.Nested(lambda: ReplySchema()), required=True, metadata={"description": "level 2, oldest first"}
    )
    children_count = fields.Integer(required=True)


class ThreadSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(("story", "paper")))
    item_id = fields.String(required=True)
    post_id = fields.String(required=True, allow_none=True, metadata={"description": "the item's link post"})
    count = fields.Integer(required=True, metadata={"description": "live replies, all levels"})
    page = fields.Integer(required=True)
    size = fields.Integer(required=True)
    total_top = fields.Integer(required=True)
    replies = fields.List(fields.Nested(ReplySchema), required=True)


class RepliesPage(Schema):
    page = fields.Integer(required=True)
    size = fields.Integer(required=True)
    total = fields.Integer(required=True)


class ChildrenSchema(RepliesPage):
    replies = fields.List(fields.Nested(ReplySchema), required=True)


class LikeStateSchema(Schema):
    id = fields.String(required=True)
    like_count = fields.Integer(required=True)
    liked = fields.Boolean(required=True)


class ReplyReportedSchema(Schema):
    id = fields.String(required=True)
    reported = fields.Boolean(required=True)


class ReplyDeletedSchema(Schema):
    id = fields.String(required=True)
    deleted = fields.Boolean(required=True)
    remote_kept = fields.Boolean(
        required=True,
        metadata={
            "description": "true: a reply the remote link server holds was only hidden here (an editor's delete "
            "of another member's reply: only its author can delete it there); msg 已在本站隐藏，远程服务器上的原文仅作者可删除"
        },
    )


class UserReplySchema(Schema):
    id = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(("story", "paper")))
    item_id = fields.String(required=True, metadata={"description": "the key the item's page takes"})
    item_title = fields.String(required=True, allow_none=True)
    excerpt = fields.String(required=True)
    created_at = fields.String(required=True)
    like_count = fields.Integer(required=True)


class UserRepliesSchema(RepliesPage):
    replies = fields.List(fields.Nested(UserReplySchema), required=True)


__all__ = [
    "ChildrenArgs",
    "ChildrenSchema",
    "LikeStateSchema",
    "ReplyBody",
    "ReplyDeleteBody",
    "ReplyDeletedSchema",
    "ReplyReportBody",
    "ReplyReportedSchema",
    "ReplySchema",
    "ThreadArgs",
    "ThreadSchema",
    "UserRepliesArgs",
    "UserRepliesSchema",
]
