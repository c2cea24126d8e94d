"""GET /api/v1/site: the footer's and the titles' configuration (phone, e-mail, ICP, group invite)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.context import settings
from api.envelope import envelope_of, ok
from api.schemas.site import SiteSchema
from api.services.site import site_info

blp = HubBlueprint("site", __name__, url_prefix="/api", description="Site configuration")


@blp.route("/v1/site")
class Site(MethodView):
    @blp.response(200, envelope_of(SiteSchema))
    def get(self):
        """Product name, description, contact phone and e-mail, ICP number, guidelines link, group invite."""
        return ok(site_info(settings()))
