"""GET /api/v1/related: up to six related stories, papers, projects and events of an item, for the story
and paper pages (api/services/related.py)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import envelope_of
from api.schemas.items import FeedListSchema
from api.schemas.related import RelatedQuery
from api.services.related import related_items

blp = HubBlueprint("related", __name__, url_prefix="/api", description="Related items across kinds")


@blp.route("/v1/related")
class Related(MethodView):
    @blp.arguments(RelatedQuery, location="query")
    @blp.response(200, envelope_of(FeedListSchema, name="RelatedEnvelope"))
    @blp.alt_response(400, response="BAD_REQUEST")
    def get(self, args):
        """Items of any kind that share the item's concepts, tags or words, best first; the item itself
        never. An item that does not exist has none."""
        return related_items(args)
