"""GET /api/v2/search (unified search) and GET /api/v2/total (per-type counts), from the index."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from api.envelope import envelope_of, ok
from api.feed_items import page_of
from api.read_cache import read_through
from api.schemas.search import SearchArgs, SearchPageSchema, TotalArgs, TotalSchema
from api.search_log import log_search
from api.services import es_client, settings
from api.user_flags import apply_item_flags
from indexer.queries.common import CONTENT_TYPES
from indexer.queries.search import build_counts, build_search

blp = Blueprint("search", __name__, url_prefix="/api", description="Search and counts")


@blp.route("/v2/search")
class Search(MethodView):
    @blp.arguments(SearchArgs, location="query")
    @blp.response(200, envelope_of(SearchPageSchema, name="SearchPageEnvelope"))
    def get(self, args):
        """Search stories, papers, events and projects; titles come back highlighted as safe HTML.

        Relevance by default (newest first without `q`); `hot` sorts by stored heat, `new` by date.
        Every first-page search that finds something is counted for the hot words."""

        def search() -> dict:
            body = build_search(
                args["q"],
                types=[args["model"]] if args["model"] else None,
                tags=args["label"],
                time=args["time"],
                sort=args["sort"],
                page=args["page"],
                size=args["size"],
            )
            result = es_client().search(index=settings().index_alias, body=body)
            return page_of(result, args["page"], args["size"], args["label"])

        data = read_through(args, search)
        apply_item_flags(data["list"])
        if args["q"] and args["page"] == 1 and data["total"] > 0:
            log_search(args["q"])
        return ok(data)


@blp.route("/v2/total")
class Total(MethodView):
    @blp.arguments(TotalArgs, location="query")
    @blp.response(200, envelope_of(TotalSchema))
    def get(self, args):
        """Counts per type for the search tabs: the same `q`, `label` and `time` as the search, one request."""

        def count() -> dict:
            body = build_counts(args["q"], tags=args["label"], time=args["time"])
            result = es_client().search(index=settings().index_alias, body=body)
            buckets = {b["key"]: b["doc_count"] for b in result["aggregations"]["types"]["buckets"]}
            counts = {t: buckets.get(t, 0) for t in CONTENT_TYPES}
            return {"all": sum(counts.values()), **counts}

        return ok(read_through(args, count))
