"""POST /api/v1/stories/{id}/favourite | unfavourite | bookmark | unbookmark (vote, unvote, mark, unmark)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import MSG_DONE, envelope_of, ok
from api.schemas.writes import StoryStateSchema
from api.services.story_actions import ACTIONS, story_action

blp = HubBlueprint("story_actions", __name__, url_prefix="/api", description="Vote and bookmark stories")


def _action_view(action: str) -> type[MethodView]:
    class Action(MethodView):
        @blp.response(200, envelope_of(StoryStateSchema))
        @blp.write_errors()
        @blp.alt_response(404, response="NOT_FOUND")
        def post(self, story_id: int):
            return ok(story_action(story_id, action), MSG_DONE)

    Action.post.__doc__ = (
        f"`{action}` (empty body; signed in): idempotent; data: {{is_voted, final_score, is_marked, remark_count}}"
        " after the change (counters never below 0)."
    )
    Action.__name__ = f"Story{action.capitalize()}"
    return Action


for _action in ACTIONS:
    blp.route(f"/v1/stories/<id:story_id>/{_action}", endpoint=_action)(_action_view(_action))
