"""POST /v1/other/wxshare: the WeChat JS-SDK configuration for a page of this site."""

from __future__ import annotations

import logging
from urllib.parse import unquote, urlsplit

from api.context import hub
from api.envelope import MSG_SHARE_URL_INVALID, MSG_WECHAT_FAILED, MSG_WECHAT_NOT_CONFIGURED, ApiError
from api.wechat import WeChatClient, WeChatError

log = logging.getLogger(__name__)


def _page_url(raw: str, origins: list[str]) -> str:
    """The page's URL: sent URL-encoded by the UI (or plain); only pages of this site are signed."""
    url = unquote(raw) if "://" not in raw else raw
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}".lower()
    if parts.scheme not in ("http", "https") or origin not in {o.lower().rstrip("/") for o in origins}:
        raise ApiError(400, MSG_SHARE_URL_INVALID, {"errors": {"json": {"url": [MSG_SHARE_URL_INVALID]}}})
    return url


def wx_share(args: dict) -> dict:
    context = hub()
    settings = context.settings
    if not settings.wechat_app_id or not settings.wechat_app_secret:
        raise ApiError(404, MSG_WECHAT_NOT_CONFIGURED)  # the feature is absent here (the UI then skips it quietly)
    url = _page_url(args["url"], settings.site_origins)
    client = WeChatClient(
        settings.wechat_app_id,
        settings.wechat_app_secret,
        settings.wechat_api_base,
        context.redis,
        settings.wechat_timeout,
        key_prefix=f"hub:wechat:{settings.index_alias}",
        allow_private=settings.outbound_allow_private,
    )
    try:
        return client.share_config(url)
    except WeChatError as exc:
        log.warning("wechat share failed: %s", exc)
        raise ApiError(502, MSG_WECHAT_FAILED) from exc


__all__ = ["wx_share"]
