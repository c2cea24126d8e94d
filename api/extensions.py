"""Flask extensions. The read cache is one object shared by the blueprints (flask-caching keeps its
backend per app); the API object is made per app because it owns that app's OpenAPI document."""

from __future__ import annotations

from flask_caching import Cache
from flask_smorest import Api
from marshmallow import Schema, fields
from werkzeug.exceptions import HTTPException

from api.errors import answer_http_exception


class ErrorEnvelopeSchema(Schema):
    """What every error answers (documented for every operation in the OpenAPI document)."""

    code = fields.Integer(required=True, metadata={"description": "the HTTP status"})
    data = fields.Raw(allow_none=True, metadata={"description": "null, or {errors: {field: [messages]}} for 400"})
    msg = fields.String(required=True, metadata={"description": "a Chinese message the UI shows as is"})


class EnvelopeApi(Api):
    """flask-smorest, but its HTTP errors answer (and are documented as) the spec's envelope."""

    ERROR_SCHEMA = ErrorEnvelopeSchema

    def handle_http_exception(self, error: HTTPException):
        return answer_http_exception(error)


cache = Cache()
