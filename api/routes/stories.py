"""GET /api/v1/stories/{id} (story detail) and POST /api/v1/story/similar (related stories)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import envelope_of, ok
from api.schemas.details import SimilarBody
from api.schemas.items import FeedListSchema, StoryDetailSchema
from api.services.stories import similar_stories, story_detail

blp = HubBlueprint("stories", __name__, url_prefix="/api", description="Story details and similar stories")


@blp.route("/v1/stories/<id:story_id>")
class StoryDetail(MethodView):
    @blp.response(200, envelope_of(StoryDetailSchema))
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, story_id: int):
        """One story: story_info with every tag, plus its content as sanitised HTML."""
        return ok(story_detail(story_id))


@blp.route("/v1/story/similar")
class SimilarStories(MethodView):
    @blp.arguments(SimilarBody)
    @blp.response(200, envelope_of(FeedListSchema, name="SimilarEnvelope"))
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, args):
        """Stories related by content (more_like_this on title, summary and text), without the story itself."""
        return ok(similar_stories(args))
