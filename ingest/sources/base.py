"""What a content source is, and how one run of it goes.

A source turns its configuration into fetches (one arXiv category, one GitHub topic, one feed URL).
A fetch first downloads, parses and validates everything (`load`), then writes it in one
transaction (`write`): a malformed or truncated response fails in `load`, before anything is
written, and a failure while writing rolls the whole fetch back. Fetches are independent: a broken
feed is reported while the other feeds of the run still land. All writes go through
`store/writes.py` (version bump + outbox entry in the same transaction), and rows are found by their
source key, so a re-fetch updates instead of duplicating and an unchanged item writes nothing."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from ingest.sources.config import SourcesConfig
from ingest.sources.http import HttpPolicy, PoliteHttp, SourceError, TransientError
from store.db import session_scope
from store.source_runs import RunLog

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Fetch:
    label: str  # what the run log names on failure: the category, topic or URL
    load: Callable[..., list[Any]]  # (http) or, with `position`, (http, position): download, parse, validate
    write: Callable[[Session, list[Any]], Counter]  # outcomes: created / updated / unchanged
    # Where the previous runs stopped, read from the store in a short session of its own before `load`
    # (a source that pages forward, such as the link timeline); None: the fetch starts afresh each run.
    position: Callable[[Session], Any] | None = None


@dataclass(frozen=True)
class Source:
    name: str
    label: str  # shown on the editors' page
    fetches: Callable[[SourcesConfig, datetime], list[Fetch]]
    describe: Callable[[SourcesConfig], dict]  # the configuration, safe to show (no secrets)

    def configured(self, config: SourcesConfig) -> bool:
        return bool(self.fetches(config, datetime.now(UTC)))


@dataclass(frozen=True)
class SourceEnv:
    """What a run needs, built by the entry point: the database, the run log, the HTTP policy."""

    sessions: sessionmaker[Session]
    runs: RunLog
    http: HttpPolicy
    sleep: Callable[[float], None] | None = None  # tests pass a no-op; None: time.sleep


def iso_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass
class RunReport:
    source: str
    started_at: str = field(default_factory=iso_now)
    finished_at: str | None = None
    fetches: int = 0
    fetched: int = 0
    counts: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    retryable: bool = False  # some fetch met a network error, 5xx or 429: worth retrying later
    retry_after: float | None = None  # the longest Retry-After a service asked for

    @property
    def ok(self) -> bool:
        return not self.errors

    def failed(self, label: str, error: Exception) -> None:
        self.errors.append(f"{label}: {error}")
        if isinstance(error, TransientError):
            self.retryable = True
            if error.retry_after is not None:
                self.retry_after = max(self.retry_after or 0.0, error.retry_after)

    def as_dict(self) -> dict:
        return {
            "source": self.source,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "status": "ok" if self.ok else "error",
            "fetches": self.fetches,
            "fetched": self.fetched,
            "created": self.counts["created"],
            "updated": self.counts["updated"],
            "unchanged": self.counts["unchanged"],
            "error": "; ".join(self.errors)[:2000] or None,
            "retryable": self.retryable,
        }

    @property
    def changed(self) -> int:
        return self.counts["created"] + self.counts["updated"]


def run_fetches(source: Source, config: SourcesConfig, env: SourceEnv) -> RunReport:
    """Run every fetch of `source`, each in its own transaction, then record the run in the log."""
    report = RunReport(source=source.name)
    http = PoliteHttp(env.http, config.destinations(), **({"sleep": env.sleep} if env.sleep else {}))
    try:
        for fetch in source.fetches(config, datetime.now(UTC)):
            report.fetches += 1
            try:
                if fetch.position is None:
                    items = fetch.load(http)
                else:
                    with session_scope(env.sessions) as session:
                        position = fetch.position(session)
                    items = fetch.load(http, position)
                with session_scope(env.sessions) as session:
                    outcomes = fetch.write(session, items)
                report.fetched += len(items)
                report.counts.update(outcomes)
            except SourceError as exc:
                log.warning("source %s, %s: %s", source.name, fetch.label, exc)
                report.failed(fetch.label, exc)
            except Exception as exc:  # a bug or the database: reported like the rest, never stops other fetches
                log.exception("source %s, %s failed", source.name, fetch.label)
                report.failed(fetch.label, SourceError(f"{exc.__class__.__name__}: {exc}"))
    finally:
        http.close()
    report.finished_at = iso_now()
    try:
        env.runs.record(source.name, report.as_dict())
    except Exception as exc:  # the content is written; a lost log line must not turn the run into a failure
        log.warning("could not record the run of source %s: %s", source.name, exc)
    return report


__all__ = ["Fetch", "RunReport", "Source", "SourceEnv", "run_fetches"]
