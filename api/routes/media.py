"""/media/demo/<name>: the pictures shipped with the demo corpus, served by the site itself.

They follow the asset hosts' image-proxy rule the UI already applies (`lib/image.ts`): a query
`x-oss-process=image/resize,w_<n>` answers the picture at most n pixels wide, so cards ask for 200 or
500 pixels here exactly as they would from the production asset host."""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, abort, request, send_file
from PIL import Image
from werkzeug.security import safe_join

from api.context import settings

blp = Blueprint("media", __name__)

NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,60}\.(webp|png|jpe?g)$")
RESIZE = re.compile(r"(?:^|/)resize,w_(\d{1,4})(?:/|$)")
# The widths a picture is resized to: a request for any other width gets the next one up (the largest at
# most), so neither the resized-picture cache nor the CPU can be made to work once per width asked.
WIDTHS = (100, 200, 300, 500, 800, 1200, 2000)
MAX_AGE = 24 * 3600
FORMATS = {"webp": "WEBP", "png": "PNG", "jpg": "JPEG", "jpeg": "JPEG"}


def requested_width(process: str | None) -> int | None:
    """The width served for `image/resize,w_<n>[/interlace,1]` (n snapped up to one of WIDTHS), or None
    (the original)."""
    if not process or not process.startswith("image/"):
        return None
    found = RESIZE.search(process.removeprefix("image"))
    if not found:
        return None
    asked = int(found.group(1))
    return next((width for width in WIDTHS if width >= asked), WIDTHS[-1])


@lru_cache(maxsize=256)
def _resized(path: str, mtime: float, width: int) -> bytes:
    """The picture scaled down to `width` (never up); keyed by mtime so a redrawn file is not served stale."""
    with Image.open(path) as image:
        if image.width > width:
            height = max(1, round(image.height * width / image.width))
            image = image.resize((width, height), Image.Resampling.LANCZOS)
        out = io.BytesIO()
        kind = FORMATS[Path(path).suffix.lstrip(".").lower()]
        # progressive like the asset proxy's `interlace,1` (only JPEG has it; WebP and PNG ignore the flag)
        image.save(out, kind, quality=80, progressive=kind == "JPEG")
        return out.getvalue()


@blp.route("/media/demo/<name>", methods=["GET", "HEAD"])
def demo_picture(name: str):
    if not NAME.match(name):
        abort(404)
    folder = settings().demo_pictures_dir
    found = safe_join(str(folder), name)
    if found is None or not Path(found).is_file():
        abort(404)
    width = requested_width(request.args.get("x-oss-process"))
    if width is None:
        response = send_file(found, max_age=MAX_AGE)
    else:
        data = _resized(found, Path(found).stat().st_mtime, width)
        response = send_file(io.BytesIO(data), mimetype=_mimetype(name), max_age=MAX_AGE)
    response.headers["Cache-Control"] = f"public, max-age={MAX_AGE}"
    return response


def _mimetype(name: str) -> str:
    ext = name.rsplit(".", 1)[1].lower()
    return "image/jpeg" if ext in ("jpg", "jpeg") else f"image/{ext}"


UPLOADED = re.compile(r"^[0-9a-f]{32}\.webp$")


@blp.route("/media/uploads/<name>", methods=["GET", "HEAD"])
def uploaded_picture(name: str):
    """A member's uploaded picture (api/routes/uploads.py): named by its content, so cached for good."""
    if not UPLOADED.match(name):
        abort(404)
    conf = settings()
    path = Path(conf.upload_dir) / name[:2] / name
    if not path.is_file():
        abort(404)
    response = send_file(path, mimetype="image/webp", max_age=365 * 24 * 3600)
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
