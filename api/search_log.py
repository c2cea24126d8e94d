"""Log searches for hot words (cheap: two or three Redis round trips), and read the hot words back.

A search counts for its client and its network. The client is a signed-in account that counts (its
e-mail verified, or created more than a day ago), else a keyed hash of the caller's address (IPv6 per
/64, the block one subscriber usually holds): a fresh unverified account is only its address, so a
crowd of new accounts from one address is one client. The network is the keyed hash of the address's
/24 or /48, and a hot word needs searchers from several (store/hotwords.py). Raw addresses are never
stored. The address is the socket's unless `HUB_PROXY_HOPS` trusts that many proxies'
`X-Forwarded-For` (werkzeug's ProxyFix, applied in `create_app`)."""

from __future__ import annotations

import hashlib
import hmac
import logging
from datetime import timedelta

from flask import has_app_context, request

from api.after_answer import after_answer
from api.context import hub
from api.networks import address_group, network_of
from api.session_user import current_user
from config import Settings
from store import hotwords
from store.models import utcnow

# An account younger than this, without a verified e-mail, counts as its address only.
ACCOUNT_SETTLES = timedelta(days=1)

log = logging.getLogger(__name__)


def rules(config: Settings) -> hotwords.Rules:
    """The hot-word rules; in a request, with the block list editors keep in the database (store/word_lists.py)."""
    return hotwords.Rules.of(config, hub().blocklist_source if has_app_context() else None)


def _keyed(secret: str, text: str) -> str:
    return hmac.new(secret.encode(), text.encode(), hashlib.sha256).hexdigest()[:32]


def account_counts(user) -> bool:
    """An account counts as a searcher of its own once its e-mail is verified or it is a day old."""
    created = user.created_at if user.created_at.tzinfo else user.created_at.replace(tzinfo=utcnow().tzinfo)
    return bool(user.email) or utcnow() - created >= ACCOUNT_SETTLES


def client_id(secret: str) -> str:
    """The caller as hot words count it: `user:<id>` for an account that counts, else
    `addr:<keyed hash of the address>`."""
    user = current_user()
    if user is not None and account_counts(user):
        return f"user:{user.id}"
    return "addr:" + _keyed(secret, f"hotwords-client:{address_group(request.remote_addr)}")


def network_id(secret: str) -> str:
    return "net:" + _keyed(secret, f"hotwords-network:{network_of(request.remote_addr)}")


def log_search(query: str) -> None:
    context = hub()
    config = context.settings
    try:
        who, network = client_id(config.secret_key), network_id(config.secret_key)
        hotwords.record_search(context.redis, config.index_alias, query, who, rules=rules(config), network=network)
    except Exception as exc:  # never fail a search because the log is down
        log.warning("search not logged: %s", exc)


def log_search_after_answer(query: str) -> None:
    """`log_search`, its two or three Redis round trips after the answer is sent: who searched is
    read now (the request is gone then)."""
    context = hub()
    config = context.settings
    who, network = client_id(config.secret_key), network_id(config.secret_key)
    store, namespace, counting = context.redis, config.index_alias, rules(config)
    after_answer(lambda: hotwords.record_search(store, namespace, query, who, rules=counting, network=network))


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
