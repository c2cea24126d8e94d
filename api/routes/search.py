"""GET /api/v2/search (unified search) and GET /api/v2/total (per-kind counts), from the index."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import RATE_LIMITED, HubBlueprint
from api.envelope import envelope_of
from api.schemas.search import SearchArgs, SearchPageSchema, TotalArgs, TotalSchema
from api.services.feeds import counts, search_page

blp = HubBlueprint("search", __name__, url_prefix="/api", description="Search and counts")


@blp.route("/v2/search")
class Search(MethodView):
    @blp.arguments(SearchArgs, location="query")
    @blp.response(200, envelope_of(SearchPageSchema, name="SearchPageEnvelope"))
    @blp.alt_response(429, description=RATE_LIMITED)
    def get(self, args):
        """Search stories, papers, events and projects; titles come back highlighted as safe HTML.

        Relevance by default (newest first without `q`); `hot` sorts by stored heat, `new` by date.
        Every first-page search that finds something is counted for the hot words."""
        return search_page(args)


@blp.route("/v2/total")
class Total(MethodView):
    @blp.arguments(TotalArgs, location="query")
    @blp.response(200, envelope_of(TotalSchema))
    @blp.alt_response(429, description=RATE_LIMITED)
    def get(self, args):
        """Counts per type for the search tabs: the same `q`, `label` and `time` as the search, one request."""
        return counts(args)
