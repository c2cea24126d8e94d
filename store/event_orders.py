"""Event sign-ups: one order per user per event, and never more orders than seats.

The unique constraint (event_id, user_id) refuses a second sign-up: the order is added with an insert
that does nothing on conflict, as the transaction's first write (on SQLite it takes the write lock; on
PostgreSQL a concurrent insert of the same pair waits and then affects no row). Only then is a seat
taken, with one conditional `UPDATE events SET order_count = order_count + 1 WHERE order_count <
capacity`, so two people racing for the last seat cannot both get it. The caller commits or rolls back."""

from __future__ import annotations

import secrets
from enum import Enum

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from store.models import Event, EventOrder, utcnow
from store.story_actions import insert_ignoring_conflict


class Placed(Enum):
    PLACED = "placed"
    DUPLICATE = "duplicate"
    FULL = "full"


def place_order(session: Session, event_id: int, user_id: int, fields: dict) -> Placed:
    """Add the order and take a seat. On FULL the order row was added: the caller must roll back."""
    values = {
        "event_id": event_id,
        "user_id": user_id,
        "code": secrets.token_urlsafe(24),
        "created_at": utcnow(),
        **fields,
    }
    if session.execute(insert_ignoring_conflict(session, EventOrder, values)).rowcount != 1:
        return Placed.DUPLICATE
    seat = session.execute(
        update(Event)
        .where(Event.id == event_id, or_(Event.capacity.is_(None), Event.order_count < Event.capacity))
        .values(order_count=Event.order_count + 1)
        .execution_options(synchronize_session=False)
    )
    return Placed.PLACED if seat.rowcount == 1 else Placed.FULL


def orders_of(session: Session, user_id: int, event_ids: list[int]) -> dict[int, EventOrder]:
    """The user's orders for these events, by event id."""
    query = select(EventOrder).where(EventOrder.user_id == user_id, EventOrder.event_id.in_(event_ids))
    return {order.event_id: order for order in session.scalars(query)}


__all__ = ["Placed", "orders_of", "place_order"]
