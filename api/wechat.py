"""WeChat JS-SDK sharing: the page signature of WeChat's published algorithm, and the access token and
jsapi ticket it needs, fetched from WeChat's API (HUB_WECHAT_API_BASE) and kept in Redis until they
expire (WeChat limits how often they may be fetched, and every API process shares them)."""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from dataclasses import dataclass

import redis
import requests

from outbound import GuardedHttp

# Renew a little before WeChat's expiry, so a page never gets a ticket that dies while it loads.
EXPIRY_MARGIN = 300
MIN_TTL = 60


class WeChatError(Exception):
    """WeChat answered an error or could not be reached."""


def jsapi_signature(ticket: str, noncestr: str, timestamp: int | str, url: str) -> str:
    """sha1 over `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in ASCII order, values raw)."""
    text = f"jsapi_ticket={ticket}&noncestr={noncestr}&timestamp={timestamp}&url={url}"
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()


@dataclass(frozen=True)
class WeChatClient:
    app_id: str
    app_secret: str
    api_base: str
    redis: redis.Redis
    timeout: float = 3.0
    key_prefix: str = "hub:wechat"
    allow_private: bool = False  # a local stand-in for WeChat's API in tests

    def _key(self, what: str) -> str:
        return f"{self.key_prefix}:{self.app_id}:{what}"

    def _get(self, path: str, params: dict) -> dict:
        try:
            http = GuardedHttp([self.api_base], timeout=min(self.timeout, 3.0), allow_private=self.allow_private)
            response = http.get(f"{self.api_base.rstrip('/')}{path}", params=params)
            body = response.json()
        except (requests.RequestException, json.JSONDecodeError) as exc:
            raise WeChatError(f"{path}: {exc}") from exc
        if not isinstance(body, dict) or body.get("errcode", 0) != 0:
            raise WeChatError(f"{path}: {body}")
        return body

    def _cached(self, what: str, fetch) -> str:
        cached = self.redis.get(self._key(what))
        if cached:
            return cached.decode() if isinstance(cached, bytes) else cached
        value, expires_in = fetch()
        self.redis.set(self._key(what), value, ex=max(MIN_TTL, int(expires_in) - EXPIRY_MARGIN))
        return value

    def access_token(self) -> str:
        def fetch():
            body = self._get(
                "/cgi-bin/token",
                {"grant_type": "client_credential", "appid": self.app_id, "secret": self.app_secret},
            )
            if not body.get("access_token"):
                raise WeChatError(f"no access_token: {body}")
            return body["access_token"], body.get("expires_in", 7200)

        return self._cached("access_token", fetch)

    def jsapi_ticket(self) -> str:
        def fetch():
            body = self._get("/cgi-bin/ticket/getticket", {"access_token": self.access_token(), "type": "jsapi"})
            if not body.get("ticket"):
                raise WeChatError(f"no ticket: {body}")
            return body["ticket"], body.get("expires_in", 7200)

        return self._cached("jsapi_ticket", fetch)

    def share_config(self, url: str) -> dict:
        """What wx.config needs for the page at `url` (its fragment removed, as WeChat requires)."""
        url = url.split("#", 1)[0]
        nonce = secrets.token_hex(8)
        timestamp = int(time.time())
        return {
            "appId": self.app_id,
            "nonceStr": nonce,
            "timestamp": timestamp,
            "url": url,
            "signature": jsapi_signature(self.jsapi_ticket(), nonce, timestamp, url),
        }


__all__ = ["WeChatClient", "WeChatError", "jsapi_signature"]
