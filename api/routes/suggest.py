"""GET /api/v2/search/stories_title: title suggestions as the user types (at most 10)."""

from __future__ import annotations

from html import escape

from flask.views import MethodView

from api.blueprint import RATE_LIMITED, HubBlueprint
from api.context import reader
from api.envelope import envelope_of, ok
from api.read_cache import cached_answer
from api.schemas.search import SuggestArgs, SuggestionSchema
from indexer.queries.suggest import build_suggest
from kinds.common import highlight_of

blp = HubBlueprint("suggest", __name__, url_prefix="/api", description="Title suggestions")


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
    @blp.alt_response(429, description=RATE_LIMITED)
    def get(self, args):
        """Story titles matching what was typed, by prefix or inside the title, Chinese or English."""
        if not args["q"]:
            return ok([])

        def suggest() -> list:
            return [suggestion(hit) for hit in reader().hits(build_suggest(args["q"]))]

        # The finished answer, cached as its bytes: one Redis round trip before each keystroke's answer
        # (the flask-caching read took two and a schema dump); tests/api/test_answer_shapes.py holds the
        # answer to what the schema says.
        return cached_answer(args, suggest)[0]
