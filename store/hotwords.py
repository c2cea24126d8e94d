"""Hot words from what people actually searched, counted so that a few clients cannot set them.

Per namespace (the index alias) and UTC day, Redis keeps:

- `hub:hotwords:<ns>:<yyyymmdd>`: a sorted set, normalised word -> distinct clients that day;
- `hub:hotwords:<ns>:<yyyymmdd>:c:<word>`: a HyperLogLog of the clients that searched the word that
  day. It is the de-duplication record (a client already in it does not change it, so it is counted
  once per word per day) and, merged over the window, the number of distinct clients. It holds no
  client ids, only register maxima of their hashes;
- `hub:hotwords:<ns>:<yyyymmdd>:display`: the word as typed (cleaned), e.g. 'GPT-4' for 'gpt-4'.

All three are day-scoped and kept 8 days. A day holds at most `Rules.day_cap` words: after counting,
the lowest are trimmed together with their records. A client is an opaque string from the caller
(the API passes the signed-in user id or a keyed hash of the address).

Hot words are rising words first (`rising_words`: more distinct clients a day over today and
yesterday than over the five days before), then words of the last 7 days summed with a weight that
halves each day back. The worker's beat computes the list every few minutes and publishes it
(`publish`); the API reads the published list and computes its own only when none is there. A word is shown when its weighted count is at least `MIN_SCORE` and at least
`Rules.min_clients` distinct clients searched it within the window. Junk is dropped when counting
and again when reading (see `is_junk`), invisible and format characters are stripped first, and a
word matching the editors' block list (`Rules.blocklist`) is never counted nor shown. While fewer
words qualify than asked for, the editor-set list fills the rest."""

from __future__ import annotations

import json
import logging
import os
import re
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import redis

log = logging.getLogger(__name__)

WINDOW_DAYS = 7
KEEP_DAYS = 8
HALF_LIFE_DAYS = 1.0
MIN_SCORE = 2.0
MAX_WORD = 30
PER_DAY_READ = 200


# (stamp, text) of the block list: store/word_lists.WordListSource.
BlocklistSource = Callable[[], tuple[object, str]]


@dataclass(frozen=True)
class Rules:
    """What the entry point configures (`HUB_HOTWORDS_*`)."""

    min_clients: int = 3
    day_cap: int = 2000
    blocklist: BlocklistSource | Path | None = None
    min_networks: int = 2  # distinct networks (/24, /48) among those clients

    @classmethod
    def of(cls, settings, blocklist: BlocklistSource | None = None) -> Rules:
        """The rules a `config.Settings` names (HUB_HOTWORDS_*), for the API and the worker alike; the block
        list from `blocklist` (the editors' list in the database) when given, else the file."""
        return cls(
            min_clients=settings.hotwords_min_clients,
            day_cap=settings.hotwords_day_cap,
            blocklist=blocklist or settings.hotwords_blocklist,
            min_networks=settings.hotwords_min_networks,
        )


# Letters: Latin (with accents), kana, CJK ideographs, Hangul syllables.
_LETTERS = (
    "a-zA-Z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
    "\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7a3\U00020000-\U0003134f"
)
# Besides letters and digits, a word may hold spaces and these: GPT-4, C++, C#, .NET, 马斯克·X, O'Reilly,
# snake_case, CI/CD, R&D. Anything else (markup, quotes, brackets, symbols, emoji) makes it junk.
_PUNCTUATION = "-+.#·・'_/&"
_ALLOWED = re.compile(f"[{_LETTERS}0-9 {re.escape(_PUNCTUATION)}]+")
_HAS_LETTER = re.compile(f"[{_LETTERS}]")
_LINK = re.compile(r"(https?://|www\.)", re.IGNORECASE)
# Invisible characters that are not in a format (Cf) or control (Cc) category.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e") | {chr(c) for c in range(0xFE00, 0xFE10)}


def _visible(ch: str) -> bool:
    return ch not in _INVISIBLE and unicodedata.category(ch) not in ("Cf", "Cc")


def clean(query: str) -> str:
    """The display form: width-folded (NFKC), invisible and format characters removed, single spaces."""
    text = unicodedata.normalize("NFKC", query or "")
    text = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or _visible(ch))
    return re.sub(r"\s+", " ", text).strip()


def normalize(query: str) -> str:
    """The counting key: the display form, lower-cased."""
    return clean(query).lower()


