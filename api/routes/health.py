"""GET /healthz: database, Redis and Elasticsearch status (200 only when all are up)."""

from __future__ import annotations

from flask import Blueprint, jsonify
from sqlalchemy import text

from api.context import db_sessions, hub, reader

blp = Blueprint("health", __name__)


def _check(probe) -> dict:
    try:
        return {"ok": True, **(probe() or {})}
    except Exception as exc:
        return {"ok": False, "error": str(exc)[:200]}


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
    return jsonify({"status": "ok" if healthy else "degraded", "checks": checks}), 200 if healthy else 503
