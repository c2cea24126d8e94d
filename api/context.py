"""What one app instance talks to, built once by `create_app(settings)` and kept on the app, so two
apps in one process (tests, a second site) never share a client, an alias or a cache."""

from __future__ import annotations

from dataclasses import dataclass

import redis
from flask import current_app
from sqlalchemy.orm import Session, sessionmaker

from analysis.vocabulary import use_glossary_source
from api.index_reader import IndexReader, make_breaker
from api.outbox_kick import TaskPublisher
from config import Settings
from indexer.acronyms import GlossaryWithAcronyms
from indexer.client import make_client
from store.db import session_factory
from store.outbox_hook import kick_after_commit
from store.redis_client import redis_client
from store.word_lists import GLOSSARY, HOTWORD_BLOCKLIST, WordListSource

EXTENSION = "hub"


@dataclass(frozen=True)
class HubContext:
    settings: Settings
    reader: IndexReader
    sessions: sessionmaker[Session]
    redis: redis.Redis
    answers: redis.Redis  # the same Redis without decoding: cached answers are bytes (api/read_cache.py)
    publisher: TaskPublisher  # the worker's tasks, by name (api/outbox_kick.py)
    # The editors' word lists as every host reads them (store/word_lists.py); the glossary with the acronym
    # pairs learnt from the corpus joined in (indexer/acronyms.py).
    glossary_source: GlossaryWithAcronyms
    blocklist_source: WordListSource

    @classmethod
    def build(cls, settings: Settings) -> HubContext:
        # Reads wait `es_read_timeout` at most (the worker's indexing keeps the longer `es_timeout`).
        es = make_client(settings.es_url, settings.es_username, settings.es_password, settings.es_read_timeout)
        breaker = make_breaker(settings.breaker_fail_max, settings.breaker_reset_seconds)
        publisher = TaskPublisher(settings.redis_url)
        # A commit that wrote outbox entries asks the worker to drain them now.
        sessions = kick_after_commit(session_factory(settings.db_url), publisher.kick_outbox)
        glossary_source = GlossaryWithAcronyms.reading(
            WordListSource(sessions, GLOSSARY, settings.glossary_file), sessions
        )
        use_glossary_source(glossary_source)  # the search's synonyms: the editors' list, as on every host
        return cls(
            settings=settings,
            reader=IndexReader(es, settings.index_alias, breaker),
            sessions=sessions,
            redis=redis_client(settings.redis_url),
            answers=redis.Redis.from_url(settings.redis_url, socket_timeout=1, socket_connect_timeout=1),
            publisher=publisher,
            glossary_source=glossary_source,
            blocklist_source=WordListSource(sessions, HOTWORD_BLOCKLIST, settings.hotwords_blocklist),
        )


def hub() -> HubContext:
    return current_app.extensions[EXTENSION]


def settings() -> Settings:
    return hub().settings


def reader() -> IndexReader:
    return hub().reader


def db_sessions() -> sessionmaker[Session]:
    return hub().sessions
