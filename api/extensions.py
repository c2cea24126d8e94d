"""Flask extensions. The read cache is one object shared by the blueprints (flask-caching keeps its
backend per app); the API object is made per app because it owns that app's OpenAPI document."""

from __future__ import annotations

from flask_caching import Cache
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from api.errors import answer_http_exception


class EnvelopeApi(Api):
    """flask-smorest, but its HTTP errors answer the spec's envelope."""

    def handle_http_exception(self, error: HTTPException):
        return answer_http_exception(error)


cache = Cache()
