"""Settings: the bottom layer. Environment variables, all prefixed HUB_, with local defaults.

This module imports nothing of the project. Entry points (the `hub` command, the Celery worker,
the gunicorn app) build one `Settings` and hand the parts that each layer needs down as arguments."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
    secret_key: str = field(default_factory=lambda: _env("SECRET_KEY", "dev-only-change-me"))
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
    # Security headers (api/security_headers.py). Hosts (origins) allowed to frame the UI besides itself,
    # e.g. the apps that embed it: `https://app.aihub.example,https://*.aihub.example`.
    frame_ancestors: list[str] = field(default_factory=lambda: _list("FRAME_ANCESTORS", ""))
    # Where forms may post besides the site itself: the OIDC provider's origin once sign-in posts there.
    form_action: list[str] = field(default_factory=lambda: _list("FORM_ACTION", ""))
    # Image sources besides 'self', data: and the asset hosts (`https:` lets stories embed any https image).
    csp_img_sources: list[str] = field(default_factory=lambda: _list("CSP_IMG_SOURCES", ""))

    @property
    def db_url(self) -> str:
        return self.database_url or f"sqlite:///{self.var_dir / 'hub.db'}"
