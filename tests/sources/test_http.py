"""How the sources' HTTP sorts failures (retry or report) and how long the worker waits before a retry."""

from __future__ import annotations

import pytest

from config import Settings
from ingest.sources import HttpPolicy, RunReport, SourceError, TransientError, backoff_delay
from ingest.sources.http import PoliteHttp
from tests.support import Answer, free_port
from worker.tasks import retry_delay


def http(*origins: str, **policy) -> PoliteHttp:
    settings = {"timeout": 5.0, "delay": 0.0, "max_requests": 5, "allow_private": True, **policy}
    return PoliteHttp(HttpPolicy(**settings), origins, sleep=lambda _: None)


@pytest.mark.parametrize(
    ("answer", "kind", "retry_after"),
    [
        (Answer(500, body=b"oops"), TransientError, None),
        (Answer(503, body=b"busy", headers={"Retry-After": "120"}), TransientError, 120.0),
        (Answer(429, body=b"slow down", headers={"Retry-After": "30"}), TransientError, 30.0),
        (Answer(403, file="github_rate_limited.json", headers={"X-RateLimit-Remaining": "0"}), TransientError, None),
        (Answer(403, body=b"forbidden"), SourceError, None),
        (Answer(404, body=b"gone"), SourceError, None),
    ],
)
def test_status_decides_retry_or_report(feeds, answer, kind, retry_after):
    url = feeds.route("/x", answer)
    with pytest.raises(SourceError) as caught:
        http(url).get(url)
    assert type(caught.value) is kind
    if retry_after is not None:
        assert caught.value.retry_after == retry_after


def test_refused_connection_is_transient():
    url = f"http://127.0.0.1:{free_port()}/feed"
    with pytest.raises(TransientError, match="network error"):
        http(url).get(url)


def test_request_budget_and_user_agent(feeds):
    url = feeds.route("/ok", Answer(200, body=b"fine"))
    client = http(url, max_requests=2, user_agent="hub-polite/1")
    client.get(url)
    client.get(url)
    with pytest.raises(SourceError, match="request budget of 2"):
        client.get(url)
    assert len(feeds.hits("/ok")) == 2
    assert all(seen.headers["User-Agent"] == "hub-polite/1" for seen in feeds.hits("/ok"))


def test_pause_between_requests_is_asked_for(feeds):
    url = feeds.route("/ok", Answer(200, body=b"fine"))
    pauses: list[float] = []
    client = PoliteHttp(HttpPolicy(delay=3.0, timeout=5.0, allow_private=True), (url,), sleep=pauses.append)
    client.get(url)
    client.get(url)
    assert len(pauses) == 1 and 0 < pauses[0] <= 3.0  # the second request waits out the rest of the pause


def test_backoff_is_exponential_capped_and_honours_retry_after():
    error = TransientError("HTTP 500")
    assert [backoff_delay(error, n, base=30, cap=600) for n in range(6)] == [30, 60, 120, 240, 480, 600]
    assert backoff_delay(TransientError("429", retry_after=300), 0, base=30, cap=600) == 300
    assert backoff_delay(TransientError("429", retry_after=9999), 0, base=30, cap=600) == 600
    assert backoff_delay(SourceError("malformed"), 0, base=30, cap=600) is None


def test_a_run_is_retried_only_after_a_transient_failure():
    settings = Settings(source_backoff_base=10, source_backoff_cap=100)
    malformed = RunReport("stories")
    malformed.failed("https://a.example/feed", SourceError("malformed feed"))
    assert retry_delay(malformed, 0, settings) is None
    flaky = RunReport("stories")
    flaky.failed("https://a.example/feed", SourceError("malformed feed"))
    flaky.failed("https://b.example/feed", TransientError("HTTP 502"))
    assert [retry_delay(flaky, n, settings) for n in (0, 1, 2, 5)] == [10, 20, 40, 100]
    assert retry_delay(RunReport("stories"), 0, settings) is None
