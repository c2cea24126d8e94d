"""GET /api/v2/search: unified search straight from the index."""
from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from api.envelope import envelope_of, ok
from api.feed_items import hit_to_item
from api.schemas.search import SearchArgs, SearchPageSchema
from api.services import es_client, settings
from indexer.queries.search import build_search

blp = Blueprint("search", __name__, url_prefix="/api", description="Search, suggestions, hot words, counts")


@blp.route("/v2/search")
class Search(MethodView):
    @blp.arguments(SearchArgs, location="query")
    @blp.response(200, envelope_of(SearchPageSchema))
    def get(self, args):
        """Search stories, papers, events and projects; titles come back highlighted as safe HTML."""
        body = build_search(args["q"], types=[args["model"]] if args["model"] else None, tags=args["label"],
                            time=args["time"], sort=args["sort"], page=args["page"], size=args["size"])
        result = es_client().search(index=settings().index_alias, body=body)
        hits = result["hits"]["hits"]
        total = result["hits"]["total"]["value"]
        return ok({"list": [hit_to_item(h) for h in hits], "total": total, "page": args["page"],
                   "size": args["size"], "hasNextPage": args["page"] * args["size"] < total})
