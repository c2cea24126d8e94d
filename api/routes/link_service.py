"""The built-in link service's routes (Mastodon client API paths) under HUB_LINK_SERVICE_PREFIX
(default /link-api): GET /api/v1/timelines/public and /home, GET /api/v1/statuses/<id> and
/<id>/context, POST /api/v1/statuses, POST /api/v1/statuses/<id>/favourite|unfavourite|bookmark|
unbookmark, GET /api/v1/accounts/verify_credentials. Plain Flask blueprints (not the hub's envelope):
these answer what a Mastodon client expects. Writes are a blueprint of their own so the write rate
limit covers them."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from api.outbox_kick import kick_outbox
from api.services import link_service as service
from api.services.link_service import LinkError

reads = Blueprint("link_service_reads", __name__)
writes = Blueprint("link_service_writes", __name__)
ACTIONS = ("favourite", "unfavourite", "bookmark", "unbookmark")


def _error(exc: LinkError):
    return jsonify({"error": exc.message}), exc.status


for _blueprint in (reads, writes):
    _blueprint.register_error_handler(LinkError, _error)


@reads.get("/api/v1/timelines/public")
def public_timeline():
    return _page(*service.timeline(required_auth=False))


@reads.get("/api/v1/timelines/home")
def home_timeline():
    """Every status (the hub has no follow graph: everyone follows everyone); needs a token."""
    return _page(*service.timeline(required_auth=True))


def _page(statuses: list[dict], next_max: str | None):
    response = jsonify(statuses)
    if next_max is not None:  # Mastodon's paging header
        args = {**request.args.to_dict(), "max_id": next_max}
        args.pop("since_id", None)
        query = "&".join(f"{k}={v}" for k, v in args.items())
        response.headers["Link"] = f'<{request.base_url}?{query}>; rel="next"'
    return response


@reads.get("/api/v1/statuses/<status_id>")
def one_status(status_id: str):
    return jsonify(service.status(status_id))


@reads.get("/api/v1/statuses/<status_id>/context")
def status_context(status_id: str):
    return jsonify(service.context(status_id))


@reads.get("/api/v1/accounts/verify_credentials")
def verify_credentials():
    return jsonify(service.verify_credentials())


@writes.post("/api/v1/statuses")
def post_status():
    return jsonify(service.post(kick_outbox))


@writes.post("/api/v1/statuses/<status_id>/<action>")
def status_action(status_id: str, action: str):
    if action not in ACTIONS:
        return jsonify({"error": "不支持的操作"}), 404
    return jsonify(service.act(status_id, action, kick_outbox))