# Contact data never becomes a hot word: a hot word is shown to every visitor and placed in the search box.
# Phone, QQ and account numbers: five digits in a row, or seven spaced or dashed (138-0013-8000); a version
# or size (Llama 3.1 405B, Qwen2.5-72B) has neither.
_LONG_NUMBER = re.compile(r"\d{5,}|\d(?:[\s\-]*\d){6,}")
_CONTACT_WORDS = re.compile(
    r"(加|\+|➕)(v|w|q|微|薇|威|扣|群|我)|v信|vx|wx|微信号|微信:|威信|薇信|qq|扣扣|企鹅号|私信|私聊|私我|"
    r"电话|手机号|联系方式|whatsapp|telegram|line id|@|[a-z0-9-]+\.(com|cn|net|org|top|xyz|vip|cc|me|io)\b"
)


def carries_contact(word: str) -> bool:
    """Phone or QQ numbers, WeChat ids, addresses and the phrases that ask to be contacted (加V, 私信)."""
    folded = normalize(word)
    if _LONG_NUMBER.search(folded):
        return True
    return bool(_CONTACT_WORDS.search(folded) or _CONTACT_WORDS.search(folded.replace(" ", "")))


def is_junk(word: str) -> bool:
    """One character, too long, markup or characters outside letters, digits, spaces and a few
    punctuation marks, no letter at all, links, one character repeated, contact data."""
    if len(word) < 2 or len(word) > MAX_WORD:
        return True
    if not _ALLOWED.fullmatch(word) or not _HAS_LETTER.search(word) or _LINK.search(word):
        return True
    compact = word.replace(" ", "")
    return len(set(compact)) == 1 or carries_contact(word)  # '哈哈哈', 'aaaa'; '加V 88886666'


# --- the editors' block list ---------------------------------------------------------------------

_SEPARATORS = re.compile(r"[\s\-_.·・'/]+")


def _skeleton(text: str) -> str:
    """What the block list compares: normalised, without spaces and separators ('赌 博', '赌.博' -> '赌博')."""
    return _SEPARATORS.sub("", normalize(text))


@dataclass(frozen=True)
class _Blocklist:
    stamp: object  # the file's (mtime, size, inode) or the source's stamp
    words: frozenset[str]
    patterns: re.Pattern | None

    def blocks(self, word: str) -> bool:
        skeleton = _skeleton(word)
        return skeleton in self.words or bool(self.patterns and self.patterns.fullmatch(skeleton))


_EMPTY = _Blocklist(None, frozenset(), None)
_loaded: dict[object, _Blocklist] = {}  # by path, or by source
_lock = threading.Lock()


def _parse(text: str, stamp: tuple[int, int, int]) -> _Blocklist:
    words: set[str] = set()
    patterns: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        skeleton = _skeleton(line)
        if not skeleton.replace("*", ""):
            continue  # '*' alone would block everything
        if "*" in skeleton:
            patterns.append(".*".join(re.escape(part) for part in skeleton.split("*")))
        else:
            words.add(skeleton)
    compiled = re.compile("|".join(f"(?:{p})" for p in patterns), re.DOTALL) if patterns else None
    return _Blocklist(stamp, frozenset(words), compiled)


def blocklist(path: BlocklistSource | Path | None) -> _Blocklist:
    """The block list from a source (the editors' list in the database, store/word_lists.py: re-parsed when
    its stamp moves) or at `path` (re-read whenever the file changes: modification time, size, inode)."""
    if path is None:
        return _EMPTY
    if callable(path):
        stamp, text = path()
        current = _loaded.get(path)
        if current is None or current.stamp != stamp:
            current = _loaded[path] = _parse(text, stamp)
        return current
    path = Path(path)
    try:
        st = os.stat(path)
    except OSError:
        return _EMPTY  # no list: nothing blocked
    stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
    current = _loaded.get(path)
    if current is not None and current.stamp == stamp:
        return current
    with _lock:
        try:
            loaded = _parse(path.read_text(encoding="utf-8"), stamp)
        except (OSError, UnicodeDecodeError) as exc:
            log.warning("hot-word block list %s unreadable, keeping the last one: %s", path, exc)
            return current or _EMPTY
        _loaded[path] = loaded
        return loaded


def is_blocked(word: str, path: BlocklistSource | Path | None) -> bool:
    """A line `word` blocks that word (also spaced or dotted); `*` stands for anything ('*赌博*')."""
    return blocklist(path).blocks(word)


# --- counting and ranking ------------------------------------------------------------------------


def _day_key(namespace: str, day: date) -> str:
    return f"hub:hotwords:{namespace}:{day:%Y%m%d}"


def _clients_key(namespace: str, day: date, word: str) -> str:
    return f"{_day_key(namespace, day)}:c:{word}"


