"""Flask extensions. The read cache is one object shared by the blueprints (flask-caching keeps its
backend per app); the API object is made per app because it owns that app's OpenAPI document."""

from __future__ import annotations

import threading
from collections.abc import Callable

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
    """flask-smorest, but its HTTP errors answer (and are documented as) the spec's envelope, and its
    blueprints' operations are documented when the document is first read (HubBlueprint), in the order
    they were registered, so the document is the same and an app that never serves it never builds it."""

    ERROR_SCHEMA = ErrorEnvelopeSchema

    def __init__(self, *args, **kwargs):
        self._undocumented: list[Callable[[], None]] = []
        self._documenting = False
        self._document_lock = threading.RLock()  # the document is served: two threads may read it first
        super().__init__(*args, **kwargs)

    def document_later(self, register: Callable[[], None]) -> None:
        self._undocumented.append(register)

    def register_blueprint(self, blp, **options):
        # flask-smorest tags the blueprint in the document right after registering it: that reads `spec`
        # without wanting the operations documented yet.
        self._documenting = True
        try:
            super().register_blueprint(blp, **options)
        finally:
            self._documenting = False

    @property
    def spec(self):
        if self._undocumented:
            with self._document_lock:
                if not self._documenting:
                    self._documenting = True
                    try:
                        while self._undocumented:
                            try:
                                self._undocumented[0]()
                            finally:
                                # Taken off once documented, not before: a second reader that saw the list empty
                                # while its last operation was being documented was served a document without it.
                                self._undocumented.pop(0)
                    finally:
                        self._documenting = False
        return self._spec

    @spec.setter
    def spec(self, value) -> None:
        self._spec = value

    def handle_http_exception(self, error: HTTPException):
        return answer_http_exception(error)


cache = Cache()
