"""The spec's envelope {code, data, msg}: code 0 is success, anything else an error (the HTTP status)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

# Messages of the spec's error catalogue, shown by the UI as they are.
MSG_UNAVAILABLE = "请求失败，点击重新加载"
MSG_NOT_FOUND = "内容不存在"
MSG_BAD_REQUEST = "请求参数错误"
MSG_SERVER_ERROR = "服务器内部错误"
MSG_TOO_MANY = "操作太频繁，请稍后再试"
MSG_FORBIDDEN = "没有权限"

# Writes (issue 9): who may write, and the messages of the story, delete and report forms.
MSG_LOGIN_REQUIRED = "请先登录"
MSG_CREATED = "发布成功"
MSG_SAVED = "保存成功"
MSG_DELETED = "删除成功"
MSG_DONE = "操作成功"
MSG_REPORTED = "举报成功"
MSG_REPORT_CANCELLED = "取消举报成功"
MSG_TITLE_REQUIRED = "请填写标题"
MSG_TITLE_TOO_LONG = "标题不能超过200个字符"
MSG_CONTENT_REQUIRED = "请填写内容"
MSG_TOO_MANY_TAGS = "最多选择5个标签"
MSG_GROUP_TAG_LIMIT = "{group}最多选择{limit}个标签"  # a tag group's own limit (data/tags.json)
MSG_UNKNOWN_TAG = "标签不存在"
MSG_BAD_COVER = "封面链接格式错误"
MSG_DELETE_REASON_REQUIRED = "请填写删除理由"
MSG_DELETE_REASON_TOO_LONG = "删除理由不能超过500个字符"
MSG_STORY_ID_REQUIRED = "缺少文章 id"
MSG_REPORT_TYPE_REQUIRED = "请选择举报类型"
MSG_REPORT_URL_REQUIRED = "请填写举报链接"
MSG_REPORT_URL_INVALID = "举报链接格式错误"
MSG_REPORT_REMARK_TOO_LONG = "备注不能超过200个字符"


def ok(data: Any = None, msg: str = "") -> dict:
    return {"code": 0, "data": data, "msg": msg}


class ApiError(Exception):
    """Raise anywhere in a request to answer the envelope with a non-zero code."""

    def __init__(self, status: int, msg: str, data: Any = None):
        super().__init__(msg)
        self.status = status
        self.msg = msg
        self.data = data


def error_body(status: int, msg: str, data: Any = None) -> dict:
    return {"code": status, "data": data, "msg": msg}


_ENVELOPES: dict[str, type[Schema]] = {}


def envelope_of(inner: type[Schema] | Schema, many: bool = False, name: str | None = None) -> type[Schema]:
    """An envelope schema whose `data` is `inner` (for validation of output and the OpenAPI document)."""
    inner_name = inner.__name__ if isinstance(inner, type) else type(inner).__name__
    key = name or f"{inner_name.removesuffix('Schema')}{'List' if many else ''}Envelope"
    if key not in _ENVELOPES:
        _ENVELOPES[key] = type(
            key,
            (Schema,),
            {
                "code": fields.Integer(required=True, metadata={"description": "0 on success"}),
                "data": fields.Nested(inner, many=many, allow_none=True),
                "msg": fields.String(),
            },
        )
    return _ENVELOPES[key]


# Events (issue 13): sign-up form, seats, tickets; calendar files; sharing; wish lectures; messages.
MSG_SIGNED_UP = "报名成功"
MSG_ORDER_NAME_REQUIRED = "请填写姓名"
MSG_ORDER_NAME_TOO_LONG = "姓名不能超过50个字符"
MSG_ORDER_PHONE_INVALID = "手机号格式错误"
MSG_ORDER_EMAIL_REQUIRED = "请填写邮箱"
MSG_ORDER_EMAIL_INVALID = "邮箱格式错误"
MSG_ORDER_REGION_TOO_LONG = "地区最多 20 个字符"
MSG_ACTIVITY_ID_REQUIRED = "缺少活动 id"
MSG_ALREADY_SIGNED_UP = "您已报名该活动"
MSG_EVENT_FULL = "名额已满，报名人数已达上限"
MSG_EVENT_ENDED = "活动已结束，无法报名"
MSG_CALENDAR_TITLE_REQUIRED = "请填写日程标题"
MSG_CALENDAR_TIME_INVALID = "日程时间格式错误"
MSG_SHARE_URL_INVALID = "分享链接格式错误"
MSG_WECHAT_NOT_CONFIGURED = "微信分享未配置"
MSG_WECHAT_FAILED = "微信接口调用失败，请稍后重试"
MSG_WISH_TYPE_INVALID = "类型只能是 1 或 2"
MSG_PAPER_ID_REQUIRED = "缺少论文 id"
