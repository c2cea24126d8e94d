"""The filtered feeds' JSON body: {page, label, time, sort, size}; defaults differ per feed."""

from __future__ import annotations

from api.schemas.common import Paged, TagList, sort_field, time_field


def feed_body(name: str, sort: str, time: str | None) -> type[Paged]:
    """A body schema whose defaults are the feed's own (spec section 9)."""
    return type(
        name,
        (Paged,),
        {
            "label": TagList(load_default=list),
            "time": time_field(time),
            "sort": sort_field(sort, ["hot", "new"]),
        },
    )


# Home (the story list): newest within a day; the others: newest of all time; events by status.
StoryListBody = feed_body("StoryListBody", "new", "day")
PaperListBody = feed_body("PaperListBody", "new", None)
ProjectListBody = feed_body("ProjectListBody", "new", None)
EventListBody = feed_body("EventListBody", "hot", None)
