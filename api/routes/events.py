"""POST /api/v1/events/info and POST /api/v2/info/index: event_info for a list of event ids."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from api.envelope import envelope_of, ok
from api.feed_items import event_info
from api.read_cache import read_through
from api.schemas.details import EventIdsBody
from api.schemas.items import EventInfoSchema
from api.services import es_client, settings
from indexer.documents import doc_id

blp = Blueprint("events", __name__, url_prefix="/api", description="Events by id")

EVENTS_ENVELOPE = envelope_of(EventInfoSchema, many=True)


def events_by_id(args: dict) -> list:
    """In the order asked; unknown ids are left out."""

    def read() -> list:
        ids = list(dict.fromkeys(args["ids"]))
        body = {"ids": [doc_id("event", i) for i in ids]}
        docs = es_client().mget(index=settings().index_alias, body=body, _source=["source"])["docs"]
        return [event_info(d["_source"]["source"], tag_limit=None) for d in docs if d.get("found")]

    return read_through(args, read)


@blp.route("/v1/events/info")
class EventsInfo(MethodView):
    @blp.arguments(EventIdsBody)
    @blp.response(200, EVENTS_ENVELOPE)
    def post(self, args):
        """event_info (status badge, button, time, address) of the given events."""
        return ok(events_by_id(args))


@blp.route("/v2/info/index")
class InfoIndex(MethodView):
    @blp.arguments(EventIdsBody)
    @blp.response(200, EVENTS_ENVELOPE)
    def post(self, args):
        """Same as /v1/events/info (type 'events', ids)."""
        return ok(events_by_id(args))
