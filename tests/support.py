"""Helpers the tests share (fixtures are in conftest.py): the test services' addresses, a `Stack`
(one database plus one index alias), envelope checks, and a real Celery worker to start and kill.
Test modules import from here only."""

from __future__ import annotations

import atexit
import html
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parent.parent
ES_PORT = os.environ.get("HUB_TEST_ES_PORT", "9250")
REDIS_PORT = os.environ.get("HUB_TEST_REDIS_PORT", "6390")
KEYCLOAK_PORT = os.environ.get("HUB_TEST_KEYCLOAK_PORT", "8190")
PG_PORT = os.environ.get("HUB_TEST_PG_PORT", "5433")
SMTP_PORT = os.environ.get("HUB_TEST_SMTP_PORT", "2590")  # the mail sink the test provider sends to
# The private cluster deploy/postgres.sh starts (user `hub`, trust on loopback); one database per stack.
PG_SERVER = f"postgresql+psycopg://hub@127.0.0.1:{PG_PORT}"
ES_URL = f"http://127.0.0.1:{ES_PORT}"
# Under pytest-xdist each worker has a Redis database of its own (its broker queue, counters and caches
# never meet another worker's); index aliases are unique per stack already.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
REDIS_DB = 2 + int(_WORKER.removeprefix("gw")) if _WORKER.startswith("gw") else 0
REDIS_URL = f"redis://127.0.0.1:{REDIS_PORT}/{REDIS_DB}"
KEYCLOAK_URL = f"http://127.0.0.1:{KEYCLOAK_PORT}"
OIDC_ISSUER = f"{KEYCLOAK_URL}/realms/hub"
DEMO_FILES = sorted((ROOT / "data" / "demo").glob("*.jsonl"))
TINY = ROOT / "tests" / "api" / "data" / "tiny.jsonl"


def service(script: str, action: str) -> None:
    env = {
        **os.environ,
        "HUB_ES_PORT": ES_PORT,
        "HUB_REDIS_PORT": REDIS_PORT,
        "HUB_KEYCLOAK_PORT": KEYCLOAK_PORT,
        "HUB_PG_PORT": PG_PORT,
        "HUB_SMTP_PORT": SMTP_PORT,
    }
    # One start at a time across xdist workers: two scripts racing to start one server would collide.
    import fcntl

    lock = ROOT / "var" / "test-services.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        subprocess.run([str(ROOT / "deploy" / script), action], check=True, env=env, timeout=300)


# The JVM of an engine node a test starts for itself (deploy/es.sh, es-cluster.sh: HUB_ES_JAVA_OPTS): the quick
# compiler only. Such a node lives a minute and answers a few requests, and compiling for peak speed was most of
# the CPU its start took (the serial tests: 74 -> 43 CPU-s), CPU the browser tests beside them need.
THROWAWAY_ENGINE = {"HUB_ES_JAVA_OPTS": "-XX:TieredStopAtLevel=1"}


@contextmanager
def engine_of_its_own(port: int, var_dir: Path) -> Iterator[Callable[[str], None]]:
    """An Elasticsearch node on `port` that only the calling test uses (its data under `var_dir`), so the test may
    stop and start it while every other test, and the browser tests' stacks, keep the shared one. Yields
    `control(action)` (deploy/es.sh start|stop); the node is stopped at the end."""
    env = {**os.environ, "HUB_ES_PORT": str(port), "HUB_VAR_DIR": str(var_dir), **THROWAWAY_ENGINE}

    def control(action: str) -> None:
        subprocess.run([str(ROOT / "deploy" / "es.sh"), action], check=True, env=env, timeout=300)

    control("start")
    try:
        yield control
    finally:
        control("stop")


