"""This site's origin for the links the server writes down or hands to another service (a post's link
to a paper, the callback registered at a remote link server). A `Host` header is the client's to choose,
so it counts only when it names one of the configured origins."""

from __future__ import annotations

from flask import request

from api.context import settings


def public_origin() -> str:
    """HUB_SITE_URL; else the request's origin when it is one of HUB_SITE_ORIGINS; else the first of them."""
    conf = settings()
    if conf.site_url:
        return conf.site_url.rstrip("/")
    asked = request.host_url.rstrip("/").lower()
    known = [origin.rstrip("/") for origin in conf.site_origins if "://" in origin]
    if any(asked == origin.lower() for origin in known):
        return asked
    return known[0] if known else asked
