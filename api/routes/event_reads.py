"""Reads of issue 13: calendar files (GET /api/v1/story/subscription/, GET /api/v1/events/calendar.ics),
the wish-lecture state (POST /api/v3/paper/wish_lectures/status) and the caller's messages
(GET /api/v1/messages/is_read, GET /api/v1/messages)."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import HubBlueprint
from api.envelope import envelope_of, ok
from api.schemas.events import (
    CalendarFeedQuery,
    MessagePageSchema,
    MessagesQuery,
    SubscriptionQuery,
    UnreadSchema,
    WishBody,
    WishStateSchema,
)
from api.services.calendar import subscription, upcoming_feed
from api.services.messages import messages_page, unread
from api.services.wish_lectures import wish_status

blp = HubBlueprint("event_reads", __name__, url_prefix="/api", description="Calendars, wishes, messages")

SIGNED_OUT_401 = "anonymous: {code: 401, msg: '请先登录'}"


@blp.route("/v1/story/subscription/")
class Subscription(MethodView):
    @blp.arguments(SubscriptionQuery, location="query")
    @blp.response(200, content_type="text/calendar", description="an .ics file (attachment)")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, args):
        """Calendar file of an event (`id`), or of the entry the query describes (title, start_time,
        end_time, description, url, location). Times in the site's zone (HUB_TIMEZONE)."""
        return subscription(args)


@blp.route("/v1/events/calendar.ics")
class CalendarFeed(MethodView):
    @blp.arguments(CalendarFeedQuery, location="query")
    @blp.response(200, content_type="text/calendar", description="an iCalendar feed")
    def get(self, args):
        """Upcoming events (not yet over, soonest first, at most 200), of any of the `label` tags: a feed
        that calendar apps subscribe to."""
        return upcoming_feed(args)


@blp.route("/v3/paper/wish_lectures/status")
class WishStatus(MethodView):
    @blp.arguments(WishBody)
    @blp.response(200, envelope_of(WishStateSchema))
    @blp.alt_response(404, response="NOT_FOUND")
    def post(self, args):
        """Whether the caller wished for a lecture on the paper (false signed out) and how many did."""
        return ok(wish_status(args))


@blp.route("/v1/messages/is_read")
class IsRead(MethodView):
    @blp.response(200, envelope_of(UnreadSchema))
    @blp.alt_response(401, description=SIGNED_OUT_401)
    def get(self):
        """The unread check: {is_read (nothing unread), unread_count}."""
        return ok(unread())


@blp.route("/v1/messages")
class Messages(MethodView):
    @blp.arguments(MessagesQuery, location="query")
    @blp.response(200, envelope_of(MessagePageSchema))
    @blp.alt_response(401, description=SIGNED_OUT_401)
    def get(self, args):
        """The caller's messages, newest first: story voted, bookmarked, deleted by a moderator (reason)."""
        return ok(messages_page(args))
