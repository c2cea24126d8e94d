"""The filtered feeds, one route per kind that has a feed (kinds/*.py `feed`): POST /v1/story/list,
/v3/paper/list, /v1/events, /v3.1/github/home/list.

Body {page, label, time, sort, size}; answer {list, total, page, size, hasNextPage}."""

from __future__ import annotations

import kinds
from api.blueprint import HubBlueprint
from api.envelope import envelope_of
from api.schemas.feeds import FEED_BODIES
from api.schemas.items import FeedPageSchema
from api.services.feeds import feed_page

blp = HubBlueprint("feeds", __name__, url_prefix="/api", description="Story, event, paper and project feeds")

FEED_ENVELOPE = envelope_of(FeedPageSchema, name="FeedPageEnvelope")


def _register(kind: kinds.Kind) -> None:
    def view(args):
        return feed_page(kind.name, args)

    view.__doc__ = kind.feed.summary
    view.__name__ = f"{kind.name}_feed"
    decorated = blp.response(200, FEED_ENVELOPE)(blp.arguments(FEED_BODIES[kind.name])(view))
    blp.route(kind.feed.path, methods=["POST"], endpoint=view.__name__)(decorated)


for _kind in kinds.with_feeds():
    _register(_kind)
