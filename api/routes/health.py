"""GET /healthz: database, Redis and Elasticsearch status (200 only when all are up).

Public callers learn only what is up; the error text (which names hosts and ports) is shown to an
operator who sends the configured `X-Health-Token`."""

from __future__ import annotations

import hmac

from flask import Blueprint, jsonify, request
from sqlalchemy import text

from api.context import db_sessions, hub, reader

blp = Blueprint("health", __name__)
HEALTH_TIMEOUT = 1.0  # seconds the engine's check may take


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
        # Bounded: a hung engine makes this check fail within a second, and an open breaker (the API
        # already knows the engine is down) answers at once.
        if reader().breaker.current_state == "open":
            raise RuntimeError("the engine's circuit breaker is open")
        health = reader().es.cluster.health(timeout="1s", request_timeout=HEALTH_TIMEOUT)
        return {"status": health["status"]}

    checks = {"database": _check(database), "redis": _check(cache), "elasticsearch": _check(search)}
    healthy = all(c["ok"] for c in checks.values())
    if not _operator():
        checks = {name: {"ok": check["ok"]} for name, check in checks.items()}
    return jsonify({"status": "ok" if healthy else "degraded", "checks": checks}), 200 if healthy else 503
