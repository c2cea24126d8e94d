"""Answers of the editors' content-source endpoints (GET /v1/editor/sources, POST …/<name>/run)."""

from __future__ import annotations

from marshmallow import Schema, fields


class SourceRunSchema(Schema):
    source = fields.String(required=True)
    started_at = fields.String(required=True)
    finished_at = fields.String(allow_none=True)
    status = fields.String(required=True, metadata={"description": "ok | error"})
    fetches = fields.Integer(metadata={"description": "categories, topics or feeds fetched"})
    fetched = fields.Integer(metadata={"description": "items read from the fetches that succeeded"})
    created = fields.Integer()
    updated = fields.Integer()
    unchanged = fields.Integer()
    error = fields.String(allow_none=True, metadata={"description": "what failed, per fetch"})
    retryable = fields.Boolean(metadata={"description": "a network error, 5xx or 429: the worker retries"})


class SourceFailureSchema(Schema):
    at = fields.String(allow_none=True)
    reason = fields.String(allow_none=True)


class SourceSchema(Schema):
    name = fields.String(required=True)
    label = fields.String(required=True)
    configured = fields.Boolean(required=True, metadata={"description": "scheduled by beat (HUB_SOURCE_*)"})
    config = fields.Dict(required=True, metadata={"description": "URLs, categories, topics; secrets only as *_set"})
    interval_seconds = fields.Integer(required=True, metadata={"description": "beat runs it this often"})
    last_run = fields.Nested(SourceRunSchema, allow_none=True, required=True)
    failures = fields.List(
        fields.Nested(SourceFailureSchema), required=True, metadata={"description": "newest first, 5 at most"}
    )


class SourceListSchema(Schema):
    list = fields.List(fields.Nested(SourceSchema), required=True)


class SourceRunQueuedSchema(Schema):
    name = fields.String(required=True)
    task_id = fields.String(required=True)
