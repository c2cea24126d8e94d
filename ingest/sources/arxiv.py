"""arXiv: new papers of the configured categories through the public Atom API (export API), by
category and submitted-date range, newest first, paged within the run's request budget.

One paper per arXiv number: the versions of one paper in a response are merged (the newest wins),
and an older version never overwrites a newer one already stored (the rule of kinds/paper.py).
Authors are linked to people by `arxiv_name`: a name spelt like a user's `arxiv_name` (ignoring
case and spacing) is stored in that user's spelling, which is what the people pages look up."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from ingest.sources.base import Fetch, Source
from ingest.sources.config import SourcesConfig
from ingest.sources.feeds import moment, one_line, parse_feed
from ingest.sources.http import PoliteHttp, SourceError, TransientError
from ingest.sources.tags import tags_for
from kinds.arxiv_ids import ArxivIdError, parse_arxiv
from store.models import Paper, User
from store.writes import upsert


@dataclass(frozen=True)
class PaperItem:
    number: str
    version: int
    title: str
    abstract: str
    authors: list[str]
    published_at: datetime
    categories: list[str]
    comment: str | None = None  # arXiv's comment, where authors often link their code


def query(category: str, now: datetime, days: int) -> str:
    since = now - timedelta(days=days)
    return f"cat:{category} AND submittedDate:[{since:%Y%m%d%H%M} TO {now:%Y%m%d%H%M}]"


def parse_page(body: bytes) -> tuple[list[PaperItem], int]:
    """The papers of one Atom page and the total the query matches (opensearch:totalResults)."""
    feed = parse_feed(body, "arXiv Atom response")
    items = []
    for position, entry in enumerate(feed.entries, start=1):
        if "/api/errors" in entry.get("id", ""):  # the API reports a bad query as an entry
            raise SourceError(f"arXiv refused the query: {one_line(entry.get('summary'))}")
        try:
            number, version = parse_arxiv(entry.get("id", ""))
        except ArxivIdError as exc:
            raise SourceError(f"entry {position}: {exc}") from exc
        title, abstract = one_line(entry.get("title")), one_line(entry.get("summary"))
        published = moment(entry.get("published_parsed"))
        authors = [one_line(a.get("name")) for a in entry.get("authors", []) if one_line(a.get("name"))]
        if not (title and abstract and published and authors):
            raise SourceError(f"entry {position} ({number}): title, abstract, authors and published are required")
        primary = (entry.get("arxiv_primary_category") or {}).get("term")
        terms = [t.get("term") for t in entry.get("tags", []) if t.get("term")]
        categories = list(dict.fromkeys(([primary] if primary else []) + terms))
        comment = one_line(entry.get("arxiv_comment"))[:5000] or None
        items.append(PaperItem(number, version, title[:500], abstract, authors, published, categories, comment))
    total = feed.feed.get("opensearch_totalresults")
    return items, int(total) if str(total or "").isdigit() else len(items)


def newest_versions(items: list[PaperItem]) -> list[PaperItem]:
    """One item per arXiv number: the highest version (its title and abstract are the current ones)."""
    best: dict[str, PaperItem] = {}
    for item in items:
        if item.number not in best or item.version > best[item.number].version:
            best[item.number] = item
    return list(best.values())


def _fold(name: str) -> str:
    return " ".join(name.casefold().split())


def author_links(session: Session) -> dict[str, str]:
    """Folded name -> the user's `arxiv_name` as written on their profile."""
    names = session.scalars(select(User.arxiv_name).where(User.arxiv_name.is_not(None)))
    return {_fold(name): name for name in names if name and name.strip()}


def write_papers(session: Session, items: list[PaperItem]) -> Counter:
    outcomes: Counter = Counter()
    links = author_links(session)
    for item in newest_versions(items):
        stored = session.scalars(select(Paper.arxiv_version).filter_by(arxiv_id=item.number)).one_or_none()
        if stored is not None and item.version < stored:
            outcomes["unchanged"] += 1
            continue
        fields = {
            "arxiv_version": item.version,
            "title": item.title,
            "abstract": item.abstract,
            "comment": item.comment,
            "authors": [links.get(_fold(name), name) for name in item.authors],
            "published_at": item.published_at,
            "tags": tags_for("paper", item.categories),
            "created_at": item.published_at,
        }
        # Tags and the listing date are set once; editors' later changes to tags are kept.
        outcomes[upsert(session, Paper, {"arxiv_id": item.number}, fields, ("created_at", "tags"))] += 1
    return outcomes


def fetch_paper(http: PoliteHttp, url: str, number: str) -> PaperItem | None:
    """One paper by its arXiv number (the export API's id_list), its newest version; None when arXiv has
    no such paper (it answers an unknown number with an error entry or with nothing)."""
    try:
        items, _total = parse_page(http.get(url, params={"id_list": number, "max_results": 1}).content)
    except SourceError as exc:
        if isinstance(exc, TransientError) or "refused the query" not in str(exc):
            raise
        return None
    found = [item for item in newest_versions(items) if item.number == number]
    return found[0] if found else None


def _loader(config: SourcesConfig, category: str, now: datetime):
    def load(http: PoliteHttp) -> list[PaperItem]:
        items: list[PaperItem] = []
        start = 0
        while True:
            params = {
                "search_query": query(category, now, config.arxiv_days),
                "sortBy": "submittedDate",
                "sortOrder": "descending",
                "start": start,
                "max_results": config.page_size,
            }
            page, total = parse_page(http.get(config.arxiv_url, params=params).content)
            items += page
            start += config.page_size
            if len(page) < config.page_size or start >= total or http.remaining <= 0:
                return items

    return load


def fetches(config: SourcesConfig, now: datetime) -> list[Fetch]:
    return [Fetch(f"arXiv {c}", _loader(config, c, now), write_papers) for c in config.arxiv_categories]


def describe(config: SourcesConfig) -> dict:
    return {"url": config.arxiv_url, "categories": config.arxiv_categories, "days": config.arxiv_days}


SOURCE = Source(name="arxiv", label="arXiv 论文", fetches=fetches, describe=describe)
