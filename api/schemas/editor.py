"""Bodies and answers of the editors' API (issue 10): index jobs, set-aside documents, the synonym
glossary and the hot-word block list."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schemas.common import Trimmed, page_field

MSG_JOB_KIND = "请选择任务类型"
MSG_TEXT_REQUIRED = "请填写内容"
TEXT_MAX = 60_000  # characters; the body limit (HUB_MAX_BODY_BYTES) applies too


class JobBody(Trimmed):
    kind = fields.String(
        required=True,
        validate=validate.Length(min=1, max=60, error=MSG_JOB_KIND),
        error_messages={"required": MSG_JOB_KIND, "null": MSG_JOB_KIND, "invalid": MSG_JOB_KIND},
        metadata={"description": "reindex-all | reindex-kind | drain-outbox | source:<name>"},
    )
    target = fields.String(
        load_default=None,
        allow_none=True,
        metadata={"description": "reindex-kind: the content kind (story, paper, event, project, user)"},
    )


class JobSchema(Schema):
    id = fields.Integer(required=True)
    kind = fields.String(required=True)
    target = fields.String(allow_none=True)
    state = fields.String(required=True, metadata={"description": "queued | running | done | failed | cancelled"})
    done = fields.Integer(required=True)
    total = fields.Integer(required=True)
    percent = fields.Float(required=True, metadata={"description": "0-100"})
    docs_per_second = fields.Float(allow_none=True)
    eta_seconds = fields.Float(allow_none=True)
    error = fields.String(allow_none=True)
    started_by = fields.String(required=True)
    cancel_requested = fields.Boolean(required=True)
    runs = fields.Integer(required=True, metadata={"description": "how many times a worker started it (>1: restarted)"})
    result = fields.Dict(allow_none=True)
    created_at = fields.String(required=True)
    started_at = fields.String(allow_none=True)
    finished_at = fields.String(allow_none=True)


class JobKindSchema(Schema):
    kind = fields.String(required=True)
    label = fields.String(required=True)
    targets = fields.List(fields.String(), required=True, metadata={"description": "allowed targets (reindex-kind)"})


class JobListSchema(Schema):
    list = fields.List(fields.Nested(JobSchema), required=True)
    kinds = fields.List(fields.Nested(JobKindSchema), required=True)


class RejectedSchema(Schema):
    id = fields.Integer(required=True)
    entity_type = fields.String(required=True)
    entity_id = fields.Integer(required=True)
    doc_id = fields.String(required=True)
    reason = fields.String(required=True, metadata={"description": "the engine's reason"})
    job_id = fields.Integer(allow_none=True)
    created_at = fields.String(required=True)
    retried_at = fields.String(allow_none=True)


class RejectedListSchema(Schema):
    list = fields.List(fields.Nested(RejectedSchema), required=True)


class TextBody(Trimmed):
    text = fields.String(
        required=True,
        validate=validate.Length(max=TEXT_MAX, error=f"内容不能超过{TEXT_MAX}个字符"),
        error_messages={"required": MSG_TEXT_REQUIRED, "null": MSG_TEXT_REQUIRED, "invalid": MSG_TEXT_REQUIRED},
    )


class TextFileSchema(Schema):
    text = fields.String(required=True)
    lines = fields.Integer(required=True, metadata={"description": "entries (not comments or blank lines)"})
    applies = fields.String(required=True, metadata={"description": "when an edit takes effect"})


__all__ = [
    "JobBody",
    "JobListSchema",
    "JobSchema",
    "RejectedListSchema",
    "RejectedSchema",
    "TextBody",
    "TextFileSchema",
]


KINDS_WITH_HEAT = ("story", "paper", "event", "project")


class AnomalyArgs(Schema):
    day = fields.Date(load_default=None, metadata={"description": "yyyy-mm-dd; default the newest rolled-up day"})


class DiscountBody(Trimmed):
    day = fields.Date(required=True, error_messages={"required": "请选择日期", "invalid": "日期格式错误"})
    item_type = fields.String(
        required=True,
        validate=validate.OneOf(KINDS_WITH_HEAT, error="内容类型错误"),
        error_messages={"required": "内容类型错误"},
    )
    item_id = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=1, error="内容编号错误"),
        error_messages={"required": "内容编号错误", "invalid": "内容编号错误"},
    )


class AnomalySchema(Schema):
    # An enum in the document (dumping never validates), so the UI sends it back to /discount as it came.
    item_type = fields.String(required=True, validate=validate.OneOf(KINDS_WITH_HEAT))
    item_id = fields.Integer(required=True)
    title = fields.String(allow_none=True)
    views = fields.Integer(required=True, metadata={"description": "people who viewed that day"})
    clicks = fields.Integer(required=True)
    networks = fields.Integer(required=True, metadata={"description": "distinct networks (/24, /48)"})
    accounts = fields.Integer(required=True, metadata={"description": "distinct accounts with a verified e-mail"})
    top_network_share = fields.Float(required=True, metadata={"description": "0-1: the largest network's share"})
    new_account_share = fields.Float(required=True, metadata={"description": "0-1: accounts created that day"})
    replies = fields.Integer(required=True, metadata={"description": "verified members who replied that day"})
    heat = fields.Float(
        required=True,
        metadata={"description": "the day's heat before any discount (the rollup's formula, replies too)"},
    )
    discounted = fields.Boolean(required=True)


class AnomalyListSchema(Schema):
    day = fields.Date(allow_none=True)
    list = fields.List(fields.Nested(AnomalySchema), required=True)


class DiscountedSchema(Schema):
    discounted = fields.Boolean(required=True)
    queued = fields.Boolean(required=True, metadata={"description": "false: the rollup applies it at 0:00"})


# The review of acronym pairs mined from the corpus (issue 36, item 3).
ACRONYM_STATUSES = ("pending", "accepted", "rejected")
MSG_ACRONYM_STATUS = "请选择 待审核、已采纳 或 已拒绝"
MSG_ACRONYM_DECISION = "请选择 采纳、拒绝 或 撤销"


class AcronymArgs(Trimmed):
    status = fields.String(
        load_default="pending",
        validate=validate.OneOf(ACRONYM_STATUSES, error=MSG_ACRONYM_STATUS),
        metadata={"description": "pending (待审核, default) | accepted (已采纳) | rejected (已拒绝)"},
    )
    page = page_field()


class AcronymDecisionBody(Trimmed):
    status = fields.String(
        required=True,
        validate=validate.OneOf(ACRONYM_STATUSES, error=MSG_ACRONYM_DECISION),
        error_messages={"required": MSG_ACRONYM_DECISION, "null": MSG_ACRONYM_DECISION},
        metadata={"description": "accepted (采纳) | rejected (拒绝) | pending (撤销: back to 待审核)"},
    )


class AcronymPairSchema(Schema):
    id = fields.Integer(required=True)
    abbreviation = fields.String(required=True)
    full_name = fields.String(required=True)
    documents = fields.Integer(required=True, metadata={"description": "documents that define the pair now"})
    status = fields.String(required=True, validate=validate.OneOf(ACRONYM_STATUSES))
    acting = fields.Boolean(required=True, metadata={"description": "the search uses it as a glossary group now"})
    in_glossary = fields.Boolean(required=True, metadata={"description": "accepting wrote it into the glossary"})
    first_seen = fields.String(required=True)
    last_seen = fields.String(required=True)
    decided_by = fields.String(allow_none=True, metadata={"description": "the editor's name"})
    decided_at = fields.String(allow_none=True)


class AcronymListSchema(Schema):
    list = fields.List(fields.Nested(AcronymPairSchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    per_page = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(ACRONYM_STATUSES))
