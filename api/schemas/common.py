"""Query fields shared by search and feeds, with the spec's Chinese messages."""
from __future__ import annotations

from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load, validate

from indexer.queries.common import CONTENT_TYPES, TIME_RANGES

MAX_QUERY = 100
PAGE_ERROR = "页码必须是正整数"


class TagList(fields.Field):
    """`label` as repeated parameters or one comma-separated value."""

    def _deserialize(self, value, attr, data, **kwargs):
        values = value if isinstance(value, list) else [value]
        tags = [t.strip() for v in values for t in str(v).split(",") if t.strip()]
        if len(tags) > 30:
            raise ValidationError("标签数量过多")
        return tags


class Trimmed(Schema):
    class Meta:
        unknown = EXCLUDE

    @pre_load
    def trim_strings(self, data, **_):
        if hasattr(data, "to_dict"):
            multi = {key: data.getlist(key) for key in data.keys()}
            data = {k: (v if k == "label" and len(v) > 1 else v[0]) for k, v in multi.items()}
        return {k: v.strip() if isinstance(v, str) else v for k, v in data.items()}


def page_field() -> fields.Integer:
    return fields.Integer(load_default=1, validate=validate.Range(min=1, max=500, error=PAGE_ERROR),
                          error_messages={"invalid": PAGE_ERROR})


def size_field(default: int = 20) -> fields.Integer:
    return fields.Integer(load_default=default, validate=validate.Range(min=1, max=50, error="每页数量应在1到50之间"),
                          error_messages={"invalid": "每页数量应在1到50之间"})


def query_field() -> fields.String:
    return fields.String(load_default="", validate=validate.Length(max=MAX_QUERY, error="搜索内容不能超过100个字符"))


def model_field() -> fields.String:
    return fields.String(load_default=None, validate=validate.OneOf(CONTENT_TYPES, error="不支持的内容类型"))


def time_field() -> fields.String:
    return fields.String(load_default=None, validate=validate.OneOf(list(TIME_RANGES), error="不支持的时间范围"))
