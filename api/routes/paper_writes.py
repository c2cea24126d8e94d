"""A member's writes on papers (issue 34), as Hugging Face Papers readers know them: POST
/api/v1/papers/{id}/vote | unvote (an upvote), POST /api/v3/paper/submit (a paper by its arXiv number or
address). Writes: CSRF-checked and rate-limited like every write."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import MSG_DONE, envelope_of, ok
from api.schemas.writes import PaperSubmitBody, PaperSubmittedSchema, PaperVoteStateSchema
from api.services.paper_submit import submit_paper
from api.services.paper_votes import ACTIONS, paper_vote

blp = HubBlueprint("paper_writes", __name__, url_prefix="/api", description="Upvote and submit papers")


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


@blp.route("/v3/paper/submit")
class PaperSubmit(MethodView):
    @blp.arguments(PaperSubmitBody)
    @blp.response(200, envelope_of(PaperSubmittedSchema))
    @blp.write_errors()
    @blp.alt_response(404, description="arXiv has no such paper: {code: 404, msg: 'arXiv 上没有这篇论文'}")
    @blp.alt_response(503, description="arXiv unreachable: {code: 503, msg: '暂时无法访问 arXiv，请稍后再试'}")
    def post(self, args):
        """A paper by its arXiv number or address (signed in). One per arXiv number: a paper the hub has is
        answered as it is (created false, 论文已收录); a new one is read from arXiv and indexed (提交成功)."""
        data, msg = submit_paper(args)
        return ok(data, msg)
