"""What the sources are told to fetch, taken from the settings by the entry point (worker, CLI, API)."""

from __future__ import annotations

from dataclasses import dataclass, field

from config import Settings
from ingest.sources.http import HttpPolicy


@dataclass(frozen=True)
class SourcesConfig:
    arxiv_url: str = "https://export.arxiv.org/api/query"
    arxiv_categories: list[str] = field(default_factory=list)
    arxiv_days: int = 3
    github_url: str = "https://api.github.com"
    github_topics: list[str] = field(default_factory=list)
    github_min_stars: int = 500
    github_token: str = ""
    rss_feeds: list[str] = field(default_factory=list)
    event_feeds: list[str] = field(default_factory=list)
    event_timezone: str = "Asia/Shanghai"
    link_url: str = ""  # a remote link server (HUB_LINK_BASE_URL); empty: nothing to read
    link_token: str = ""
    page_size: int = 100
    interval: int = 3600

    def destinations(self) -> tuple[str, ...]:
        """Every URL the sources are configured to fetch: the only origins their HTTP may reach."""
        urls = [self.arxiv_url, self.github_url, *self.rss_feeds, *self.event_feeds, self.link_url]
        return tuple(url for url in urls if url)

    @classmethod
    def from_settings(cls, settings: Settings) -> SourcesConfig:
        return cls(
            arxiv_url=settings.source_arxiv_url,
            arxiv_categories=list(settings.source_arxiv_categories),
            arxiv_days=settings.source_arxiv_days,
            github_url=settings.source_github_url,
            github_topics=list(settings.source_github_topics),
            github_min_stars=settings.source_github_min_stars,
            github_token=settings.source_github_token,
            rss_feeds=list(settings.source_rss_feeds),
            event_feeds=list(settings.source_event_feeds),
            event_timezone=settings.source_event_timezone,
            link_url=settings.link_base_url,
            link_token=settings.source_link_token,
            page_size=settings.source_page_size,
            interval=settings.source_interval,
        )


def http_policy(settings: Settings) -> HttpPolicy:
    return HttpPolicy(
        timeout=settings.source_timeout,
        delay=settings.source_request_delay,
        max_requests=settings.source_max_requests,
        user_agent=settings.source_user_agent,
        allow_private=settings.outbound_allow_private,
    )


__all__ = ["SourcesConfig", "http_policy"]
