"""Flask app factory: everything the app talks to is built here from the `Settings` it is given."""

from __future__ import annotations

import logging
from urllib.parse import urlencode

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

import linkservice
from analysis.warm_up import warm_up
from api.after_answer import ClosingTestClient
from api.auth import init_auth, refuse_unsafe
from api.compression import init_compression
from api.context import EXTENSION, HubContext
from api.errors import register_error_handlers
from api.extensions import EnvelopeApi, cache
from api.json_provider import OrjsonProvider
from api.security_headers import install_security_headers
from config import Settings
from indexer.lifecycle import warn_on_mapping_drift

log = logging.getLogger(__name__)


def _link_host() -> linkservice.LinkHost:
    """What the built-in link service gets from the hub: this app's database, token lifetime, signed-in user."""
    from api.context import db_sessions
    from api.context import settings as app_settings
    from api.session_user import current_user

    return linkservice.LinkHost(
        sessions=db_sessions,
        token_days=lambda: app_settings().link_token_days,
        signed_in_user=current_user,
        sign_in_url=lambda back: "/auth/login?" + urlencode({"redirect_url": back}),
    )


def create_app(settings: Settings | None = None) -> Flask:
    settings = settings or Settings()
    refuse_unsafe(settings)  # before anything is built: no default secret key outside development and tests
    app = Flask(__name__, static_folder=None)
    app.json = OrjsonProvider(app)
    app.config.update(
        SECRET_KEY=settings.secret_key,
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
        JSON_AS_ASCII=False,
        API_TITLE="AI 社区 Hub API",
        API_VERSION="1.0",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
        CACHE_TYPE="RedisCache",
        CACHE_REDIS_URL=settings.redis_url,
        CACHE_DEFAULT_TIMEOUT=settings.cache_timeout,
        CACHE_KEY_PREFIX="hub:cache:",
    )
    app.test_client_class = ClosingTestClient  # runs work after the answer (api/after_answer.py) in tests
    if settings.proxy_hops > 0:  # behind that many proxies: the client address from X-Forwarded-For
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.proxy_hops)
    logging.basicConfig(level=logging.INFO)
    # The engine's client logs every request at INFO: a line per search, written before the answer.
    # Its warnings (failed requests, retries) still show.
    logging.getLogger("elasticsearch").setLevel(logging.WARNING)

    context = HubContext.build(settings)  # first: it names where the glossary comes from
    warm_up()  # in each gunicorn worker as it boots, not in its first search
    app.extensions[EXTENSION] = context
    warn_on_mapping_drift(context.reader.es, settings.index_alias, log)
    init_compression(app)  # registered first, so its after_request runs last, on the finished answer
    api = EnvelopeApi(app)
    cache.init_app(app)
    register_error_handlers(app)
    init_auth(app, settings)
    install_security_headers(app, settings)

    from api.routes import (
        discussions,
        editor,
        event_reads,
        events,
        feeds,
        health,
        hotwords,
        media,
        moderation,
        papers,
        projects,
        rankings,
        reader_feeds,
        related,
        search,
        site,
        stories,
        suggest,
        ui,
        users,
    )

    for read_api in (
        search,
        suggest,
        hotwords,
        feeds,
        stories,
        papers,
        projects,
        events,
        event_reads,
        rankings,
        users,
        moderation,
        site,
        editor,
        reader_feeds,
        related,
    ):
        api.register_blueprint(read_api.blp)
    api.register_blueprint(discussions.reads)
    from api.auth import routes as auth_routes
    from api.limits import init_limits
    from api.routes import (
        beacons,
        editor,
        event_orders,
        link,
        paper_writes,
        reports,
        sources,
        story_actions,
        story_writes,
        uploads,
        wechat_share,
    )

    api.register_blueprint(sources.blp)
    api.register_blueprint(link.reads)
    writes = [
        story_writes.blp,
        story_actions.blp,
        paper_writes.blp,
        reports.blp,
        event_orders.blp,
        sources.run_blp,
        editor.writes,
        link.writes,
        users.writes,
        uploads.blp,
        discussions.writes,
    ]
    for write_blp in [*writes, beacons.blp, wechat_share.blp]:
        api.register_blueprint(write_blp)
    # The built-in link service (Mastodon client API subset, its own package); its writes share the write limit.
    link_service_writes = linkservice.mount(app, _link_host(), settings.link_service_prefix)
    init_limits(
        app,
        settings,
        write_blueprints=[*writes, link_service_writes],
        search_blueprints=[search.blp],
        suggest_blueprints=[suggest.blp],
        beacon_blueprints=[beacons.blp],
        sharing_blueprints=[wechat_share.blp],
        sign_in_blueprints=[auth_routes.blp],
        reply_blueprints=[discussions.writes],
    )
    app.register_blueprint(health.blp)
    app.register_blueprint(media.blp)  # the demo pictures, resized like the asset hosts resize
    app.register_blueprint(ui.blp)  # last: it answers every other path with the SPA
    return app
