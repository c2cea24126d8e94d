"""The editors' anomaly list (the signals issue, part 6): item days whose heat comes mostly from one
network or from accounts created that day, and the editor's discount that takes such a day out of the
lists (store/heat.py keeps its counts, gives it no heat, and the queued rollup republishes the windows)."""

from __future__ import annotations

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError

from api.context import db_sessions
from api.envelope import MSG_NOT_FOUND, ApiError
from api.outbox_kick import send_task
from api.services.access import require_editor
from store.heat import heat_of
from store.models import Event, HeatDiscount, ItemHeatDay, Paper, Project, Story

# A day is listed when at least this many people looked (views and clicks) and one network holds this
# share of them, or accounts created that day do.
MIN_PEOPLE = 3
ONE_NETWORK_SHARE = 0.6
NEW_ACCOUNT_SHARE = 0.5
LISTED = 50
ROLLUP_TASK = "hub.rollup_heat"
TITLES = {
    "story": (Story, Story.title),
    "paper": (Paper, func.coalesce(Paper.title_cn, Paper.title)),
    "event": (Event, Event.name),
    "project": (Project, Project.repo),
}


def _titles(db, rows: list[ItemHeatDay]) -> dict[tuple[str, int], str]:
    titles = {}
    for kind, (model, column) in TITLES.items():
        ids = [r.item_id for r in rows if r.item_type == kind]
        if ids:
            titles.update({(kind, i): t for i, t in db.execute(select(model.id, column).where(model.id.in_(ids)))})
    return titles


def list_anomalies(args: dict) -> dict:
    require_editor()
    with db_sessions()() as db:
        day = args.get("day") or db.scalar(select(func.max(ItemHeatDay.day)))
        if day is None:
            return {"day": None, "list": []}
        rows = list(
            db.scalars(
                select(ItemHeatDay)
                .where(
                    ItemHeatDay.day == day,
                    ItemHeatDay.item_type.in_(TITLES),
                    ItemHeatDay.views + ItemHeatDay.clicks >= MIN_PEOPLE,
                    or_(
                        ItemHeatDay.top_network_share >= ONE_NETWORK_SHARE,
                        ItemHeatDay.new_account_share >= NEW_ACCOUNT_SHARE,
                    ),
                )
                .order_by((ItemHeatDay.views + ItemHeatDay.clicks).desc(), ItemHeatDay.item_type, ItemHeatDay.item_id)
                .limit(LISTED)
            )
        )
        discounted = set(
            db.execute(select(HeatDiscount.item_type, HeatDiscount.item_id).where(HeatDiscount.day == day)).all()
        )
        titles = _titles(db, rows)
        return {
            "day": day,
            "list": [
                {
                    "item_type": r.item_type,
                    "item_id": r.item_id,
                    "title": titles.get((r.item_type, r.item_id)),
                    "views": r.views,
                    "clicks": r.clicks,
                    "networks": r.networks,
                    "accounts": r.accounts,
                    "top_network_share": r.top_network_share,
                    "new_account_share": r.new_account_share,
                    "replies": r.replies,
                    "heat": heat_of(r),
                    "discounted": (r.item_type, r.item_id) in discounted,
                }
                for r in rows
            ],
        }


def discount(args: dict) -> dict:
    """Take an item's day out of the lists; idempotent. The rollup is queued at once (today included)."""
    editor = require_editor()
    key = (args["day"], args["item_type"], args["item_id"])
    with db_sessions()() as db:
        if db.get(ItemHeatDay, key) is None:
            raise ApiError(404, MSG_NOT_FOUND)
        if db.get(HeatDiscount, key) is None:
            db.add(HeatDiscount(day=key[0], item_type=key[1], item_id=key[2], created_by=editor.id))
            try:
                db.commit()
            except IntegrityError:  # two editors at once: one discount
                db.rollback()
    return {"discounted": True, "queued": send_task(ROLLUP_TASK, expires=3600, args=[True])}


__all__ = ["discount", "list_anomalies"]
