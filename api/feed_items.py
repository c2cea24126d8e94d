"""Elasticsearch hits -> the spec's feed items {type, id, is_event, story_id, source, *_info, highlight}.

The payload is sent once, in the item's `*_info`; `source` stays in the shape (the spec names it) as
an empty object: a copy of the payload there doubled every list answer (45 KB for 20 search hits).

Each hit's kind (kinds/) shapes its payload: highlighted titles come from Elasticsearch's HTML
encoder (escaped, only <em> added), titles without a highlight are escaped by the kind, so every
`title_html` is safe to render."""

from __future__ import annotations

import kinds
from kinds.common import highlight_of, tags_named_in


def hit_to_item(hit: dict, labels: list[str] | None = None, query: str | None = None) -> dict:
    """`labels`: the label filter, `query`: the search text; the tags either names come first, marked."""
    doc = hit["_source"]
    kind = kinds.kind(doc["type"])
    marked = [*(labels or []), *tags_named_in(query, doc["source"].get("tag_names"))]
    info = kind.shape(doc["source"], hit, marked)
    for name in kind.detail_fields:  # lists stay lean: a paper's code, a project's papers are for its page
        info.pop(name, None)
    item = {
        "type": kind.name,
        "id": info["id"],
        "is_event": False,
        "story_id": None,
        **{other.info_key: None for other in kinds.searchable_kinds()},
        "highlight": {kind.highlight_key: [info["title_html"]]},
    }
    item[kind.info_key] = info
    item.update(kind.item_fields(info))
    summary_hl = highlight_of(hit, "summary")
    if summary_hl:
        item["highlight"]["summary"] = [summary_hl]
    item["source"] = {}  # the spec's field, without a second copy of the payload (see above)
    return item


def page_of(result: dict, page: int, size: int, labels: list[str] | None = None, query: str | None = None) -> dict:
    """{list, total, page, size, hasNextPage} from one search response."""
    total = result["hits"]["total"]["value"]
    items = [hit_to_item(hit, labels, query) for hit in result["hits"]["hits"]]
    return {"list": items, "total": total, "page": page, "size": size, "hasNextPage": page * size < total}
