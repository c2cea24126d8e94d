"""The editors' word lists (the search glossary, the hot-word block list) kept in the database, so that
every API host and worker reads the same text: an edit on /editor reaches all of them within
`CHECK_SECONDS`.

Readers hold a `WordListSource` per list: it answers (stamp, text), asking the database for the list's
version at most every `CHECK_SECONDS` and for its text only when the version moved. Until an editor
saves a list, its shipped file (HUB_GLOSSARY_FILE, HUB_HOTWORDS_BLOCKLIST) is the text. With the
database away the last text read stays in use."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from store.models import WordList, utcnow

log = logging.getLogger(__name__)

GLOSSARY = "glossary"
HOTWORD_BLOCKLIST = "hotword_blocklist"
CHECK_SECONDS = 2.0


def read_file(path: Path | None) -> str:
    try:
        return path.read_text(encoding="utf-8") if path is not None else ""
    except (OSError, UnicodeDecodeError):
        return ""


def saved(session: Session, name: str) -> WordList | None:
    return session.get(WordList, name)


def save(session: Session, name: str, text: str, user_id: int | None) -> WordList:
    """Keep `text` as the list `name` (the caller commits); its version moves by one."""
    row = session.get(WordList, name, with_for_update=True)
    if row is None:
        row = WordList(name=name, text=text, version=1, updated_by=user_id, updated_at=utcnow())
        session.add(row)
    else:
        row.text, row.version, row.updated_by, row.updated_at = text, row.version + 1, user_id, utcnow()
    session.flush()
    return row


class WordListSource:
    """(stamp, text) of one list for the readers of one process (see the module's docstring)."""

    def __init__(
        self, sessions: sessionmaker[Session], name: str, fallback: Path | None, check_seconds: float = CHECK_SECONDS
    ):
        self.sessions, self.name, self.fallback, self.check_seconds = sessions, name, fallback, check_seconds
        self._lock = threading.Lock()
        self._checked = float("-inf")
        self._saved: tuple[int, str] | None = None  # (version, text) as last read; None: never saved
        self._file: tuple[object, str] = (("file", None), "")

    def _read_saved(self) -> tuple[int, str] | None:
        with self.sessions() as db:
            version = db.scalar(select(WordList.version).where(WordList.name == self.name))
            if version is None:
                return None
            if self._saved is not None and self._saved[0] == version:
                return self._saved
            return version, db.scalar(select(WordList.text).where(WordList.name == self.name)) or ""

    def _shipped(self) -> tuple[object, str]:
        """The shipped file, re-read when it changes (a stat per call: cheap, and an edit shows at once)."""
        try:
            stamp: object = ("file", self.fallback.stat().st_mtime_ns) if self.fallback else ("file", None)
        except OSError:
            stamp = ("file", None)
        if stamp != self._file[0]:
            self._file = (stamp, read_file(self.fallback))
        return self._file

    def recheck(self) -> None:
        """Ask the database at the next read (the host that saved an edit applies it at once)."""
        self._checked = float("-inf")

    def __call__(self) -> tuple[object, str]:
        now = time.monotonic()
        if now - self._checked >= self.check_seconds:
            with self._lock:
                if now - self._checked >= self.check_seconds:
                    try:
                        self._saved = self._read_saved()
                    except Exception as exc:  # the database away: the last text read stays in use
                        log.warning("word list %s unreadable, keeping the last one: %s", self.name, exc)
                    self._checked = now
        saved = self._saved
        return (("db", saved[0]), saved[1]) if saved is not None else self._shipped()


__all__ = ["CHECK_SECONDS", "GLOSSARY", "HOTWORD_BLOCKLIST", "WordListSource", "read_file", "save", "saved"]
