"""GET /healthz: database, Redis and Elasticsearch status (200 only when all are up).

Public callers learn only what is up; the error text (which names hosts and ports) is shown to an
operator who sends the configured `X-Health-Token`."""

from __future__ import annotations

import hmac

from flask import Blueprint, jsonify, request
from sqlalchemy import text

from api.context import db_sessions, hub, reader

blp = Blueprint("health", __name__)


def _check(probe) -> dict:
    try:
        return {"ok": True, **(probe() or {})}
    except Exception as exc:
        return {"ok": False, "error": str(exc)[:200]}


def _operator() -> bool:
    token = hub().settings.health_token
    sent = request.headers.get("X-Health-Token", "")
    return bool(token) and hmac.compare_digest(token.encode(), sent.encode())


@blp.get("/healthz")
def healthz():
    def database():
        with db_sessions()() as session:
            session.execute(text("SELECT 1"))

    def cache():
        hub().redis.ping()

    def search():
        health = reader().es.cluster.health(timeout="2s")
        return {"status": health["status"]}

    checks = {"database": _check(database), "redis": _check(cache), "elasticsearch": _check(search)}
    healthy = all(c["ok"] for c in checks.values())
    if not _operator():
        checks = {name: {"ok": check["ok"]} for name, check in checks.items()}
    return jsonify({"status": "ok" if healthy else "degraded", "checks": checks}), 200 if healthy else 503
