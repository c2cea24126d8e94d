"""每日论文 (issue 34): the hottest papers published within a range (a week, a month), for the API to group
by day and rank by members' votes. One engine query; the engine ranks by heat, which it can sort on."""

from __future__ import annotations

from indexer.queries.common import LIST_SOURCE, filters

DAILY_RANGES = ("week", "month")  # time ranges of the feeds' filter (indexer/queries/common.py)
DAILY_LIMIT = 300  # papers read per answer: a month of the hottest, then a day's best in the API


def build_daily_papers(range_name: str, limit: int = DAILY_LIMIT) -> dict:
    return {
        "size": limit,
        "track_total_hits": False,
        "_source": LIST_SOURCE,
        "query": {"bool": {"filter": filters(["paper"], None, range_name)}},
        "sort": [{"heat": "desc"}, {"created_at": "desc"}, {"doc_key": "desc"}],
    }


__all__ = ["DAILY_LIMIT", "DAILY_RANGES", "build_daily_papers"]
