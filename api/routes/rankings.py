"""GET /api/v1/rankings: the people leaderboard ('global' and 'hub' tabs; rules in api/services/rankings.py)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import envelope_of, ok
from api.schemas.people import RankingArgs, RankingPageSchema
from api.services.rankings import ranking_page

blp = HubBlueprint("rankings", __name__, url_prefix="/api", description="People leaderboard")


@blp.route("/v1/rankings")
class Rankings(MethodView):
    @blp.arguments(RankingArgs, location="query")
    @blp.response(200, envelope_of(RankingPageSchema))
    def get(self, args):
        """The leaderboard: tab global|hub, sort hot|new, time day|3day|week|month (hub tab), page, size."""
        return ok(ranking_page(args))
