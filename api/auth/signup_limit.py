"""New hub accounts per network and day (the signals issue: accounts are not free). The provider takes
registrations; the hub decides whether a first sign-in may create a hub user. Past
`HUB_SIGNUPS_PER_NETWORK` new users from one network (/24, /48) in a day, the next is refused until the
next day. Counted in Redis under a keyed hash of the network; with Redis away nobody is refused."""

from __future__ import annotations

import hashlib
import hmac
import logging
from datetime import UTC, datetime

from flask import request
from redis.exceptions import RedisError

from api.context import hub
from api.networks import network_of

log = logging.getLogger(__name__)

DAY_SECONDS = 24 * 3600


def _key() -> str:
    config = hub().settings
    network = network_of(request.remote_addr)
    digest = hmac.new(config.secret_key.encode(), f"signups:{network}".encode(), hashlib.sha256).hexdigest()[:32]
    return f"hub:signups:{config.index_alias}:{datetime.now(UTC):%Y%m%d}:{digest}"


def allowed() -> bool:
    try:
        made = hub().redis.get(_key())
    except RedisError as exc:
        log.warning("new-account limit not checked, Redis unreachable: %s", exc)
        return True
    return int(made or 0) < hub().settings.signups_per_network


def count() -> None:
    try:
        pipe = hub().redis.pipeline(transaction=False)
        pipe.incr(_key())
        pipe.expire(_key(), DAY_SECONDS)
        pipe.execute()
    except RedisError as exc:
        log.warning("new account not counted, Redis unreachable: %s", exc)


__all__ = ["allowed", "count"]
