"""The filtered feeds: POST /v1/story/list, /v1/events, /v3/paper/list, /v3.1/github/home/list.

Body {page, label, time, sort, size}; answer {list, total, page, size, hasNextPage}."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from api.envelope import envelope_of, ok
from api.feed_items import page_of
from api.read_cache import read_through
from api.schemas.feeds import EventListBody, PaperListBody, ProjectListBody, StoryListBody
from api.schemas.items import FeedPageSchema
from api.services import es_client, settings
from api.user_flags import apply_item_flags
from indexer.queries.feed import build_feed

blp = Blueprint("feeds", __name__, url_prefix="/api", description="Story, event, paper and project feeds")

FEED_ENVELOPE = envelope_of(FeedPageSchema, name="FeedPageEnvelope")


def feed_page(entity_type: str, args: dict) -> dict:
    def read() -> dict:
        body = build_feed(
            entity_type, tags=args["label"], time=args["time"], sort=args["sort"], page=args["page"], size=args["size"]
        )
        result = es_client().search(index=settings().index_alias, body=body)
        return page_of(result, args["page"], args["size"], args["label"])

    data = read_through(args, read)
    apply_item_flags(data["list"])
    return ok(data)


@blp.route("/v1/story/list")
class StoryList(MethodView):
    @blp.arguments(StoryListBody)
    @blp.response(200, FEED_ENVELOPE)
    def post(self, args):
        """Stories (home): default newest within a day; `hot` = stored heat within the range."""
        return feed_page("story", args)


@blp.route("/v1/events")
class EventList(MethodView):
    @blp.arguments(EventListBody)
    @blp.response(200, FEED_ENVELOPE)
    def post(self, args):
        """Events: default `hot` = live first, then upcoming (soonest first), then ended (latest first);
        `new` = latest start time first. `time` filters on when the event was published."""
        return feed_page("event", args)


@blp.route("/v3/paper/list")
class PaperList(MethodView):
    @blp.arguments(PaperListBody)
    @blp.response(200, FEED_ENVELOPE)
    def post(self, args):
        """Papers: default newest of all time; `hot` = hotness."""
        return feed_page("paper", args)


@blp.route("/v3.1/github/home/list")
class ProjectList(MethodView):
    @blp.arguments(ProjectListBody)
    @blp.response(200, FEED_ENVELOPE)
    def post(self, args):
        """Projects: default newest of all time; `hot` = stars and forks."""
        return feed_page("project", args)
