"""One client for the link service: the hub's built-in one or any Mastodon-compatible server, by base
URL (HUB_LINK_BASE_URL; empty: this host + HUB_LINK_SERVICE_PREFIX). Speaks the Mastodon client API over
HTTP with the caller's bearer token, and sends no Authorization header without one (spec section 6)."""

from __future__ import annotations

from dataclasses import dataclass, field

import requests

MSG_UNREACHABLE = "社区动态服务暂时不可用，请稍后再试"
ACTIONS = ("favourite", "unfavourite", "bookmark", "unbookmark")


class LinkServiceError(Exception):
    """The service answered an error (status and its `error` text), or could not be reached (status 503)."""

    def __init__(self, status: int, message: str):
        super().__init__(f"{status}: {message}")
        self.status, self.message = status, message


@dataclass
class LinkClient:
    base_url: str  # e.g. http://127.0.0.1:8000/link-api or https://mastodon.example
    timeout: float = 10.0
    http: requests.Session = field(default_factory=requests.Session)

    def _call(self, method: str, path: str, token: str | None, **kwargs):
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            response = self.http.request(
                method, f"{self.base_url}/api/v1{path}", headers=headers, timeout=self.timeout, **kwargs
            )
        except requests.RequestException as exc:
            raise LinkServiceError(503, MSG_UNREACHABLE) from exc
        try:
            body = response.json()
        except ValueError as exc:
            raise LinkServiceError(502 if response.ok else response.status_code, MSG_UNREACHABLE) from exc
        if not response.ok:
            message = body.get("error") if isinstance(body, dict) else None
            raise LinkServiceError(response.status_code, str(message or MSG_UNREACHABLE))
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

    def act(self, status_id: str, action: str, token: str) -> dict:
        if action not in ACTIONS:
            raise ValueError(action)
        return self._call("POST", f"/statuses/{status_id}/{action}", token)

    def verify_credentials(self, token: str) -> dict:
        return self._call("GET", "/accounts/verify_credentials", token)


__all__ = ["ACTIONS", "LinkClient", "LinkServiceError"]
