"""event_info for a list of event ids, at both paths the spec names: POST /api/v1/events/info and
POST /api/v2/info/index (body {type: 'events', ids})."""

from __future__ import annotations

from api.blueprint import HubBlueprint
from api.envelope import envelope_of, ok
from api.schemas.details import EventIdsBody
from api.schemas.items import EventInfoSchema
from api.services.events import events_by_id

blp = HubBlueprint("events", __name__, url_prefix="/api", description="Events by id")

EVENTS_ENVELOPE = envelope_of(EventInfoSchema, many=True)
PATHS = {"/v1/events/info": "events_info", "/v2/info/index": "info_index"}


def _register(path: str, endpoint: str) -> None:
    def view(args):
        return ok(events_by_id(args))

    view.__doc__ = "event_info (status badge, button, time, address) of the given events, in the order asked."
    view.__name__ = endpoint
    decorated = blp.response(200, EVENTS_ENVELOPE)(blp.arguments(EventIdsBody)(view))
    blp.route(path, methods=["POST"], endpoint=endpoint)(decorated)


for _path, _endpoint in PATHS.items():
    _register(_path, _endpoint)
