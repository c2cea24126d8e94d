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
    event_host: str = field(default_factory=lambda: _env("EVENT_HOST", "https://events.aihub.example"))
    ui_dist: Path = field(default_factory=lambda: Path(_env("UI_DIST", str(ROOT / "ui" / "dist"))))
    # Request bodies above this answer 413 (the API takes small JSON bodies only).
    max_body_bytes: int = field(default_factory=lambda: int(_env("MAX_BODY_BYTES", str(64 * 1024))))
    # /healthz shows each check's error text only to a caller sending this token (X-Health-Token).
    health_token: str = field(default_factory=lambda: _env("HEALTH_TOKEN", ""))
    outbox_batch: int = field(default_factory=lambda: int(_env("OUTBOX_BATCH", "500")))
    # The worker's drain holds a Redis lease of this many seconds, renewed after every batch.
    drain_lock_seconds: int = field(default_factory=lambda: int(_env("DRAIN_LOCK_SECONDS", "60")))
    # An index job's runner holds a Redis lease of this many seconds, renewed after every chunk: a
    # runner killed with -9 frees its job within it, and the job is restarted (indexer/jobs.py).
    job_lease_seconds: int = field(default_factory=lambda: int(_env("JOB_LEASE_SECONDS", "30")))
    # Rows per reindex chunk: progress, the lease and a cancel request are checked between chunks.
    reindex_chunk: int = field(default_factory=lambda: int(_env("REINDEX_CHUNK", "500")))
    # The synonym glossary editors edit on their page; the search reads the same file (analysis/vocabulary.py).
    glossary_file: Path = field(
        default_factory=lambda: Path(_env("GLOSSARY_FILE", str(ROOT / "data" / "search" / "glossary.txt")))
    )
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
    rate_limit_search: str = field(default_factory=lambda: _env("RATE_LIMIT_SEARCH", "120/minute"))
    rate_limit_suggest: str = field(default_factory=lambda: _env("RATE_LIMIT_SUGGEST", "300/minute"))
    # Where the counters live (default: redis_url).
    rate_limit_storage_url: str = field(default_factory=lambda: _env("RATE_LIMIT_STORAGE_URL", ""))

    # Security headers (api/security_headers.py). Hosts (origins) allowed to frame the UI besides itself,
    # e.g. the apps that embed it: `https://app.aihub.example,https://*.aihub.example`.
    frame_ancestors: list[str] = field(default_factory=lambda: _list("FRAME_ANCESTORS", ""))
    # Where forms may post besides the site itself: the OIDC provider's origin once sign-in posts there.
    form_action: list[str] = field(default_factory=lambda: _list("FORM_ACTION", ""))
    # Image sources besides 'self', data: and the asset hosts (`https:` lets stories embed any https image).
    csp_img_sources: list[str] = field(default_factory=lambda: _list("CSP_IMG_SOURCES", ""))

    @property
    def is_local(self) -> bool:
        """development or test: the public default key and cookies without Secure are allowed."""
        return self.environment in ("development", "test")

    @property
    def db_url(self) -> str:
        return self.database_url or f"sqlite:///{self.var_dir / 'hub.db'}"
