"""Discussion under stories and papers (issue 34): GET/POST /api/v1/discussions/{kind}/{item_id}, a reply's
children, like / unlike / report / unreport / delete a reply, and a member's replies (GET /api/v1/users/{id}/replies).
Writes: signed in, CSRF-checked (api/auth/csrf.py) and rate-limited (the writes' limit and the replies' own)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import MSG_DELETED, MSG_DONE, MSG_REPORT_CANCELLED, MSG_REPORTED, envelope_of, ok
from api.schemas.discussions import (
    ChildrenArgs,
    ChildrenSchema,
    LikeStateSchema,
    ReplyBody,
    ReplyDeleteBody,
    ReplyDeletedSchema,
    ReplyReportBody,
    ReplyReportedSchema,
    ReplySchema,
    ThreadArgs,
    ThreadSchema,
    UserRepliesArgs,
    UserRepliesSchema,
)
from api.services import discussions

MSG_COMMENTED = "评论成功"
MSG_HIDDEN = "已在本站隐藏，远程服务器上的原文仅作者可删除"
NO_LINK_AUTH = "a remote link server is configured and no link token was sent: {code: 401, msg: '请先授权社区动态'}"
GONE = "unknown reply, deleted, or its item deleted: {code: 404, msg: '评论不存在'}"

reads = HubBlueprint("discussion_reads", __name__, url_prefix="/api", description="Discussion threads: read")
writes = HubBlueprint("discussion_writes", __name__, url_prefix="/api", description="Discussion threads: write")


@reads.route("/v1/discussions/<string:kind>/<string:item_id>")
class Thread(MethodView):
    @reads.arguments(ThreadArgs, location="query")
    @reads.response(200, envelope_of(ThreadSchema))
    @reads.alt_response(404, description="unknown kind, unknown or deleted item: {code: 404, msg: '内容不存在'}")
    def get(self, args, kind: str, item_id: str):
        """The item's thread (kind story | paper; item_id as its page takes it): level-1 replies, `new`
        (newest first) or `hot` (likes plus replies, then newest), each with its first `children` replies
        (oldest first; a reply to one of them is flat with `reply_to`). A deleted reply with live replies
        is a tombstone (`deleted`, no author or text)."""
        return ok(discussions.thread(kind, item_id, args))


# The same path on the writes blueprint: its POST is limited like every write.
@writes.route("/v1/discussions/<string:kind>/<string:item_id>")
class ThreadReply(MethodView):
    @writes.arguments(ReplyBody)
    @writes.response(200, envelope_of(ReplySchema))
    @writes.write_errors()
    @writes.alt_response(
        400,
        description="评论内容不能为空, 评论内容不能超过1000个字符, 回复的评论不存在, 引用的评论不存在",
    )
    @writes.alt_response(401, description=NO_LINK_AUTH)
    @writes.alt_response(404, description="unknown kind, unknown or deleted item: {code: 404, msg: '内容不存在'}")
    def post(self, args, kind: str, item_id: str):
        """Reply (signed in): to the item (no `reply_to_id`) or to a reply of its thread; may quote one
        (`quote_id`). The first reply posts the item's link post. msg `评论成功`."""
        return ok(discussions.post_reply(kind, item_id, args), MSG_COMMENTED)


@reads.route("/v1/replies/<string:reply_id>/children")
class Children(MethodView):
    @reads.arguments(ChildrenArgs, location="query")
    @reads.response(200, envelope_of(ChildrenSchema))
    @reads.alt_response(404, description=GONE)
    def get(self, args, reply_id: str):
        """A level-1 reply's replies, oldest first (加载更多)."""
        return ok(discussions.children(reply_id, args))


def _like_view(on: bool) -> type[MethodView]:
    class Like(MethodView):
        @writes.response(200, envelope_of(LikeStateSchema))
        @writes.write_errors()
        @writes.alt_response(401, description=NO_LINK_AUTH)
        @writes.alt_response(404, description=GONE)
        def post(self, reply_id: str):
            return ok(discussions.like(reply_id, on), MSG_DONE)

    Like.post.__doc__ = (
        f"{'Like' if on else 'Unlike'} a reply (empty body; the liker is the signed-in member): idempotent."
    )
    Like.__name__ = "ReplyLike" if on else "ReplyUnlike"
    return Like


writes.route("/v1/replies/<string:reply_id>/like", endpoint="like")(_like_view(True))
writes.route("/v1/replies/<string:reply_id>/unlike", endpoint="unlike")(_like_view(False))


@writes.route("/v1/replies/<string:reply_id>/report")
class ReplyReport(MethodView):
    @writes.arguments(ReplyReportBody)
    @writes.response(200, envelope_of(ReplyReportedSchema))
    @writes.write_errors()
    @writes.alt_response(400, description="the story report's messages (请选择举报类型, 请填写举报链接, ...)")
    @writes.alt_response(404, description=GONE)
    def post(self, args, reply_id: str):
        """Report a reply with the story reports' reasons and rules (the link as `link`); again replaces
        the reason. msg `举报成功`."""
        return ok(discussions.report(reply_id, args), MSG_REPORTED)


@writes.route("/v1/replies/<string:reply_id>/unreport")
class ReplyUnreport(MethodView):
    @writes.response(200, envelope_of(ReplyReportedSchema))
    @writes.write_errors()
    @writes.alt_response(404, description=GONE)
    def post(self, reply_id: str):
        """Take one's report of a reply back (empty body; none to take back changes nothing). msg `取消举报成功`."""
        return ok(discussions.unreport(reply_id), MSG_REPORT_CANCELLED)


@writes.route("/v1/replies/<string:reply_id>/delete")
class ReplyDelete(MethodView):
    @writes.arguments(ReplyDeleteBody)
    @writes.response(200, envelope_of(ReplyDeletedSchema))
    @writes.write_errors(forbidden="signed out: 请先登录; not the author and not an editor: 没有权限")
    @writes.alt_response(400, description="an editor without a reason: 请填写删除原因; 删除原因不能超过200个字符")
    @writes.alt_response(404, description=GONE)
    @writes.alt_response(401, description=NO_LINK_AUTH + " (the author's delete of a reply the remote server holds)")
    def post(self, args, reply_id: str):
        """Delete a reply: the author their own; an editor any, with a reason the author is told in 消息.
        msg `删除成功`. With a remote link server the author's delete is sent there (DELETE
        /api/v1/statuses/:id with their link token); an editor's delete of another member's reply held
        there only hides it here (`remote_kept`, msg `已在本站隐藏，远程服务器上的原文仅作者可删除`)."""
        answer = discussions.delete(reply_id, args)
        return ok(answer, MSG_HIDDEN if answer["remote_kept"] else MSG_DELETED)


@reads.route("/v1/users/<id:user_id>/replies")
class UserReplies(MethodView):
    @reads.arguments(UserRepliesArgs, location="query")
    @reads.response(200, envelope_of(UserRepliesSchema))
    @reads.alt_response(404, response="NOT_FOUND")
    def get(self, args, user_id: int):
        """A member's replies, newest first, each with the item it belongs to."""
        return ok(discussions.user_replies(user_id, args))
