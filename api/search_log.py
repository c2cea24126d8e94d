"""Log searches for hot words (cheap: two or three Redis round trips), and read the hot words back.

A search counts for its client: the signed-in user, else a keyed hash of the caller's address (raw
addresses are never stored). IPv6 addresses count per /64, the block one subscriber usually holds.
The address is the socket's unless `HUB_PROXY_HOPS` trusts that many proxies' `X-Forwarded-For`
(werkzeug's ProxyFix, applied in `create_app`)."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging

from flask import request

from api.after_answer import after_answer
from api.context import hub
from api.session_user import current_user_id
from config import Settings
from store import hotwords

log = logging.getLogger(__name__)


def rules(config: Settings) -> hotwords.Rules:
    return hotwords.Rules(
        min_clients=config.hotwords_min_clients,
        day_cap=config.hotwords_day_cap,
        blocklist=config.hotwords_blocklist,
    )


def address_group(address: str | None) -> str:
    """The part of an address that names one client: an IPv4 address, an IPv6 /64."""
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return address or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def client_id(secret: str) -> str:
    """The caller as hot words count it: `user:<id>`, or `addr:<keyed hash of the address>`."""
    user_id = current_user_id()
    if user_id is not None:
        return f"user:{user_id}"
    message = f"hotwords-client:{address_group(request.remote_addr)}".encode()
    return "addr:" + hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:32]


def log_search(query: str) -> None:
    context = hub()
    config = context.settings
    try:
        hotwords.record_search(
            context.redis, config.index_alias, query, client_id(config.secret_key), rules=rules(config)
        )
    except Exception as exc:  # never fail a search because the log is down
        log.warning("search not logged: %s", exc)


def log_search_after_answer(query: str) -> None:
    """`log_search`, its two or three Redis round trips after the answer is sent: who searched is
    read now (the request is gone then)."""
    context = hub()
    config = context.settings
    who = client_id(config.secret_key)
    store, namespace, counting = context.redis, config.index_alias, rules(config)
    after_answer(lambda: hotwords.record_search(store, namespace, query, who, rules=counting))


def current_hot_words(size: int = 10) -> list[str]:
    """The list the worker's beat published, else computed here (no worker running)."""
    config = hub().settings
    try:
        words = hotwords.published(hub().redis, config.index_alias)
        if words is not None:
            return words[:size]
        return hotwords.hot_words(hub().redis, config.index_alias, config.default_hotwords, size, rules(config))
    except Exception as exc:
        log.warning("hot words unavailable, using the editor-set list: %s", exc)
        return config.default_hotwords[:size]
