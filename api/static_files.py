"""The built UI's files (ui/dist) as the browser should get them: precompressed and cached right.

The build writes a `.br` and a `.gz` file next to every compressible asset (ui/scripts/precompress.mjs),
so nothing is compressed per request: the variant the client accepts is sent as is, with
`Content-Encoding` and `Vary: Accept-Encoding` (a shared cache must not hand brotli to a client that
did not ask for it).

Caching: Vite names every file under assets/ by its content hash, so those never change and are
`immutable` for a year (a full page load, which every search is by spec, then revalidates nothing);
other public files (favicon, default pictures) keep their names across deploys: a short max-age.
The HTML shell is rendered per request and sent `no-cache` by api/routes/ui.py."""

from __future__ import annotations

import mimetypes
import re
from pathlib import Path

from flask import Request, Response, send_from_directory

from api.compression import accepts

# Vite's output names under assets/: `<name>-<hash>.<ext>` with an 8-character url-safe hash.
_HASHED = re.compile(r"^assets/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$")
YEAR = 31536000
SHORT_MAX_AGE = 3600  # an hour: a changed favicon or default picture shows within the hour

# Best first: brotli is ~15% smaller than gzip on these bundles.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def is_hashed(path: str) -> bool:
    return bool(_HASHED.match(path))


def send_built_file(dist: Path, path: str, request: Request) -> Response:
    """`path` (a file known to exist inside `dist`) in the best precompressed variant the client accepts."""
    response: Response | None = None
    for encoding, suffix in ENCODINGS:
        if accepts(request, encoding) and (dist / (path + suffix)).is_file():
            # The variant's own type would be application/x-brotli: the original's type is what it carries.
            response = send_from_directory(dist, path + suffix, mimetype=_mimetype_of(path))
            response.headers["Content-Encoding"] = encoding
            break
    if response is None:
        response = send_from_directory(dist, path)
    if any((dist / (path + suffix)).is_file() for _, suffix in ENCODINGS):
        response.vary.add("Accept-Encoding")
    response.cache_control.no_cache = None
    response.cache_control.public = True
    if is_hashed(path):
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    else:
        response.cache_control.max_age = SHORT_MAX_AGE
    return response


def _mimetype_of(path: str) -> str:
    guessed, _ = mimetypes.guess_type(path)
    return guessed or "application/octet-stream"
