"""HTTP for the content sources: polite (a pause between requests, a request budget per run, a
User-Agent naming the site) and honest about failures, which it sorts into two kinds:

- `TransientError`: the network failed, or the service answered 5xx or 429 (or GitHub's 403 with an
  exhausted rate limit). Trying again later may work: the worker retries with backoff.
- `SourceError`: the service answered, but not something we can use (another 4xx, a body that does
  not parse). Retrying the same request would give the same answer: it is reported, not retried."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import requests

from outbound import GuardedHttp, OutboundRefused


class SourceError(Exception):
    """A permanent failure of one fetch: reported; nothing of that fetch is written."""


class TransientError(SourceError):
    """A failure worth retrying later; `retry_after` is the service's own hint in seconds, if it gave one."""

    def __init__(self, message: str, retry_after: float | None = None):
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True)
class HttpPolicy:
    timeout: float = 30.0
    delay: float = 3.0  # seconds between two requests of one run
    max_requests: int = 10  # per run: a misconfigured paging loop cannot hammer a service
    user_agent: str = "ai-community-hub/0.1"
    allow_private: bool = False  # configured sources on a private or loopback address (tests, an intranet)


def _retry_after(response: requests.Response) -> float | None:
    value = response.headers.get("Retry-After")
    if value and value.strip().isdigit():
        return float(value.strip())
    reset = response.headers.get("X-RateLimit-Reset")  # GitHub: epoch seconds when the quota refills
    if reset and reset.strip().isdigit():
        return max(0.0, float(reset) - time.time())
    return None


@dataclass
class PoliteHttp:
    """One run's HTTP client, reaching only `origins` (the configured sources' URLs; outbound/).
    `sleep` is injectable so tests can keep the pause at zero cost."""

    policy: HttpPolicy
    origins: tuple[str, ...] = ()
    sleep: Callable[[float], None] = time.sleep
    requests_made: int = 0
    _last: float | None = None
    _session: GuardedHttp = field(init=False)

    def __post_init__(self):
        self._session = GuardedHttp(self.origins, timeout=self.policy.timeout, allow_private=self.policy.allow_private)

    def get(self, url: str, params: dict | None = None, headers: dict | None = None) -> requests.Response:
        if self.requests_made >= self.policy.max_requests:
            raise SourceError(f"request budget of {self.policy.max_requests} per run spent before {url}")
        if self._last is not None:
            wait = self.policy.delay - (time.monotonic() - self._last)
            if wait > 0:
                self.sleep(wait)
        self.requests_made += 1
        try:
            response = self._session.get(
                url,
                params=params,
                headers={"User-Agent": self.policy.user_agent, **(headers or {})},
                timeout=self.policy.timeout,
            )
        except OutboundRefused as exc:
            raise SourceError(f"refused {url}: {exc}") from exc
        except requests.RequestException as exc:
            raise TransientError(f"network error for {url}: {exc.__class__.__name__}: {exc}") from exc
        finally:
            self._last = time.monotonic()
        return _checked(response)

    @property
    def remaining(self) -> int:
        """Requests left in this run's budget (paging stops when it is spent)."""
        return self.policy.max_requests - self.requests_made

    def close(self) -> None:
        self._session.close()


def _checked(response: requests.Response) -> requests.Response:
    status = response.status_code
    where = response.url
    if status == 429 or status >= 500:
        raise TransientError(f"HTTP {status} from {where}", _retry_after(response))
    if status == 403 and response.headers.get("X-RateLimit-Remaining") == "0":
        raise TransientError(f"HTTP 403 (rate limit spent) from {where}", _retry_after(response))
    if status >= 400:
        raise SourceError(f"HTTP {status} from {where}: {response.text[:200]}")
    return response


def backoff_delay(error: Exception, retries: int, base: float, cap: float) -> float | None:
    """Seconds to wait before retry number `retries + 1`, or None when `error` is not worth retrying.

    Exponential (base, 2·base, 4·base, …) up to `cap`; a service's own Retry-After wins when longer."""
    if not isinstance(error, TransientError):
        return None
    delay = min(cap, base * (2**retries))
    if error.retry_after is not None:
        delay = min(cap, max(delay, error.retry_after))
    return delay


__all__ = ["HttpPolicy", "PoliteHttp", "SourceError", "TransientError", "backoff_delay"]
