"""Serves the built React app (ui/dist) for every non-API path; the router in the browser takes over."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, send_from_directory
from werkzeug.security import safe_join

from api.context import settings

blp = Blueprint("ui", __name__)


@blp.get("/", defaults={"path": ""})
@blp.get("/<path:path>")
def serve(path: str):
    if path.startswith("api/") or path == "api":
        abort(404)
    dist = settings().ui_dist
    # safe_join first: a path escaping ui/dist is treated like any unknown path (the SPA answers), so
    # the answer never tells which files exist elsewhere.
    inside = safe_join(str(dist), path) if path else None
    if inside is not None and Path(inside).is_file():
        response = send_from_directory(dist, path)
        if path.startswith("assets/"):
            response.cache_control.max_age = 31536000  # hashed file names
            response.cache_control.immutable = True
        return response
    if not (dist / "index.html").is_file():
        return "UI not built: run `make ui` (npm run build in ui/)", 503
    return send_from_directory(dist, "index.html")
