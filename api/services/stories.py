"""A story's page (payload with every tag and its sanitised content) and related stories."""

from __future__ import annotations

import nh3

import kinds
from api.context import reader
from api.envelope import MSG_NOT_FOUND, ApiError
from api.feed_items import hit_to_item
from api.read_cache import read_through
from api.services.attention import record_view
from api.user_flags import apply_flags, apply_item_flags
from indexer.queries.detail import build_similar

STORY = kinds.kind("story")


def story_detail(story_id: int) -> dict:
    def read() -> dict:
        doc = reader().get(STORY.doc_id(story_id), ["source", "content"])
        if doc is None:
            raise ApiError(404, MSG_NOT_FOUND)
        info = STORY.shape(doc["source"], tag_limit=None)
        info["content"] = nh3.clean(doc.get("content") or "")
        return info

    info = read_through({"id": story_id}, read)
    record_view(STORY.name, story_id)  # after the read: unknown stories (404) are not counted
    apply_flags([info])
    return info


def similar_stories(args: dict) -> dict:
    def read() -> dict:
        key = STORY.doc_id(args["story_id"])
        if reader().get(key, ["type"]) is None:
            raise ApiError(404, MSG_NOT_FOUND)
        hits = reader().hits(build_similar(reader().alias, key, args["size"]))
        return {"list": [hit_to_item(hit) for hit in hits]}

    data = read_through(args, read)
    apply_item_flags(data["list"])
    return data
