"""Every failure under /api answers the envelope: never an HTML page, never a stack trace."""

from __future__ import annotations

import logging

import pybreaker
from elasticsearch import ConnectionError as EsConnectionError
from elasticsearch import ConnectionTimeout, TransportError
from flask import Flask, current_app, jsonify, request
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from api.envelope import (
    MSG_BAD_REQUEST,
    MSG_FORBIDDEN,
    MSG_NOT_FOUND,
    MSG_SERVER_ERROR,
    MSG_TOO_MANY,
    MSG_UNAVAILABLE,
    ApiError,
    error_body,
)

log = logging.getLogger(__name__)

_DEFAULT_MESSAGES = {
    400: MSG_BAD_REQUEST,
    403: MSG_FORBIDDEN,
    404: MSG_NOT_FOUND,
    405: "请求方法不支持",
    413: "请求内容过大",
    422: MSG_BAD_REQUEST,
    429: MSG_TOO_MANY,
    503: MSG_UNAVAILABLE,
}


def first_message(messages) -> str:
    """The first human message inside webargs/marshmallow's nested error dict."""
    while isinstance(messages, dict) and messages:
        messages = next(iter(messages.values()))
    if isinstance(messages, list) and messages:
        return first_message(messages[0]) if not isinstance(messages[0], str) else messages[0]
    return messages if isinstance(messages, str) else MSG_BAD_REQUEST


def answer_http_exception(error: HTTPException):
    status = error.code or 500
    messages = getattr(error, "data", {}).get("messages") if hasattr(error, "data") else None
    if messages:
        # Validation failures (webargs answers 422): a 400 with the first Chinese message.
        return jsonify(error_body(400, first_message(messages), {"errors": messages})), 400
    msg = _DEFAULT_MESSAGES.get(status, error.description or MSG_SERVER_ERROR)
    response = jsonify(error_body(status, msg))
    # The exception's own headers stay (a 405's Allow, a 401's WWW-Authenticate); the body is the envelope.
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    if status == 405 and "Allow" not in response.headers:
        response.headers["Allow"] = ", ".join(sorted(_allowed_methods()))
    return response, status


def _allowed_methods() -> set[str]:
    """The methods some route of this path answers. flask-smorest registers a resource's view for every
    method and answers those it has no handler for 405 itself, so the view's own handlers decide."""
    adapter = current_app.url_map.bind_to_environ(request.environ)
    allowed = set()
    for method in ("GET", "POST", "PUT", "PATCH", "DELETE"):
        try:
            endpoint, _args = adapter.match(method=method)
        except HTTPException:
            continue
        if endpoint.startswith("ui."):  # the SPA's catch-all takes any method only to refuse it
            continue
        handlers = getattr(getattr(current_app.view_functions.get(endpoint), "view_class", None), "methods", None)
        if handlers is None or method in {m.upper() for m in handlers}:
            allowed.add(method)
    return allowed | ({"HEAD"} if "GET" in allowed else set())


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(error: ApiError):
        return jsonify(error_body(error.status, error.msg, error.data)), error.status

    @app.errorhandler(EsConnectionError)
    @app.errorhandler(ConnectionTimeout)
    @app.errorhandler(pybreaker.CircuitBreakerError)
    def _search_down(error):
        log.warning("Elasticsearch unreachable on %s: %s", request.path, error)
        return jsonify(error_body(503, MSG_UNAVAILABLE)), 503

    @app.errorhandler(DBAPIError)
    @app.errorhandler(PoolTimeout)
    def _database_down(error):
        # Unreachable, locked past the busy timeout, pool exhausted: nothing was written (the
        # transaction rolled back), so "try again" is the honest answer.
        log.warning("database unavailable on %s: %s", request.path, str(error).splitlines()[0][:300])
        return jsonify(error_body(503, MSG_UNAVAILABLE)), 503

    @app.errorhandler(TransportError)
    def _search_failed(error: TransportError):
        status = error.status_code if isinstance(error.status_code, int) else 503
        log.error("Elasticsearch error on %s: %s", request.path, error)
        if status == 404:
            return jsonify(error_body(404, MSG_NOT_FOUND)), 404
        return jsonify(error_body(503, MSG_UNAVAILABLE)), 503

    @app.errorhandler(Exception)
    def _unexpected(error: Exception):
        if isinstance(error, HTTPException):
            return answer_http_exception(error)
        log.exception("unhandled error on %s", request.path)
        return jsonify(error_body(500, MSG_SERVER_ERROR)), 500
