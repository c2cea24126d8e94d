"""GET /api/v1/rankings: the people leaderboard, 'global' and 'hub' tabs, from the person documents.

- global: everyone by score (sort=hot, the default) or newest members first (sort=new); `time` does
  not apply (scores are cumulative).
- hub: authors of stories published within `time` (default day; anonymous stories left out), ranked
  by the summed heat of those stories, then by their number."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from api.envelope import envelope_of, ok
from api.read_cache import read_through
from api.schemas.people import RankingArgs, RankingPageSchema
from api.services import es_client, settings
from indexer.documents import doc_id
from indexer.queries.people import build_global_ranking, build_hub_ranking

blp = Blueprint("rankings", __name__, url_prefix="/api", description="People leaderboard")


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
        "hub_heat": None,
        "story_count": None,
    }


def global_ranking(args: dict) -> dict:
    body = build_global_ranking(args["sort"], args["page"], args["size"])
    result = es_client().search(index=settings().index_alias, body=body)
    first = (args["page"] - 1) * args["size"]
    rows = [person_row(first + i + 1, hit["_source"]["source"]) for i, hit in enumerate(result["hits"]["hits"])]
    return {"list": rows, "total": result["hits"]["total"]["value"]}


def hub_ranking(args: dict) -> dict:
    es = es_client()
    alias = settings().index_alias
    result = es.search(index=alias, body=build_hub_ranking(args["time"]))
    buckets = result["aggregations"]["authors"]["buckets"]
    first = (args["page"] - 1) * args["size"]
    chosen = buckets[first : first + args["size"]]
    docs = []
    if chosen:
        ids = [doc_id("person", b["key"]) for b in chosen]
        docs = es.mget(index=alias, body={"ids": ids}, _source=["source"])["docs"]
    rows = []
    for offset, (bucket, doc) in enumerate(zip(chosen, docs, strict=True)):
        info = doc["_source"]["source"] if doc.get("found") else {"id": int(bucket["key"])}
        row = person_row(first + offset + 1, info)
        row.update(hub_heat=round(bucket["heat_sum"]["value"], 2), story_count=bucket["doc_count"])
        rows.append(row)
    return {"list": rows, "total": len(buckets)}


@blp.route("/v1/rankings")
class Rankings(MethodView):
    @blp.arguments(RankingArgs, location="query")
    @blp.response(200, envelope_of(RankingPageSchema))
    def get(self, args):
        """The leaderboard: tab global|hub, sort hot|new, time day|3day|week|month (hub tab), page, size."""

        def read() -> dict:
            data = hub_ranking(args) if args["tab"] == "hub" else global_ranking(args)
            more = args["page"] * args["size"] < data["total"]
            return {**data, "page": args["page"], "size": args["size"], "hasNextPage": more}

        return ok(read_through(args, read))
