"""The production server (gunicorn with the envelope thread worker) against a real stack: limits hit
before the app answer the envelope; a frozen engine costs searches a short timeout, then nothing
(the circuit opens), while the page and cached reads keep answering at once."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import threading
import time
import urllib.request

import pytest

from tests.support import ES_PORT, start_gunicorn, wait_until


def raw(base: str, payload: bytes) -> tuple[int, dict]:
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(payload)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    assert b"application/json" in head, head
    return status, json.loads(body)


@pytest.fixture()
def server(demo_stack, tmp_path):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><title>AI 社区</title>", encoding="utf-8")
    process, base = start_gunicorn(
        demo_stack,
        tmp_path / "gunicorn.log",
        HUB_UI_DIST=str(dist),
        HUB_ES_READ_TIMEOUT="1",
        HUB_BREAKER_FAIL_MAX="2",
        HUB_BREAKER_RESET_SECONDS="60",
    )
    yield base
    process.terminate()
    process.wait(timeout=30)


@pytest.mark.parametrize(
    ("payload", "status", "msg"),
    [
        (b"GET /api/v2/search?q=" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "请求地址过长"),
        (b"GET /api/v2/search HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9_000 + b"\r\n\r\n", 431, "请求头过大"),
        (
            b"GET /api/v2/search HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(150)) + b"\r\n",
            431,
            "请求头过大",
        ),
        (b"BLAH\r\n\r\n", 400, "请求参数错误"),
    ],
    ids=["long-line", "big-header", "many-headers", "garbage"],
)
def test_requests_gunicorn_refuses_answer_the_envelope(server, payload, status, msg):
    assert raw(server, payload) == (status, {"code": status, "data": None, "msg": msg})


def _timed(method: str, url: str, body: dict | None = None) -> tuple[int, float]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status = response.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    return status, time.monotonic() - started


def _engine_pid() -> int:
    found = subprocess.run(
        ["pgrep", "-f", f"ElasticsearchClusterRunner.*-baseHttpPort {int(ES_PORT) - 1} "],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(found.stdout.split()[0])


def test_a_frozen_engine_never_stalls_the_page_or_cached_reads(server, demo_stack):
    feed = (server + "/api/v1/story/list", {"time": None})
    assert _timed("POST", *feed)[0] == 200  # now cached for anonymous callers
    pid = _engine_pid()
    os.kill(pid, signal.SIGSTOP)
    try:
        hung: list[tuple[int, float]] = []
        worker = threading.Thread(target=lambda: hung.append(_timed("GET", server + "/api/v2/search?q=freeze-one")))
        worker.start()
        time.sleep(0.2)  # that search now waits on the frozen engine, holding one thread
        page_status, page_time = _timed("GET", server + "/")
        cached_status, cached_time = _timed("POST", *feed)
        worker.join()
        assert (page_status, cached_status) == (200, 200)
        assert page_time < 0.5 and cached_time < 0.5, (page_time, cached_time)
        # the 3 s read timeout (plus a loaded machine's scheduling), far from the old 10 s client timeout
        assert hung[0][0] == 503 and hung[0][1] < 7
        second = _timed("GET", server + "/api/v2/search?q=freeze-two")
        assert second[0] == 503  # second failure in a row: the circuit opens
        status, elapsed = _timed("GET", server + "/api/v2/search?q=freeze-three")
        assert status == 503 and elapsed < 0.2, elapsed  # answered at once, no wait on the engine
    finally:
        os.kill(pid, signal.SIGCONT)
        wait_until(lambda: demo_stack.es().ping(), timeout=60, message="the engine did not come back")


def _answer_on(sock: socket.socket, pending: bytes) -> tuple[bytes, bytes]:
    """One whole answer from a kept-alive connection: (head, what was read past it)."""
    data = pending
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection before answering"
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = int(
        next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
    )
    while len(rest) < length:
        rest += sock.recv(65536)
    return head, rest[length:]


def test_a_kept_alive_connection_is_closed_after_its_share_of_requests(server):
    """So that busy keep-alive clients cannot all stay on one worker while another idles (issue 12)."""
    from api.gunicorn_worker import KEEPALIVE_REQUESTS

    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        pending = b""
        for number in range(1, KEEPALIVE_REQUESTS + 1):
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            head, pending = _answer_on(sock, pending)
            assert head.startswith(b"HTTP/1.1 200"), head
            closing = b"connection: close" in head.lower()
            assert closing == (number == KEEPALIVE_REQUESTS), (number, head)
        assert pending == b"" and sock.recv(1) == b""  # closed by the server once the last answer is out
