"""What the HTML shell says about a page before any script runs: its title, description, picture and
HTTP status. Chat apps and search engines read only this, so a shared story link shows its title.

`page_meta(path, query)` knows the UI's routes (ui/src/app/App.tsx); an unknown path, or an item
page whose item does not exist, is a 404. When the engine cannot answer, a detail page falls back to
the site's own title (200) rather than keeping the visitor waiting: the UI shows the item itself."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass

import pybreaker
from elasticsearch import TransportError

import kinds
from api.context import reader
from api.envelope import ApiError
from api.services.papers import find_paper
from api.services.reader_feeds import READER_FEEDS
from store.tags import tags_by_id

log = logging.getLogger(__name__)

DESCRIPTION_LIMIT = 160  # characters: what chat cards and result snippets show
# The shell waits this long for an item's title: with the engine slow the page loads without it (the UI
# shows the item itself), and the reads go through the breaker, so a hung engine costs nothing once open.
META_TIMEOUT = 1.0


@dataclass(frozen=True)
class PageMeta:
    title: str | None = None  # None: the site's name alone
    description: str | None = None  # None: the site's description
    image: str | None = None
    kind: str = "website"  # og:type
    status: int = 200
    # (type, title, path) of the feeds a reader can subscribe to from this page: <link rel="alternate">
    feeds: tuple[tuple[str, str, str], ...] = ()


NOT_FOUND = PageMeta(title="404", status=404)

# Pages without an item: their name, as the UI titles them (useDocumentTitle in each page).
LIST_PAGES: dict[str, str | None] = {
    "": None,
    "browse": "发现",
    "events": "活动",
    "papers": "论文",
    "papers/daily": "每日论文",
    "projects": "项目",
    "rankings": "榜单",
    "search": "搜索",
    "link": "社区动态",
    "shareToLink": "分享到社区动态",
    "wxDownload": "下载日历",
    "settings/account_binding": "账号绑定",
    "create": "写文章",
    "users": "用户列表",
    "users/edit": "编辑资料",
    "logincall": "登录",
    "error": "出错啦",
    "editor": "编辑工作台",
    "messages": "消息",
}
LIST_DESCRIPTIONS = {
    "events": "AI 社区活动：线下沙龙、线上直播与技术大会，在线报名。",
    "papers": "每日 arXiv AI 论文，中文摘要与热度趋势。",
    "papers/daily": "每天的 AI 论文，按社区点赞和热度排序。",
    "projects": "值得关注的开源 AI 项目。",
    "rankings": "AI 社区人物榜单。",
}


def _clip(text: str | None) -> str | None:
    text = " ".join((text or "").split())
    if not text:
        return None
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def _story(story_id: str) -> PageMeta:
    doc = reader().get(kinds.kind("story").doc_id(int(story_id)), ["source"], META_TIMEOUT)
    if doc is None:
        return NOT_FOUND
    info = doc["source"]
    return PageMeta(info.get("title"), _clip(info.get("summary")), info.get("cover_url"), "article")


def _paper(key: str, suffix: str = "") -> PageMeta:
    try:
        info = find_paper(key, timeout=META_TIMEOUT)["source"]
    except ApiError:
        return NOT_FOUND
    title = info.get("title_cn") or info.get("title")
    summary = info.get("summary_cn") or info.get("abstract")
    return PageMeta(f"{title}{suffix}" if title else None, _clip(summary), None, "article")


def _event(event_id: str) -> PageMeta:
    doc = reader().get(kinds.kind("event").doc_id(int(event_id)), ["source"], META_TIMEOUT)
    if doc is None:
        return NOT_FOUND
    info = doc["source"]
    return PageMeta(info.get("oldName") or info.get("name"), _clip(info.get("brief")), info.get("image_url"), "article")


def _project(project_id: str) -> PageMeta:
    doc = reader().get(kinds.kind("project").doc_id(int(project_id)), ["source"], META_TIMEOUT)
    if doc is None:
        return NOT_FOUND
    info = doc["source"]
    return PageMeta(info.get("repo"), _clip(info.get("description_cn") or info.get("description")), None, "article")


def _person(user_id: str) -> PageMeta:
    doc = reader().get(kinds.kind("person").doc_id(int(user_id)), ["source"], META_TIMEOUT)
    if doc is None:
        return NOT_FOUND
    info = doc["source"]
    name = info.get("name") or "个人主页"
    return PageMeta(name, f"{name}在 AI 社区的主页", info.get("avatar_url"), "profile")


def _author(name: str) -> PageMeta:
    """An arXiv author's page (/authors/{name}): named by the path alone, so it asks the engine nothing."""
    shown = name.strip()[:100]  # the path arrives decoded
    return PageMeta(shown, f"{shown} 在 AI 社区收录的论文", kind="profile") if shown else NOT_FOUND


# (pattern over the path without slashes at either end, reader of the item named by the group)
ITEM_PAGES: list[tuple[re.Pattern[str], Callable[[str], PageMeta]]] = [
    (re.compile(r"view/(?:examine/)?([0-9]{1,18})"), _story),
    (re.compile(r"paper/([^/]{1,64})"), _paper),
    (re.compile(r"trends/([^/]{1,64})"), lambda key: _paper(key, " 热度趋势")),
    (re.compile(r"users/([0-9]{1,18})"), _person),
    (re.compile(r"projects/([0-9]{1,18})"), _project),
    (re.compile(r"authors/([^/]{1,300})"), _author),
    (re.compile(r"activities/([0-9]{1,18})"), _event),
    (re.compile(r"update/([0-9]{1,18})"), lambda _id: PageMeta("编辑文章")),
]


def _feeds_of(route: str, query: dict[str, str]) -> tuple[tuple[str, str, str], ...]:
    """A list page's RSS and Atom feeds (api/services/reader_feeds.py), of the page's known tags if it has any."""
    kind = next((name for name, feed in READER_FEEDS.items() if feed.page.strip("/") == route), None)
    if kind is None:
        return ()
    labels = [tag for tag in query.get("label", "").split(",") if tag in tags_by_id()]
    suffix = "?" + "&".join(f"label={tag}" for tag in labels) if labels else ""
    named = READER_FEEDS[kind].title + "".join(f" · {tags_by_id()[tag]['label']}" for tag in labels)
    return (
        ("application/rss+xml", f"{named}（RSS）", f"/feeds/{kind}.xml{suffix}"),
        ("application/atom+xml", f"{named}（Atom）", f"/feeds/{kind}.atom{suffix}"),
    )


def page_meta(path: str, query: dict[str, str]) -> PageMeta:
    route = path.strip("/")
    if route in LIST_PAGES:
        title = LIST_PAGES[route]
        if route == "search" and query.get("q", "").strip():
            title = f"{query['q'].strip()[:100]} 的搜索结果"
        return PageMeta(title, LIST_DESCRIPTIONS.get(route), feeds=_feeds_of(route, query))
    for pattern, read in ITEM_PAGES:
        found = pattern.fullmatch(route)
        if found:
            try:
                return read(found.group(1))
            except (pybreaker.CircuitBreakerError, TransportError, OSError) as exc:
                log.warning("page meta for /%s unavailable: %s", route, exc)
                return PageMeta()
    return NOT_FOUND