def _networks_key(namespace: str, day: date, word: str) -> str:
    return f"{_day_key(namespace, day)}:n:{word}"


def _display_key(namespace: str, day: date) -> str:
    return f"{_day_key(namespace, day)}:display"


_KEEP_SECONDS = int(timedelta(days=KEEP_DAYS).total_seconds())


def record_search(
    client: redis.Redis,
    namespace: str,
    query: str,
    who: str,
    now: datetime | None = None,
    rules: Rules = Rules(),
    network: str | None = None,
) -> bool:
    """Count one search by client `who` from `network` (default: `who` is a network of its own); False
    when not counted (junk, blocked, or `who` already counted for this word today)."""
    display = clean(query)
    word = display.lower()
    if is_junk(word) or is_blocked(word, rules.blocklist):
        return False
    day = (now or datetime.now(UTC)).date()
    clients = _clients_key(namespace, day, word)
    pipe = client.pipeline(transaction=False)
    pipe.pfadd(clients, who)
    pipe.expire(clients, _KEEP_SECONDS)
    if not pipe.execute()[0]:
        return False  # this client already searched this word today
    key, shown = _day_key(namespace, day), _display_key(namespace, day)
    networks = _networks_key(namespace, day, word)
    pipe.pfadd(networks, network or who)
    pipe.expire(networks, _KEEP_SECONDS)
    pipe.zincrby(key, 1, word)
    pipe.expire(key, _KEEP_SECONDS)
    pipe.hset(shown, word, display)
    pipe.expire(shown, _KEEP_SECONDS)
    pipe.zcard(key)
    size = pipe.execute()[-1]
    if size > rules.day_cap:
        _trim(client, namespace, day, size - rules.day_cap, word)
    return True


def _trim(client: redis.Redis, namespace: str, day: date, extra: int, counted: str) -> None:
    """Drop the `extra` lowest words of a day with their de-duplication records and display forms.
    Among words with equal counts the one just `counted` stays, so a new word is not dropped at
    once in favour of an older one that did no better."""
    key = _day_key(namespace, day)
    # One more than needed: moving `counted` behind its equals moves one other word forward.
    candidates = client.zrange(key, 0, extra, withscores=True)
    candidates.sort(key=lambda pair: (pair[1], pair[0] == counted))
    lowest = [word for word, _ in candidates[:extra]]
    if not lowest:
        return
    pipe = client.pipeline(transaction=False)
    pipe.zrem(key, *lowest)
    pipe.delete(*(_clients_key(namespace, day, word) for word in lowest))
    pipe.delete(*(_networks_key(namespace, day, word) for word in lowest))
    pipe.hdel(_display_key(namespace, day), *lowest)
    pipe.execute()


def day_words(client: redis.Redis, namespace: str, now: datetime | None = None) -> dict[str, int]:
    """One day's counted words (normalised) and their distinct clients that day."""
    day = (now or datetime.now(UTC)).date()
    return {word: int(count) for word, count in client.zrange(_day_key(namespace, day), 0, -1, withscores=True)}


def ranked_words(
    client: redis.Redis, namespace: str, now: datetime | None = None, rules: Rules = Rules()
) -> list[tuple[str, float]]:
    """(display word, weighted count) over the window, best first; junk, blocked and rare words and
    words searched by fewer than `rules.min_clients` distinct clients dropped."""
    today = (now or datetime.now(UTC)).date()
    days = [today - timedelta(days=age) for age in range(WINDOW_DAYS)]
    pipe = client.pipeline(transaction=False)
    for day in days:
        pipe.zrevrange(_day_key(namespace, day), 0, PER_DAY_READ - 1, withscores=True)
    scores: dict[str, float] = {}
    for age, rows in enumerate(pipe.execute()):
        weight = 0.5 ** (age / HALF_LIFE_DAYS)
        for word, count in rows:
            scores[word] = scores.get(word, 0.0) + count * weight
    candidates = [
        (w, s) for w, s in scores.items() if s >= MIN_SCORE and not is_junk(w) and not is_blocked(w, rules.blocklist)
    ]
    if not candidates:
        return []
    enough = _crowded(client, namespace, candidates, days, rules)
    ranked = sorted(enough, key=lambda p: (-p[1], p[0]))
    if not ranked:
        return []
    for day in days:
        pipe.hmget(_display_key(namespace, day), [w for w, _ in ranked])
    per_day = pipe.execute()
    shown = []
    for i, (word, score) in enumerate(ranked):
        # The most recent display form, if it still normalises to the word.
        display = next((row[i] for row in per_day if row[i] and row[i].lower() == word), word)
        shown.append((display, score))
    return shown


