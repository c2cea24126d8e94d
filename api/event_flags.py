"""What an event_info says for this caller and this site: the time line in the site's zone (when the
event has no written time_desc), and for a signed-in caller `order_status` / `order_info` from the
database (read-your-writes: a sign-up shows at once, like vote flags; the index holds no orders)."""

from __future__ import annotations

from api.context import db_sessions, settings
from api.event_times import time_line
from api.session_user import current_user
from kinds.common import iso
from store.event_orders import orders_of
from store.models import EventOrder

SIGNED_UP = 1


def ticket(order: EventOrder, info: dict) -> dict:
    """The Ticket of spec section 3 for an order of the event `info` describes."""
    return {
        "encode_oder_id": order.code,
        "tick_name": order.name,
        "name": info.get("oldName") or info["name"],
        "time_desc": info.get("time_desc"),
        "address": info.get("address"),
        "mobile": order.phone or None,
        "email": order.email or None,
        "created_at": iso(order.created_at),
    }


def apply_event_flags(event_infos: list[dict]) -> None:
    zone_name = settings().timezone
    for info in event_infos:
        if not info.get("time_desc"):
            info["time_desc"] = time_line(info["start_time"], info["end_time"], zone_name)
        info["order_status"] = None
        info["order_info"] = None
    user = current_user()
    if user is None or not event_infos:
        return
    with db_sessions()() as db:
        orders = orders_of(db, user.id, [info["id"] for info in event_infos])
    for info in event_infos:
        order = orders.get(info["id"])
        if order is not None:
            info["order_status"] = SIGNED_UP
            info["order_info"] = ticket(order, info)


__all__ = ["SIGNED_UP", "apply_event_flags", "ticket"]
