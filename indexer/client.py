"""Elasticsearch client from configuration.

The 7.17 client talks to Elasticsearch 7.10+ directly and to 8.x through REST compatibility mode
(set ELASTIC_CLIENT_APIVERSIONING=true in the environment; see README)."""

from __future__ import annotations

from functools import lru_cache

from elasticsearch import Elasticsearch

from hub.config import get_settings


@lru_cache(maxsize=4)
def get_client(url: str | None = None) -> Elasticsearch:
    settings = get_settings()
    auth = (settings.es_username, settings.es_password) if settings.es_username else None
    return Elasticsearch(
        [url or settings.es_url],
        http_auth=auth,
        timeout=settings.es_timeout,
        max_retries=1,
        retry_on_timeout=False,
    )
