"""Every HTTP call the server makes to another service goes through here (DESIGN.md, "Outbound calls").

`GuardedHttp` is a requests session bound to the origins its caller was configured with: a URL on any
other origin is refused before a connection is made, a redirect is followed only within the same host,
a host that resolves to a private, loopback or link-local address is refused unless the caller allowed
private addresses (local development and tests, or a provider on the internal network by setting), and
every call has a short timeout. `ConcurrencyCap` keeps one account from holding many request threads in
slow outbound calls. Nothing here imports the project: api/ and ingest/ both use it."""

from __future__ import annotations

import ipaddress
import socket
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from urllib.parse import urljoin, urlsplit

import requests

MAX_REDIRECTS = 3


class OutboundRefused(requests.RequestException):
    """The call was not made: its destination is not one this client may reach. A RequestException, so
    callers that already treat a network failure as "the service is unreachable" need nothing more."""


def origin_of(url: str) -> tuple[str, str, int]:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        raise OutboundRefused(f"not an http(s) URL: {url[:200]!r}")
    try:
        port = parts.port or (443 if scheme == "https" else 80)
    except ValueError as exc:
        raise OutboundRefused(f"bad port in {url[:200]!r}") from exc
    return scheme, parts.hostname.lower(), port


def is_public_address(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def _addresses(host: str, port: int) -> list[str]:
    try:
        found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError) as exc:
        raise OutboundRefused(f"{host} does not resolve") from exc
    return [info[4][0] for info in found]


class GuardedHttp(requests.Session):
    """A requests session that only reaches `origins` (URLs; scheme, host and port count).

    `allow_private`: also connect when the host resolves to a non-public address. `timeout` is the upper
    bound of every call (a caller's own timeout may only be shorter)."""

    def __init__(self, origins: Iterable[str], *, timeout: float, allow_private: bool = False):
        super().__init__()
        self.origins = {origin_of(url) for url in origins if url}
        self.timeout = timeout
        self.allow_private = allow_private
        self.trust_env = False  # no proxy or netrc taken from the environment: the destination is ours to name
        self.max_redirects = MAX_REDIRECTS

    def check(self, url: str) -> None:
        scheme, host, port = origin_of(url)
        if (scheme, host, port) not in self.origins:
            raise OutboundRefused(f"{scheme}://{host}:{port} is not a configured destination")
        if not self.allow_private:
            refused = [a for a in _addresses(host, port) if not is_public_address(a)]
            if refused:
                raise OutboundRefused(f"{host} resolves to a non-public address ({refused[0]})")

    def request(self, method, url, *args, **kwargs):
        timeout = kwargs.get("timeout")
        kwargs["timeout"] = self.timeout if timeout is None else min(_longest(timeout), self.timeout)
        kwargs["allow_redirects"] = False
        for _hop in range(MAX_REDIRECTS + 1):
            self.check(url)
            response = super().request(method, url, *args, **kwargs)
            if not response.is_redirect:
                return response
            target = urljoin(url, response.headers.get("Location", ""))
            if origin_of(target)[1] != origin_of(url)[1]:
                response.close()
                raise OutboundRefused(f"redirect from {origin_of(url)[1]} to another host refused")
            if response.status_code == 303 or (response.status_code in (301, 302) and method.upper() == "POST"):
                method = "GET"
                kwargs.pop("data", None)
                kwargs.pop("json", None)
            response.close()
            url = target
        raise OutboundRefused(f"more than {MAX_REDIRECTS} redirects")


def _longest(timeout) -> float:
    return max(timeout) if isinstance(timeout, tuple) else float(timeout)


class ConcurrencyCap:
    """At most `limit` calls at once per key (an account) in this process; `hold` answers False when the
    key is at its limit, and the caller refuses the request instead of waiting on another slow call."""

    def __init__(self, limit: int):
        self.limit = limit
        self._lock = threading.Lock()
        self._running: dict[object, int] = {}

    @contextmanager
    def hold(self, key: object) -> Iterator[bool]:
        with self._lock:
            running = self._running.get(key, 0)
            if running >= self.limit:
                taken = False
            else:
                taken = True
                self._running[key] = running + 1
        try:
            yield taken
        finally:
            if taken:
                with self._lock:
                    left = self._running[key] - 1
                    if left:
                        self._running[key] = left
                    else:
                        del self._running[key]


__all__ = ["ConcurrencyCap", "GuardedHttp", "OutboundRefused", "is_public_address", "origin_of"]
