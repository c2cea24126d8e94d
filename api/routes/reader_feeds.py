"""GET /feeds/{kind}.xml (RSS 2.0) and /feeds/{kind}.atom (Atom): the newest items of a kind's list for
feed readers, optionally of some tags (`label`). See api/services/reader_feeds.py."""

from __future__ import annotations

from flask import Response
from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.schemas.common import TagList, Trimmed
from api.services.reader_feeds import reader_feed

blp = HubBlueprint("reader_feeds", __name__, url_prefix="/feeds", description="RSS and Atom feeds for feed readers")

# A reader polls every so often; proxies and browsers may keep an answer this long.
MAX_AGE_SECONDS = 600


class ReaderFeedQuery(Trimmed):
    label = TagList(load_default=list)


def _answer(kind: str, labels: list[str], fmt: str) -> Response:
    document, content_type = reader_feed(kind, labels, fmt)
    response = Response(document, content_type=content_type)
    response.headers["Cache-Control"] = f"public, max-age={MAX_AGE_SECONDS}"
    return response


# Any name is routed here, so an unknown kind is answered in the envelope (404 内容不存在), not by the
# UI's page: story, paper, event and project have feeds (api/services/reader_feeds.py READER_FEEDS).
KINDS = "<path:kind>"


@blp.route(f"/{KINDS}.xml")
class RssFeed(MethodView):
    @blp.arguments(ReaderFeedQuery, location="query")
    @blp.response(200, content_type="application/rss+xml", description="an RSS 2.0 feed")
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, args, kind: str):
        """RSS 2.0: the 30 newest items of a kind (story, paper, event, project), of any of the `label` tags
        when given; each links to its page on the site."""
        return _answer(kind, args["label"], "xml")


@blp.route(f"/{KINDS}.atom")
class AtomFeed(MethodView):
    @blp.arguments(ReaderFeedQuery, location="query")
    @blp.response(200, content_type="application/atom+xml", description="an Atom feed")
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, args, kind: str):
        """Atom: the same items as the RSS feed of the kind."""
        return _answer(kind, args["label"], "atom")
