"""The hub's link-feed calls (spec section 7): GET /api/v3/link/authorize/checking, GET
/api/v3/link/authorize, GET /api/v3/paper/action/<id>/<action> (publish a paper to the link feed) and
POST /api/v1/story/update_post_id. The link service's own calls are in api/routes/link_service.py."""

from __future__ import annotations

from flask import redirect
from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import MSG_DONE, envelope_of, ok
from api.schemas.link import (
    AuthorizeArgs,
    AuthorizeCheckSchema,
    AuthorizeSchema,
    CallbackArgs,
    PostIdSchema,
    PublishedSchema,
    UpdatePostIdBody,
)
from api.services import link_feed

reads = HubBlueprint("link_reads", __name__, url_prefix="/api", description="Link feed: authorization check")
writes = HubBlueprint("link_writes", __name__, url_prefix="/api", description="Link feed: authorize, publish")

NO_LINK_AUTH = "no or a refused bearer token: {code: 401, msg: '请先授权社区动态'} (the UI starts the authorize flow)"


@reads.route("/v3/link/authorize/checking")
class AuthorizeChecking(MethodView):
    @reads.response(200, envelope_of(AuthorizeCheckSchema))
    def get(self):
        """Whether the bearer token the UI sends (its stored link token) is good at the link service and,
        with the built-in service, the signed-in user's. Never an error for a missing or stale token."""
        return ok(link_feed.check())


@writes.route("/v3/link/authorize")
class Authorize(MethodView):
    @writes.arguments(AuthorizeArgs, location="query")
    @writes.response(200, envelope_of(AuthorizeSchema))
    @writes.write_errors()
    @writes.alt_response(
        503,
        description="a remote link server unreachable or refusing the registration: 社区动态服务暂时不可用，请稍后再试",
    )
    def get(self, args):
        """Built-in link service: a new bearer token for the signed-in caller (sends X-CSRF-Token, though a
        GET: it creates a credential); the UI keeps it under its local key. A remote server
        (HUB_LINK_BASE_URL): `access_token` is null and `authorize_url` is that server's consent page; the
        browser goes there and comes back through /v3/link/authorize/callback to `next`."""
        return ok(link_feed.authorize(), MSG_DONE)


@writes.route("/v3/link/authorize/callback")
class AuthorizeCallback(MethodView):
    @writes.arguments(CallbackArgs, location="query")
    @writes.response(302, description="back to the page the authorization started on, with `link_auth=1`")
    @writes.alt_response(404, description="no remote link server is configured")
    @writes.alt_response(429, description="rate limit: {code: 429, msg: '操作太频繁，请稍后再试'}")
    def get(self, args):
        """The remote link server sends the browser back here (`code` and `state`, or `error`). The state
        must be the one kept in the session; the code is exchanged for a token. The outcome waits in the
        session for one pick-up (GET /v3/link/authorize/result); the token never travels in a URL."""
        return redirect(link_feed.authorize_callback(), 302)


@writes.route("/v3/link/authorize/result")
class AuthorizeResult(MethodView):
    @writes.response(200, envelope_of(AuthorizeSchema))
    @writes.write_errors(forbidden="signed out: 请先登录")
    @writes.alt_response(404, description="nothing to pick up: 没有待领取的授权结果")
    @writes.alt_response(503, description="the remote link server was unreachable: 社区动态服务暂时不可用，请稍后再试")
    def get(self):
        """The outcome of the remote authorization, once: the token (the UI stores it under its local
        key), or why it failed (400: 你拒绝了社区动态的授权, 授权请求已失效，请重新授权, 社区动态服务拒绝了授权，请重新授权)."""
        return ok(link_feed.authorize_result(), MSG_DONE)


@writes.route("/v3/paper/action/<string:paper_id>/<string:action>")
class PaperAction(MethodView):
    @writes.response(200, envelope_of(PublishedSchema))
    @writes.write_errors()
    @writes.alt_response(401, description=NO_LINK_AUTH)
    @writes.alt_response(404, response="NOT_FOUND")
    def get(self, paper_id: str, action: str):
        """`publish`: the paper (by number or arXiv id) posted to the link feed as the caller (bearer token of the link service,
        X-CSRF-Token), once per paper; other actions 400 `不支持的操作`."""
        return ok(link_feed.publish_paper(paper_id, action), MSG_DONE)


@writes.route("/v1/story/update_post_id")
class UpdatePostId(MethodView):
    @writes.arguments(UpdatePostIdBody)
    @writes.response(200, envelope_of(PostIdSchema))
    @writes.write_errors(
        forbidden="signed out: 请先登录; the post is set and the caller is not the author or an editor: 没有权限"
    )
    @writes.alt_response(404, response="NOT_FOUND")
    def post(self, args):
        """The link post that discusses a story (after sharing it to the link feed): set by the first
        share, changed afterwards only by its author or an editor; the post must exist (400 `动态不存在`)."""
        return ok(link_feed.update_post_id(args), MSG_DONE)
