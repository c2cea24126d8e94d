"""The composition root of the worker and the `hub` CLI: the session factory, Elasticsearch client, Redis
client and alias built from one Settings, once per process, and the operations both run on them (drain,
index jobs, content sources, the heat rollup, hot words). The API builds its own in api/context.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from zoneinfo import ZoneInfo

import redis
from elasticsearch import Elasticsearch
from sqlalchemy.orm import Session, sessionmaker

from analysis.vocabulary import use_glossary_source
from config import Settings
from indexer.acronyms import GlossaryWithAcronyms
from indexer.client import make_client
from indexer.jobs import JobContext
from indexer.sync import drain_outbox
from ingest.sources import SOURCES, SourceEnv, SourcesConfig, http_policy, run_source
from store import cache_generation, hotwords
from store.db import session_factory
from store.heat import RollupReport, run_rollup
from store.leases import Lease, drain_lock, leased, rollup_lock
from store.outbox_hook import kick_after_commit
from store.redis_client import redis_client
from store.source_runs import RunLog
from store.word_lists import GLOSSARY, HOTWORD_BLOCKLIST, WordListSource
from worker.dispatch import kick_outbox


@dataclass(frozen=True)
class Runtime:
    settings: Settings
    sessions: sessionmaker[Session]
    es: Elasticsearch
    redis: redis.Redis

    @property
    def alias(self) -> str:
        return self.settings.index_alias

    def bump_cache(self) -> None:
        """After documents changed: every cached API read of the alias is stale."""
        cache_generation.bump(self.redis, self.alias)

    def sources_config(self) -> SourcesConfig:
        return SourcesConfig.from_settings(self.settings)

    def source_env(self) -> SourceEnv:
        """What a content source's run needs; its run log is namespaced by the alias, like the hot words."""
        return SourceEnv(self.sessions, RunLog(self.redis, self.alias), http_policy(self.settings))

    def jobs(self) -> JobContext:
        """What running an index job needs (indexer/jobs.py)."""
        return JobContext(
            sessions=self.sessions,
            es=self.es,
            redis=self.redis,
            alias=self.alias,
            lease_seconds=self.settings.job_lease_seconds,
            outbox_batch=self.settings.outbox_batch,
            drain_lock_seconds=self.settings.drain_lock_seconds,
            chunk_size=self.settings.reindex_chunk,
            build_processes=self.settings.build_processes,
            index_shards=self.settings.index_shards,
            on_indexed=self.bump_cache,
            sources={name: self._source_job for name in SOURCES},
        )

    def _source_job(self, ctx: JobContext, job, progress) -> dict:
        """An editors' `source:<name>` job: one run of that content source in this process (its own
        task retries with backoff; a job reports what happened once), then the outbox indexes it."""
        name = job.kind.removeprefix("source:")
        progress(0, 1)
        report = run_source(name, self.sources_config(), self.source_env())
        if report.changed:
            self.drain()
        progress(1, 1)
        outcome = report.as_dict()
        if not report.ok:
            raise RuntimeError(outcome.get("error") or f"source {name} failed")
        return outcome

    @contextmanager
    def drain_lease(self, wait: float = 0) -> Iterator[Lease | None]:
        """The outbox drain's lock of this alias (store/leases.py): the beat, the post-commit kicks, a second
        worker and `hub drain` take turns, or they would send the same entries twice. A short lease renewed
        after every batch, so a drainer killed mid-drain blocks the others for `drain_lock_seconds` at most.
        Yields None when it could not be had within `wait` seconds."""
        with leased(self.redis, drain_lock(self.alias), self.settings.drain_lock_seconds, wait=wait) as lease:
            yield lease

    def drain_holding(self, lease: Lease | None) -> int:
        """Drain the outbox now; the caller holds the drain lease (or knows no one else can drain)."""
        return drain_outbox(
            self.sessions,
            self.es,
            self.alias,
            self.settings.outbox_batch,
            on_indexed=self.bump_cache,
            on_batch=lease.renew if lease is not None else None,
            processes=self.settings.build_processes,
            shards=self.settings.index_shards,
        )

    def drain(self) -> int:
        """Drain the outbox unless another drain of this alias is running (then 0)."""
        with self.drain_lease() as lease:
            return 0 if lease is None else self.drain_holding(lease)

    def rollup(self, now: datetime | None = None) -> RollupReport | None:
        """The heat rollup (store/heat.py), then a drain so the index carries the new heat at once.
        None when another rollup of this alias is running (a Redis lease, so two never interleave)."""
        with leased(self.redis, rollup_lock(self.alias), self.settings.rollup_lock_seconds) as lease:
            if lease is None:
                return None
            report = run_rollup(
                self.redis,
                self.sessions,
                self.alias,
                ZoneInfo(self.settings.heat_timezone),
                now,
                self.settings.attention_ids_per_network,
            )
        self.drain()
        return report

    @cached_property
    def blocklist_source(self) -> WordListSource:
        """The hot-word block list editors keep in the database (store/word_lists.py)."""
        return WordListSource(self.sessions, HOTWORD_BLOCKLIST, self.settings.hotwords_blocklist)

    def refresh_hot_words(self) -> list[str]:
        config = self.settings
        rules = hotwords.Rules.of(config, self.blocklist_source)
        words = hotwords.hot_words(self.redis, self.alias, config.default_hotwords, 10, rules)
        hotwords.publish(self.redis, self.alias, words, config.hotwords_refresh_seconds)
        return words


_current: Runtime | None = None


def runtime_for(settings: Settings) -> Runtime:
    """The runtime of these settings, made on first use and kept for the process."""
    global _current
    if _current is None or _current.settings is not settings:
        _current = _build(settings)
    return _current


def _build(settings: Settings) -> Runtime:
    runtime = Runtime(
        settings=settings,
        # A commit that wrote outbox entries (a content source's run, the rollup) asks for a drain now.
        sessions=kick_after_commit(session_factory(settings.db_url), kick_outbox),
        es=make_client(settings.es_url, settings.es_username, settings.es_password, settings.es_timeout),
        redis=redis_client(settings.redis_url),
    )
    # Documents' concepts and rebuilt indices use the glossary editors keep in the database.
    # The acronym pairs learnt from the corpus too (indexer/acronyms.py), as the search reads them.
    glossary = WordListSource(runtime.sessions, GLOSSARY, settings.glossary_file)
    use_glossary_source(GlossaryWithAcronyms.reading(glossary, runtime.sessions))
    return runtime
