"""GET /api/v1/stories/{id} (story detail) and POST /api/v1/story/similar (related stories)."""

from __future__ import annotations

import nh3
from elasticsearch import NotFoundError
from flask.views import MethodView
from flask_smorest import Blueprint

from api.envelope import MSG_NOT_FOUND, ApiError, envelope_of, ok
from api.feed_items import hit_to_item, story_info
from api.read_cache import read_through
from api.schemas.details import SimilarBody
from api.schemas.items import FeedListSchema, StoryDetailSchema
from api.services import es_client, settings
from api.user_flags import apply_flags, apply_item_flags
from indexer.documents import doc_id
from indexer.queries.detail import build_similar

blp = Blueprint("stories", __name__, url_prefix="/api", description="Story details and similar stories")


def get_document(key: str, source: list[str]) -> dict:
    try:
        return es_client().get(index=settings().index_alias, id=key, _source=source)
    except NotFoundError as exc:
        raise ApiError(404, MSG_NOT_FOUND) from exc


@blp.route("/v1/stories/<int:story_id>")
class StoryDetail(MethodView):
    @blp.response(200, envelope_of(StoryDetailSchema))
    def get(self, story_id: int):
        """One story: story_info with every tag, plus its content as sanitised HTML."""

        def read() -> dict:
            doc = get_document(doc_id("story", story_id), ["source", "content"])["_source"]
            info = story_info(doc["source"], tag_limit=None)
            info["content"] = nh3.clean(doc.get("content") or "")
            return info

        info = read_through({"id": story_id}, read)
        apply_flags([info])
        return ok(info)


@blp.route("/v1/story/similar")
class SimilarStories(MethodView):
    @blp.arguments(SimilarBody)
    @blp.response(200, envelope_of(FeedListSchema, name="SimilarEnvelope"))
    def post(self, args):
        """Stories related by content (more_like_this on title, summary and text), without the story itself."""

        def read() -> dict:
            key = doc_id("story", args["story_id"])
            get_document(key, ["type"])  # 404 for an unknown story
            body = build_similar(settings().index_alias, key, args["size"])
            result = es_client().search(index=settings().index_alias, body=body)
            return {"list": [hit_to_item(hit) for hit in result["hits"]["hits"]]}

        data = read_through(args, read)
        apply_item_flags(data["list"])
        return ok(data)
