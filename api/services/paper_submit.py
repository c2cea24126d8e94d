"""A member submits a paper by its arXiv number or address (issue 34, as Hugging Face Papers readers do):
one paper per arXiv number, so a paper the hub has is answered as it is; a new one is read from arXiv
through the arXiv source (its configured address only, its HTTP policy) and written as the source writes
it, then indexed through the outbox like every write."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select

from api.context import db_sessions, settings
from api.envelope import ApiError
from api.schemas.writes import MSG_ARXIV_INPUT
from api.services.access import require_user
from ingest.sources.arxiv import fetch_paper, write_papers
from ingest.sources.config import SourcesConfig, http_policy
from ingest.sources.http import PoliteHttp, SourceError
from kinds.arxiv_ids import ArxivIdError, parse_arxiv
from store.models import Paper

MSG_NOT_ON_ARXIV = "arXiv 上没有这篇论文"
MSG_ARXIV_AWAY = "暂时无法访问 arXiv，请稍后再试"
MSG_SUBMITTED = "提交成功"
MSG_KNOWN = "论文已收录"
SUBMIT_TIMEOUT = 5.0  # seconds


def _stored(number: str) -> int | None:
    with db_sessions()() as db:
        return db.scalar(select(Paper.id).where(Paper.arxiv_id == number))


def submit_paper(args: dict) -> tuple[dict, str]:
    require_user()
    try:
        number, _version = parse_arxiv(args["arxiv"])
    except ArxivIdError as exc:
        raise ApiError(400, MSG_ARXIV_INPUT, {"errors": {"json": {"arxiv": [MSG_ARXIV_INPUT]}}}) from exc
    known = _stored(number)
    if known is not None:
        return {"id": known, "arxiv_id": number, "created": False}, MSG_KNOWN
    config = SourcesConfig.from_settings(settings())
    # A member waits for this answer: a few seconds at most, whatever a source's run may wait.
    policy = http_policy(settings())
    http = PoliteHttp(replace(policy, timeout=min(policy.timeout, SUBMIT_TIMEOUT)), (config.arxiv_url,))
    try:
        item = fetch_paper(http, config.arxiv_url, number)
    except SourceError as exc:  # unreachable, slow, refused or malformed: the member may try again
        raise ApiError(503, MSG_ARXIV_AWAY) from exc
    finally:
        http.close()
    if item is None:
        raise ApiError(404, MSG_NOT_ON_ARXIV)
    with db_sessions()() as db:
        write_papers(db, [item])
        db.commit()  # durable before the answer; the commit asks for a drain (store/outbox_hook.py)
    return {"id": _stored(number), "arxiv_id": number, "created": True}, MSG_SUBMITTED


__all__ = ["submit_paper"]
