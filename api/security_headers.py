"""Security headers on every answer (issue 11).

HTML pages (the built UI, `ui/dist/index.html`, and its SPA fallback) get a strict Content-Security-
Policy; everything else (the `/api` JSON answers, errors, assets, /healthz) gets a policy that allows
nothing at all, since none of it is ever a document that should run or load anything.

What the UI needs, and why each source is there:

- scripts: `'self'` only. The Vite build emits no inline script (one `<script type="module" src>`
  plus `modulepreload` links) and the bundle uses neither `eval` nor `new Function`; the browser tests
  (`ui/e2e/security.e2e.test.mjs`) fail on any violation, so a build that starts inlining is caught.
- styles: `'self' 'unsafe-inline'`. React `style=` props (language dots, rank bars, the app-mode
  header) and the hotness chart (uPlot sizes its canvas and places the tooltip through inline `style`) need
  inline style attributes; style cannot run script, so this is the accepted trade-off.
- images: `'self' data:` plus the configured asset hosts (`HUB_ASSET_HOSTS`: covers, avatars) and any
  extra sources in `HUB_CSP_IMG_SOURCES` (e.g. `https:` if user-written stories embed images from
  anywhere). The hotness chart and the QR code draw on canvas/SVG, which need nothing more.
- frames: the header's logo preview frames our own front page, so `frame-ancestors 'self'` plus the
  app hosts that embed us (`HUB_FRAME_ANCESTORS`). `X-Frame-Options: SAMEORIGIN` is sent only while
  no other host is allowed (it cannot name other hosts); with hosts configured only the CSP speaks.
- forms: `'self'` plus `HUB_FORM_ACTION` (the OIDC provider's origin once sign-in posts to it).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from flask import Flask, Response, request

from config import Settings

# A CSP source as configured: a scheme (`https:`), a host or origin with an optional `*.` wildcard,
# port and path. Anything with spaces, quotes, `;` or `,` would change the policy itself: refused.
_SOURCE = re.compile(
    r"^(?:[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*://)?(?:\*\.)?[a-z0-9.-]+(?::(?:\d+|\*))?(?:/[^\s;,'\"]*)?)$", re.I
)

API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"


def _sources(values: list[str], setting: str) -> list[str]:
    for value in values:
        if not _SOURCE.fullmatch(value):
            raise ValueError(f"{setting}: {value!r} is not a CSP source (scheme, host or origin)")
    return list(values)


def _asset_sources(hosts: list[str]) -> list[str]:
    """Asset hosts are configured as bare host names (the UI's VITE_ASSET_HOSTS too): serve them over https."""
    return [host if "://" in host else f"https://{host}" for host in _sources(hosts, "HUB_ASSET_HOSTS")]


def _provider_origin(settings: Settings) -> list[str]:
    parts = urlsplit(settings.oidc_issuer)
    return [f"{parts.scheme}://{parts.netloc}"] if parts.scheme in ("http", "https") and parts.netloc else []


def page_policy(settings: Settings) -> str:
    """The Content-Security-Policy of the UI's HTML pages."""
    img = ["'self'", "data:", *_asset_sources(settings.asset_hosts)]
    img += _sources(settings.csp_img_sources, "HUB_CSP_IMG_SOURCES")
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],  # React style= props and the chart (see above)
        "img-src": list(dict.fromkeys(img)),
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "frame-src": ["'self'"],
        "frame-ancestors": ["'self'", *_sources(settings.frame_ancestors, "HUB_FRAME_ANCESTORS")],
        "base-uri": ["'self'"],
        # The sign-out form posts here and is redirected to the provider's end-session page: form-action
        # covers the redirects of a form's navigation, so the provider's origin is allowed too.
        "form-action": ["'self'", *_provider_origin(settings), *_sources(settings.form_action, "HUB_FORM_ACTION")],
        "object-src": ["'none'"],
    }
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


def install_security_headers(app: Flask, settings: Settings) -> None:
    """Add the headers to every response (a route that set one itself keeps its own)."""
    page = page_policy(settings)  # built once: a bad setting fails at start, not per request
    frame_options_page = "SAMEORIGIN" if not settings.frame_ancestors else None

    @app.after_request
    def _security_headers(response: Response) -> Response:
        headers = response.headers
        is_page = response.mimetype == "text/html" and not (request.path == "/api" or request.path.startswith("/api/"))
        headers.setdefault("Content-Security-Policy", page if is_page else API_POLICY)
        frame_options = frame_options_page if is_page else "DENY"
        if frame_options:
            headers.setdefault("X-Frame-Options", frame_options)
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
        return response
