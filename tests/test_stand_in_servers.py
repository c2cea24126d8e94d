"""The stand-in HTTP servers the tests start (tests/support.py): a client that hangs up on a slow answer, as a fetch
with a timeout does, ends that request silently, since a traceback printed from the server's thread raced pytest's own
parsing on Python 3.11 (tests/support.StandInServer). Real errors are still printed."""

from __future__ import annotations

import time
import urllib.request

import pytest

from tests.support import Answer, FeedServer


@pytest.fixture
def server():
    feeds = FeedServer()
    yield feeds
    feeds.close()


def _wait_for_request_threads(server: FeedServer, path: str, seconds: float) -> None:
    deadline = time.monotonic() + 5
    while not server.hits(path) and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(seconds)


def test_a_client_hanging_up_on_a_slow_answer_prints_nothing(server, capfd):
    url = server.route("/slow", Answer(200, body=b"x" * 200_000, delay=0.4))
    with pytest.raises(OSError):  # TimeoutError, or URLError wrapping it
        urllib.request.urlopen(url, timeout=0.1)
    _wait_for_request_threads(server, "/slow", 0.8)  # the answer is written to the closed socket
    assert "Traceback" not in capfd.readouterr().err


def test_an_error_in_a_handler_is_still_printed(server, capfd):
    url = server.route("/broken", Answer(200, file="no-such-fixture.json"))
    with pytest.raises(OSError):  # the server hangs up without an answer
        urllib.request.urlopen(url, timeout=2)
    _wait_for_request_threads(server, "/broken", 0.2)
    err = capfd.readouterr().err
    assert "FileNotFoundError" in err