def _crowded(
    client: redis.Redis, namespace: str, candidates: list[tuple[str, float]], days: list[date], rules: Rules
) -> list[tuple[str, float]]:
    """The candidates searched by at least `min_clients` distinct clients from at least `min_networks`
    distinct networks over `days` (each day's records merged)."""
    pipe = client.pipeline(transaction=False)
    for word, _ in candidates:
        pipe.pfcount(*(_clients_key(namespace, day, word) for day in days))
        pipe.pfcount(*(_networks_key(namespace, day, word) for day in days))
    counts = pipe.execute()
    return [
        pair
        for pair, people, networks in zip(candidates, counts[0::2], counts[1::2], strict=True)
        if people >= rules.min_clients and networks >= rules.min_networks
    ]


# Rising: the recent days against the days before them (all within the kept days).
RECENT_DAYS = 2  # today and yesterday (UTC days)
BASELINE_DAYS = 5  # the five days before those


def rising_words(
    client: redis.Redis, namespace: str, now: datetime | None = None, rules: Rules = Rules()
) -> list[tuple[str, float]]:
    """(display word, growth) of words searched by more distinct clients a day recently than in the
    baseline before, best first. Growth is the recent daily average of distinct clients minus the
    baseline's; a word needs `rules.min_clients` distinct clients within the recent days. A word
    searched steadily (as many clients a day as before) is not rising."""
    today = (now or datetime.now(UTC)).date()
    days = [today - timedelta(days=age) for age in range(RECENT_DAYS + BASELINE_DAYS)]
    pipe = client.pipeline(transaction=False)
    for day in days:
        pipe.zrevrange(_day_key(namespace, day), 0, PER_DAY_READ - 1, withscores=True)
    recent: dict[str, float] = {}
    baseline: dict[str, float] = {}
    for age, rows in enumerate(pipe.execute()):
        into = recent if age < RECENT_DAYS else baseline
        for word, count in rows:
            into[word] = into.get(word, 0.0) + count
    growth = {
        word: n / RECENT_DAYS - baseline.get(word, 0.0) / BASELINE_DAYS
        for word, n in recent.items()
        if n >= rules.min_clients and not is_junk(word) and not is_blocked(word, rules.blocklist)
    }
    candidates = [(word, round(g, 3)) for word, g in growth.items() if g > 0]
    if not candidates:
        return []
    recent_days = days[:RECENT_DAYS]
    enough = _crowded(client, namespace, candidates, recent_days, rules)
    ranked = sorted(enough, key=lambda p: (-p[1], -recent[p[0]], p[0]))
    for day in recent_days:
        pipe.hmget(_display_key(namespace, day), [w for w, _ in ranked] or ["-"])
    per_day = pipe.execute() if ranked else []
    return [
        (next((row[i] for row in per_day if row[i] and row[i].lower() == word), word), score)
        for i, (word, score) in enumerate(ranked)
    ]


def hot_words(
    client: redis.Redis,
    namespace: str,
    defaults: list[str],
    size: int = 10,
    rules: Rules = Rules(),
    now: datetime | None = None,
) -> list[str]:
    """Rising words first, then the week's steadily searched ones, then the editor-set list."""
    words: list[str] = []
    seen: set[str] = set()
    for word, _ in [*rising_words(client, namespace, now, rules), *ranked_words(client, namespace, now, rules)]:
        if len(words) == size:
            break
        if normalize(word) in seen:
            continue
        words.append(word)
        seen.add(normalize(word))
    for word in defaults:  # thin traffic: the editor-set list fills the rest
        if len(words) == size:
            break
        if normalize(word) not in seen:
            words.append(word)
            seen.add(normalize(word))
    return words


# --- the published list (refreshed by the worker's beat) ------------------------------------------

PUBLISHED_TTL_FACTOR = 5  # a published list outlives a few missed refreshes, then the API computes its own


def _published_key(namespace: str) -> str:
    return f"hub:hotwords:{namespace}:published"


def publish(client: redis.Redis, namespace: str, words: list[str], refresh_seconds: int) -> None:
    client.set(
        _published_key(namespace), json.dumps(words, ensure_ascii=False), ex=refresh_seconds * PUBLISHED_TTL_FACTOR
    )


def published(client: redis.Redis, namespace: str) -> list[str] | None:
    """The list the worker last published, or None (never, or expired: no beat running)."""
    text = client.get(_published_key(namespace))
    return json.loads(text) if text else None
