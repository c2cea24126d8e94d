"""Bodies and answers of the write API (issue 9): publish and edit a story, delete it, vote, bookmark,
report. Messages are the spec's Chinese ones (api/envelope.py); the first failing field's message is
the envelope's `msg`."""

from __future__ import annotations

import re

from marshmallow import Schema, ValidationError, fields, validate, validates, validates_schema

from api.envelope import (
    MSG_BAD_COVER,
    MSG_CONTENT_REQUIRED,
    MSG_DELETE_REASON_REQUIRED,
    MSG_DELETE_REASON_TOO_LONG,
    MSG_GROUP_TAG_LIMIT,
    MSG_REPORT_REMARK_TOO_LONG,
    MSG_REPORT_TYPE_REQUIRED,
    MSG_REPORT_URL_INVALID,
    MSG_REPORT_URL_REQUIRED,
    MSG_STORY_ID_REQUIRED,
    MSG_TITLE_REQUIRED,
    MSG_TITLE_TOO_LONG,
    MSG_TOO_MANY_TAGS,
    MSG_UNKNOWN_TAG,
)
from api.schemas.common import Trimmed
from kinds.common import TAG_LIMIT, is_web_url
from store.tags import tag_groups, tags_by_id

TITLE_MAX = 200
SUMMARY_MAX = 500
REMARK_MAX = 200
URL_MAX = 500
MSG_SUMMARY_TOO_LONG = f"摘要不能超过{SUMMARY_MAX}个字符"
REPORT_TYPES = range(1, 8)
# Reasons 3 (plagiarised) and 4 (infringing) need a link to the original.
REPORT_TYPES_WITH_LINK = (3, 4)


# Pictures the site serves itself (the demo corpus's, api/routes/media.py): a stored cover or avatar may be
# one of these, so editing a demo story or profile sends it back unchanged.
SITE_PICTURE = re.compile(r"^/media/[a-z0-9][a-z0-9_-]*/[a-z0-9][a-z0-9-]{0,60}\.(?:webp|png|jpe?g)$")


def is_site_picture(value: str) -> bool:
    return bool(SITE_PICTURE.match(value))


def _messages(msg: str) -> dict:
    return {"required": msg, "null": msg, "invalid": msg}


def _doc(description: str | None = None, **messages: str) -> dict:
    """Field metadata for the document: a description and, as `x-messages`, the messages this schema answers
    per rule (required, maxLength, maxItems, format, ...), so the UI's forms say the same (ui/src/api/rules.ts)."""
    return {**({"description": description} if description else {}), "x_messages": messages}


def _story_id() -> fields.Integer:
    return fields.Integer(
        required=True,
        validate=validate.Range(min=1, error=MSG_STORY_ID_REQUIRED),
        error_messages=_messages(MSG_STORY_ID_REQUIRED),
    )


class StoryBody(Trimmed):
    """POST /v1/stories and PUT /v1/stories/{id}: the whole story (an edit sends every field again)."""

    title = fields.String(
        required=True,
        validate=[
            validate.Length(min=1, error=MSG_TITLE_REQUIRED),
            validate.Length(max=TITLE_MAX, error=MSG_TITLE_TOO_LONG),
        ],
        error_messages=_messages(MSG_TITLE_REQUIRED),
        metadata=_doc(
            f"plain text, 1-{TITLE_MAX} characters after trimming",
            required=MSG_TITLE_REQUIRED,
            maxLength=MSG_TITLE_TOO_LONG,
        ),
    )
    content = fields.String(
        required=True,
        validate=validate.Length(min=1, error=MSG_CONTENT_REQUIRED),
        error_messages=_messages(MSG_CONTENT_REQUIRED),
        metadata=_doc(
            "HTML; sanitised by the server (nh3), links and images keep http(s) URLs only",
            required=MSG_CONTENT_REQUIRED,
        ),
    )
    summary = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=SUMMARY_MAX, error=MSG_SUMMARY_TOO_LONG),
        metadata=_doc(
            "plain text (markup removed); empty: the first 120 characters of the content",
            maxLength=MSG_SUMMARY_TOO_LONG,
        ),
    )
    cover_url = fields.String(
        load_default=None,
        allow_none=True,
        error_messages={"invalid": MSG_BAD_COVER},
        metadata=_doc("http or https URL, or empty", format=MSG_BAD_COVER),
    )
    tags = fields.List(
        fields.String(error_messages={"invalid": MSG_UNKNOWN_TAG}),
        load_default=list,
        allow_none=True,
        error_messages={"invalid": MSG_UNKNOWN_TAG},
        # counted after de-duplication (_tags below), so the limit is documented rather than a List validator
        metadata={
            **_doc(
                f"tag ids of the static groups, at most {TAG_LIMIT}, and at most each group's `limit` of them"
                " (data/tags.json; else `{group}最多选择{limit}个标签`)",
                maxItems=MSG_TOO_MANY_TAGS,
                enum=MSG_UNKNOWN_TAG,
            ),
            "maxItems": TAG_LIMIT,
        },
    )
    story_show_user_name = fields.Boolean(
        load_default=True, metadata={"description": "false: published anonymously (shown as 匿名)"}
    )

    @validates("cover_url")
    def _cover(self, value, **_):
        if value and (len(value) > URL_MAX or not (is_web_url(value) or is_site_picture(value))):
            raise ValidationError(MSG_BAD_COVER)

    @validates("tags")
    def _tags(self, value, **_):
        tags = list(dict.fromkeys(t.strip() for t in value or [] if t and t.strip()))
        if len(tags) > TAG_LIMIT:
            raise ValidationError(MSG_TOO_MANY_TAGS)
        if any(t not in tags_by_id() for t in tags):
            raise ValidationError(MSG_UNKNOWN_TAG)
        for group in tag_groups():  # each group's own limit, as the tag picker counts it
            if sum(tags_by_id()[t]["group_id"] == group["id"] for t in tags) > group["limit"]:
                raise ValidationError(MSG_GROUP_TAG_LIMIT.format(group=group["title"], limit=group["limit"]))


