"""GET /api/v1/editor/sources (the content sources, their last run and recent failures) and
POST /api/v1/editor/sources/<name>/run (queue a run now). Editors only."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import SIGNED_OUT, HubBlueprint
from api.envelope import MSG_DONE, envelope_of, ok
from api.schemas.sources import SourceListSchema, SourceRunQueuedSchema
from api.services.sources import list_sources, start_run

blp = HubBlueprint("sources", __name__, url_prefix="/api", description="Content sources (editors)")
# Its own blueprint so that only the run (a write) counts against the write rate limit, not the list.
run_blp = HubBlueprint("source_runs", __name__, url_prefix="/api", description="Run a content source (editors)")

EDITORS_ONLY = f"{SIGNED_OUT}; not an editor: {{code: 403, msg: '没有权限'}}"


@blp.route("/v1/editor/sources")
class Sources(MethodView):
    @blp.response(200, envelope_of(SourceListSchema))
    @blp.alt_response(403, description=EDITORS_ONLY)
    def get(self):
        """Every content source (arxiv, github, stories, events): label, whether it is configured and
        scheduled, its configuration (no secrets), its last run (time, counts, ok or error) and its 5
        most recent failures, newest first."""
        return ok(list_sources())


@run_blp.route("/v1/editor/sources/<string:name>/run")
class SourceRun(MethodView):
    @run_blp.response(200, envelope_of(SourceRunQueuedSchema))
    @run_blp.write_errors(EDITORS_ONLY)
    @run_blp.alt_response(404, response="NOT_FOUND")
    @run_blp.alt_response(400, description="not configured: {code: 400, msg: '该来源未配置'}")
    def post(self, name: str):
        """Queue a run of source `name` on the worker now (CSRF header required, rate-limited like every
        write). data: the task id; the run's outcome shows in the list once it finished. msg `操作成功`."""
        return ok(start_run(name), MSG_DONE)
