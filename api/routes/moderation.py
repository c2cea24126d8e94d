"""GET /api/v1/editor/reports: the reports users filed, for moderators (editors only)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import SIGNED_OUT, HubBlueprint
from api.envelope import envelope_of, ok
from api.schemas.moderation import ReportPageSchema, ReportsQuery
from api.services.moderation import list_reports

blp = HubBlueprint("moderation", __name__, url_prefix="/api", description="Reports for moderators (editors)")


@blp.route("/v1/editor/reports")
class Reports(MethodView):
    @blp.arguments(ReportsQuery, location="query")
    @blp.response(200, envelope_of(ReportPageSchema))
    @blp.alt_response(403, description=f"{SIGNED_OUT}; not an editor: {{code: 403, msg: '没有权限'}}")
    def get(self, args):
        """Every report, newest first: the story (title, already deleted or not), the reporter, the
        reason (1-7), the link and the remark as the reporter wrote them (plain text)."""
        return ok(list_reports(args["page"], args["size"]))
