"""Flask extensions shared by the blueprints."""

from __future__ import annotations

from flask_caching import Cache
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from api.errors import answer_http_exception


class EnvelopeApi(Api):
    """flask-smorest, but its HTTP errors answer the spec's envelope."""

    def handle_http_exception(self, error: HTTPException):
        return answer_http_exception(error)


api = EnvelopeApi()
cache = Cache()
