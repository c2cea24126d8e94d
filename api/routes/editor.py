"""POST /api/v1/editor/rollup: an editor asks for the heat rollup now (it also runs daily at 0:00)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import envelope_of, ok
from api.schemas.beacons import RollupQueuedSchema
from api.services.editor import start_rollup

blp = HubBlueprint("editor", __name__, url_prefix="/api", description="Editors' jobs")


@blp.route("/v1/editor/rollup")
class Rollup(MethodView):
    @blp.response(200, envelope_of(RollupQueuedSchema, name="RollupEnvelope"))
    @blp.write_errors(forbidden="anonymous: {code: 403, msg: '请先登录'}; not an editor: {code: 403, msg: '没有权限'}")
    def post(self):
        """Editors only (CSRF header): queue the heat rollup (consume the attention stream, recompute
        daily heat, publish day/3-day/week/month heat to the index through the outbox). The worker runs
        one rollup at a time; msg `已开始汇总`. 503 when the worker's queue is unreachable."""
        return ok(start_rollup(), "已开始汇总")