class DeleteBody(Trimmed):
    story_id = _story_id()
    reason = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=URL_MAX, error=MSG_DELETE_REASON_TOO_LONG),
        metadata=_doc(
            "required (non-empty) when the caller is not the author (a moderator)",
            required=MSG_DELETE_REASON_REQUIRED,
            maxLength=MSG_DELETE_REASON_TOO_LONG,
        ),
    )


class ReportReason(Trimmed):
    """A report's reason (spec section 3), for a story and a discussion reply alike."""

    type = fields.Integer(
        required=True,
        validate=validate.OneOf(REPORT_TYPES, error=MSG_REPORT_TYPE_REQUIRED),
        error_messages=_messages(MSG_REPORT_TYPE_REQUIRED),
        metadata=_doc(
            "1 style problem, 2 advertising, 3 plagiarised, 4 infringing, 5 political, 6 pornographic, 7 other",
            required=MSG_REPORT_TYPE_REQUIRED,
        ),
    )
    url = fields.String(
        load_default=None,
        allow_none=True,
        error_messages={"invalid": MSG_REPORT_URL_INVALID},
        metadata=_doc(
            "http or https; required for types 3 and 4", required=MSG_REPORT_URL_REQUIRED, format=MSG_REPORT_URL_INVALID
        ),
    )
    remark = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=REMARK_MAX, error=MSG_REPORT_REMARK_TOO_LONG),
        metadata=_doc(f"at most {REMARK_MAX} characters", maxLength=MSG_REPORT_REMARK_TOO_LONG),
    )

    @validates("url")
    def _url(self, value, **_):
        if value and (len(value) > URL_MAX or not is_web_url(value)):
            raise ValidationError(MSG_REPORT_URL_INVALID)

    @validates_schema
    def _link_needed(self, data, **_):
        if data.get("type") in REPORT_TYPES_WITH_LINK and not data.get("url"):
            raise ValidationError(MSG_REPORT_URL_REQUIRED, field_name="url")


class ReportUpBody(ReportReason):
    story_id = _story_id()


class ReportDownBody(Trimmed):
    story_id = _story_id()


MSG_ARXIV_INPUT = "请输入 arXiv 编号或论文链接，例如 2401.01234"


class PaperSubmitBody(Trimmed):
    """POST /v3/paper/submit: an arXiv number (2401.01234, arXiv:2401.01234v2) or an arxiv.org address."""

    arxiv = fields.String(
        required=True,
        validate=validate.Length(min=1, max=200, error=MSG_ARXIV_INPUT),
        error_messages={"required": MSG_ARXIV_INPUT, "null": MSG_ARXIV_INPUT},
        metadata=_doc(
            "arXiv 编号或论文链接", required=MSG_ARXIV_INPUT, minLength=MSG_ARXIV_INPUT, maxLength=MSG_ARXIV_INPUT
        ),
    )


class PaperSubmittedSchema(Schema):
    id = fields.Integer(required=True)
    arxiv_id = fields.String(required=True)
    created = fields.Boolean(required=True, metadata={"description": "false: the hub had the paper already"})


class PaperVoteStateSchema(Schema):
    """A paper's upvotes after a vote or its undoing."""

    is_voted = fields.Boolean(required=True)
    vote_count = fields.Integer(required=True)


class StoryStateSchema(Schema):
    """The caller's toggles and the story's counters after a vote, unvote, bookmark or unbookmark."""

    is_voted = fields.Boolean(required=True)
    final_score = fields.Integer(required=True, metadata={"description": "votes (never below 0)"})
    is_marked = fields.Boolean(required=True)
    remark_count = fields.Integer(required=True, metadata={"description": "bookmarks (never below 0)"})


class NoDataSchema(Schema):
    """`data` is null (delete)."""


class ReportStateSchema(Schema):
    is_reported = fields.Boolean(required=True)


__all__ = [
    "DeleteBody",
    "NoDataSchema",
    "PaperSubmitBody",
    "PaperSubmittedSchema",
    "PaperVoteStateSchema",
    "ReportDownBody",
    "ReportReason",
    "ReportStateSchema",
    "ReportUpBody",
    "StoryBody",
    "StoryStateSchema",
    "is_web_url",
]
