"""GET /api/v2/search/stories_title: suggestions as the user types (at most 10): stories, papers, projects
and people (api/services/suggestions.py)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import RATE_LIMITED, HubBlueprint
from api.context import reader
from api.envelope import envelope_of, ok
from api.read_cache import cached_answer
from api.schemas.search import SuggestArgs, SuggestionSchema
from api.services.suggestions import suggestion
from indexer.queries.suggest import build_suggest

blp = HubBlueprint("suggest", __name__, url_prefix="/api", description="Title suggestions")


@blp.route("/v2/search/stories_title")
class StoryTitles(MethodView):
    @blp.arguments(SuggestArgs, location="query")
    @blp.response(200, envelope_of(SuggestionSchema, many=True))
    @blp.alt_response(429, description=RATE_LIMITED)
    def get(self, args):
        """Stories, papers, projects and people whose title, repository or name matches what was typed.

        By prefix or inside, Chinese or English, pinyin (with or without spaces), initials or traditional
        script; each row names its kind (`type`) and where it opens (`url`)."""
        if not args["q"]:
            return ok([])

        def suggest() -> list:
            return [suggestion(hit, args["q"]) for hit in reader().hits(build_suggest(args["q"]))]

        # The finished answer, cached as its bytes: one Redis round trip before each keystroke's answer
        # (the flask-caching read took two and a schema dump); tests/api/test_answer_shapes.py holds the
        # answer to what the schema says.
        return cached_answer(args, suggest)[0]
