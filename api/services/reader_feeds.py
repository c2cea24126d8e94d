"""Feeds for feed readers: RSS 2.0 (/feeds/{kind}.xml) and Atom (/feeds/{kind}.atom) of each kind's list,
optionally narrowed to tags (`?label=llm&label=agent`, or comma-separated), newest first, built with
feedgen from the same engine query as the list page. Item links go to the hub's own pages (a project's
to its repository, the hub has no project page); list pages name their feed in the HTML head
(api/services/page_meta.py), so a reader finds it from the page's address."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from feedgen.feed import FeedGenerator

import kinds
from api.context import reader, settings
from api.envelope import MSG_NOT_FOUND, ApiError
from api.public_origin import public_origin
from indexer.queries.feed import build_feed
from store.tags import tags_by_id

FEED_SIZE = 30
FORMATS = {"xml": "application/rss+xml; charset=utf-8", "atom": "application/atom+xml; charset=utf-8"}
MSG_UNKNOWN_LABEL = "标签不存在"


@dataclass(frozen=True)
class ReaderFeed:
    """A kind's feed: its name in the feed's title and the list page it mirrors."""

    title: str
    page: str


READER_FEEDS = {
    "story": ReaderFeed("文章", "/"),
    "paper": ReaderFeed("论文", "/papers"),
    "event": ReaderFeed("活动", "/events"),
    "project": ReaderFeed("项目", "/projects"),
}


@dataclass(frozen=True)
class Entry:
    title: str
    summary: str
    link: str
    published: datetime | None
    categories: list[str]


def _when(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _entry(kind: str, info: dict, origin: str) -> Entry:
    tags = [tag["title"] for tag in info.get("tag_names") or []]
    if kind == "story":
        return Entry(
            info["title"], info.get("summary") or "", f"{origin}/view/{info['id']}", _when(info.get("created_at")), tags
        )
    if kind == "paper":
        title = info.get("title_cn") or info["title"]
        summary = info.get("summary_cn") or info.get("abstract") or ""
        return Entry(title, summary, f"{origin}/paper/{info['id']}", _when(info.get("published_at")), tags)
    if kind == "event":
        host = settings().event_host or origin
        details = " · ".join(part for part in (info.get("time_desc"), info.get("address"), info.get("company")) if part)
        summary = "\n".join(part for part in (info.get("brief"), details) if part)
        return Entry(info["name"], summary, f"{host}/activities/{info['id']}", _when(info.get("start_time")), tags)
    summary = info.get("description_cn") or info.get("description") or ""
    return Entry(info["repo"], summary, info["url"], _when(info.get("created_at")), tags)


def reader_feed(kind_name: str, labels: list[str], fmt: str) -> tuple[bytes, str]:
    """The feed document and its content type; 404 for a kind without a list page or a format we do not
    make, 400 for a tag that does not exist (an empty feed would look like a quiet topic forever)."""
    feed = READER_FEEDS.get(kind_name)
    if feed is None or fmt not in FORMATS:
        raise ApiError(404, MSG_NOT_FOUND)
    if any(label not in tags_by_id() for label in labels):
        raise ApiError(400, MSG_UNKNOWN_LABEL, {"errors": {"query": {"label": [MSG_UNKNOWN_LABEL]}}})
    kind = kinds.kind(kind_name)
    body = build_feed(kind_name, kind.feed.orders["new"], tags=labels, page=1, size=FEED_SIZE)
    hits = reader().search(body)["hits"]["hits"]
    origin, site = public_origin(), settings()
    names = [tags_by_id()[label]["label"] for label in labels]
    query = "?" + "&".join(f"label={label}" for label in labels) if labels else ""

    generator = FeedGenerator()
    generator.title(f"{site.site_name} · {feed.title}" + (f"（{'、'.join(names)}）" if names else ""))
    generator.description(site.site_description)
    generator.id(f"{origin}{feed.page}{query}")
    # The self link first: RSS's channel <link> is the last link given, and it must be the list page.
    generator.link(href=f"{origin}/feeds/{kind_name}.{fmt}{query}", rel="self")
    generator.link(href=f"{origin}{feed.page}{query}", rel="alternate")
    generator.language("zh-CN")
    latest = None
    # feedgen puts each new entry first: added oldest first, the document lists the newest first.
    for hit in reversed(hits):
        entry = _entry(kind_name, hit["_source"]["source"], origin)
        item = generator.add_entry()
        item.id(entry.link)
        item.guid(entry.link, permalink=True)
        item.title(entry.title)
        item.link(href=entry.link)
        item.description(entry.summary or entry.title)
        for category in entry.categories:
            item.category(term=category)
        if entry.published:
            item.published(entry.published)
            item.updated(entry.published)
            latest = max(latest, entry.published) if latest else entry.published
    now = datetime.now(UTC)
    generator.updated(min(latest, now) if latest else now)  # an event's date is its start, maybe still ahead
    document = generator.rss_str(pretty=True) if fmt == "xml" else generator.atom_str(pretty=True)
    return document, FORMATS[fmt]


__all__ = ["FORMATS", "READER_FEEDS", "reader_feed"]
