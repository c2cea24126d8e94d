"""The people leaderboard, 'global' and 'hub' tabs, from the person documents.

- global: everyone by the rolled-up heat of their named stories within `time` (default day), then
  by score (sort=hot, the default), or newest members first (sort=new).
- hub: authors of stories published within `time` (default day; anonymous stories left out), ranked
  by the summed rolled-up heat of those stories for `time`, then by their cumulative heat and number;
  the people are joined by id."""

from __future__ import annotations

import kinds
from api.context import reader
from api.read_cache import read_through
from indexer.queries.common import HEAT_FIELDS
from indexer.queries.people import build_global_ranking, build_hub_ranking

PERSON = kinds.kind("person")


def person_row(rank: int, info: dict) -> dict:
    return {
        "rank": rank,
        "id": info["id"],
        "name": info.get("name"),
        "avatar_url": info.get("avatar_url"),
        "score": info.get("score", 0),
        "is_expert": bool(info.get("is_expert")),
        "arxiv_name": info.get("arxiv_name"),
        "activity_count": info.get("activity_count", 0),
        "heat": None,
        "hub_heat": None,
        "story_count": None,
    }


def global_ranking(args: dict) -> dict:
    result = reader().search(build_global_ranking(args["sort"], args["page"], args["size"], args.get("time")))
    first = (args["page"] - 1) * args["size"]
    window = HEAT_FIELDS.get(args.get("time") or "") if args["sort"] != "new" else None
    rows = []
    for i, hit in enumerate(result["hits"]["hits"]):
        row = person_row(first + i + 1, hit["_source"]["source"])
        row["heat"] = float(hit["_source"].get(window) or 0) if window else None
        rows.append(row)
    return {"list": rows, "total": result["hits"]["total"]["value"]}


def hub_ranking(args: dict) -> dict:
    result = reader().search(build_hub_ranking(args["time"]))
    buckets = result["aggregations"]["authors"]["buckets"]
    first = (args["page"] - 1) * args["size"]
    chosen = buckets[first : first + args["size"]]
    docs = reader().mget([PERSON.doc_id(b["key"]) for b in chosen], ["source"])
    rows = []
    for offset, (bucket, doc) in enumerate(zip(chosen, docs, strict=True)):
        info = doc["source"] if doc is not None else {"id": int(bucket["key"])}
        row = person_row(first + offset + 1, info)
        heat = round(bucket["heat_sum"]["value"], 2)
        row.update(heat=heat, hub_heat=heat, story_count=bucket["doc_count"])
        rows.append(row)
    return {"list": rows, "total": len(buckets)}


def ranking_page(args: dict) -> dict:
    def read() -> dict:
        data = hub_ranking(args) if args["tab"] == "hub" else global_ranking(args)
        more = args["page"] * args["size"] < data["total"]
        return {**data, "page": args["page"], "size": args["size"], "hasNextPage": more}

    return read_through(args, read)
