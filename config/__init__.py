"""Settings: the bottom layer. Environment variables, all prefixed HUB_, with local defaults.

This module imports nothing of the project. Entry points (the `hub` command, the Celery worker,
the gunicorn app) build one `Settings` and hand the parts that each layer needs down as arguments."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The secret key of local development, public in this repository: the app refuses it in production.
DEFAULT_SECRET_KEY = "dev-only-change-me"  # noqa: S105 (public on purpose; refused in production)
# development (`make run`) and test allow the key above and plain-HTTP cookies; anything else is production.
ENVIRONMENTS = ("development", "test", "production")


def _env(name: str, default: str) -> str:
    return os.environ.get(f"HUB_{name}", default)


def _list(name: str, default: str) -> list[str]:
    return [part.strip() for part in _env(name, default).split(",") if part.strip()]


def glossary_file() -> Path:
    """HUB_GLOSSARY_FILE, read here only: the settings and the analysis (analysis/vocabulary.py) both ask."""
    return Path(_env("GLOSSARY_FILE", str(ROOT / "data" / "search" / "glossary.txt")))


@dataclass(frozen=True)
class Settings:
    """Every field defaults to its HUB_ variable; pass a field to override it (tests do)."""

    var_dir: Path = field(default_factory=lambda: Path(_env("VAR_DIR", str(ROOT / "var"))))
    database_url: str = field(default_factory=lambda: _env("DATABASE_URL", ""))
    # The local scripts take ports (HUB_ES_PORT, HUB_REDIS_PORT); a full URL wins when given.
    redis_url: str = field(
        default_factory=lambda: _env("REDIS_URL", f"redis://127.0.0.1:{_env('REDIS_PORT', '6379')}/0")
    )
    es_url: str = field(default_factory=lambda: _env("ES_URL", f"http://127.0.0.1:{_env('ES_PORT', '9200')}"))
    es_username: str = field(default_factory=lambda: _env("ES_USERNAME", ""))
    es_password: str = field(default_factory=lambda: _env("ES_PASSWORD", ""))
    es_timeout: float = field(default_factory=lambda: float(_env("ES_TIMEOUT", "10")))
    # Bulk indexing (outbox drain, reindex) may wait much longer than a read on a busy machine.
    es_bulk_timeout: float = field(default_factory=lambda: float(_env("ES_BULK_TIMEOUT", "120")))
    # The alias every read goes through; versioned indices hide behind it.
    index_alias: str = field(default_factory=lambda: _env("INDEX_ALIAS", "hub-content"))
    # development | test | production (the default: a deployment that forgets HUB_ENV is strict).
    environment: str = field(default_factory=lambda: _env("ENV", "production"))
    secret_key: str = field(default_factory=lambda: _env("SECRET_KEY", DEFAULT_SECRET_KEY))
    # Sign-in: any OpenID Connect provider by issuer URL (locally deploy/keycloak.sh, realm `hub`).
    oidc_issuer: str = field(
        default_factory=lambda: _env("OIDC_ISSUER", f"http://127.0.0.1:{_env('KEYCLOAK_PORT', '8180')}/realms/hub")
    )
    oidc_client_id: str = field(default_factory=lambda: _env("OIDC_CLIENT_ID", "hub-web"))
    oidc_client_secret: str = field(default_factory=lambda: _env("OIDC_CLIENT_SECRET", "hub-web-local-secret"))
    # The callback URL registered at the provider; empty: this app's /auth/callback on the requested host.
    oidc_redirect_uri: str = field(default_factory=lambda: _env("OIDC_REDIRECT_URI", ""))
    # How /settings/account_binding names an identity when the provider's token does not say.
    oidc_provider_name: str = field(default_factory=lambda: _env("OIDC_PROVIDER_NAME", "Keycloak"))
    # Origins (scheme://host[:port]) sign-in and sign-out may send the browser back to; relative paths always.
    site_origins: list[str] = field(
        default_factory=lambda: _list("SITE_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000")
    )
    # A session lasts this many seconds after its last change (sign-in), server-side in Redis.
    session_ttl: int = field(default_factory=lambda: int(_env("SESSION_TTL", str(7 * 24 * 3600))))
    # Profile avatars may only point at these hosts (empty HUB_AVATAR_HOSTS: the asset hosts).
    avatar_hosts: list[str] = field(
        default_factory=lambda: _list("AVATAR_HOSTS", _env("ASSET_HOSTS", "assets.aihub.example"))
    )
    cache_timeout: int = field(default_factory=lambda: int(_env("CACHE_TIMEOUT", "30")))
    # Editor-set hot words used while real search traffic is too thin.
    default_hotwords: list[str] = field(
        default_factory=lambda: _list("HOTWORDS", "AI日报,大模型,Agent,多模态,RAG,开源模型,具身智能,AI 编程")
    )
    # Hot words: a word is shown once this many distinct clients searched it within the window.
    hotwords_min_clients: int = field(default_factory=lambda: int(_env("HOTWORDS_MIN_CLIENTS", "3")))
    # New hub accounts (first sign-ins that create a user) a day from one network (/24, /48).
    signups_per_network: int = field(default_factory=lambda: int(_env("SIGNUPS_PER_NETWORK", "5")))
    # ... and from at least this many distinct networks (/24, /48).
    hotwords_min_networks: int = field(default_factory=lambda: int(_env("HOTWORDS_MIN_NETWORKS", "2")))
    # At most this many words are kept per day (the lowest are trimmed after counting).
    hotwords_day_cap: int = field(default_factory=lambda: int(_env("HOTWORDS_DAY_CAP", "2000")))
    # Editor-maintained block list: one word or `*` pattern per line, `#` comments; re-read when it changes.
    hotwords_blocklist: Path = field(
        default_factory=lambda: Path(_env("HOTWORDS_BLOCKLIST", str(ROOT / "data" / "hotwords-blocklist.txt")))
    )
    # Proxies in front of the app that set X-Forwarded-For (0: use the socket's address, ignore the header).
    proxy_hops: int = field(default_factory=lambda: int(_env("PROXY_HOPS", "0")))
    # Spec placeholders: configuration values with demo defaults.
    asset_hosts: list[str] = field(default_factory=lambda: _list("ASSET_HOSTS", "assets.aihub.example"))
    # The events site whose /activities/{id} pages event links open; empty: this site serves them itself.
    event_host: str = field(default_factory=lambda: _env("EVENT_HOST", "").rstrip("/"))
    ui_dist: Path = field(default_factory=lambda: Path(_env("UI_DIST", str(ROOT / "ui" / "dist"))))
    # Request bodies above this answer 413 (the API takes small JSON bodies only).
    max_body_bytes: int = field(default_factory=lambda: int(_env("MAX_BODY_BYTES", str(64 * 1024))))
    # /healthz shows each check's error text only to a caller sending this token (X-Health-Token).
    health_token: str = field(default_factory=lambda: _env("HEALTH_TOKEN", ""))
    outbox_batch: int = field(default_factory=lambda: int(_env("OUTBOX_BATCH", "500")))
    # `hub import` writes this many lines per transaction (with their outbox rows).
    import_batch: int = field(default_factory=lambda: int(_env("IMPORT_BATCH", "500")))
    # The worker's drain holds a Redis lease of this many seconds, renewed after every batch.
    drain_lock_seconds: int = field(default_factory=lambda: int(_env("DRAIN_LOCK_SECONDS", "20")))
    # An index job's runner holds a Redis lease of this many seconds, renewed after every chunk: a
    # runner killed with -9 frees its job within it, and the job is restarted (indexer/jobs.py).
    job_lease_seconds: int = field(default_factory=lambda: int(_env("JOB_LEASE_SECONDS", "30")))
    # The beat's safety nets (worker/app.py): how often it drains what the post-commit kicks missed, and how
    # often it looks for index jobs whose runner died. Test stacks check every second, so a test that kills a
    # worker does not sit out a whole interval.
    drain_every_seconds: float = field(default_factory=lambda: float(_env("DRAIN_EVERY_SECONDS", "5")))
    job_recovery_seconds: float = field(default_factory=lambda: float(_env("JOB_RECOVERY_SECONDS", "10")))
    # Rows per reindex chunk: progress, the lease and a cancel request are checked between chunks.
    reindex_chunk: int = field(default_factory=lambda: int(_env("REINDEX_CHUNK", "500")))
    # Processes that build documents for the drain and the rebuilds (indexer/building.py): the CPU
    # count by default; 1 builds them in the draining process itself.
    build_processes: int = field(default_factory=lambda: int(_env("BUILD_PROCESSES", str(os.cpu_count() or 1))))
    # Primary shards of an index created from now on (the first one, and each rebuild); unset: the
    # mapping file's (1). A shard is searched by one thread: on a node with several cores, an index of
    # a million documents answers its slowest searches about twice as fast with two (bench/RESULTS.md).
    index_shards: int | None = field(default_factory=lambda: int(_env("INDEX_SHARDS", "") or 0) or None)
    # The synonym glossary editors edit on their page; the search reads the same file (analysis/vocabulary.py).
    glossary_file: Path = field(default_factory=lambda: glossary_file())
    # API reads give up quickly when the engine hangs; after `breaker_fail_max` failures in a row the
    # API answers 503 at once for `breaker_reset_seconds`, then lets one request probe the engine.
    es_read_timeout: float = field(default_factory=lambda: float(_env("ES_READ_TIMEOUT", "3")))
    breaker_fail_max: int = field(default_factory=lambda: int(_env("BREAKER_FAIL_MAX", "3")))
    breaker_reset_seconds: float = field(default_factory=lambda: float(_env("BREAKER_RESET_SECONDS", "10")))
    # Rate limits (Flask-Limiter on Redis; limits' syntax "N/minute", several joined by ";"). Writes count per
    # signed-in user (else per address), search and suggestions per address. HUB_RATE_LIMITS=0 turns them off.
    rate_limits_enabled: bool = field(
        default_factory=lambda: _env("RATE_LIMITS", "1").lower() not in ("0", "false", "no")
    )
    rate_limit_writes: str = field(default_factory=lambda: _env("RATE_LIMIT_WRITES", "30/minute"))
    # Discussion writes (reply, like, report, delete) per member on top of the writes' limit: a thread
    # fills slower than a member clicks through stories.
    rate_limit_replies: str = field(default_factory=lambda: _env("RATE_LIMIT_REPLIES", "12/minute"))
    rate_limit_search: str = field(default_factory=lambda: _env("RATE_LIMIT_SEARCH", "120/minute"))
    rate_limit_suggest: str = field(default_factory=lambda: _env("RATE_LIMIT_SUGGEST", "300/minute"))
    # WeChat share signatures: one per page view inside WeChat, per address.
    rate_limit_sharing: str = field(default_factory=lambda: _env("RATE_LIMIT_SHARING", "120/minute"))
    # /auth/login, /auth/callback and /auth/logout per address (a sign-in is two of them).
    rate_limit_sign_in: str = field(default_factory=lambda: _env("RATE_LIMIT_SIGN_IN", "30/minute"))
    # Where the counters live (default: redis_url).
    rate_limit_storage_url: str = field(default_factory=lambda: _env("RATE_LIMIT_STORAGE_URL", ""))

    # Attention and heat (docs/architecture.md, "Attention and heat"). Beacon lines a minute per viewer (the
    # account, else the network) and per address; the stream is capped at about this many entries.
    rate_limit_beacons: str = field(default_factory=lambda: _env("RATE_LIMIT_BEACONS", "120/minute"))
    rate_limit_beacons_address: str = field(default_factory=lambda: _env("RATE_LIMIT_BEACONS_ADDRESS", "1200/minute"))
    beacon_stream_maxlen: int = field(default_factory=lambda: int(_env("BEACON_STREAM_MAXLEN", "1000000")))
    # Browsers without an account that count as people per network (/24, /48), item and day; beyond
    # them a network's further visitor ids add nothing to heat (store/heat.py).
    attention_ids_per_network: int = field(default_factory=lambda: int(_env("ATTENTION_IDS_PER_NETWORK", "3")))
    # Heat days are calendar days here; the daily rollup runs at 0:00 of this zone.
    heat_timezone: str = field(default_factory=lambda: _env("HEAT_TIMEZONE", "Asia/Shanghai"))
    # The rollup holds a Redis lease this long (a killed rollup frees it after that).
    rollup_lock_seconds: int = field(default_factory=lambda: int(_env("ROLLUP_LOCK_SECONDS", "900")))
    # The worker's beat republishes the hot words this often (seconds).
    hotwords_refresh_seconds: int = field(default_factory=lambda: int(_env("HOTWORDS_REFRESH_SECONDS", "120")))

    # Security headers (api/security_headers.py). Hosts (origins) allowed to frame the UI besides itself,
    # e.g. the apps that embed it: `https://app.aihub.example,https://*.aihub.example`.
    frame_ancestors: list[str] = field(default_factory=lambda: _list("FRAME_ANCESTORS", ""))
    # Where forms may post besides the site itself: the OIDC provider's origin once sign-in posts there.
    form_action: list[str] = field(default_factory=lambda: _list("FORM_ACTION", ""))
    # Image sources besides 'self', data: and the asset hosts (`https:` lets stories embed any https image).
    csp_img_sources: list[str] = field(default_factory=lambda: _list("CSP_IMG_SOURCES", ""))

    # Content sources (ingest/sources/, docs/architecture.md "Content sources"). Base URLs default to the
    # real services; nothing is scheduled unless its list (categories, topics, feed URLs) is set.
    source_arxiv_url: str = field(
        default_factory=lambda: _env("SOURCE_ARXIV_URL", "https://export.arxiv.org/api/query")
    )
    source_arxiv_categories: list[str] = field(default_factory=lambda: _list("SOURCE_ARXIV_CATEGORIES", ""))
    # Papers submitted within this many days (the submittedDate range of each query).
    source_arxiv_days: int = field(default_factory=lambda: int(_env("SOURCE_ARXIV_DAYS", "3")))
    source_github_url: str = field(default_factory=lambda: _env("SOURCE_GITHUB_URL", "https://api.github.com"))
    source_github_topics: list[str] = field(default_factory=lambda: _list("SOURCE_GITHUB_TOPICS", ""))
    source_github_min_stars: int = field(default_factory=lambda: int(_env("SOURCE_GITHUB_MIN_STARS", "500")))
    # Sent as `Authorization: Bearer …` only when set (unauthenticated search allows 10 requests a minute).
    source_github_token: str = field(default_factory=lambda: _env("SOURCE_GITHUB_TOKEN", ""))
    # The `link` source reads the public timeline of HUB_LINK_BASE_URL (when set); some servers need a
    # bearer token for it (an app token of that server).
    source_link_token: str = field(default_factory=lambda: _env("SOURCE_LINK_TOKEN", ""))
    source_rss_feeds: list[str] = field(default_factory=lambda: _list("SOURCE_RSS_FEEDS", ""))
    source_event_feeds: list[str] = field(default_factory=lambda: _list("SOURCE_EVENT_FEEDS", ""))
    # Event times without a zone (iCalendar "floating" times, JSON without an offset) are read in this zone.
    source_event_timezone: str = field(default_factory=lambda: _env("SOURCE_EVENT_TIMEZONE", "Asia/Shanghai"))
    # Beat runs each configured source every this many seconds.
    source_interval: int = field(default_factory=lambda: int(_env("SOURCE_INTERVAL", "3600")))
    # Politeness: seconds between two requests of one run (arXiv asks for 3), requests per run at most,
    # items per page, the request timeout, and the Celery rate limit of each source's task.
    source_request_delay: float = field(default_factory=lambda: float(_env("SOURCE_REQUEST_DELAY", "3")))
    source_max_requests: int = field(default_factory=lambda: int(_env("SOURCE_MAX_REQUESTS", "10")))
    source_page_size: int = field(default_factory=lambda: int(_env("SOURCE_PAGE_SIZE", "100")))
    source_timeout: float = field(default_factory=lambda: float(_env("SOURCE_TIMEOUT", "30")))
    source_task_rate_limit: str = field(default_factory=lambda: _env("SOURCE_TASK_RATE_LIMIT", "4/m"))
    # Retries of a run that met a network error, HTTP 5xx or 429: exponential backoff from the base, capped.
    source_max_retries: int = field(default_factory=lambda: int(_env("SOURCE_MAX_RETRIES", "5")))
    source_backoff_base: float = field(default_factory=lambda: float(_env("SOURCE_BACKOFF_BASE", "30")))
    source_backoff_cap: float = field(default_factory=lambda: float(_env("SOURCE_BACKOFF_CAP", "1800")))
    source_user_agent: str = field(
        default_factory=lambda: _env(
            "SOURCE_USER_AGENT", "ai-community-hub/0.1 (content sources; +https://aihub.example)"
        )
    )
    # Event times are shown in this zone (IANA name): time lines, tickets and calendar files.
    timezone: str = field(default_factory=lambda: _env("TIMEZONE", "Asia/Shanghai"))
    # WeChat JS-SDK sharing (POST /api/v1/other/wxshare): the official account's app id and secret; empty: not
    # configured (the call answers 503). The API base is WeChat's; tests point it at a local recorded server.
    wechat_app_id: str = field(default_factory=lambda: _env("WECHAT_APP_ID", ""))
    wechat_app_secret: str = field(default_factory=lambda: _env("WECHAT_APP_SECRET", ""))
    wechat_api_base: str = field(default_factory=lambda: _env("WECHAT_API_BASE", "https://api.weixin.qq.com"))
    wechat_timeout: float = field(default_factory=lambda: float(_env("WECHAT_TIMEOUT", "5")))
    # The link feed (a Mastodon-compatible service). The hub serves the client API's subset itself under
    # HUB_LINK_SERVICE_PREFIX (statuses, timelines, favourites, bookmarks); HUB_LINK_BASE_URL points the hub
    # and the UI at another Mastodon-compatible server instead (empty: the built-in one on this host).
    link_base_url: str = field(default_factory=lambda: _env("LINK_BASE_URL", "").rstrip("/"))
    link_service_prefix: str = field(default_factory=lambda: _env("LINK_SERVICE_PREFIX", "/link-api").rstrip("/"))
    link_timeout: float = field(default_factory=lambda: min(3.0, float(_env("LINK_TIMEOUT", "3"))))
    # Days a bearer token of the built-in link service stays good (then the client authorizes again).
    link_token_days: int = field(default_factory=lambda: int(_env("LINK_TOKEN_DAYS", "30")))
    # Outbound calls (outbound/): a configured host that resolves to a private or loopback address is
    # refused unless this is on ("1"); empty: on in development and test only.
    outbound_private: str = field(default_factory=lambda: _env("OUTBOUND_ALLOW_PRIVATE", ""))
    # The site as visitors see it (GET /api/v1/site, the footer, page titles and Open Graph tags); the spec's
    # {product}, {phone}, {email} and ICP placeholders, with demo defaults.
    site_name: str = field(default_factory=lambda: _env("SITE_NAME", "AI 社区"))
    site_description: str = field(
        default_factory=lambda: _env("SITE_DESCRIPTION", "AI 社区：文章、论文、活动、开源项目与人物榜单")
    )
    # The public origin used in og:url and absolute image links (empty: the origin of the request).
    site_url: str = field(default_factory=lambda: _env("SITE_URL", ""))
    contact_phone: str = field(default_factory=lambda: _env("CONTACT_PHONE", "400-000-0000"))
    contact_email: str = field(default_factory=lambda: _env("CONTACT_EMAIL", "hello@aihub.example"))
    icp_number: str = field(default_factory=lambda: _env("ICP_NUMBER", "京ICP备00000000号-1"))
    icp_url: str = field(default_factory=lambda: _env("ICP_URL", "https://beian.miit.gov.cn/"))
    guidelines_url: str = field(default_factory=lambda: _env("GUIDELINES_URL", "https://link.aihub.example/guidelines"))
    # The community assistant's contact link: the footer shows it as a QR code to scan in WeChat.
    group_assistant_url: str = field(
        default_factory=lambda: _env("GROUP_ASSISTANT_URL", "https://work.weixin.qq.com/ca/aihub-assistant")
    )
    group_assistant_name: str = field(default_factory=lambda: _env("GROUP_ASSISTANT_NAME", "社区小助手"))
    # Pictures members upload (api/media/): kept under this folder and served under this base URL (a CDN or an
    # object store's URL in a larger deployment); at most this many bytes and pixels each.
    upload_dir: Path = field(default_factory=lambda: Path(_env("UPLOAD_DIR", str(ROOT / "var" / "uploads"))))
    upload_base_url: str = field(default_factory=lambda: _env("UPLOAD_BASE_URL", "/media/uploads"))
    upload_max_bytes: int = field(default_factory=lambda: int(_env("UPLOAD_MAX_BYTES", str(5 * 1024 * 1024))))
    upload_max_pixels: int = field(default_factory=lambda: int(_env("UPLOAD_MAX_PIXELS", str(40_000_000))))
    # Pictures shipped with the demo corpus (data/demo/pictures.py draws them), served under /media/demo/.
    demo_pictures_dir: Path = field(
        default_factory=lambda: Path(_env("DEMO_PICTURES_DIR", str(ROOT / "data" / "demo" / "pictures")))
    )

    @property
    def is_local(self) -> bool:
        """development or test: the public default key and cookies without Secure are allowed."""
        return self.environment in ("development", "test")

    @property
    def outbound_allow_private(self) -> bool:
        if self.outbound_private:
            return self.outbound_private.lower() in ("1", "true", "yes", "on")
        return self.is_local

    @property
    def db_url(self) -> str:
        return self.database_url or f"sqlite:///{self.var_dir / 'hub.db'}"
