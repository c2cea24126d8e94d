"""Stories from RSS 2.0 and Atom feeds by URL (feedparser).

Every entry's HTML is sanitised with the site's own rule (kinds/story.clean_html, nh3) and a link
back to the original is added. The entry's key in the feed (its guid or id, else its link) and the
feed URL make its `source_key`, so a re-fetch updates the story and never duplicates it; `source_id`
names the feed's host, as imported stories name theirs. A date in the future is taken as now, so a
feed cannot pin a story to the top of the newest-first home feed."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from html import escape
from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from analysis.normalize import plain_text
from ingest.sources.base import Fetch, Source
from ingest.sources.config import SourcesConfig
from ingest.sources.feeds import moment, one_line, parse_feed, web_url
from ingest.sources.http import PoliteHttp, SourceError
from ingest.sources.tags import tags_for
from kinds.story import clean_html
from store.models import Story
from store.writes import upsert

TITLE_MAX = 200
SUMMARY_MAX = 120


@dataclass(frozen=True)
class StoryItem:
    key: str
    title: str
    content: str
    summary: str
    cover_url: str | None
    created_at: datetime | None  # None: the feed gave no date (first seen counts, kept on re-fetch)
    categories: list[str]


def source_key(prefix: str, feed_url: str, entry_key: str) -> str:
    """A fixed-length key (the column is 80 wide, guids are often long URLs)."""
    return f"{prefix}:" + hashlib.sha256(f"{feed_url}\n{entry_key}".encode()).hexdigest()[:40]


def source_name(feed_url: str) -> str:
    return f"rss:{urlsplit(feed_url).hostname or 'feed'}"[:100]


def _plain(html: str | None) -> str:
    """Titles and summaries are plain text (the UI escapes them): markup dropped, entities decoded."""
    return one_line(plain_text(html))


def _html_of(entry) -> str:
    for content in entry.get("content") or []:
        if content.get("value"):
            return content["value"]
    return entry.get("summary") or ""


def _cover(entry) -> str | None:
    candidates = [m.get("url") for m in entry.get("media_thumbnail") or []]
    candidates += [m.get("url") for m in entry.get("media_content") or [] if str(m.get("medium", "image")) == "image"]
    candidates += [e.get("href") for e in entry.get("enclosures") or [] if str(e.get("type", "")).startswith("image/")]
    return next((url for url in map(web_url, candidates) if url), None)


def parse_stories(body: bytes, feed_url: str, now: datetime) -> list[StoryItem]:
    feed = parse_feed(body, f"feed {feed_url}")
    items: dict[str, StoryItem] = {}
    for position, entry in enumerate(feed.entries, start=1):
        title = _plain(entry.get("title"))[:TITLE_MAX]
        entry_key = one_line(entry.get("id")) or one_line(entry.get("link"))
        if not title or not entry_key:
            raise SourceError(f"entry {position}: a title and a guid or link are required")
        content = clean_html(_html_of(entry))
        link = web_url(entry.get("link"), limit=2000)
        if link:
            content += f'<p><a href="{escape(link)}">阅读原文</a></p>'
        content = clean_html(content)
        if not plain_text(content):
            raise SourceError(f"entry {position} ({title}): no content")
        published = moment(entry.get("published_parsed") or entry.get("updated_parsed"))
        key = source_key("rss", feed_url, entry_key)
        items.setdefault(
            key,
            StoryItem(
                key=key,
                title=title,
                content=content,
                summary=_plain(entry.get("summary") or content)[:SUMMARY_MAX],
                cover_url=_cover(entry),
                created_at=min(published, now) if published else None,
                categories=[t.get("term") for t in entry.get("tags") or [] if t.get("term")],
            ),
        )
    return list(items.values())


def _writer(feed_url: str, now: datetime):
    def write(session: Session, items: list[StoryItem]) -> Counter:
        outcomes: Counter = Counter()
        for item in items:
            fields = {
                "title": item.title,
                "content": item.content,
                "summary": item.summary,
                "cover_url": item.cover_url,
                "source_id": source_name(feed_url),
                "tags": tags_for("story", item.categories),
                "created_at": item.created_at or now,
            }
            # The date and tags are set once: editors may retag, an undated entry keeps its first-seen date.
            outcomes[upsert(session, Story, {"source_key": item.key}, fields, ("created_at", "tags"))] += 1
        return outcomes

    return write


def _loader(feed_url: str, now: datetime):
    def load(http: PoliteHttp) -> list[StoryItem]:
        return parse_stories(http.get(feed_url).content, feed_url, now)

    return load


def fetches(config: SourcesConfig, now: datetime) -> list[Fetch]:
    return [Fetch(url, _loader(url, now), _writer(url, now)) for url in config.rss_feeds]


def describe(config: SourcesConfig) -> dict:
    return {"feeds": config.rss_feeds}


SOURCE = Source(name="stories", label="RSS 文章", fetches=fetches, describe=describe)
