"""Writes of issue 13 (signed in, CSRF, rate limited with the other writes): POST /api/v1/events/saveOrder
(event sign-up), POST /api/v3/paper/wish_lectures/start, and POST /api/v1/messages/read. WeChat sharing's signature call is in api/routes/wechat_share.py."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import MSG_DONE, MSG_SIGNED_UP, envelope_of, ok
from api.schemas.events import (
    MarkReadBody,
    OrderStateSchema,
    SaveOrderBody,
    UnreadSchema,
    WishBody,
    WishStateSchema,
)
from api.services.event_orders import save_order
from api.services.messages import read_messages
from api.services.wish_lectures import wish_start

blp = HubBlueprint("event_writes", __name__, url_prefix="/api", description="Event sign-up, wishes, messages")

CONFLICT = (
    "already signed up: 您已报名该活动; no seat left: 名额已满，报名人数已达上限; event over: 活动已结束，无法报名"
)


@blp.route("/v1/events/saveOrder")
class SaveOrder(MethodView):
    @blp.arguments(SaveOrderBody)
    @blp.response(200, envelope_of(OrderStateSchema))
    @blp.write_errors()
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, description=CONFLICT)
    def post(self, args):
        """Sign up for an event (signed in). data: {order_status: 1, order_info: ticket}; msg `报名成功`.
        One sign-up per user and event (409 on a second), never more than the event's capacity (409). The
        account's e-mail must be verified at the sign-in provider (403 `请先验证邮箱后再报名`)."""
        return ok(save_order(args), MSG_SIGNED_UP)


@blp.route("/v3/paper/wish_lectures/start")
class WishStart(MethodView):
    @blp.arguments(WishBody)
    @blp.response(200, envelope_of(WishStateSchema))
    @blp.write_errors()
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, args):
        """Wish for a lecture on a paper (type 1 or 2, default 1; signed in). Idempotent."""
        return ok(wish_start(args), MSG_DONE)


@blp.route("/v1/messages/read")
class MessagesRead(MethodView):
    @blp.arguments(MarkReadBody)
    @blp.response(200, envelope_of(UnreadSchema))
    @blp.write_errors()
    def post(self, args):
        """Mark the caller's messages read: the ids given, or all. data: the unread state after."""
        return ok(read_messages(args), MSG_DONE)
