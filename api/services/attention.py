"""Attention from beacons and detail pages, appended to the Redis stream the daily rollup consumes
(store/attention.py). Both are best effort and never fail the request: with Redis away the beacon is
dropped (logged) and the page is served.

The server says who the viewer is, never the beacon: the signed-in account (from the session, whatever
user or visitor id the lines claim), else the browser's claimed visitor id within its network (the /24
or /48 of the address, keyed-hashed). The rollup counts at most a few browsers per network, item and
day (store/heat.py), so ids invented by one client add nothing past that."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging

from flask import g, request
from marshmallow import ValidationError
from redis.exceptions import RedisError

from api.context import hub
from api.envelope import ApiError
from api.networks import network_of
from api.schemas.beacons import ID_FIELDS, BeaconContent
from api.session_user import current_user_id
from store import attention
from store.attention import Viewer

log = logging.getLogger(__name__)

MSG_BAD_BEACON = "埋点数据格式错误"


class BeaconRefused(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _decode(data: str) -> dict:
    text = data.strip()
    try:
        raw = base64.b64decode(text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise BeaconRefused("base64") from exc
    try:
        content = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BeaconRefused("json") from exc
    if not isinstance(content, dict):
        raise BeaconRefused("json")
    return content


def batch_lines(body: str) -> list[str]:
    """The beacons of a POST body: one base64 line each, blank lines skipped."""
    return [line.strip() for line in body.splitlines() if line.strip()]


def decoded_beacon(data: str | None) -> dict:
    """The beacon's JSON, decoded once per request (the rate limiter's key reads the visitor id; for a
    batch, the first line's)."""
    if "hub_beacon" not in g:
        try:
            g.hub_beacon = _decode(data or "")
        except BeaconRefused as exc:
            g.hub_beacon = exc
    if isinstance(g.hub_beacon, BeaconRefused):
        raise g.hub_beacon
    return g.hub_beacon


def _keyed(secret: str, text: str) -> str:
    # Fixed length and no raw ids or addresses in the stream or the database.
    return hmac.new(secret.encode(), f"attention:{text}".encode(), hashlib.sha256).hexdigest()[:32]


def viewer_key() -> str:
    """The viewer as the beacon limits count it: the account, else the network (ids are free to invent)."""
    user_id = current_user_id()
    return f"user:{user_id}" if user_id is not None else f"net:{network_of(request.remote_addr)}"


def current_viewer(secret: str, claimed_visitor: str | None = None) -> Viewer:
    """The account when signed in; else the claimed browser id (or, with none, the address) in its network."""
    network = network_of(request.remote_addr)
    network_hash = _keyed(secret, f"network:{network}")
    user_id = current_user_id()
    if user_id is not None:
        return Viewer(f"u:{user_id}", network_hash, user_id)
    browser = f"id:{claimed_visitor}" if claimed_visitor else f"addr:{request.remote_addr}"
    return Viewer(_keyed(secret, f"visitor:{network}:{browser}"), network_hash)


def _drop(reason: str) -> ApiError:
    context = hub()
    try:
        attention.count_dropped(context.redis, context.settings.index_alias, reason)
    except RedisError as exc:
        log.warning("dropped beacon (%s) not counted, Redis unreachable: %s", reason, exc)
    return ApiError(400, MSG_BAD_BEACON)


def accept_beacon(data: str) -> bool:
    """Validate and append one beacon; False when Redis is away (dropped and logged). A bad beacon is
    counted as dropped (by reason: base64, json, fields) and answered 400."""
    try:
        content = decoded_beacon(data)
    except BeaconRefused as exc:
        raise _drop(exc.reason) from exc
    return _store(content)


def accept_batch(lines: list[str]) -> dict:
    """A POSTed batch (navigator.sendBeacon): each line on its own; bad lines are counted as dropped and
    never spoil the good ones (the browser neither retries nor reads the answer)."""
    accepted = 0
    for line in lines:
        try:
            accepted += _store(_decode(line))
        except BeaconRefused as exc:
            _drop(exc.reason)
        except ApiError:
            pass  # counted by _drop inside _store
    return {"accepted": accepted, "dropped": len(lines) - accepted}


def _store(content: dict) -> bool:
    try:
        beacon = BeaconContent().load(content)
    except ValidationError as exc:
        raise _drop("fields") from exc
    context = hub()
    config = context.settings
    items = [(kind, item_id) for field, kind in ID_FIELDS.items() for item_id in beacon[field]]
    try:
        attention.append(
            context.redis,
            config.index_alias,
            beacon["event"],
            current_viewer(config.secret_key, beacon["visitor_id"]),
            items,
            config.beacon_stream_maxlen,
            extra={
                "page": beacon["page"]["url"],
                "page_id": beacon["page_id"],
                "codes": [beacon["module_code"], beacon["page_code"], beacon["action_code"]],
                "ms": beacon["duration_ms"],
            },
        )
    except RedisError as exc:
        log.warning("beacon dropped, Redis unreachable: %s", exc)
        return False
    return True


def record_view(kind: str, item_id: int) -> None:
    """A detail page was read: one view of the item by this viewer (the account, else the address)."""
    context = hub()
    config = context.settings
    try:
        viewer = current_viewer(config.secret_key)
        attention.append(
            context.redis, config.index_alias, "view", viewer, [(kind, item_id)], config.beacon_stream_maxlen
        )
    except RedisError as exc:
        log.warning("view of %s %s not counted, Redis unreachable: %s", kind, item_id, exc)


__all__ = [
    "MSG_BAD_BEACON",
    "accept_batch",
    "accept_beacon",
    "batch_lines",
    "current_viewer",
    "record_view",
    "viewer_key",
]
