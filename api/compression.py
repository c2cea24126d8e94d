"""Compressed dynamic answers: the API's JSON, the rendered HTML shell and the OpenAPI document.

flask-compress picks brotli or gzip by `Accept-Encoding`, adds `Vary: Accept-Encoding` and leaves
alone what is small (under COMPRESS_MIN_SIZE the headers cost more than they save), what already
carries a `Content-Encoding` (the UI's precompressed files, api/static_files.py) and every type that
is compressed already or not worth it (pictures, calendar files, QR codes: not in the list below).
Streamed answers are not compressed here: the only streamed ones are files, sent precompressed.

BREACH (compression + attacker-chosen text reflected beside a secret in the same body) needs a
secret in the body: this API sends none. The CSRF token travels only in the `hub_csrf` cookie and
the `X-CSRF-Token` header, sessions only in cookies, so compressing JSON and HTML leaks nothing."""

from __future__ import annotations

from flask import Flask, Request
from flask_compress import Compress

COMPRESSED_TYPES = ["application/json", "text/html", "text/css", "text/javascript", "application/javascript"]
MIN_SIZE = 1024


def accepts(request: Request, encoding: str) -> bool:
    """The client takes `encoding` (its `Accept-Encoding` gives it, or `*`, a quality above 0): for
    answers sent already compressed (the UI's precompressed files, cached answers)."""
    return request.accept_encodings.quality(encoding) > 0


def init_compression(app: Flask) -> None:
    app.config.update(
        COMPRESS_MIMETYPES=COMPRESSED_TYPES,
        COMPRESS_MIN_SIZE=MIN_SIZE,
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_BR_LEVEL=5,  # on a search page: smaller than gzip 6 (level 4 is not) and faster (0.35 vs 0.47 ms)
        COMPRESS_LEVEL=6,
        COMPRESS_STREAMS=False,
    )
    Compress(app)
