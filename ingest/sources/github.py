"""GitHub: repositories by topic and minimum stars through the REST search API, most stars first.

The token (configuration) is sent as a header only when set; without it the search API allows a
few requests a minute, which the run's pause and budget respect. Stars, forks, language,
description and topics are updated on every run; tags and the listing date are set once."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime

from dateutil import parser as date_parser
from sqlalchemy.orm import Session

from ingest.sources.base import Fetch, Source
from ingest.sources.config import SourcesConfig
from ingest.sources.http import PoliteHttp, SourceError
from ingest.sources.tags import tags_for
from store.models import Project
from store.writes import upsert

API_VERSION = "2022-11-28"
MAX_PER_PAGE = 100  # GitHub's limit
_REPO = re.compile(r"^[\w.-]+/[\w.-]+$")


@dataclass(frozen=True)
class RepoItem:
    repo: str
    description: str
    language: str | None
    stars: int
    forks: int
    topics: list[str]
    created_at: datetime


def headers(token: str) -> dict[str, str]:
    sent = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": API_VERSION}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    return sent


def _count(value, what: str, repo: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise SourceError(f"{repo}: {what} is not a count: {value!r}")
    return value


def _repo_item(raw) -> RepoItem:
    if not isinstance(raw, dict):
        raise SourceError("an item of the search answer is not an object")
    repo = raw.get("full_name")
    if not isinstance(repo, str) or not _REPO.match(repo) or len(repo) > 200:
        raise SourceError(f"not a repository name: {repo!r}")
    try:
        created = date_parser.isoparse(str(raw.get("created_at")))
    except ValueError as exc:
        raise SourceError(f"{repo}: created_at is not a date") from exc
    topics = raw.get("topics") or []
    if not isinstance(topics, list) or not all(isinstance(t, str) for t in topics):
        raise SourceError(f"{repo}: topics is not a list of names")
    language = raw.get("language")
    return RepoItem(
        repo=repo,
        description=str(raw.get("description") or ""),
        language=str(language)[:60] if language else None,
        stars=_count(raw.get("stargazers_count"), "stargazers_count", repo),
        forks=_count(raw.get("forks_count"), "forks_count", repo),
        topics=topics,
        created_at=created.astimezone(UTC) if created.tzinfo else created.replace(tzinfo=UTC),
    )


def parse_page(body: bytes) -> tuple[list[RepoItem], int]:
    try:
        answer = json.loads(body)
    except ValueError as exc:
        raise SourceError(f"malformed GitHub search answer: {exc}") from exc
    if not isinstance(answer, dict) or not isinstance(answer.get("items"), list):
        raise SourceError("GitHub search answer without an `items` list")
    total = answer.get("total_count")
    items = [_repo_item(raw) for raw in answer["items"]]
    return items, total if isinstance(total, int) else len(items)


def write_projects(session: Session, items: list[RepoItem]) -> Counter:
    outcomes: Counter = Counter()
    for item in {i.repo: i for i in items}.values():
        fields = {
            "description": item.description,
            "language": item.language,
            "stars": item.stars,
            "forks": item.forks,
            "topics": item.topics,
            "tags": tags_for("project", item.topics),
            "created_at": item.created_at,
        }
        outcomes[upsert(session, Project, {"repo": item.repo}, fields, ("created_at", "tags"))] += 1
    return outcomes


def _loader(config: SourcesConfig, topic: str):
    per_page = min(config.page_size, MAX_PER_PAGE)

    def load(http: PoliteHttp) -> list[RepoItem]:
        items: list[RepoItem] = []
        page = 1
        while True:
            params = {
                "q": f"topic:{topic} stars:>={config.github_min_stars}",
                "sort": "stars",
                "order": "desc",
                "per_page": per_page,
                "page": page,
            }
            url = config.github_url.rstrip("/") + "/search/repositories"
            found, total = parse_page(http.get(url, params=params, headers=headers(config.github_token)).content)
            items += found
            page += 1
            if len(found) < per_page or len(items) >= total or http.remaining <= 0:
                return items

    return load


def fetches(config: SourcesConfig, now: datetime) -> list[Fetch]:
    return [Fetch(f"GitHub topic {t}", _loader(config, t), write_projects) for t in config.github_topics]


def describe(config: SourcesConfig) -> dict:
    return {
        "url": config.github_url,
        "topics": config.github_topics,
        "min_stars": config.github_min_stars,
        "token_set": bool(config.github_token),
    }


SOURCE = Source(name="github", label="GitHub 项目", fetches=fetches, describe=describe)
