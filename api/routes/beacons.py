"""GET /api/v1/track?data=<base64>: the tracking beacon of spec section 7; POST /api/v1/track: a batch of
them as text lines (what the UI's navigator.sendBeacon sends)."""

from __future__ import annotations

from flask import request
from flask.views import MethodView

from api.blueprint import RATE_LIMITED, HubBlueprint
from api.envelope import ApiError, envelope_of, ok
from api.schemas.beacons import MAX_BATCH, MAX_DATA, BeaconArgs, BeaconBatchResultSchema, BeaconResultSchema
from api.services.attention import MSG_BAD_BEACON, accept_batch, accept_beacon, batch_lines

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
        answers 400 `埋点数据格式错误` and is counted as dropped; floods answer 429 (lines a minute per
        viewer, the signed-in account else the network, and per address). The server derives the viewer:
        the `visitor_id` and `user_id` a beacon claims never name a person of their own."""
        return ok({"accepted": accept_beacon(args["data"])})

    @blp.response(200, envelope_of(BeaconBatchResultSchema, name="BeaconBatchEnvelope"))
    @blp.alt_response(
        400, description="empty body, more than 20 lines or a line too long: {code: 400, msg: '埋点数据格式错误'}"
    )
    @blp.alt_response(429, description=RATE_LIMITED)
    def post(self):
        """A batch: the body (text/plain, as navigator.sendBeacon sends it) holds up to 20 beacons, one
        base64 line each, in the GET's format. Each line is taken or dropped on its own (bad lines are
        counted as dropped); an empty body, more than 20 lines or an over-long line answers 400
        `埋点数据格式错误`. Each line counts against the limits. A signed-in member's batch needs no
        X-CSRF-Token (sendBeacon cannot send it; a beacon changes nothing on the member's behalf)."""
        lines = batch_lines(request.get_data(as_text=True))
        if not lines or len(lines) > MAX_BATCH or any(len(line) > MAX_DATA for line in lines):
            raise ApiError(400, MSG_BAD_BEACON)
        return ok(accept_batch(lines))
