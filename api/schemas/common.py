"""Query fields shared by search and feeds, with the spec's Chinese messages."""

from __future__ import annotations

import re

from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load, validate, validates_schema

from api.envelope import MSG_BAD_REQUEST
from indexer.queries.common import CONTENT_TYPES, TIME_RANGES

MAX_QUERY = 100
PAGE_ERROR = "页码必须是正整数"
SIZE_ERROR = "每页数量应在1到50之间"
TAG_ERROR = "标签格式错误"
# Elasticsearch answers at most 10,000 hits deep (index.max_result_window).
MAX_DEPTH = 10_000
# The largest integer any input may carry: Elasticsearch's and the database's 64-bit integers.
MAX_INT = 2**63 - 1
ASCII_DIGITS = re.compile(r"[0-9]{1,19}")


class StrictInt(fields.Integer):
    """Every integer input. In a JSON body: a JSON integer, nothing else (`1.5`, `1.0`, `"1"`, `" 17 "`,
    `true`, `[1]` are refused). In a query string, where everything is text: ASCII digits only, turned
    into a number by `Trimmed` before loading (`２`, `1.5`, `+1`, `-1`, ` 2` stay text and are refused).
    Outside `minimum`..MAX_INT the same message as a wrong type: one Chinese message per field, never
    marshmallow's English ("Not a valid integer.", "Number too large.")."""

    def __init__(self, *, minimum: int = 0, maximum: int = MAX_INT, message: str = MSG_BAD_REQUEST, **kwargs):
        messages = {"invalid": message, "too_large": message, "null": message, **kwargs.pop("error_messages", {})}
        kwargs["validate"] = [
            validate.Range(min=minimum, max=maximum, error=message),
            *_as_list(kwargs.get("validate")),
        ]
        super().__init__(strict=True, error_messages=messages, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid")
        return value


def _as_list(validators) -> list:
    if validators is None:
        return []
    return list(validators) if isinstance(validators, list | tuple) else [validators]


class TagList(fields.Field):
    """`label` as repeated parameters, one comma-separated value, or a JSON list of tag ids."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {"type": "array", "items": {"type": "string"}, "description": "标签 id"})
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if value is None:
            return []
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str) for v in values):  # tag ids are text: no numbers, objects, nulls
            raise ValidationError(TAG_ERROR)
        tags = [t.strip() for v in values for t in v.split(",") if t.strip()]
        if len(tags) > 30:
            raise ValidationError("标签数量过多")
        if any(len(tag) > 100 for tag in tags):
            raise ValidationError(TAG_ERROR)
        return list(dict.fromkeys(tags))


def _english_defaults(field: fields.Field) -> dict[str, str]:
    defaults: dict[str, str] = {}
    for cls in reversed(type(field).__mro__):
        defaults.update(getattr(cls, "default_error_messages", {}))
    return defaults


def chinese_messages(field: fields.Field, label: str | None = None) -> None:
    """Replace every message of `field` (and of the fields inside a list) still at marshmallow's English
    default, and give validators without a message one: `缺少<label>` when missing, else `<label>格式错误`
    (the spec's wording, e.g. 缺少活动 id, 活动 id 格式错误). A field's own messages stay as written."""
    label = label or field.metadata.get("label") or field.name or "参数"
    missing = f"缺少{' ' if label[0].isascii() else ''}{label}"
    wrong = f"{label}{' ' if label[-1].isascii() else ''}格式错误"
    defaults = _english_defaults(field)
    for key, message in list(field.error_messages.items()):
        if defaults.get(key) == message:
            field.error_messages[key] = missing if key == "required" else wrong
    for validator in field.validators:
        if getattr(validator, "error", "") is None:
            validator.error = wrong
    for inner in (getattr(field, "inner", None), getattr(field, "value_field", None)):
        if isinstance(inner, fields.Field):
            chinese_messages(inner, label)


class Trimmed(Schema):
    """Every input schema: unknown keys ignored, strings trimmed, messages in Chinese."""

    class Meta:
        unknown = EXCLUDE

    error_messages = {"type": MSG_BAD_REQUEST, "unknown": MSG_BAD_REQUEST}

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:
        chinese_messages(field_obj)

    @pre_load
    def trim_strings(self, data, **_):
        if hasattr(data, "to_dict"):  # the query string: every value is text
            multi = {key: data.getlist(key) for key in data.keys()}
            data = {k: (v if k == "label" and len(v) > 1 else v[0]) for k, v in multi.items()}
            data = {k: self._query_int(k, v) for k, v in data.items()}
        if not isinstance(data, dict):
            raise ValidationError(MSG_BAD_REQUEST)
        return {k: v.strip() if isinstance(v, str) else v for k, v in data.items()}

    def _query_int(self, key: str, value):
        """An integer parameter of the query string: ASCII digits become the number (before any
        trimming, so ` 2` stays text and is refused like `２`, `+1` or `1.5`)."""
        field = self.fields.get(key)
        if isinstance(field, StrictInt) and isinstance(value, str) and ASCII_DIGITS.fullmatch(value):
            return int(value)
        return value


def page_field() -> StrictInt:
    return StrictInt(load_default=1, minimum=1, maximum=500, message=PAGE_ERROR)


def size_field(default: int = 20) -> StrictInt:
    return StrictInt(load_default=default, minimum=1, maximum=50, message=SIZE_ERROR)


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