def wait_until(condition: Callable[[], object], timeout: float = 30, interval: float = 0.2, message: str = ""):
    """Poll `condition` until it is truthy (and return its value); fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(message or f"condition not met within {timeout} s")
        time.sleep(interval)


@dataclass
class Stack:
    """One database plus one index alias on the test services."""

    db_url: str
    alias: str
    es_url: str = ES_URL  # a cluster's nodes, comma-separated, in tests/test_cluster.py

    def settings(self, **overrides):
        from config import Settings

        fields = {
            "database_url": self.db_url,
            "index_alias": self.alias,
            "es_url": self.es_url,
            "redis_url": REDIS_URL,
            "environment": "test",
            "oidc_issuer": OIDC_ISSUER,
            # Rate limits are off unless a test turns them on (tests/api/test_rate_limits.py).
            "rate_limits_enabled": False,
            # Documents are built in the test's own process: a pool (a forkserver and a child per core, each
            # loading the analysis tables) costs more than the few hundred documents a test builds.
            # tests/test_parallel_build.py builds in a pool on purpose.
            "build_processes": 1,
        }
        return Settings(**{**fields, **overrides})

    def env(self) -> dict[str, str]:
        """The environment a subprocess (a real Celery worker) needs to use this stack."""
        return {
            **os.environ,
            "HUB_DATABASE_URL": self.db_url,
            "HUB_INDEX_ALIAS": self.alias,
            "HUB_ES_URL": self.es_url,
            "HUB_REDIS_URL": REDIS_URL,
            "HUB_DRAIN_LOCK_SECONDS": "3",  # a killed test worker frees the drain quickly
            "HUB_JOB_LEASE_SECONDS": os.environ.get("HUB_JOB_LEASE_SECONDS", "5"),  # and its index job
            "HUB_DRAIN_EVERY_SECONDS": "1",  # and the next worker's beat finds both soon after
            "HUB_JOB_RECOVERY_SECONDS": "1",
            "HUB_BUILD_PROCESSES": "1",  # as in settings() above
            "HUB_ENV": "test",
            "HUB_OIDC_ISSUER": OIDC_ISSUER,
        }

    def sessions(self):
        from store.db import session_factory

        return session_factory(self.db_url)

    def es(self):
        from indexer.client import make_client

        # Tests refresh, count and reindex directly: a generous timeout, since the suite must pass on a busy machine.
        return make_client(self.es_url, timeout=60)

    def redis(self):
        from store.redis_client import redis_client

        return redis_client(REDIS_URL)

    def migrate(self) -> None:
        """This stack's (new, empty) database at the newest migration with the static tags: a copy of a
        template this process migrated once (migrating took an eighth of the API tests' time)."""
        if self.db_url.startswith("sqlite:///"):
            import sqlite3

            with sqlite3.connect(_migrated_template("sqlite")) as source, sqlite3.connect(self.db_url[10:]) as target:
                source.backup(target)  # a consistent copy, whatever the template's journal holds
        elif self.db_url.startswith(PG_SERVER + "/"):
            database = self.db_url.rsplit("/", 1)[1]
            _pg_admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            _pg_admin(f'CREATE DATABASE "{database}" TEMPLATE "{_migrated_template("postgresql")}"')
        else:
            _migrate(self.db_url)

    def import_files(self, paths):
        from ingest.jsonl import import_files
        from store.db import writer_session_factory

        return import_files(writer_session_factory(self.db_url), list(paths))

    def bump_cache(self) -> None:
        from store import cache_generation

        cache_generation.bump(self.redis(), self.alias)

    def drain(self) -> int:
        from indexer.sync import drain_outbox

        return drain_outbox(self.sessions(), self.es(), self.alias, on_indexed=self.bump_cache)

    def app(self, **overrides):
        from api.app import create_app

        app = create_app(self.settings(**overrides))
        app.config["TESTING"] = True
        return app

    def client(self):
        return self.app().test_client()

    def drop(self) -> None:
        from indexer.lifecycle import indices_behind

        for index in indices_behind(self.es(), self.alias):
            self.es().indices.delete(index=index, ignore_unavailable=True)
        if self.db_url.startswith("postgresql"):
            from store.db import get_engine, get_writer_engine

            get_engine(self.db_url).dispose()
            get_writer_engine(self.db_url).dispose()
            _pg_admin(f'DROP DATABASE IF EXISTS "{self.db_url.rsplit("/", 1)[1]}" WITH (FORCE)')


def _migrate(url: str) -> None:
    from store.db import session_factory
    from store.migrate import upgrade
    from store.tags import sync_tags

    upgrade(url)
    with session_factory(url)() as session:
        sync_tags(session)
        session.commit()


_TEMPLATES: dict[str, str] = {}


def _migrated_template(database: str) -> str:
    """This process's migrated template: a SQLite file, or a PostgreSQL database that new ones are created
    from (no connection may stay open on it, so its engines are disposed)."""
    if database not in _TEMPLATES:
        from store.db import get_engine, get_writer_engine

        if database == "sqlite":
            import shutil
            import tempfile

            folder = tempfile.mkdtemp(prefix="hub-template-")
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            path = Path(folder) / "hub.db"
            url, name = f"sqlite:///{path}", str(path)
        else:
            name = f"hub_template_{os.getpid()}"
            _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            _pg_admin(f'CREATE DATABASE "{name}"')
            atexit.register(_pg_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            url = f"{PG_SERVER}/{name}"
        _migrate(url)
        get_engine(url).dispose()
        get_writer_engine(url).dispose()
        _TEMPLATES[database] = name
    return _TEMPLATES[database]


def _pg_admin(statement: str) -> None:
    import psycopg

    with psycopg.connect(f"host=127.0.0.1 port={PG_PORT} user=hub dbname=postgres", autocommit=True) as conn:
        conn.execute(statement)


def postgres_database(name: str) -> str:
    """A fresh, empty database on the test PostgreSQL cluster; returns its URL."""
    database = f"hub_{name}".replace("-", "_")[:50]
    _pg_admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    _pg_admin(f'CREATE DATABASE "{database}"')
    return f"{PG_SERVER}/{database}"


def loaded_stack(make_stack, name: str, paths) -> Stack:
    """A new stack with `paths` imported and indexed (tests that write make their own)."""
    stack = make_stack(name)
    report = stack.import_files(paths)
    assert not report.errors, report.errors[:5]
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    return stack


def tiny_stack(make_stack, name: str) -> Stack:
    return loaded_stack(make_stack, name, [TINY])


def client_for(stack: Stack):
    return stack.client()


def data_of(response, status: int = 200):
    """The envelope's data after checking the HTTP status and code 0."""
    body = response.get_json()
    assert response.status_code == status, body
    assert body["code"] == 0, body
    return body["data"]


def error_of(response, status: int) -> dict:
    body = response.get_json()
    assert response.status_code == status, body
    assert body["code"] == status, body
    assert isinstance(body["msg"], str) and body["msg"], body
    return body


def story_fields(title: str) -> dict:
    """The fields of a minimal story row (for `store.writes.upsert(session, Story, ...)`)."""
    return {
        "title": title,
        "content": "<p>离线写入</p>",
        "summary": "离线写入",
        "tags": ["llm"],
        "created_at": datetime.now(UTC),
    }


TEST_CSRF = "test-csrf-token"


def sign_in(client, user_id: int) -> dict[str, str]:
    """Put `user_id` into the test client's session as the sign-in flow does (with a CSRF token) and
    return the headers a cookie-authenticated write must send."""
    with client.session_transaction() as session:
        session["user_id"] = user_id
        session["csrf_token"] = TEST_CSRF
    return {"X-CSRF-Token": TEST_CSRF}


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serve_app(app) -> Iterator[str]:
    """A hub app served over real HTTP by a threaded werkzeug server on a free port; yields its base
    URL (`http://127.0.0.1:PORT`) and shuts the server down (its port closed) on leaving."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def start_gunicorn(stack: Stack, log_path: Path, **env: str):
    """A real gunicorn (the production worker class, two threads) serving `stack`; returns
    (process, base URL) once /healthz answers. The caller terminates the process."""
    import sys
    import urllib.request

    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--threads",
            "4",
            "--worker-class",
            "api.gunicorn_worker.EnvelopeThreadWorker",
            "api.wsgi:app",
        ],
        cwd=ROOT,
        env={**stack.env(), **env},
        stdout=log_path.open("w"),
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2):
                return True
        except Exception as exc:  # 503 is an answer too
            return getattr(exc, "code", None) == 503

    wait_until(up, timeout=60, interval=0.3, message=f"gunicorn did not start: see {log_path}")
    return process, base


def source_env(stack: Stack, **policy):
    """What a content source's run needs on `stack`: its database, its run log, HTTP without pauses."""
    from ingest.sources import HttpPolicy, SourceEnv
    from store.source_runs import RunLog

    http = HttpPolicy(
        **{
            "timeout": 10.0,
            "delay": 0.0,
            "max_requests": 10,
            "user_agent": "hub-tests",
            "allow_private": True,
            **policy,
        }
    )
    return SourceEnv(stack.sessions(), RunLog(stack.redis(), stack.alias), http, sleep=lambda _seconds: None)


def add_user(stack: Stack, user_id: int, name: str, **fields) -> None:
    """A user row (through the store's write path), e.g. an editor or an author with an arxiv_name."""
    from store.models import User
    from store.writes import upsert

    with stack.sessions()() as session:
        upsert(session, User, {"id": user_id}, {"name": name, "created_at": datetime.now(UTC), **fields})
        session.commit()


# --- content sources: recorded responses served by a real local HTTP server ---

SOURCE_FIXTURES = ROOT / "tests" / "fixtures" / "sources"

CONTENT_TYPES = {
    ".xml": "application/atom+xml; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".ics": "text/calendar; charset=utf-8",
}


@dataclass
class Answer:
    status: int = 200
    file: str | None = None
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before answering: a slow service

    def payload(self) -> bytes:
        return (SOURCE_FIXTURES / self.file).read_bytes() if self.file else self.body


@dataclass
class Seen:
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    method: str = "GET"


class StandInServer(ThreadingHTTPServer):
    """The stand-in servers' HTTP server: a client that hangs up before a slow answer (a fetch that timed out, as the
    tests intend) ends its request quietly. socketserver prints that as a traceback from the request's thread, and
    Python 3.11's traceback module parses source lines with `ast` to place its carets, which races the main thread's
    own parsing (pytest rewriting a module it imports: CPython gh-106905, "AST constructor recursion depth
    mismatch", which failed a CI run). Any other error is still printed."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class FeedServer:
    """Routes a path to a list of answers: each request takes the next one, the last one repeats."""

    def __init__(self):
        self.routes: dict[str, list[Answer]] = {}
        self.seen: list[Seen] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's name)
                parts = urlsplit(self.path)
                server.seen.append(Seen(parts.path, parse_qs(parts.query), dict(self.headers.items()), self.command))
                answers = server.routes.get(parts.path)
                answer = (answers.pop(0) if len(answers) > 1 else answers[0]) if answers else Answer(404, body=b"no")
                body = answer.payload()
                if answer.delay:
                    time.sleep(answer.delay)
                self.send_response(answer.status)
                suffix = Path(answer.file or "x.txt").suffix
                self.send_header("Content-Type", CONTENT_TYPES.get(suffix, "text/plain"))
                self.send_header("Content-Length", str(len(body)))
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                self.do_GET()

            do_DELETE = do_POST  # noqa: N815 (Mastodon deletes a status with DELETE)

            def log_message(self, *args):
                pass

        self.httpd = StandInServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def route(self, path: str, *answers: Answer) -> str:
        self.routes[path] = list(answers)
        return self.base + path

    def hits(self, path: str) -> list[Seen]:
        return [s for s in self.seen if s.path == path]

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


WECHAT_FIXTURES = ROOT / "tests" / "fixtures" / "wechat"


class RecordedWeChat:
    """A real HTTP server answering WeChat's token and ticket calls from recorded files (for app id
    `wx-test-app`); it counts calls. The API tests start it in-process; the browser tests' stack runs it
    with `python -m tests.support wechat PORT_FILE` (deploy/test-stack.sh)."""

    APP_ID = "wx-test-app"

    def __init__(self, token_file: str = "token.json"):
        self.calls: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                url = urlsplit(self.path)
                query = parse_qs(url.query)
                outer.calls.append(url.path)
                if url.path == "/cgi-bin/token" and query.get("appid") == [outer.APP_ID]:
                    body = (WECHAT_FIXTURES / token_file).read_bytes()
                elif url.path == "/cgi-bin/ticket/getticket" and query.get("access_token") == [
                    "ACCESS_TOKEN_RECORDED_0001"
                ]:
                    body = (WECHAT_FIXTURES / "getticket.json").read_bytes()
                else:
                    body = json.dumps({"errcode": 40001, "errmsg": "invalid credential"}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = StandInServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def info_of(item: dict) -> dict:
    """A feed item's payload: its own `*_info` (the item's `source` is an empty object)."""
    return item[f"{item['type']}_info"]


def start_worker(stack, tmp_path):
    env = stack.env()
    log = open(tmp_path / "worker.log", "w")
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "worker.app:celery_app",
            "worker",
            "-B",
            "--pool",
            "solo",
            "--loglevel",
            "INFO",
            "-s",
            str(tmp_path / "beat-schedule"),
            "-Q",
            "celery",
            # A test's worker is alone on its stack: no second of looking for neighbours at every start.
            "--without-mingle",
            "--without-gossip",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        # Its own process group: a test's SIGKILL (kill_worker) takes the embedded beat with it, as a
        # crashed machine would, instead of leaving it publishing drains after the test.
        start_new_session=True,
    )


def kill_worker(worker) -> None:
    """SIGKILL the worker and its embedded beat (the whole process group)."""
    os.killpg(worker.pid, signal.SIGKILL)


def _serve_wechat(port_file: str) -> None:
    """Run the recorded WeChat API until killed; its base URL is written to `port_file` once it listens."""
    server = RecordedWeChat()
    Path(port_file).write_text(server.base)
    threading.Event().wait()


def segments_per_primary(es, index: str) -> list[int]:
    """Searchable segments of each primary shard of `index` (an alias gives its index's)."""
    from indexer.lifecycle import primary_copies

    return [copy["num_search_segments"] for copy in primary_copies(es.indices.segments(index=index))]


def provider_login(browser, authorize_url: str, username: str, password: str) -> str:
    """Fill Keycloak's login form; the callback URL the provider sends the browser to."""
    page = browser.get(authorize_url, timeout=30)
    assert page.status_code == 200, page.text[:500]
    match = re.search(r'<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"', page.text, re.S)
    assert match, page.text[:1000]
    answer = browser.post(
        html.unescape(match.group(1)),
        data={"username": username, "password": password, "credentialId": ""},
        allow_redirects=False,
        timeout=30,
    )
    assert answer.status_code == 302, answer.text[:500]
    return answer.headers["Location"]


def _serve_arxiv(port_file: str) -> None:
    """Run a stand-in arXiv export API answering the recorded paper of tests/fixtures/sources/arxiv_id_list.xml
    to every query until killed; its query URL is written to `port_file` once it listens (the browser test
    of submitting a paper: ui/e2e/community.e2e.test.mjs)."""
    server = FeedServer()
    Path(port_file).write_text(server.route("/api/query", Answer(file="arxiv_id_list.xml")))
    threading.Event().wait()


if __name__ == "__main__" and sys.argv[1:2] == ["wechat"]:
    _serve_wechat(sys.argv[2])
if __name__ == "__main__" and sys.argv[1:2] == ["arxiv"]:
    _serve_arxiv(sys.argv[2])
