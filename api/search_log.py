"""Log searches for hot words (cheap: two Redis commands), and read the hot words back."""

from __future__ import annotations

import logging

from api.services import settings
from indexer import hotwords

log = logging.getLogger(__name__)


def log_search(query: str) -> None:
    config = settings()
    try:
        hotwords.record_search(config.redis_url, config.index_alias, query)
    except Exception as exc:  # never fail a search because the log is down
        log.warning("search not logged: %s", exc)


def current_hot_words(size: int = 10) -> list[str]:
    config = settings()
    try:
        return hotwords.hot_words(config.redis_url, config.index_alias, config.default_hotwords, size)
    except Exception as exc:
        log.warning("hot words unavailable, using the editor-set list: %s", exc)
        return config.default_hotwords[:size]
