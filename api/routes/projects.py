"""GET /api/v1/projects/{id}: one project (repository) with the papers joined to it."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import envelope_of, ok
from api.services.projects import project_detail
from kinds.code_links import ProjectDetailSchema

blp = HubBlueprint("projects", __name__, url_prefix="/api", description="Project details")


@blp.route("/v1/projects/<id:project_id>")
class ProjectDetail(MethodView):
    @blp.response(200, envelope_of(ProjectDetailSchema))
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, project_id: int):
        """One project: project_info with every tag, plus `papers`, the papers its description or README
        cites and those whose abstract or arXiv comment links it (newest first)."""
        return ok(project_detail(project_id))
