"""每日论文 (issue 34, as Hugging Face Papers lists them): the papers of a week or a month grouped under
the day they were published (the site's time zone, HUB_TIMEZONE), newest day first, each day's papers
ranked by members' upvotes, then heat; at most `PER_DAY` a day. The caller's own votes are marked."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from zoneinfo import ZoneInfo

from flask import Response

from api.context import reader, settings
from api.feed_items import hit_to_item
from api.read_cache import cached_answer
from api.user_flags import apply_item_flags
from indexer.queries.daily_papers import build_daily_papers

PER_DAY = 30


def _day(published: str | None, zone: ZoneInfo) -> str | None:
    if not published:
        return None
    return datetime.fromisoformat(published.replace("Z", "+00:00")).astimezone(zone).date().isoformat()


def daily_papers(args: dict) -> Response:
    zone = ZoneInfo(settings().timezone)

    def read() -> dict:
        hits = reader().search(build_daily_papers(args["range"]))["hits"]["hits"]
        days: dict[str, list[dict]] = defaultdict(list)
        for hit in hits:  # heat order from the engine; the sort below keeps it among equal votes
            item = hit_to_item(hit)
            day = _day(item["paper_info"].get("published_at"), zone)
            if day:
                days[day].append(item)
        groups = []
        for day in sorted(days, reverse=True):
            ranked = sorted(days[day], key=lambda item: -(item["paper_info"].get("vote_count") or 0))
            groups.append({"day": day, "list": ranked[:PER_DAY]})
        return {"days": groups, "range": args["range"]}

    def finish(data: dict) -> None:
        apply_item_flags([item for group in data["days"] for item in group["list"]])

    return cached_answer(args, read, finish)[0]


__all__ = ["PER_DAY", "daily_papers"]
