"""Test fixtures: real Elasticsearch, Redis and SQLite, started by the project's own scripts.

Services run on test ports (Elasticsearch 9250, Redis 6390) so a running `make run` is not
disturbed. Each test session gets its own database file and index alias; tests that change data
use `make_stack` to get a private database and alias of their own."""

from __future__ import annotations

import os
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ES_PORT = os.environ.get("HUB_TEST_ES_PORT", "9250")
REDIS_PORT = os.environ.get("HUB_TEST_REDIS_PORT", "6390")
ES_URL = f"http://127.0.0.1:{ES_PORT}"
REDIS_URL = f"redis://127.0.0.1:{REDIS_PORT}/0"
DEMO_FILES = sorted((ROOT / "data" / "demo").glob("*.jsonl"))


def service(script: str, action: str) -> None:
    env = {**os.environ, "HUB_ES_PORT": ES_PORT, "HUB_REDIS_PORT": REDIS_PORT}
    subprocess.run([str(ROOT / "deploy" / script), action], check=True, env=env, timeout=300)


@dataclass
class Stack:
    """One database plus one index alias, wired into settings."""

    db_url: str
    alias: str

    def apply_env(self) -> None:
        os.environ.update(
            HUB_DATABASE_URL=self.db_url, HUB_INDEX_ALIAS=self.alias, HUB_ES_URL=ES_URL, HUB_REDIS_URL=REDIS_URL
        )
        from hub.config import reset_settings

        reset_settings()

    def settings(self):
        from hub.config import Settings

        self.apply_env()
        return Settings()

    def sessions(self):
        from store.db import session_factory

        return session_factory(self.db_url)

    def es(self):
        from indexer.client import get_client

        return get_client(ES_URL)

    def migrate(self) -> None:
        from store.migrate import upgrade
        from store.tags import sync_tags

        upgrade(self.db_url)
        with self.sessions()() as session:
            sync_tags(session)
            session.commit()

    def import_files(self, paths):
        from indexer.ingest.jsonl import import_files

        with self.sessions()() as session:
            return import_files(session, list(paths))

    def drain(self) -> int:
        from indexer.sync import drain_outbox

        return drain_outbox(self.sessions(), self.es(), self.alias)

    def app(self):
        from api.app import create_app

        return create_app(self.settings())

    def drop(self) -> None:
        from indexer.lifecycle import indices_behind

        for index in indices_behind(self.es(), self.alias):
            self.es().indices.delete(index=index, ignore_unavailable=True)


@pytest.fixture(scope="session")
def services():
    service("es.sh", "start")
    service("redis.sh", "start")
    return {"es_url": ES_URL, "redis_url": REDIS_URL}


@pytest.fixture(scope="session")
def make_stack(services, tmp_path_factory):
    made: list[Stack] = []

    def make(name: str = "stack") -> Stack:
        folder = tmp_path_factory.mktemp(name)
        stack = Stack(db_url=f"sqlite:///{folder / 'hub.db'}", alias=f"hub-test-{name}-{uuid.uuid4().hex[:8]}")
        stack.migrate()
        made.append(stack)
        return stack

    yield make
    for stack in made:
        try:
            stack.drop()
        except Exception:  # Elasticsearch may have been stopped by a test; leftovers are test-only indices
            pass


@pytest.fixture(scope="session")
def demo_stack(make_stack) -> Stack:
    """The demo corpus, imported and indexed once per session. Read-only for tests."""
    stack = make_stack("demo")
    report = stack.import_files(DEMO_FILES)
    assert not report.errors, report.errors[:5]
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    return stack


@pytest.fixture()
def client(demo_stack):
    app = demo_stack.app()
    app.config["TESTING"] = True
    with app.test_client() as test_client:
        yield test_client
