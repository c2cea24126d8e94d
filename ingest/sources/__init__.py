"""Content sources: arXiv, GitHub, RSS/Atom stories, event feeds and a remote link server's timeline (docs/architecture.md,
"Content sources"). One module per source; `SOURCES` registers them and `run_source` runs one
(the Celery tasks, `hub source run` and the editors' jobs call it)."""

from __future__ import annotations

from ingest.sources import arxiv, events, github, link_timeline, stories
from ingest.sources.base import RunReport, Source, SourceEnv, run_fetches
from ingest.sources.config import SourcesConfig, http_policy
from ingest.sources.http import HttpPolicy, SourceError, TransientError, backoff_delay

SOURCES: dict[str, Source] = {
    s.name: s for s in (arxiv.SOURCE, github.SOURCE, stories.SOURCE, events.SOURCE, link_timeline.SOURCE)
}


class UnknownSource(KeyError):
    pass


def source(name: str) -> Source:
    try:
        return SOURCES[name]
    except KeyError:
        raise UnknownSource(name) from None


def run_source(name: str, config: SourcesConfig, env: SourceEnv) -> RunReport:
    """Run source `name` once: every fetch in its own transaction, the run recorded in the run log.
    Never raises for a failing fetch: the report says what failed and whether a retry may help."""
    return run_fetches(source(name), config, env)


def configured(config: SourcesConfig) -> list[str]:
    return [name for name, s in SOURCES.items() if s.configured(config)]


__all__ = [
    "SOURCES",
    "HttpPolicy",
    "RunReport",
    "Source",
    "SourceEnv",
    "SourceError",
    "SourcesConfig",
    "TransientError",
    "UnknownSource",
    "backoff_delay",
    "configured",
    "http_policy",
    "run_source",
    "source",
]
