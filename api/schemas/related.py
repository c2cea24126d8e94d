"""GET /v1/related: the item whose related items are asked for."""

from __future__ import annotations

from marshmallow import fields, validate

from api.schemas.common import Trimmed
from indexer.queries.related import RELATED_KINDS

MSG_TYPE = "内容类型错误"


class RelatedQuery(Trimmed):
    type = fields.String(
        required=True,
        validate=validate.OneOf(RELATED_KINDS, error=MSG_TYPE),
        error_messages={"required": MSG_TYPE},
        metadata={"enum": list(RELATED_KINDS)},
    )
    id = fields.String(
        required=True,
        validate=validate.Length(min=1, max=64),
        error_messages={"required": "缺少内容编号"},
        metadata={"description": "the item's id; a paper's arXiv number (2401.01234)"},
    )
