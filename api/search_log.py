"""Log searches for hot words (cheap: two Redis commands), and read the hot words back."""

from __future__ import annotations

import logging

from api.context import hub
from store import hotwords

log = logging.getLogger(__name__)


def log_search(query: str) -> None:
    context = hub()
    try:
        hotwords.record_search(context.redis, context.settings.index_alias, query)
    except Exception as exc:  # never fail a search because the log is down
        log.warning("search not logged: %s", exc)


def current_hot_words(size: int = 10) -> list[str]:
    config = hub().settings
    try:
        return hotwords.hot_words(hub().redis, config.index_alias, config.default_hotwords, size)
    except Exception as exc:
        log.warning("hot words unavailable, using the editor-set list: %s", exc)
        return config.default_hotwords[:size]
