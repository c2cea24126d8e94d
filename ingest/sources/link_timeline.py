"""The link feed of a remote Mastodon-compatible server (HUB_LINK_BASE_URL): its public timeline, read
forward from where the previous run stopped, copied into the link kind's store so that the statuses are
searchable in the 动态 tab (through the outbox, like every write).

- Where it stopped is the highest remote id already stored for that server (the rows themselves are
  the bookmark: it cannot drift from what was written). The first run takes the newest page; later
  runs page forward with `min_id` until a short page or the run's request budget.
- Each page is validated whole before anything is written (a malformed status fails the fetch).
  Reblogs and non-public statuses are left out; the HTML content is kept as plain text.
- A status is found again by (origin, remote id): a re-read updates its counts instead of duplicating."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlsplit

import nh3
from dateutil import parser as date_parser
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ingest.sources.base import Fetch, Source
from ingest.sources.config import SourcesConfig
from ingest.sources.http import PoliteHttp, SourceError
from kinds.common import strip_unwanted
from store.models import LinkStatus
from store.writes import upsert

MAX_LIMIT = 40  # Mastodon's page size limit
MAX_CONTENT = 5000
_ID = re.compile(r"^[0-9]{1,30}$")
_BREAK = re.compile(r"<br\s*/?>", re.I)
_PARAGRAPH = re.compile(r"</p>\s*<p[^>]*>", re.I)


@dataclass(frozen=True)
class RemoteStatus:
    remote_id: str
    content: str
    url: str | None
    author_name: str
    author_avatar: str | None
    favourites_count: int
    replies_count: int
    created_at: datetime


def plain_text(content: str) -> str:
    """Mastodon's HTML as text: line breaks and paragraphs kept, every tag dropped, entities decoded."""
    marked = _PARAGRAPH.sub("\n\n", _BREAK.sub("\n", content))
    return strip_unwanted(html.unescape(nh3.clean(marked, tags=set()))).strip()


def _web_url(value) -> str | None:
    if not isinstance(value, str) or len(value) > 500:
        return None
    parts = urlsplit(value)
    return value if parts.scheme in ("http", "https") and parts.netloc else None


def _count(raw: dict, name: str, sid: str) -> int:
    value = raw.get(name, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise SourceError(f"status {sid}: {name} is not a count: {value!r}")
    return value


def _status(raw) -> RemoteStatus | None:
    """One status of the page, or None when it is left out (a reblog, not public)."""
    if not isinstance(raw, dict):
        raise SourceError("an item of the timeline is not an object")
    sid = raw.get("id")
    if not isinstance(sid, str) or not _ID.match(sid):
        raise SourceError(f"not a status id: {sid!r}")
    account = raw.get("account")
    if not isinstance(account, dict):
        raise SourceError(f"status {sid}: no account")
    if not isinstance(raw.get("content"), str):
        raise SourceError(f"status {sid}: content is not text")
    try:
        created = date_parser.isoparse(str(raw.get("created_at")))
    except ValueError as exc:
        raise SourceError(f"status {sid}: created_at is not a date") from exc
    favourites, replies = _count(raw, "favourites_count", sid), _count(raw, "replies_count", sid)
    if raw.get("reblog") is not None or raw.get("visibility", "public") != "public":
        return None
    text = plain_text(raw["content"])[:MAX_CONTENT]
    if not text:
        return None  # media only: nothing to search
    name = account.get("display_name") or account.get("acct") or account.get("username")
    return RemoteStatus(
        remote_id=sid,
        content=text,
        url=_web_url(raw.get("url")),
        author_name=strip_unwanted(str(name or ""))[:200],
        author_avatar=_web_url(account.get("avatar")),
        favourites_count=favourites,
        replies_count=replies,
        created_at=created.astimezone(UTC) if created.tzinfo else created.replace(tzinfo=UTC),
    )


def parse_page(body: bytes) -> tuple[list[RemoteStatus], str | None, int]:
    """(the statuses kept, the highest id of the page, how many it had): the page is refused whole if any
    item is malformed."""
    try:
        answer = json.loads(body)
    except ValueError as exc:
        raise SourceError(f"malformed timeline answer: {exc}") from exc
    if not isinstance(answer, list):
        raise SourceError("the timeline answer is not a list")
    kept = [s for s in (_status(raw) for raw in answer) if s is not None]
    newest = max((raw["id"] for raw in answer), key=lambda i: (len(i), i), default=None)
    return kept, newest, len(answer)


def newest_stored(session: Session, origin: str) -> str | None:
    """The highest remote id stored for `origin` (ids are decimal strings: longer is higher)."""
    return session.scalars(
        select(LinkStatus.remote_id)
        .where(LinkStatus.origin == origin)
        .order_by(func.length(LinkStatus.remote_id).desc(), LinkStatus.remote_id.desc())
        .limit(1)
    ).first()


def _loader(config: SourcesConfig):
    limit = min(config.page_size, MAX_LIMIT)
    url = config.link_url.rstrip("/") + "/api/v1/timelines/public"
    headers = {
        "Accept": "application/json",
        **({"Authorization": f"Bearer {config.link_token}"} if config.link_token else {}),
    }

    def load(http: PoliteHttp, since: str | None) -> list[RemoteStatus]:
        items: list[RemoteStatus] = []
        cursor = since
        while True:
            params = {"limit": limit, **({"min_id": cursor} if cursor else {})}
            page, newest, count = parse_page(http.get(url, params=params, headers=headers).content)
            items += page
            # The first run takes the newest page only; later runs page forward until a short page.
            if cursor is None or newest is None or count < limit or http.remaining <= 0:
                return items
            cursor = newest

    return load


def _writer(origin: str):
    def write(session: Session, items: list[RemoteStatus]) -> Counter:
        outcomes: Counter = Counter()
        for item in {i.remote_id: i for i in items}.values():
            fields = {
                "user_id": None,
                "content": item.content,
                "remote_url": item.url,
                "author_name": item.author_name,
                "author_avatar": item.author_avatar,
                "favourites_count": item.favourites_count,
                "replies_count": item.replies_count,
                "created_at": item.created_at,
            }
            key = {"origin": origin, "remote_id": item.remote_id}
            outcomes[upsert(session, LinkStatus, key, fields, ("created_at",))] += 1
        return outcomes

    return write


def fetches(config: SourcesConfig, now: datetime) -> list[Fetch]:
    if not config.link_url:
        return []
    origin = config.link_url.rstrip("/")
    return [
        Fetch(
            f"link timeline {origin}",
            _loader(config),
            _writer(origin),
            position=lambda session: newest_stored(session, origin),
        )
    ]


def describe(config: SourcesConfig) -> dict:
    return {"url": config.link_url, "token_set": bool(config.link_token)}


SOURCE = Source(name="link", label="社区动态", fetches=fetches, describe=describe)
