"""People: the leaderboard ('global' and 'hub' tabs) and paper authors.

- global: every person by the daily rollup's heat of the time range (the heat of their named
  stories), then by `heat` (the user's score).
- hub: people active on the hub within the time range: authors of stories created in it (anonymous
  stories excluded), ranked by the summed rolled-up heat of those stories for the range (all time:
  the cumulative heat), then by their summed cumulative heat, then by story count."""

from __future__ import annotations

from indexer.queries.common import HEAT_FIELDS, TIME_RANGES, paging

PERSON_SOURCE = ["type", "item_id", "source"]
HUB_MAX_AUTHORS = 1000


def build_global_ranking(sort: str, page: int, size: int, time: str | None = "day") -> dict:
    if sort == "new":
        order = [{"created_at": "desc"}, {"doc_key": "asc"}]
    else:
        # The rolled-up heat of the person's named stories within `time`, then their score.
        window = [{HEAT_FIELDS[time]: "desc"}] if time in HEAT_FIELDS else []
        order = [*window, {"heat": "desc"}, {"doc_key": "asc"}]
    return {
        **paging(page, size),
        "_source": [*PERSON_SOURCE, *HEAT_FIELDS.values()],
        "query": {"bool": {"filter": [{"term": {"type": "person"}}]}},
        "sort": order,
    }


def build_hub_ranking(time: str | None) -> dict:
    clauses: list[dict] = [{"term": {"type": "story"}}, {"exists": {"field": "user_id"}}]
    if time:
        clauses.append({"range": {"created_at": {"gte": TIME_RANGES[time]}}})
    return {
        "size": 0,
        "query": {"bool": {"filter": clauses, "must_not": [{"term": {"anonymous": True}}]}},
        "aggs": {
            "authors": {
                "terms": {
                    "field": "user_id",
                    "size": HUB_MAX_AUTHORS,
                    "order": [{"heat_sum": "desc"}, {"base_sum": "desc"}, {"_count": "desc"}, {"_key": "asc"}],
                },
                # heat_sum: the rollup's heat of the range; base_sum (cumulative heat) breaks its ties.
                "aggs": {
                    "heat_sum": {"sum": {"field": HEAT_FIELDS.get(time or "", "heat")}},
                    "base_sum": {"sum": {"field": "heat"}},
                },
            }
        },
    }


def build_person_by_arxiv_name(name: str) -> dict:
    return {
        "size": 1,
        "_source": [*PERSON_SOURCE, *HEAT_FIELDS.values()],
        "query": {"bool": {"filter": [{"term": {"type": "person"}}, {"term": {"arxiv_name": name}}]}},
        "sort": [{"heat": "desc"}, {"doc_key": "asc"}],
    }


def author_filter(name: str) -> list[dict]:
    return [{"term": {"type": "paper"}}, {"term": {"authors.raw": name}}]


def build_author_papers(name: str, page: int, size: int) -> dict:
    return {
        **paging(page, size),
        "_source": ["type", "item_id", "source", "created_at", "heat"],
        "query": {"bool": {"filter": author_filter(name)}},
        "sort": [{"created_at": "desc"}, {"doc_key": "desc"}],
    }


def build_user_stories(user_id: int, page: int, size: int) -> dict:
    """A member's stories, newest first: only those that show their author (an anonymous story is never
    tied to its writer, here or anywhere)."""
    return {
        **paging(page, size),
        "_source": ["type", "item_id", "source", "created_at", "heat"],
        "query": {
            "bool": {
                "filter": [
                    {"term": {"type": "story"}},
                    {"term": {"user_id": str(user_id)}},
                    {"term": {"anonymous": False}},
                ]
            }
        },
        "sort": [{"created_at": "desc"}, {"doc_key": "desc"}],
    }
