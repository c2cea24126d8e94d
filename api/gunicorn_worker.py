"""gunicorn's threaded worker, answering the requests gunicorn itself refuses (request line too long,
headers too large, a malformed request) with the spec's JSON envelope instead of gunicorn's HTML page.

Threads (gthread) rather than sync workers: a request waiting on a hung engine holds one thread, not
the whole worker, so static files and cached reads keep answering.

A kept-alive connection carries at most KEEPALIVE_REQUESTS requests, then is closed (as nginx's
`keepalive_requests`): gunicorn's workers take connections as they come, and busy keep-alive clients
(a proxy's pool, a load test's 16 connections) could all stay on one worker while the other idled,
halving what the site served (issue 12). A client that reconnects lands on whichever worker accepts
first, usually the less busy one.
Use: `gunicorn --worker-class api.gunicorn_worker.EnvelopeThreadWorker ...` (deploy/gunicorn.conf.py)."""

from __future__ import annotations

import json

from gunicorn.http.errors import (
    ForbiddenProxyRequest,
    InvalidHeader,
    InvalidHeaderName,
    InvalidHTTPVersion,
    InvalidProxyLine,
    InvalidRequestLine,
    InvalidRequestMethod,
    LimitRequestHeaders,
    LimitRequestLine,
    ObsoleteFolding,
    UnsupportedTransferCoding,
)
from gunicorn.workers.gthread import ThreadWorker

from api.envelope import MSG_BAD_REQUEST, MSG_FORBIDDEN, MSG_SERVER_ERROR

MSG_URI_TOO_LONG = "请求地址过长"
MSG_HEADERS_TOO_LARGE = "请求头过大"

_CLIENT_ERRORS = (
    InvalidRequestLine,
    InvalidRequestMethod,
    InvalidHTTPVersion,
    InvalidHeader,
    InvalidHeaderName,
    LimitRequestLine,
    LimitRequestHeaders,
    InvalidProxyLine,
    ForbiddenProxyRequest,
    UnsupportedTransferCoding,
    ObsoleteFolding,
)
_REASONS = {
    400: "Bad Request",
    403: "Forbidden",
    414: "URI Too Long",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
    501: "Not Implemented",
}


def refusal(exc: BaseException) -> tuple[int, str]:
    """(status, Chinese message) for an error gunicorn met before the app could answer."""
    if isinstance(exc, LimitRequestLine):
        return 414, MSG_URI_TOO_LONG
    if isinstance(exc, LimitRequestHeaders):
        return 431, MSG_HEADERS_TOO_LARGE
    if isinstance(exc, ForbiddenProxyRequest):
        return 403, MSG_FORBIDDEN
    if isinstance(exc, UnsupportedTransferCoding):
        return 501, MSG_BAD_REQUEST
    if isinstance(exc, _CLIENT_ERRORS):
        return 400, MSG_BAD_REQUEST
    return 500, MSG_SERVER_ERROR


def envelope_response(status: int, msg: str) -> bytes:
    body = json.dumps({"code": status, "data": None, "msg": msg}, ensure_ascii=False).encode("utf-8")
    head = (
        f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/json; charset=utf-8\r\n"
        "X-Content-Type-Options: nosniff\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


KEEPALIVE_REQUESTS = 100


class EnvelopeThreadWorker(ThreadWorker):
    def handle_request(self, req, conn):
        conn.hub_requests = getattr(conn, "hub_requests", 0) + 1
        if conn.hub_requests >= KEEPALIVE_REQUESTS:
            req.must_close = True  # answered with `Connection: close`, then closed
        return super().handle_request(req, conn)

    def handle_error(self, req, client, addr, exc):
        status, msg = refusal(exc)
        ip = (addr or ("", -1))[0]
        if status < 500:
            self.log.warning("Invalid request from ip=%s: %s", ip, exc)
        else:
            self.log.exception("Error handling request from ip=%s", ip)
        try:
            client.sendall(envelope_response(status, msg))
        except OSError:
            pass  # the client is gone
