"""Outbound calls go only where the configuration says (outbound/): another origin, a private address, a
redirect to another host are refused before anything is sent there, and every call is time-bounded.
Real HTTP servers on loopback stand in for the remote services."""

from __future__ import annotations

import threading
import time

import pytest

from outbound import ConcurrencyCap, GuardedHttp, OutboundRefused, is_public_address, origin_of
from tests.support import Answer, FeedServer


@pytest.fixture()
def two_servers():
    first, second = FeedServer(), FeedServer()
    yield first, second
    first.close()
    second.close()


def test_only_the_configured_origin_is_reached(two_servers):
    configured, other = two_servers
    configured.route("/ok", Answer(body=b"fine"))
    other.route("/secret", Answer(body=b"internal"))
    http = GuardedHttp([configured.base], timeout=2, allow_private=True)
    assert http.get(configured.base + "/ok").text == "fine"
    with pytest.raises(OutboundRefused):
        http.get(other.base + "/secret")  # same address, another port: another origin
    with pytest.raises(OutboundRefused):
        http.get(configured.base.replace("http://", "https://") + "/ok")
    with pytest.raises(OutboundRefused):
        http.get("file:///etc/passwd")
    assert other.hits("/secret") == []


def test_a_private_address_is_refused_unless_allowed(two_servers):
    server, _ = two_servers
    server.route("/ok", Answer(body=b"fine"))
    with pytest.raises(OutboundRefused, match="non-public"):
        GuardedHttp([server.base], timeout=2).get(server.base + "/ok")
    localhost = server.base.replace("127.0.0.1", "localhost")
    with pytest.raises(OutboundRefused, match="non-public"):
        GuardedHttp([localhost], timeout=2).get(localhost + "/ok")
    assert server.hits("/ok") == []


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "0.0.0.0",
        "::1",
        "fe80::1",
        "fc00::1",
        "::ffff:127.0.0.1",
        "100.64.0.1",
        "224.0.0.1",
    ],
)
def test_non_public_addresses(address):
    assert not is_public_address(address)


def test_public_addresses():
    assert is_public_address("8.8.8.8") and is_public_address("2001:4860:4860::8888")


def test_a_redirect_to_another_host_is_refused_and_one_on_the_same_host_followed(two_servers):
    server, elsewhere = two_servers
    elsewhere.route("/_cluster/health", Answer(body=b"engine"))
    moved_away = elsewhere.base.replace("127.0.0.1", "localhost") + "/_cluster/health"
    server.route("/away", Answer(302, headers={"Location": moved_away}))
    server.route("/here", Answer(301, headers={"Location": "/there"}))
    server.route("/there", Answer(body=b"arrived"))
    http = GuardedHttp([server.base], timeout=2, allow_private=True)
    with pytest.raises(OutboundRefused, match="another host"):
        http.get(server.base + "/away")
    assert elsewhere.hits("/_cluster/health") == []
    assert http.get(server.base + "/here").text == "arrived"
    server.route("/loop", Answer(302, headers={"Location": "/loop"}))
    with pytest.raises(OutboundRefused, match="redirects"):
        http.get(server.base + "/loop")


def test_every_call_is_bounded_by_the_session_timeout(two_servers):
    server, _ = two_servers
    server.route("/slow", Answer(body=b"late", delay=3))
    http = GuardedHttp([server.base], timeout=0.5, allow_private=True)
    started = time.monotonic()
    with pytest.raises(Exception) as timed_out:
        http.get(server.base + "/slow", timeout=30)  # a caller's longer timeout does not win
    assert "timed out" in str(timed_out.value).lower() or "timeout" in type(timed_out.value).__name__.lower()
    assert time.monotonic() - started < 2.5


def test_origins_compare_scheme_host_and_port():
    assert origin_of("HTTP://Example.COM/x") == ("http", "example.com", 80)
    assert origin_of("https://example.com:8443") == ("https", "example.com", 8443)
    with pytest.raises(OutboundRefused):
        origin_of("gopher://example.com")


def test_the_concurrency_cap_is_per_key_and_released():
    cap = ConcurrencyCap(2)
    entered = threading.Barrier(3)
    release = threading.Event()
    outcomes: list[bool] = []

    def hold():
        with cap.hold("account-1") as taken:
            outcomes.append(taken)
            entered.wait(5)
            release.wait(5)

    threads = [threading.Thread(target=hold) for _ in range(2)]
    for thread in threads:
        thread.start()
    entered.wait(5)  # both slots held
    with cap.hold("account-1") as third:
        assert third is False
    with cap.hold("account-2") as other:
        assert other is True
    release.set()
    for thread in threads:
        thread.join(5)
    assert outcomes == [True, True]
    with cap.hold("account-1") as again:
        assert again is True
