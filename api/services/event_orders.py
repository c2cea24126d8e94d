"""Event sign-up (POST /v1/events/saveOrder, spec section 4): signed in, the event not yet over, one
order per user per event (the database's unique constraint), no more orders than seats. The order is
committed before the answer; the answer carries the ticket, so the UI shows 已报名 at once."""

from __future__ import annotations

from datetime import UTC, datetime

import kinds
from api.context import db_sessions
from api.envelope import MSG_ALREADY_SIGNED_UP, MSG_EVENT_ENDED, MSG_EVENT_FULL, MSG_NOT_FOUND, ApiError
from api.event_flags import SIGNED_UP, apply_event_flags, ticket
from api.event_times import as_utc
from api.services.access import require_user
from store.event_orders import Placed, orders_of, place_order
from store.models import Event

EVENT = kinds.kind("event")
CONFLICTS = {Placed.DUPLICATE: MSG_ALREADY_SIGNED_UP, Placed.FULL: MSG_EVENT_FULL}


# A seat is a scarce thing to count: only an account whose e-mail the provider verified may take one
# (the spec joins directly only a member "logged in with an e-mail"; the hub keeps an e-mail only when
# it is verified, store/identities.py), so a burst of fresh accounts cannot empty an event.
MSG_EMAIL_UNVERIFIED = "请先验证邮箱后再报名"


def save_order(args: dict) -> dict:
    user = require_user()
    if not user.email:
        raise ApiError(403, MSG_EMAIL_UNVERIFIED)
    fields = {
        "name": args["name"],
        "phone": args.get("phone") or None,
        "region": args.get("region") or None,
        "email": args["email"],
    }
    with db_sessions()() as db:
        event = db.get(Event, args["activityId"])
        if event is None:
            raise ApiError(404, MSG_NOT_FOUND)
        if as_utc(event.end_time) < datetime.now(UTC):
            raise ApiError(409, MSG_EVENT_ENDED)
        placed = place_order(db, event.id, user.id, fields)
        if placed is not Placed.PLACED:
            db.rollback()
            raise ApiError(409, CONFLICTS[placed])
        db.commit()  # durable (SQLite synchronous FULL / PostgreSQL commit) before the answer
        info = EVENT.shape(EVENT.payload(db, event), tag_limit=None)
        order = orders_of(db, user.id, [event.id])[event.id]
    apply_event_flags([info])  # the time line in the site's zone, which the ticket repeats
    return {"order_status": SIGNED_UP, "order_info": ticket(order, info)}


__all__ = ["save_order"]
