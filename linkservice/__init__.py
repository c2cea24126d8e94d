"""The built-in link service: the subset of Mastodon's client API the link feed uses (timelines,
statuses, replies, favourites, bookmarks, credentials) and its OAuth 2 provider, served from the hub's
database. A package of its own: it knows Flask and the store, never the hub's API. The hub mounts its
routes under HUB_LINK_SERVICE_PREFIX for Mastodon clients and calls it in-process
(api/services/link_in_process.py) when no remote server is configured.

    statuses.py   the client API (JSON shapes, tokens, errors)
    oauth.py      apps, consent page, authorization code, token, revoke
    http.py       the Flask blueprints (reads, writes: the host applies its write limit to writes)
    host.py       what the service needs from the site that mounts it"""

from __future__ import annotations

from flask import Blueprint, Flask

from linkservice.host import EXTENSION, LinkHost


def mount(app: Flask, host: LinkHost, prefix: str) -> Blueprint:
    """Serve the service on `app` under `prefix`; returns the writes' blueprint (for the host's limits)."""
    from linkservice import http

    app.extensions[EXTENSION] = host
    app.register_blueprint(http.reads, url_prefix=prefix)
    app.register_blueprint(http.writes, url_prefix=prefix)
    return http.writes


__all__ = ["LinkHost", "mount"]
