"""The editors' review of acronym pairs mined from the corpus (issue 36, item 3), on /editor's 缩写 section:
list them by status, accept (采纳), reject (拒绝) or undo (back to 待审核). Editors only, decided here.

Accepting writes the pair into the glossary proper (the editors' word list, one group a line), where it can
be seen and edited: the missing term joins the group that holds the other, a new line only when neither is
there, nothing when one group holds both. Undoing an acceptance takes out what it wrote. A decision commits
before the answer and republishes the acting pairs (store/acronym_pairs.py); this host reads them at once,
the others within word_lists.CHECK_SECONDS, and cached answers built before are not served again."""

from __future__ import annotations

from sqlalchemy import select

from analysis.acronyms import glossary_with_pair, glossary_without_pair
from api.context import db_sessions, hub, settings
from api.envelope import MSG_NOT_FOUND, ApiError
from api.services.access import require_editor
from kinds.common import iso
from store import acronym_pairs, cache_generation, word_lists
from store.acronym_pairs import ACCEPTED, MIN_DOCUMENTS, PENDING, AcronymPair
from store.models import User, WordList

PER_PAGE = 20
MSG_DECIDED = {ACCEPTED: "已采纳，已写入同义词表", acronym_pairs.REJECTED: "已拒绝，搜索不再使用", PENDING: "已撤销"}


def _acting(row: AcronymPair) -> bool:
    return row.status == ACCEPTED or (row.status == PENDING and row.documents >= MIN_DOCUMENTS)


def pair_view(row: AcronymPair, names: dict[int, str]) -> dict:
    return {
        "id": row.id,
        "abbreviation": row.abbreviation,
        "full_name": row.full_name,
        "documents": row.documents,
        "status": row.status,
        "acting": _acting(row),
        "in_glossary": bool(row.glossary_added),
        "first_seen": iso(row.first_seen),
        "last_seen": iso(row.last_seen),
        "decided_by": names.get(row.decided_by) if row.decided_by else None,
        "decided_at": iso(row.decided_at),
    }


def _names(db, rows: list[AcronymPair]) -> dict[int, str]:
    ids = {row.decided_by for row in rows if row.decided_by}
    return {user.id: user.name for user in db.scalars(select(User).where(User.id.in_(ids)))} if ids else {}


def list_pairs(args: dict) -> dict:
    require_editor()
    with db_sessions()() as db:
        rows, total = acronym_pairs.listed(db, args["status"], args["page"], PER_PAGE)
        names = _names(db, rows)
        return {
            "list": [pair_view(row, names) for row in rows],
            "total": total,
            "page": args["page"],
            "per_page": PER_PAGE,
            "status": args["status"],
        }


def _glossary_text(db) -> str:
    row = db.get(WordList, word_lists.GLOSSARY, with_for_update=True)  # no edit lands between read and write
    return row.text if row is not None else word_lists.read_file(settings().glossary_file)


def decide(pair_id: int, args: dict) -> tuple[dict, str]:
    """The pair with the editor's decision, and the message saying what it did."""
    user = require_editor()
    status = args["status"]
    with db_sessions()() as db:
        row = acronym_pairs.locked(db, pair_id)
        if row is None:
            raise ApiError(404, MSG_NOT_FOUND)
        if row.status != status:
            added = row.glossary_added
            if row.glossary_added:  # leaving 已采纳: what accepting wrote goes
                text = _glossary_text(db)
                word_lists.save(db, word_lists.GLOSSARY, glossary_without_pair(text, row.glossary_added), user.id)
                added = None
            if status == ACCEPTED:
                text, added = glossary_with_pair(_glossary_text(db), row.abbreviation, row.full_name)
                if added:
                    word_lists.save(db, word_lists.GLOSSARY, text, user.id)
            acronym_pairs.decide(db, row, status, user.id, added)
            db.commit()  # durable before the answer
            hub().glossary_source.recheck()  # this host at once; the others within word_lists.CHECK_SECONDS
            cache_generation.bump(hub().redis, settings().index_alias)
        return pair_view(row, _names(db, [row])), MSG_DECIDED[status]


__all__ = ["decide", "list_pairs", "pair_view"]
