"""The two word lists editors keep on their page: the synonym glossary (read by the search at query
time, analysis/vocabulary.py) and the hot-word block list (store/hotwords.py). Both live in the
database (store/word_lists.py), so every API host and worker reads the same text; until an editor saves
one, its shipped file (HUB_GLOSSARY_FILE, HUB_HOTWORDS_BLOCKLIST) is shown and used. An edit is
validated, then committed before the answer. Every host notices the new version within seconds: the
glossary applies to the next searches without a reindex (saving it also moves the cache generation, so
no cached answer outlives it), the block list within the hot-word cache's minute."""

from __future__ import annotations

import unicodedata

from api.context import db_sessions, hub, settings
from api.envelope import ApiError
from api.services.access import require_editor
from store import cache_generation, word_lists
from store.hotwords import MAX_WORD

GLOSSARY_TERM_MAX = 60
MAX_LINES = 5000
GLOSSARY_APPLIES = "保存后数秒内在所有服务器生效，无需重建索引；新增的中文词在服务重启后才参与分词。"
BLOCKLIST_APPLIES = "保存后约 1 分钟内生效（热词缓存 60 秒），被屏蔽的词不计数也不展示。"


def _entries(text: str) -> list[tuple[int, str]]:
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.strip().startswith("#")
    ]


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\t\n\r" for ch in text)


def _refuse(message: str):
    raise ApiError(400, message, {"errors": {"json": {"text": [message]}}})


def _check_common(text: str) -> list[tuple[int, str]]:
    if _has_control(text):
        _refuse("内容含有控制字符，请删除后再保存")
    entries = _entries(text)
    if len(text.splitlines()) > MAX_LINES:
        _refuse(f"最多{MAX_LINES}行")
    return entries


def check_glossary(text: str) -> int:
    entries = _check_common(text)
    for number, line in entries:
        terms = [t.strip() for t in line.split(",") if t.strip()]
        if "，" in line:
            _refuse(f"第{number}行：请用英文逗号 , 分隔同义词")
        if len(terms) < 2:
            _refuse(f"第{number}行：每行至少两个同义词，用英文逗号分隔")
        if any(len(t) > GLOSSARY_TERM_MAX for t in terms):
            _refuse(f"第{number}行：每个词不能超过{GLOSSARY_TERM_MAX}个字符")
    return len(entries)


def check_blocklist(text: str) -> int:
    entries = _check_common(text)
    for number, line in entries:
        if not line.replace("*", "").strip():
            _refuse(f"第{number}行：不能只有 *（会屏蔽所有热词）")
        if len(line) > MAX_WORD + 2:
            _refuse(f"第{number}行：屏蔽词不能超过{MAX_WORD}个字符")
    return len(entries)


def _shown(name: str, fallback) -> str:
    """The list as last saved on /editor, else the shipped file it starts from."""
    with db_sessions()() as db:
        row = word_lists.saved(db, name)
        return row.text if row is not None else word_lists.read_file(fallback)


def _saved(name: str, text: str) -> str:
    user = require_editor()
    with db_sessions()() as db:
        row = word_lists.save(db, name, text if text.endswith("\n") or not text else text + "\n", user.id)
        kept = row.text
        db.commit()  # durable before the answer
    return kept


def glossary() -> dict:
    require_editor()
    text = _shown(word_lists.GLOSSARY, settings().glossary_file)
    return {"text": text, "lines": len(_entries(text)), "applies": GLOSSARY_APPLIES}


def save_glossary(args: dict) -> dict:
    require_editor()
    count = check_glossary(args["text"])
    text = _saved(word_lists.GLOSSARY, args["text"])
    hub().glossary_source.recheck()  # this host at once; the others within word_lists.CHECK_SECONDS
    # Cached search answers were built with the old synonyms: the next search must not reuse them.
    cache_generation.bump(hub().redis, settings().index_alias)
    return {"text": text, "lines": count, "applies": GLOSSARY_APPLIES}


def blocklist() -> dict:
    require_editor()
    text = _shown(word_lists.HOTWORD_BLOCKLIST, settings().hotwords_blocklist)
    return {"text": text, "lines": len(_entries(text)), "applies": BLOCKLIST_APPLIES}


def save_blocklist(args: dict) -> dict:
    require_editor()
    count = check_blocklist(args["text"])
    text = _saved(word_lists.HOTWORD_BLOCKLIST, args["text"])
    hub().blocklist_source.recheck()
    return {"text": text, "lines": count, "applies": BLOCKLIST_APPLIES}


__all__ = ["blocklist", "glossary", "save_blocklist", "save_glossary"]
