"""POST /api/v1/papers/{id}/vote | unvote: a member's upvote of a paper (issue 34), as Hugging Face
Papers readers know it. Writes: CSRF-checked and rate-limited like every write."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import MSG_DONE, envelope_of, ok
from api.schemas.writes import PaperVoteStateSchema
from api.services.paper_votes import ACTIONS, paper_vote

blp = HubBlueprint("paper_votes", __name__, url_prefix="/api", description="Upvote papers")


def _action_view(action: str) -> type[MethodView]:
    class Action(MethodView):
        @blp.response(200, envelope_of(PaperVoteStateSchema))
        @blp.write_errors()
        @blp.alt_response(404, response="NOT_FOUND")
        def post(self, paper_id: int):
            return ok(paper_vote(paper_id, action), MSG_DONE)

    Action.post.__doc__ = f"`{action}` (empty body; signed in): idempotent; data: {{is_voted, vote_count}} after it."
    Action.__name__ = f"Paper{action.capitalize()}"
    return Action


for _action in ACTIONS:
    blp.route(f"/v1/papers/<id:paper_id>/{_action}", endpoint=_action)(_action_view(_action))
