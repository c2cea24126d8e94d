"""event_info for a list of event ids (the home layout's event cards ask for them by id)."""

from __future__ import annotations

import kinds
from api.context import reader
from api.event_flags import apply_event_flags
from api.read_cache import read_through

EVENT = kinds.kind("event")


def events_by_id(args: dict) -> list:
    """In the order asked; unknown ids are left out."""

    def read() -> list:
        ids = [EVENT.doc_id(i) for i in dict.fromkeys(args["ids"])]
        docs = reader().mget(ids, ["source"])
        return [EVENT.shape(doc["source"], tag_limit=None) for doc in docs if doc is not None]

    infos = read_through(args, read)
    apply_event_flags(infos)
    return infos
