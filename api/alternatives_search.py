"""A search asking for alternatives to an item it names (`alternative to whisper`, `vllm 平替`, 类似 LangGraph 的项目;
analysis/alternatives.py): when an item of that name exists, the search's text query becomes the item and the items of
its kind like it (indexer/queries/alternatives.py), with the search's filters, operators, sort and paging kept. As
text the query found the named item alone: no other item's text names it. Shared by the list, the tabs' counts
(api/services/feeds.py) and the stack's floor (api/relaxed_search.searched_page)."""

from __future__ import annotations

import copy
from collections.abc import Callable

from analysis.alternatives import alternatives_to
from analysis.normalize import fold
from indexer.queries.alternatives import alternatives_query
from indexer.queries.relax import named_item, names_body
from indexer.queries.text import text_query

Search = Callable[[dict], dict]


def alternatives_body(search: Search, text: str, body: dict, concepts: frozenset[str]) -> dict | None:
    """`body` (a search or counts body for `text`) with its text query replaced by the alternatives to the item `text`
    names, or None: not such a query, or no item of that name."""
    name = alternatives_to(fold(text)) if text else None
    if name is None:
        return None
    item = named_item(name, search(names_body({"query": text_query(name, concepts)}))["hits"]["hits"])
    if item is None:
        return None
    kind = item["_source"]["type"]
    replaced = copy.deepcopy(body)
    replaced["query"]["bool"]["must"][0] = alternatives_query(item["_index"], item["_id"], kind)
    return replaced


__all__ = ["alternatives_body"]
