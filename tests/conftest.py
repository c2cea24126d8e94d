"""Fixtures: real Elasticsearch, Redis and SQLite, started by the project's own scripts.

Services run on test ports (Elasticsearch 9250, Redis 6390, Keycloak 8190 for sign-in tests) so a running `make run` is not
disturbed. Each test session gets its own database file and index alias; tests that change data
use `make_stack` to get a private database and alias of their own. Helpers are in tests/support.py."""

from __future__ import annotations

import socket
import uuid

import pytest

from tests.support import (
    DEMO_FILES,
    ES_PORT,
    ES_URL,
    KEYCLOAK_PORT,
    OIDC_ISSUER,
    PG_PORT,
    PG_SERVER,
    REDIS_PORT,
    REDIS_URL,
    SMTP_PORT,
    Stack,
    loaded_stack,
    postgres_database,
    service,
    tiny_stack,
)

# The fast lane (`make test-fast`: `pytest -m "not services"`) runs every test that needs no service. A test
# that uses a service fixture is marked `services` here; any other test that needs a service carries the
# mark itself. The mark is enforced: an unmarked test that opens a connection to a service port fails.
SERVICE_FIXTURES = {"services", "keycloak", "postgres"}
SERVICE_PORTS = {int(port) for port in (ES_PORT, REDIS_PORT, KEYCLOAK_PORT, PG_PORT, SMTP_PORT)} | {9200, 6379, 8180}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if SERVICE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.services)


class ServiceTouched(AssertionError):
    """A test without the `services` mark connected to a service."""


@pytest.fixture(autouse=True)
def _services_need_the_mark(request, monkeypatch):
    if request.node.get_closest_marker("services") is not None:
        return
    connect = socket.socket.connect

    def guarded(sock, address):
        port = address[1] if isinstance(address, tuple) and len(address) >= 2 else None
        if port in SERVICE_PORTS:
            raise ServiceTouched(f"{request.node.nodeid} connects to port {port}: mark it `services`")
        return connect(sock, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)


@pytest.fixture(autouse=True)
def _glossary_from_the_file_after_each_test():
    """An app or worker runtime names its database's glossary for the whole process (analysis/vocabulary.py
    `use_glossary_source`); after the test that built it, the next reads the shipped file again, so an
    editor's edit in one test never changes another's search."""
    yield
    from analysis.vocabulary import use_glossary_source

    use_glossary_source(None)


@pytest.fixture(scope="session")
def services():
    service("es.sh", "start")
    service("redis.sh", "start")
    return {"es_url": ES_URL, "redis_url": REDIS_URL}


@pytest.fixture(scope="session")
def keycloak():
    """The real sign-in provider (deploy/keycloak.sh, test port HUB_TEST_KEYCLOAK_PORT, 8190), realm `hub`
    with its demo accounts; only tests that sign in through it start it (about 30 s, 360 MB). Its mail
    (e-mail verification) goes to the local sink (deploy/smtp-sink.sh, port HUB_TEST_SMTP_PORT, 2590)."""
    service("smtp-sink.sh", "start")
    service("keycloak.sh", "start")
    return OIDC_ISSUER


@pytest.fixture(scope="session")
def postgres():
    """The test PostgreSQL cluster (deploy/postgres.sh, port HUB_TEST_PG_PORT, 5433); started only by
    the tests that run on both databases (store_stack)."""
    service("postgres.sh", "start")
    return PG_SERVER


@pytest.fixture(scope="session")
def make_stack(services, tmp_path_factory):
    made: list[Stack] = []

    def make(name: str = "stack", database: str = "sqlite") -> Stack:
        folder = tmp_path_factory.mktemp(name)
        suffix = uuid.uuid4().hex[:8]
        url = postgres_database(f"{name}_{suffix}") if database == "postgresql" else f"sqlite:///{folder / 'hub.db'}"
        stack = Stack(db_url=url, alias=f"hub-test-{name}-{suffix}")
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
    return loaded_stack(make_stack, "demo", DEMO_FILES)


@pytest.fixture()
def client(demo_stack):
    with demo_stack.client() as test_client:
        yield test_client


@pytest.fixture()
def words_only(demo_stack, monkeypatch):
    """The search's word passes alone (strict and relaxed), without the texts like the best hit that fill a short list
    after them (api/relaxed_search.py): for the tests of what the query's words find. The cached answers are retired
    before and after, so no other test reads theirs, nor they another's."""
    from api import relaxed_search
    from store import cache_generation

    monkeypatch.setattr(relaxed_search, "ALIKE_BELOW", 0)
    monkeypatch.setattr(relaxed_search, "RELAX_BELOW", relaxed_search.RELAX_BELOW)  # restored, should a test set it
    cache_generation.bump(demo_stack.redis(), demo_stack.alias)
    yield
    cache_generation.bump(demo_stack.redis(), demo_stack.alias)


@pytest.fixture(scope="session")
def tiny(make_stack) -> Stack:
    """Read-only tiny corpus with exact relative dates (tests that write make their own)."""
    return tiny_stack(make_stack, "tiny")


@pytest.fixture()
def tiny_client(tiny):
    with tiny.client() as test_client:
        yield test_client


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def store_stack(request, make_stack):
    """Like make_stack, once on SQLite and once on PostgreSQL: for the tests of the store itself
    (import, outbox, index jobs), which must hold on both databases."""
    if request.param == "postgresql":
        request.getfixturevalue("postgres")
    return lambda name="stack": make_stack(name, database=request.param)
