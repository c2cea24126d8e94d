"""The stack's floor for a search: Flask, the `elasticsearch` client and gunicorn with nothing of the
site's own around them, for `bench/run.py` to measure beside the real API.

It answers `GET /api/v2/search` with the same engine body (`build_search`), the same engine client
(`indexer.client.make_client`), the same item shaping and relaxed pass (`api.relaxed_search.searched_page`: a
search finding fewer than a page asks the engine again) as the API, in the spec's envelope,
but without the rate limit, the read cache, argument validation, the response schema, the hot-word
log or the security and compression hooks. What the API costs beyond the engine, less what this costs,
is the site's own share; what this costs is the share any answer of this stack pays (issue 12: the
target was API / engine ≤ 1.3 at p50).

    HUB_ES_URL=… HUB_INDEX_ALIAS=… gunicorn -c deploy/gunicorn.conf.py --pythonpath bench floor_app:app"""

from __future__ import annotations

import os
import time

from flask import Flask, jsonify, request

from api.relaxed_search import searched_page
from indexer.client import make_client
from indexer.concept_shares import search_concepts
from indexer.queries.search import build_search

app = Flask(__name__)
_es = make_client(os.environ["HUB_ES_URL"])
_alias = os.environ["HUB_INDEX_ALIAS"]
_concepts = search_concepts(_es, _alias)  # read once: the API re-reads them every 30 s (which are broad, 10 min)


@app.get("/api/v2/search")
def search():
    args = request.args
    size = int(args.get("size", 20))
    body = build_search(
        args.get("q", ""),
        tags=[],
        time=args.get("time"),
        sort=args.get("sort", "relevance"),
        size=size,
        concepts=_concepts,
    )
    page = searched_page(lambda b: _es.search(index=_alias, body=b), body, args.get("q", ""), _concepts, 1, size, [])
    return jsonify({"code": 0, "data": page, "msg": "ok"})


def timed(wsgi_app):
    """`Server-Timing: app;dur=…`: the application's time from the server's call until it hands over its
    answer (Flask builds the whole body first), so bench/server_floor.py can tell the application's part of
    a search from the server's part (reading the request, handing it to a thread, writing the answer)."""

    def call(environ, start_response):
        started = time.perf_counter()

        def start(status, headers, exc_info=None):
            headers.append(("Server-Timing", f"app;dur={(time.perf_counter() - started) * 1000:.3f}"))
            return start_response(status, headers, exc_info)

        return wsgi_app(environ, start)

    return call


app.wsgi_app = timed(app.wsgi_app)
