"""The hub's side of the link feed (spec section 7): the authorize check and the authorize call, a paper
published to the link feed, and a story's link post. The link service is reached only through `client()`
(a `LinkApi`: the built-in service in-process, or the configured remote server), with the caller's bearer
token from the request's Authorization header (the UI sends it when a token is stored, per section 6)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from flask import request
from sqlalchemy import select, update

from api.auth.csrf import verify_csrf
from api.context import db_sessions, settings
from api.envelope import MSG_NOT_FOUND, MSG_TOO_MANY, ApiError
from api.public_origin import public_origin
from api.services import link_oauth
from api.services.access import forbid, live_story, may_edit, require_user
from api.services.link_client import LinkApi, LinkClient, LinkServiceError
from api.services.link_in_process import InProcessLink
from api.session_user import current_user
from kinds.arxiv_ids import ArxivIdError, parse_arxiv
from linkservice.statuses import bearer_token
from outbound import ConcurrencyCap
from store import link as store
from store.models import Paper, Story

MSG_AUTHORIZE = "请先授权社区动态"
MSG_ACTION = "不支持的操作"
MSG_POST_GONE = "动态不存在"
# Calls to a remote link server at once per account in this process: one account's slow server
# cannot hold the request threads everyone else needs.
REMOTE_CALLS_PER_ACCOUNT = 2
_remote_calls = ConcurrencyCap(REMOTE_CALLS_PER_ACCOUNT)


def client() -> LinkApi:
    """The built-in service is called in-process; a configured server by its configured URL only."""
    conf = settings()
    if not conf.link_base_url:
        return InProcessLink()
    return LinkClient(conf.link_base_url, timeout=conf.link_timeout, allow_private=conf.outbound_allow_private)


@contextmanager
def _calling(user_id: int | None) -> Iterator[None]:
    """A slot for one call to a remote server on behalf of `user_id`; 429 when the account has its share."""
    if not settings().link_base_url:
        yield
        return
    with _remote_calls.hold(user_id) as taken:
        if not taken:
            raise ApiError(429, MSG_TOO_MANY)
        yield


def public_base() -> str:
    conf = settings()
    return conf.link_base_url or conf.link_service_prefix


def _service_error(exc: LinkServiceError) -> ApiError:
    if exc.status == 401:
        return ApiError(401, MSG_AUTHORIZE)
    if exc.status == 404:
        return ApiError(404, MSG_POST_GONE)
    return ApiError(503 if exc.status >= 500 else 400, exc.message)


def check() -> dict:
    """Whether the caller's stored token (sent as the bearer header) is good. The built-in service's
    tokens are the hub's own: good only for the signed-in user who got it (a token another account
    left in the browser is not). A remote service is asked (verify_credentials)."""
    token = bearer_token()
    answer = {"authorized": False, "base_url": public_base(), "account": None}
    if not token:
        return answer
    if not settings().link_base_url:
        user = current_user()
        with db_sessions()() as db:
            owner = store.user_of_token(db, token)
            if user is None or owner is None or owner.id != user.id:
                return answer
            account = {"id": str(owner.id), "display_name": owner.name}
    else:
        try:
            with _calling(getattr(current_user(), "id", None)):
                account = client().verify_credentials(token)
        except LinkServiceError as exc:
            if exc.status == 401:
                return answer
            raise _service_error(exc) from exc
    answer.update(authorized=True, account={"id": str(account.get("id")), "display_name": account.get("display_name")})
    return answer


def authorize() -> dict:
    """The built-in service: a new bearer token for the signed-in caller at once (the UI stores it
    locally). A remote server: the URL of its consent page (api/services/link_oauth.py); the token comes
    back through the callback and `authorize_result`. `next` is the page to return to."""
    user = require_user()
    verify_csrf()
    conf = settings()
    if conf.link_base_url:
        return link_oauth.start(conf.link_base_url, request.args.get("next"), conf.link_timeout)
    with db_sessions()() as db:
        token = store.issue_token(db, user.id, timedelta(days=conf.link_token_days))
        db.commit()
    return {"access_token": token, "token_type": "Bearer", "scope": "read write", "base_url": public_base()}


def authorize_callback() -> str:
    """Where the remote server sends the browser back; answers where the browser goes next."""
    conf = settings()
    if not conf.link_base_url:
        raise ApiError(404, MSG_NOT_FOUND)
    return link_oauth.finish(conf.link_base_url, conf.link_timeout)


def authorize_result() -> dict:
    """The remote authorization's outcome, once: the token, or the error that ended it."""
    require_user()
    return link_oauth.pick_up()


def _token() -> str:
    token = bearer_token()
    if not token:
        raise ApiError(401, MSG_AUTHORIZE)
    return token


def _find_paper(db, key: str) -> Paper | None:
    """By number (the row id) or arXiv id, as GET /v3/paper/{id} takes it."""
    if key.isascii() and key.isdigit():
        return db.get(Paper, int(key)) if len(key) < 12 else None
    try:
        number, _version = parse_arxiv(key)
    except ArxivIdError:
        return None
    return db.scalars(select(Paper).where(Paper.arxiv_id == number)).one_or_none()


def publish_paper(key: str, action: str) -> dict:
    """`publish`: post the paper to the link feed as the caller, once per paper (a second call answers
    the existing post while it still exists)."""
    user = require_user()
    verify_csrf()
    if action != "publish":
        raise ApiError(400, MSG_ACTION)
    token = _token()
    with db_sessions()() as db:
        paper = _find_paper(db, key)
        if paper is None:
            raise ApiError(404, MSG_NOT_FOUND)
        paper_id, title, arxiv_id, existing = (
            paper.id,
            paper.title_cn or paper.title,
            paper.arxiv_id,
            paper.link_post_id,
        )
    link = client()
    try:
        with _calling(user.id):
            if existing:
                try:
                    post = link.status(existing, token)
                    return {"post_id": post["id"], "url": post.get("url"), "created": False}
                except LinkServiceError as exc:
                    if exc.status != 404:
                        raise
            post = link.post_status(token, f"{title}\n{public_origin()}/paper/{arxiv_id}")
    except LinkServiceError as exc:
        raise _service_error(exc) from exc
    with db_sessions()() as db:
        db.execute(update(Paper).where(Paper.id == paper_id).values(link_post_id=post["id"]))
        db.commit()
    return {"post_id": post["id"], "url": post.get("url"), "created": True}


def update_post_id(args: dict) -> dict:
    """Record the link post that discusses a story: the first share sets it; changing it afterwards is
    for the author or an editor. The post must exist at the link service."""
    user = require_user()
    token = bearer_token() or None
    with db_sessions()() as db:
        story = live_story(db.get(Story, args["story_id"]))
        if story.link_post_id and story.link_post_id != args["post_id"] and not may_edit(user, story):
            raise forbid()
    try:
        with _calling(user.id):
            client().status(args["post_id"], token)
    except LinkServiceError as exc:
        if exc.status == 404:
            raise ApiError(400, MSG_POST_GONE) from exc
        raise _service_error(exc) from exc
    with db_sessions()() as db:
        db.execute(update(Story).where(Story.id == args["story_id"]).values(link_post_id=args["post_id"]))
        db.commit()
    return {"story_id": args["story_id"], "post_id": args["post_id"]}


__all__ = ["authorize", "authorize_callback", "authorize_result", "check", "publish_paper", "update_post_id"]
