"""Hot words from what people actually searched.

Every search (first page, with results) is counted in a per-day Redis sorted set
`hub:hotwords:<namespace>:<yyyymmdd>` (kept 8 days). Hot words sum the last 7 days with a weight
that halves each day back, so recent searches weigh more. Junk is filtered when counting and again
when reading: one-character queries, queries without a letter or a Chinese character, very long
queries, links, and one character repeated. A word needs a weighted count of at least
`MIN_SCORE`; while fewer words qualify than asked for, the editor-set list fills the rest."""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, date, datetime, timedelta

import redis

WINDOW_DAYS = 7
KEEP_DAYS = 8
HALF_LIFE_DAYS = 1.0
MIN_SCORE = 2.0
MAX_WORD = 30
PER_DAY_READ = 200

_HAS_WORD_CHAR = re.compile(r"[A-Za-z\u3400-\u9fff]")
_LINK = re.compile(r"(https?://|www\.)", re.IGNORECASE)


def normalize(query: str) -> str:
    """The counting key: width-folded, lower-cased, single spaces."""
    text = unicodedata.normalize("NFKC", query or "")
    return re.sub(r"\s+", " ", text).strip().lower()


def is_junk(word: str) -> bool:
    if len(word) < 2 or len(word) > MAX_WORD:
        return True
    if not _HAS_WORD_CHAR.search(word) or _LINK.search(word):
        return True
    compact = word.replace(" ", "")
    return len(set(compact)) == 1  # '哈哈哈', 'aaaa'


def _day_key(namespace: str, day: date) -> str:
    return f"hub:hotwords:{namespace}:{day:%Y%m%d}"


def _display_key(namespace: str) -> str:
    return f"hub:hotwords:{namespace}:display"


def record_search(client: redis.Redis, namespace: str, query: str, now: datetime | None = None) -> bool:
    """Count one search; returns False when the query is junk (not counted)."""
    word = normalize(query)
    if is_junk(word):
        return False
    day = (now or datetime.now(UTC)).date()
    key = _day_key(namespace, day)
    pipe = client.pipeline(transaction=False)
    pipe.zincrby(key, 1, word)
    pipe.expire(key, int(timedelta(days=KEEP_DAYS).total_seconds()))
    # Shown as last typed (keeps 'GPT-4' rather than 'gpt-4').
    pipe.hset(_display_key(namespace), word, re.sub(r"\s+", " ", query.strip()))
    pipe.expire(_display_key(namespace), int(timedelta(days=KEEP_DAYS).total_seconds()))
    pipe.execute()
    return True


def ranked_words(client: redis.Redis, namespace: str, now: datetime | None = None) -> list[tuple[str, float]]:
    """(display word, weighted count) over the window, best first, junk and rare words dropped."""
    today = (now or datetime.now(UTC)).date()
    pipe = client.pipeline(transaction=False)
    for age in range(WINDOW_DAYS):
        pipe.zrevrange(_day_key(namespace, today - timedelta(days=age)), 0, PER_DAY_READ - 1, withscores=True)
    scores: dict[str, float] = {}
    for age, rows in enumerate(pipe.execute()):
        weight = 0.5 ** (age / HALF_LIFE_DAYS)
        for word, count in rows:
            scores[word] = scores.get(word, 0.0) + count * weight
    ranked = sorted(
        ((w, s) for w, s in scores.items() if s >= MIN_SCORE and not is_junk(w)), key=lambda p: (-p[1], p[0])
    )
    if not ranked:
        return []
    shown = client.hmget(_display_key(namespace), [w for w, _ in ranked])
    return [(display or word, score) for (word, score), display in zip(ranked, shown, strict=True)]


def hot_words(client: redis.Redis, namespace: str, defaults: list[str], size: int = 10) -> list[str]:
    words: list[str] = []
    seen: set[str] = set()
    for word, _ in ranked_words(client, namespace):
        if len(words) == size:
            break
        words.append(word)
        seen.add(normalize(word))
    for word in defaults:  # thin traffic: the editor-set list fills the rest
        if len(words) == size:
            break
        if normalize(word) not in seen:
            words.append(word)
            seen.add(normalize(word))
    return words
