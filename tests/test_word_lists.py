"""store/word_lists.py on a real SQLite database (no service): saving moves the version; a reader asks
for the version at most every `check_seconds`, reads the text only when it moved, uses the shipped file
until a list is saved, and keeps the last text when the database is away."""

from __future__ import annotations

import pytest

from store import word_lists
from store.db import session_factory
from store.migrate import upgrade
from store.word_lists import WordListSource


@pytest.fixture
def sessions(tmp_path):
    url = f"sqlite:///{tmp_path / 'hub.db'}"
    upgrade(url)
    return session_factory(url)


def save(sessions, text: str) -> int:
    with sessions() as db:
        version = word_lists.save(db, word_lists.GLOSSARY, text, None).version
        db.commit()
    return version


def test_a_reader_sees_a_save_after_its_next_check_and_the_file_before_any(sessions, tmp_path):
    shipped = tmp_path / "glossary.txt"
    shipped.write_text("甲, 乙\n", encoding="utf-8")
    source = WordListSource(sessions, word_lists.GLOSSARY, shipped, check_seconds=3600)
    assert source()[1] == "甲, 乙\n"
    shipped.write_text("甲, 乙, 丙\n", encoding="utf-8")
    assert source()[1] == "甲, 乙, 丙\n"  # the file's own edit shows at once
    assert save(sessions, "丁, 戊\n") == 1 and save(sessions, "丁, 戊, 己\n") == 2
    assert source()[1] == "甲, 乙, 丙\n"  # not asked again within check_seconds
    source.recheck()
    stamp, text = source()
    assert text == "丁, 戊, 己\n" and stamp == ("db", 2)


def test_a_database_away_keeps_the_last_text(sessions, tmp_path):
    source = WordListSource(sessions, word_lists.GLOSSARY, tmp_path / "missing.txt", check_seconds=0)
    assert source() == (("file", None), "")
    save(sessions, "大模型, LLM\n")
    assert source()[1] == "大模型, LLM\n"

    def away():
        raise ConnectionError("database away")

    source.sessions = away
    assert source()[1] == "大模型, LLM\n"
