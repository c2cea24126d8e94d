"""The built-in link service's routes (Mastodon client API paths) under HUB_LINK_SERVICE_PREFIX
(default /link-api): GET /api/v1/timelines/public and /home, GET /api/v1/statuses/<id> and
/<id>/context, POST /api/v1/statuses, DELETE /api/v1/statuses/<id> (the author's own), POST
/api/v1/statuses/<id>/favourite|unfavourite|bookmark|unbookmark, GET /api/v1/accounts/verify_credentials; and the OAuth subset (POST /api/v1/apps, GET and
POST /oauth/authorize, POST /oauth/token: linkservice/oauth.py). Plain Flask blueprints (not the hub's envelope):
these answer what a Mastodon client expects. Writes are a blueprint of their own so the write rate
limit covers them."""

from __future__ import annotations

from html import escape

from flask import Blueprint, jsonify, redirect, request

from linkservice import oauth as provider
from linkservice import statuses as service
from linkservice.oauth import OAuthError
from linkservice.statuses import LinkError

reads = Blueprint("link_service_reads", __name__)
writes = Blueprint("link_service_writes", __name__)
ACTIONS = ("favourite", "unfavourite", "bookmark", "unbookmark")


def _error(exc: LinkError):
    if isinstance(exc, OAuthError):  # OAuth's shape: the code in `error`, the words in `error_description`
        return jsonify({"error": exc.code, "error_description": exc.message}), exc.status
    return jsonify({"error": exc.message}), exc.status


def _error_page(exc: OAuthError):
    """The consent page's own errors are for a person in a browser: a page, not JSON, and no redirect."""
    body = f'<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>授权失败</title><p>{escape(exc.message)}</p></html>'
    return body, exc.status, {"Content-Type": "text/html; charset=utf-8"}


def _cors(response):
    """The client API is called from other sites' pages (another hub pointing HUB_LINK_BASE_URL here), as
    Mastodon's is: any origin, never credentialed (the bearer token is the only credential, so `*` lends
    no cookie). The OAuth pages are browser navigations and stay same-origin."""
    if request.url_rule is not None and "/api/v1/" in request.url_rule.rule:
        response.headers["Access-Control-Allow-Origin"] = "*"
        response.headers["Access-Control-Allow-Headers"] = "Authorization, Content-Type, Accept"
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, DELETE, OPTIONS"
        response.headers["Access-Control-Expose-Headers"] = "Link"
        response.headers["Access-Control-Max-Age"] = "600"
    return response


for _blueprint in (reads, writes):
    _blueprint.register_error_handler(LinkError, _error)
    _blueprint.after_request(_cors)


@reads.route("/api/v1/<path:_rest>", methods=["OPTIONS"])
def preflight(_rest: str):
    return "", 204


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
    return jsonify(service.status(status_id, service.bearer_token()))


@reads.get("/api/v1/statuses/<status_id>/context")
def status_context(status_id: str):
    return jsonify(service.context(status_id, service.bearer_token()))


@reads.get("/api/v1/accounts/verify_credentials")
def verify_credentials():
    return jsonify(service.verify_credentials(service.bearer_token()))


@writes.post("/api/v1/statuses")
def post_status():
    return jsonify(service.post(service.bearer_token(), service.request_form()))


@writes.delete("/api/v1/statuses/<status_id>")
def delete_status(status_id: str):
    return jsonify(service.delete(status_id, service.bearer_token()))


@writes.post("/api/v1/statuses/<status_id>/<action>")
def status_action(status_id: str, action: str):
    if action not in ACTIONS:
        return jsonify({"error": "不支持的操作"}), 404
    return jsonify(service.act(status_id, action, service.bearer_token()))


@writes.post("/api/v1/apps")
def register_app():
    return jsonify(provider.register_app())


@reads.get("/oauth/authorize")
def authorize_page():
    try:
        answer = provider.consent_page()
    except OAuthError as exc:
        return _error_page(exc)
    if isinstance(answer, str):  # signed out: sign in, then come back here
        return redirect(answer)
    page, target = answer
    policy = f"default-src 'none'; form-action 'self' {target}; frame-ancestors 'none'; base-uri 'none'"
    headers = {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Security-Policy": policy,
    }
    return page, 200, headers


@writes.post("/oauth/authorize")
def authorize_decision():
    try:
        return redirect(provider.decide())
    except OAuthError as exc:
        return _error_page(exc)


@writes.post("/oauth/revoke")
def revoke():
    response = jsonify(provider.revoke())
    response.headers["Cache-Control"] = "no-store"
    return response


@writes.post("/oauth/token")
def token():
    response = jsonify(provider.token())
    response.headers["Cache-Control"] = "no-store"
    return response
