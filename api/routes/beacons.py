"""GET /api/v1/track?data=<base64>: the tracking beacon of spec section 7."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import RATE_LIMITED, HubBlueprint
from api.envelope import envelope_of, ok
from api.schemas.beacons import BeaconArgs, BeaconResultSchema
from api.services.attention import accept_beacon

blp = HubBlueprint("beacons", __name__, url_prefix="/api", description="Tracking beacons")


@blp.route("/v1/track")
class Track(MethodView):
    @blp.arguments(BeaconArgs, location="query")
    @blp.response(200, envelope_of(BeaconResultSchema, name="BeaconEnvelope"))
    @blp.alt_response(429, description=RATE_LIMITED)
    def get(self, args):
        """One beacon: `data` is base64 (standard or URL-safe) of BeaconContent JSON: page {url, title,
        referrer}, device {platform, screen, ua}, visitor_id, page_id, user_id, user_name, event
        (exposure | duration | click), module_code, page_code, action_code, duration_ms (duration),
        story_ids, paper_ids, event_ids, project_ids. A valid beacon is appended to the attention
        stream (`accepted: true`; false when Redis is away: dropped). Undecodable or invalid content
        answers 400 `埋点数据格式错误` and is counted as dropped; floods answer 429 (per visitor and
        address, and per address)."""
        return ok({"accepted": accept_beacon(args["data"])})
