"""Related items of a story, paper, project or event (indexer/queries/related.py), in the feed items'
shape; cached for anonymous callers like the feeds."""

from __future__ import annotations

from flask import Response

import kinds
from api.context import reader, settings
from api.envelope import ApiError
from api.feed_items import hit_to_item
from api.read_cache import cached_answer
from api.user_flags import apply_item_flags
from indexer.queries.related import build_related, interleave
from kinds.arxiv_ids import ArxivIdError, parse_arxiv

MSG_BAD_ID = "内容编号格式错误"


def _doc_id(kind_name: str, key: str) -> str:
    """The document of the item the page shows: papers are kept by their arXiv number, the others by id."""
    if kind_name == "paper":
        try:
            return kinds.kind("paper").doc_id(parse_arxiv(key)[0])
        except ArxivIdError as exc:
            raise ApiError(400, MSG_BAD_ID, {"errors": {"query": {"id": [MSG_BAD_ID]}}}) from exc
    if not key.isdigit():
        raise ApiError(400, MSG_BAD_ID, {"errors": {"query": {"id": [MSG_BAD_ID]}}})
    return kinds.kind(kind_name).doc_id(int(key))


def related_items(args: dict) -> Response:
    doc_id = _doc_id(args["type"], args["id"])

    def read() -> dict:
        responses = reader().msearch(build_related(settings().index_alias, doc_id))
        return {"list": [hit_to_item(hit) for hit in interleave(responses)]}

    return cached_answer(args, read, lambda data: apply_item_flags(data["list"]))[0]


__all__ = ["related_items"]
