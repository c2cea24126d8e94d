"""A member's stories on their page (/users/{id}), newest first, with the caller's flags; cached for
visitors like the feeds. Anonymous stories never appear: the index keeps them apart from their writer."""

from __future__ import annotations

from flask import Response

from api.context import reader
from api.read_cache import cached_answer
from api.user_flags import apply_item_flags
from indexer.queries.people import build_user_stories


def user_stories(user_id: int, args: dict) -> Response:
    def read() -> dict:
        body = build_user_stories(user_id, args["page"], args["size"])
        return reader().page(body, args["page"], args["size"])

    return cached_answer({**args, "user_id": user_id}, read, lambda data: apply_item_flags(data["list"]))[0]


__all__ = ["user_stories"]
