"""Elasticsearch client for a URL.

The 7.17 client talks to Elasticsearch 7.10+ directly and to 8.x through REST compatibility mode
(set ELASTIC_CLIENT_APIVERSIONING=true in the environment; see README)."""

from __future__ import annotations

from functools import lru_cache

from elasticsearch import Elasticsearch

from indexer.serializer import OrjsonSerializer


def node_urls(url: str) -> list[str]:
    """`HUB_ES_URL` names one node or several, comma-separated (a cluster: the client spreads requests
    over them and passes over a node that stops answering)."""
    return [u.strip() for u in url.split(",") if u.strip()]


@lru_cache(maxsize=8)
def make_client(url: str, username: str = "", password: str = "", timeout: float = 10.0) -> Elasticsearch:
    """One client (and connection pool) per URL, credentials and read timeout, for the whole process."""
    return Elasticsearch(
        node_urls(url),
        http_auth=(username, password) if username else None,
        timeout=timeout,
        max_retries=1,
        retry_on_timeout=False,
        serializer=OrjsonSerializer(),
    )
