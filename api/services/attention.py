"""Attention from beacons and detail pages, appended to the Redis stream the daily rollup consumes
(store/attention.py). Both are best effort and never fail the request: with Redis away the beacon is
dropped (logged) and the page is served."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import logging

from flask import g
from marshmallow import ValidationError
from redis.exceptions import RedisError

from api.context import hub
from api.envelope import ApiError
from api.schemas.beacons import ID_FIELDS, BeaconContent
from api.search_log import client_id
from store import attention

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


def visitor_of_request(data: str | None) -> str:
    """The visitor id a beacon claims, for the rate limiter ('-' when unreadable)."""
    try:
        visitor = decoded_beacon(data).get("visitor_id")
    except BeaconRefused:
        return "-"
    return visitor[:64] if isinstance(visitor, str) else "-"


def _visitor_hash(secret: str, visitor: str) -> str:
    # Fixed length and no raw ids in the stream or the database.
    return hmac.new(secret.encode(), f"attention:{visitor}".encode(), hashlib.sha256).hexdigest()[:32]


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
            _visitor_hash(config.secret_key, beacon["visitor_id"]),
            items,
            config.beacon_stream_maxlen,
            extra={
                "page": beacon["page"]["url"],
                "page_id": beacon["page_id"],
                "codes": [beacon["module_code"], beacon["page_code"], beacon["action_code"]],
                "ms": beacon["duration_ms"],
                "user": beacon["user_id"],
            },
        )
    except RedisError as exc:
        log.warning("beacon dropped, Redis unreachable: %s", exc)
        return False
    return True


def record_view(kind: str, item_id: int) -> None:
    """A detail page was read: one view of the item by this client (the signed-in user, else the
    keyed hash of the address, as hot words count clients)."""
    context = hub()
    config = context.settings
    try:
        visitor = _visitor_hash(config.secret_key, client_id(config.secret_key))
        attention.append(
            context.redis, config.index_alias, "view", visitor, [(kind, item_id)], config.beacon_stream_maxlen
        )
    except RedisError as exc:
        log.warning("view of %s %s not counted, Redis unreachable: %s", kind, item_id, exc)


__all__ = ["MSG_BAD_BEACON", "accept_batch", "accept_beacon", "batch_lines", "record_view", "visitor_of_request"]
