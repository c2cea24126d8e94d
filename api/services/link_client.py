"""The link service as the hub calls it (`LinkApi`), and its remote implementation: any
Mastodon-compatible server at the configured HUB_LINK_BASE_URL, spoken to over HTTP with the caller's
bearer token (no Authorization header without one, spec section 6). The hub's built-in service is
called in-process instead (api/services/link_in_process.py): no request of the hub ever connects to a
host a client named.

The remote client reaches only its configured origin (outbound.GuardedHttp: no redirect to another
host, no private address unless allowed, a short timeout) and never hands the remote's own error text
on: its errors carry the hub's wording for the status, and the remote's text only for the log."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Protocol

import requests

from outbound import GuardedHttp

log = logging.getLogger(__name__)

MSG_UNREACHABLE = "社区动态服务暂时不可用，请稍后再试"
MSG_BAD_BEARER = "访问令牌无效，请重新授权"
MSG_NOT_FOUND = "动态不存在"
MSG_REFUSED = "社区动态服务拒绝了这次操作"
ACTIONS = ("favourite", "unfavourite", "bookmark", "unbookmark")


class LinkServiceError(Exception):
    """The service refused (status, and the hub's own words for it) or could not be reached (503)."""

    def __init__(self, status: int, message: str, remote: str = ""):
        super().__init__(f"{status}: {message}")
        self.status, self.message, self.remote = status, message, remote


def message_for(status: int) -> str:
    if status == 401:
        return MSG_BAD_BEARER
    if status == 404:
        return MSG_NOT_FOUND
    return MSG_UNREACHABLE if status >= 500 or status == 429 else MSG_REFUSED


class LinkApi(Protocol):
    """What the hub asks of a link service, built in or remote."""

    def status(self, status_id: str, token: str | None = None) -> dict: ...

    def context(self, status_id: str, token: str | None = None) -> dict: ...

    def post_status(self, token: str, text: str, in_reply_to_id: str | None = None) -> dict: ...

    def delete_status(self, status_id: str, token: str) -> dict: ...

    def verify_credentials(self, token: str) -> dict: ...


@dataclass
class LinkClient:
    base_url: str  # the configured server, e.g. https://mastodon.example
    timeout: float = 3.0
    allow_private: bool = False  # local development and tests run the server on loopback
    http: requests.Session | None = field(default=None, repr=False)

    def __post_init__(self):
        if self.http is None:
            self.http = GuardedHttp([self.base_url], timeout=self.timeout, allow_private=self.allow_private)

    def _call(self, method: str, path: str, token: str | None, **kwargs):
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            response = self.http.request(
                method, f"{self.base_url}/api/v1{path}", headers=headers, timeout=self.timeout, **kwargs
            )
        except requests.RequestException as exc:
            log.warning("link server %s %s: %s", method, path, exc)
            raise LinkServiceError(503, MSG_UNREACHABLE) from exc
        try:
            body = response.json()
        except ValueError as exc:
            status = 502 if response.ok else response.status_code
            raise LinkServiceError(status, message_for(status)) from exc
        if not response.ok:
            remote = body.get("error") if isinstance(body, dict) else None
            log.info("link server %s %s answered %s: %s", method, path, response.status_code, str(remote)[:200])
            raise LinkServiceError(response.status_code, message_for(response.status_code), str(remote or ""))
        return body

    def public_timeline(self, token: str | None = None, limit: int = 20, max_id: str | None = None) -> list[dict]:
        params = {"limit": limit, **({"max_id": max_id} if max_id else {})}
        return self._call("GET", "/timelines/public", token, params=params)

    def home_timeline(self, token: str, limit: int = 20, max_id: str | None = None) -> list[dict]:
        params = {"limit": limit, **({"max_id": max_id} if max_id else {})}
        return self._call("GET", "/timelines/home", token, params=params)

    def status(self, status_id: str, token: str | None = None) -> dict:
        return self._call("GET", f"/statuses/{status_id}", token)

    def context(self, status_id: str, token: str | None = None) -> dict:
        return self._call("GET", f"/statuses/{status_id}/context", token)

    def post_status(self, token: str, text: str, in_reply_to_id: str | None = None) -> dict:
        body = {"status": text, **({"in_reply_to_id": in_reply_to_id} if in_reply_to_id else {})}
        return self._call("POST", "/statuses", token, json=body)

    def delete_status(self, status_id: str, token: str) -> dict:
        """Mastodon's DELETE /api/v1/statuses/:id: the author's own status (the token's account)."""
        return self._call("DELETE", f"/statuses/{status_id}", token)

    def act(self, status_id: str, action: str, token: str) -> dict:
        if action not in ACTIONS:
            raise ValueError(action)
        return self._call("POST", f"/statuses/{status_id}/{action}", token)

    def verify_credentials(self, token: str) -> dict:
        return self._call("GET", "/accounts/verify_credentials", token)


__all__ = ["ACTIONS", "LinkApi", "LinkClient", "LinkServiceError", "message_for"]
