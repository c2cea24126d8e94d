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


@blp.route("/<any(story, paper, event, project):kind>.<any(xml, atom):fmt>")
class ReaderFeedView(MethodView):
    @blp.arguments(ReaderFeedQuery, location="query")
    @blp.response(200, content_type="application/rss+xml", description="RSS 2.0 (.xml) or Atom (.atom)")
    @blp.alt_response(400, response="BAD_REQUEST")
    def get(self, args, kind: str, fmt: str):
        """The 30 newest items of a kind (story, paper, event, project), of any of the `label` tags when
        given; each links to its page on the site."""
        document, content_type = reader_feed(kind, args["label"], fmt)
        response = Response(document, content_type=content_type)
        response.headers["Cache-Control"] = f"public, max-age={MAX_AGE_SECONDS}"
        return response
