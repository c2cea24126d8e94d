"""Papers by number or arXiv id, their hotness trend, their authors and an author's papers."""

from __future__ import annotations

from sqlalchemy import select

import kinds
from api.context import db_sessions, reader
from api.envelope import MSG_NOT_FOUND, ApiError
from api.read_cache import read_through
from api.services.attention import record_view
from api.trends import pad_series
from api.user_flags import apply_paper_flags
from indexer.queries.detail import build_paper_lookup
from indexer.queries.people import author_filter, build_author_papers, build_person_by_arxiv_name
from kinds.arxiv_ids import ArxivIdError, parse_arxiv
from store.models import Paper

PAPER = kinds.kind("paper")
PERSON = kinds.kind("person")


def find_paper(key: str, with_series: bool = False, timeout: float | None = None) -> dict:
    """The paper document for a number ('12') or any spelling of an arXiv id; 404 otherwise."""
    item_id = key if key.isdigit() else None
    arxiv_id = None
    if item_id is None:
        try:
            arxiv_id, _ = parse_arxiv(key)
        except ArxivIdError as exc:
            raise ApiError(404, MSG_NOT_FOUND) from exc
    hits = reader().hits(build_paper_lookup(item_id, arxiv_id, with_series), timeout)
    if not hits:
        raise ApiError(404, MSG_NOT_FOUND)
    return hits[0]["_source"]


def _stored_payload(key: str) -> dict | None:
    """The paper as the index will hold it, from the database: a paper written a moment ago (a member's
    submission) whose document the worker has not indexed yet. None when the database has none either."""
    with db_sessions()() as db:
        try:
            where = Paper.id == int(key) if key.isdigit() else Paper.arxiv_id == parse_arxiv(key)[0]
        except ArxivIdError:
            return None
        row = db.scalars(select(Paper).where(where)).one_or_none()
        return PAPER.payload(db, row) if row is not None else None


def _detail(key: str) -> dict:
    try:
        return PAPER.shape(find_paper(key)["source"], tag_limit=None)
    except ApiError as exc:
        stored = _stored_payload(key) if exc.status == 404 else None
        if stored is None:
            raise
        return PAPER.shape(stored, tag_limit=None)


def paper_detail(key: str) -> dict:
    info = dict(read_through({"id": key}, lambda: _detail(key)))
    record_view(PAPER.name, info["id"])  # by number, whichever spelling of the id was asked
    apply_paper_flags([info])  # on a copy: the cached answer is everyone's
    return info


def paper_trend(key: str) -> list:
    return read_through({"id": key}, lambda: pad_series(find_paper(key, True).get("hotness_series")))


# The heat a user page shows: the rolled-up heat of the person's named stories over the last 7 complete days
# (the rankings' 本周 figure), the same number under the same name (热度) as on /rankings.
HEAT_SHOWN = "heat_week"


def paper_user(args: dict) -> dict:
    """The person behind an arXiv author name (or a hub user id), with their paper count.

    An author without a hub account is answered from the papers alone (id null, score 0)."""

    def read() -> dict:
        if args.get("user_id") is not None:
            doc = reader().mget([PERSON.doc_id(args["user_id"])], ["source", HEAT_SHOWN])[0]
            if doc is None:
                raise ApiError(404, MSG_NOT_FOUND)
            person = {**doc["source"], "heat": float(doc.get(HEAT_SHOWN) or 0)}
        else:
            hits = reader().hits(build_person_by_arxiv_name(args["arxiv_name"]))
            person = (
                {**hits[0]["_source"]["source"], "heat": float(hits[0]["_source"].get(HEAT_SHOWN) or 0)}
                if hits
                else None
            )
        name = (person or {}).get("arxiv_name") or args.get("arxiv_name")
        count = reader().count({"bool": {"filter": author_filter(name)}}) if name else 0
        if person is None:
            if not count:
                raise ApiError(404, MSG_NOT_FOUND)
            person = {**PERSON.unlinked_author(name), "is_expert": False, "activity_count": 0, "heat": 0.0}
        return {**person, "paper_count": count}

    return read_through(args, read)


def author_papers(args: dict) -> dict:
    """Papers whose authors include exactly that name, newest first."""

    def read() -> dict:
        body = build_author_papers(args["arxiv_name"], args["page"], args["size"])
        return reader().page(body, args["page"], args["size"])

    return read_through(args, read)
