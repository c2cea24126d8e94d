"""Work that must not delay the answer (hot-word logging, writing the read cache): run once the
response has been handed to the server, in the same worker thread.

gunicorn (and werkzeug) close the response iterable after the last byte is written; Flask's request
context is gone by then, so a deferred call must carry what it needs (a Redis client, keys, ids)
instead of reading `request`, `session` or `current_app`. A failure is logged, never raised: the
caller already has its answer."""

from __future__ import annotations

import logging
from collections.abc import Callable

from flask import Response, after_this_request
from flask.testing import FlaskClient

log = logging.getLogger(__name__)


def after_answer(work: Callable[[], object]) -> None:
    """Run `work()` after this request's response has been sent."""
    after_sending(lambda _sent: work())


def after_sending(work: Callable[[Response], object]) -> None:
    """Run `work(response)` after this request's response has been sent, with the response as it went
    out (after every after-request hook: compressed, when the client took it compressed)."""

    @after_this_request
    def _attach(response: Response) -> Response:
        # The app's own after-request hooks (compression among them) run after this one and change
        # this same object, so at close it holds what was sent.
        response.call_on_close(lambda: _safely(work, response))
        return response


def _safely(work: Callable[[Response], object], response: Response) -> None:
    try:
        work(response)
    except Exception as exc:  # the answer is out: nothing to fail any more
        log.warning("work after the answer failed: %s", exc)


class ClosingTestClient(FlaskClient):
    """Flask's test client, closing each response as a real server does, so work after the answer
    has run when a test reads the result (werkzeug's client leaves responses open unless buffered)."""

    def open(self, *args, **kwargs):
        kwargs.setdefault("buffered", True)
        return super().open(*args, **kwargs)
