"""The filtered feeds' JSON body: {page, label, time, sort, size}; defaults are each kind's own."""

from __future__ import annotations

import kinds
from api.schemas.common import Paged, TagList, sort_field, time_field
from kinds import FeedSpec


def feed_body(feed: FeedSpec) -> type[Paged]:
    """A body schema whose defaults are the feed's own (spec section 9)."""
    return type(
        feed.body_name,
        (Paged,),
        {
            "label": TagList(load_default=list),
            "time": time_field(feed.time),
            "sort": sort_field(feed.sort, list(feed.orders)),
        },
    )


FEED_BODIES: dict[str, type[Paged]] = {kind.name: feed_body(kind.feed) for kind in kinds.with_feeds()}
