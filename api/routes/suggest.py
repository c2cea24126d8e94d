"""GET /api/v2/search/stories_title: title suggestions as the user types (at most 10)."""

from __future__ import annotations

from html import escape

from flask.views import MethodView
from flask_smorest import Blueprint

from api.envelope import envelope_of, ok
from api.feed_items import highlight_of
from api.read_cache import read_through
from api.schemas.search import SuggestArgs, SuggestionSchema
from api.services import es_client, settings
from indexer.queries.suggest import build_suggest

blp = Blueprint("suggest", __name__, url_prefix="/api", description="Title suggestions")


def suggestion(hit: dict) -> dict:
    info = hit["_source"]["source"]
    html = highlight_of(hit, "title.uni") or escape(info["title"])
    return {
        "source": {"story_info": {"id": info["id"], "title": info["title"]}},
        "highlight": {"story_info.title": [html]},
    }


@blp.route("/v2/search/stories_title")
class StoryTitles(MethodView):
    @blp.arguments(SuggestArgs, location="query")
    @blp.response(200, envelope_of(SuggestionSchema, many=True))
    def get(self, args):
        """Story titles matching what was typed, by prefix or inside the title, Chinese or English."""
        if not args["q"]:
            return ok([])

        def suggest() -> list:
            result = es_client().search(index=settings().index_alias, body=build_suggest(args["q"]))
            return [suggestion(hit) for hit in result["hits"]["hits"]]

        return ok(read_through(args, suggest))
