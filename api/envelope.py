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
