"""POST /api/v1/report/up (report a story) and /api/v1/report/down (take the report back)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import MSG_REPORT_CANCELLED, MSG_REPORTED, envelope_of, ok
from api.schemas.writes import ReportDownBody, ReportStateSchema, ReportUpBody
from api.services.reports import report_down, report_up

blp = HubBlueprint("reports", __name__, url_prefix="/api", description="Report stories")


@blp.route("/v1/report/up")
class ReportUp(MethodView):
    @blp.arguments(ReportUpBody)
    @blp.response(200, envelope_of(ReportStateSchema))
    @blp.write_errors()
    def post(self, args):
        """Report a story (reasons 1-7; a link for 3 and 4; remark ≤ 200). msg `举报成功`; reporting again
        replaces the reason."""
        return ok(report_up(args), MSG_REPORTED)


@blp.route("/v1/report/down")
class ReportDown(MethodView):
    @blp.arguments(ReportDownBody)
    @blp.response(200, envelope_of(ReportStateSchema))
    @blp.write_errors()
    def post(self, args):
        """Take one's report back. msg `取消举报成功`."""
        return ok(report_down(args), MSG_REPORT_CANCELLED)
