"""Serves the built React app (ui/dist) for every non-API path; the router in the browser takes over.

The HTML shell is rendered per page (api/html_shell.py): its title, description and Open Graph tags
name the page's item, and a path the UI has no page for answers 404 (the UI then shows its 404 page)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request
from werkzeug.exceptions import HTTPException
from werkzeug.security import safe_join

from api.context import settings
from api.html_shell import render_shell
from api.services.page_meta import page_meta
from api.services.site import site_info
from api.static_files import send_built_file

blp = Blueprint("ui", __name__)


# Every method, so an unknown /api path answers 404 whatever the method (werkzeug would answer 405
# for a PUT that only this GET catch-all matches); the UI itself is GET only.
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


def _another_method_serves(path: str) -> bool:
    """True when an API route answers this path for some other method (then 405 is the truth)."""
    adapter = current_app.url_map.bind("")
    for method in ("GET", "POST", "PUT", "DELETE"):
        try:
            endpoint, _ = adapter.match(path, method=method)
        except HTTPException:
            continue
        if endpoint != "ui.serve":
            return True
    return False


@blp.route("/", defaults={"path": ""}, methods=METHODS)
@blp.route("/<path:path>", methods=METHODS)
def serve(path: str):
    if path.startswith("api/") or path == "api":
        abort(405 if _another_method_serves(request.path) else 404)
    if request.method not in ("GET", "HEAD"):
        abort(405)
    dist = settings().ui_dist
    # safe_join first: a path escaping ui/dist is treated like any unknown path (the SPA answers), so
    # the answer never tells which files exist elsewhere.
    inside = safe_join(str(dist), path) if path else None
    # Dot-folders hold build bookkeeping (Vite's .vite/manifest.json, read by the JS budget check): not served.
    hidden = any(part.startswith(".") for part in path.split("/"))
    if inside is not None and not hidden and Path(inside).is_file():
        return send_built_file(dist, path, request)
    if not (dist / "index.html").is_file():
        return "UI not built: run `make ui` (npm run build in ui/)", 503
    meta = page_meta(request.path, {**request.args.to_dict(), "label": ",".join(request.args.getlist("label"))})
    current = settings()
    origin = current.site_url.rstrip("/") or request.host_url.rstrip("/")
    html = render_shell(dist / "index.html", meta, site_info(current), origin, request.path)
    response = Response(html, status=meta.status, mimetype="text/html")
    response.cache_control.no_cache = True  # the shell names the page's item, which may change
    return response
