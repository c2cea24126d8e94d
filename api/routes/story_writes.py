"""POST /api/v1/stories (publish), PUT /api/v1/stories/{id} (edit), POST /api/v1/story/del (delete)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import SIGNED_OUT, HubBlueprint
from api.envelope import MSG_CREATED, MSG_DELETED, MSG_SAVED, envelope_of, ok
from api.schemas.items import StoryDetailSchema
from api.schemas.writes import DeleteBody, NoDataSchema, StoryBody
from api.services.story_writes import create_story, delete_story, update_story

blp = HubBlueprint("story_writes", __name__, url_prefix="/api", description="Publish, edit and delete stories")

FORBIDDEN = f"{SIGNED_OUT}; not allowed: {{code: 403, msg: '没有权限'}}"


@blp.route("/v1/stories")
class Stories(MethodView):
    @blp.arguments(StoryBody)
    @blp.response(200, envelope_of(StoryDetailSchema))
    @blp.write_errors(FORBIDDEN)
    def post(self, args):
        """Publish a story (signed in). data: the story detail; msg `发布成功`. Searchable within seconds."""
        return ok(create_story(args), MSG_CREATED)


@blp.route("/v1/stories/<id:story_id>")
class StoryEdit(MethodView):
    @blp.arguments(StoryBody)
    @blp.response(200, envelope_of(StoryDetailSchema))
    @blp.write_errors(FORBIDDEN)
    @blp.alt_response(404, response="NOT_FOUND")
    def put(self, args, story_id: int):
        """Edit a story (author or editor; every field is sent again). data: the story detail; msg `保存成功`."""
        return ok(update_story(story_id, args), MSG_SAVED)


@blp.route("/v1/story/del")
class StoryDelete(MethodView):
    @blp.arguments(DeleteBody)
    @blp.response(200, envelope_of(NoDataSchema, name="DeleteEnvelope"))
    @blp.write_errors(FORBIDDEN)
    def post(self, args):
        """Delete a story: the author's own, or (editor) someone else's with a reason (400 `请填写删除理由`).
        data: null; msg `删除成功`. The story leaves lists and search."""
        delete_story(args)
        return ok(None, MSG_DELETED)
