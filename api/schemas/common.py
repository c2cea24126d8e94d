"""Query fields shared by search and feeds, with the spec's Chinese messages."""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load, validate, validates_schema

from indexer.queries.common import CONTENT_TYPES, TIME_RANGES

MAX_QUERY = 100
PAGE_ERROR = "页码必须是正整数"
SIZE_ERROR = "每页数量应在1到50之间"
# Elasticsearch answers at most 10,000 hits deep (index.max_result_window).
MAX_DEPTH = 10_000


class TagList(fields.Field):
    """`label` as repeated parameters, one comma-separated value, or a JSON list of tag ids."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {"type": "array", "items": {"type": "string"}, "description": "标签 id"})
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if value is None:
            return []
        values = value if isinstance(value, list) else [value]
        tags = [t.strip() for v in values for t in str(v).split(",") if t.strip()]
        if len(tags) > 30:
            raise ValidationError("标签数量过多")
        return list(dict.fromkeys(tags))


class Trimmed(Schema):
    class Meta:
        unknown = EXCLUDE

    @pre_load
    def trim_strings(self, data, **_):
        if hasattr(data, "to_dict"):
            multi = {key: data.getlist(key) for key in data.keys()}
            data = {k: (v if k == "label" and len(v) > 1 else v[0]) for k, v in multi.items()}
        if not isinstance(data, dict):
            raise ValidationError("请求参数错误")
        return {k: v.strip() if isinstance(v, str) else v for k, v in data.items()}


def page_field() -> fields.Integer:
    return fields.Integer(
        load_default=1,
        validate=validate.Range(min=1, max=500, error=PAGE_ERROR),
        error_messages={"invalid": PAGE_ERROR, "null": PAGE_ERROR},
    )


def size_field(default: int = 20) -> fields.Integer:
    return fields.Integer(
        load_default=default,
        validate=validate.Range(min=1, max=50, error=SIZE_ERROR),
        error_messages={"invalid": SIZE_ERROR, "null": SIZE_ERROR},
    )


class Paged(Trimmed):
    """page (from 1) and size, never deeper than the index answers."""

    page = page_field()
    size = size_field()

    @validates_schema
    def not_too_deep(self, data, **_):
        if data.get("page", 1) * data.get("size", 20) > MAX_DEPTH:
            raise ValidationError("页码超出范围", "page")


def query_field() -> fields.String:
    return fields.String(
        load_default="",
        validate=validate.Length(max=MAX_QUERY, error="搜索内容不能超过100个字符"),
        error_messages={"invalid": "搜索内容格式错误"},
    )


def model_field() -> fields.String:
    return fields.String(load_default=None, validate=validate.OneOf(CONTENT_TYPES, error="不支持的内容类型"))


def time_field(default: str | None = None) -> fields.String:
    return fields.String(
        load_default=default,
        allow_none=True,
        validate=validate.OneOf(list(TIME_RANGES), error="不支持的时间范围"),
        metadata={"description": "day | 3day | week | month; null = all time"},
    )


def sort_field(default: str, choices: list[str]) -> fields.String:
    return fields.String(load_default=default, validate=validate.OneOf(choices, error="不支持的排序方式"))


def constant_field(value: str) -> fields.String:
    return fields.String(load_default=value, validate=validate.OneOf([value], error="不支持的请求类型"))
