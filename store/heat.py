"""Heat: interactions per item per day turned into one number, and the windows documents carry.

The rollup (worker task `hub.rollup_heat`, daily at 0:00 in `HUB_HEAT_TIMEZONE`, Asia/Shanghai):

1. consumes the attention stream into `attention_marks` (store/attention.py);
2. recomputes `item_heat_days` for the last `RECOMPUTE_DAYS` complete days from the marks (distinct
   visitors viewing and clicking), the flag tables the writes keep (votes, bookmarks, reports, by
   the day they were made; an undone vote is gone from its day too), the verified members who replied
   in the item's discussion that day (each once), and a person's day as the sum
   of their named (not anonymous, not deleted) stories' heat;
3. publishes windows: each item's heat summed over the last 1 / 3 / 7 / 30 complete days into
   `item_heat_windows`; every item whose windows (or newest day) changed gets its version bumped and
   an outbox entry, so the drain rebuilds its document (with external versions, like any change).

Days are calendar days in the configured zone; "complete" means before the rollup's own day, so the
windows only move at 0:00 (the hot filter's note: 数据每日 0:00 更新)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from store.discussions import repliers_by_day
from store.models import (
    AttentionMark,
    Event,
    HeatDiscount,
    ItemHeatDay,
    ItemHeatWindow,
    Paper,
    PaperVote,
    Project,
    Story,
    StoryMark,
    StoryReport,
    StoryVote,
    User,
    utcnow,
)
from store.writes import enqueue

# Weights of one interaction on one day. Views and clicks are distinct visitors (cheap, plentiful);
# a vote or a bookmark is a signed-in decision and weighs more, a bookmark most (it says "worth
# keeping"); a report says something is wrong with the item and pulls its heat down. A day's heat is
# never below 0.
VIEW_WEIGHT = 1.0
CLICK_WEIGHT = 0.5
VOTE_WEIGHT = 4.0
BOOKMARK_WEIGHT = 6.0
REPORT_WEIGHT = -8.0
# A member who joins an item's discussion that day (once per member, however many replies they write).
REPLY_WEIGHT = 3.0

# The document fields and how many complete days each sums (the feeds' time choices).
WINDOWS = {"heat_day": 1, "heat_3day": 3, "heat_week": 7, "heat_month": 30}
# Days recomputed on every run: the longest window plus one, so a late vote still lands in its day.
RECOMPUTE_DAYS = 31
# Marks are kept a little longer than they are read.
KEEP_MARK_DAYS = 40

# The row behind each item type (the kind names; a person is a user).
ITEM_MODELS = {"story": Story, "paper": Paper, "event": Event, "project": Project, "person": User}

COUNTERS = ("views", "clicks", "votes", "bookmarks", "reports", "replies")
# Where a day's views and clicks came from (item_heat_days keeps them beside the counters).
ORIGINS = ("networks", "accounts")
COUNTED = COUNTERS + ORIGINS
# Browsers without an account that count per network, item and day (HUB_ATTENTION_IDS_PER_NETWORK).
IDS_PER_NETWORK = 3


def day_heat(
    views: int = 0, clicks: int = 0, votes: int = 0, bookmarks: int = 0, reports: int = 0, replies: int = 0
) -> float:
    raw = (
        views * VIEW_WEIGHT
        + clicks * CLICK_WEIGHT
        + votes * VOTE_WEIGHT
        + bookmarks * BOOKMARK_WEIGHT
        + reports * REPORT_WEIGHT
        + replies * REPLY_WEIGHT
    )
    return round(max(raw, 0.0), 2)


def heat_of(counts) -> float:
    """A day's heat from its counters, a mapping or an `item_heat_days` row: the one formula the rollup
    and the editors' anomaly list both use, so a counter added to the rollup reaches the list too."""
    read = counts.get if isinstance(counts, dict) else lambda name, default: getattr(counts, name, default)
    return day_heat(**{name: read(name, 0) or 0 for name in COUNTERS})


def local_day(moment: datetime, zone: tzinfo) -> date:
    if moment.tzinfo is None:  # SQLite returns naive UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(zone).date()


def day_start(day: date, zone: tzinfo) -> datetime:
    return datetime.combine(day, time(), zone).astimezone(UTC)


def _people(
    session: Session, first: date, today: date, ids_per_network: int
) -> dict[tuple[str, int, date], dict[str, int]]:
    """Views and clicks as people: an account that counts (a verified e-mail) once, and of the browsers
    without an account at most `ids_per_network` per network (a forged visitor id from a network that
    already has its share adds nothing). Also the distinct networks and counting accounts per item/day."""
    counts: dict[tuple[str, int, date], dict[str, int]] = defaultdict(lambda: dict.fromkeys(COUNTED, 0))
    in_range = (AttentionMark.day >= first, AttentionMark.day < today)
    key = (AttentionMark.day, AttentionMark.item_type, AttentionMark.item_id)
    counting = select(User.id).where(User.email.is_not(None))
    accounts = session.execute(
        select(*key, AttentionMark.action, func.count(AttentionMark.user_id.distinct()))
        .where(*in_range, AttentionMark.user_id.in_(counting))
        .group_by(*key, AttentionMark.action)
    )
    for day, item_type, item_id, action, n in accounts:
        counts[(item_type, item_id, day)]["views" if action == "view" else "clicks"] += n
    browsers = session.execute(
        select(*key, AttentionMark.action, AttentionMark.network, func.count())
        .where(*in_range, AttentionMark.user_id.is_(None))
        .group_by(*key, AttentionMark.action, AttentionMark.network)
    )
    for day, item_type, item_id, action, _network, n in browsers:
        counts[(item_type, item_id, day)]["views" if action == "view" else "clicks"] += min(n, ids_per_network)
    origins = session.execute(
        select(
            *key,
            func.count(AttentionMark.network.distinct()),
            func.count(AttentionMark.user_id.distinct()).filter(AttentionMark.user_id.in_(counting)),
        )
        .where(*in_range)
        .group_by(*key)
    )
    for day, item_type, item_id, networks, people in origins:
        counts[(item_type, item_id, day)].update(networks=networks, accounts=people)
    return counts


def _origin_shares(
    session: Session, first: date, today: date, zone: tzinfo, ids_per_network: int
) -> dict[tuple[str, int, date], dict[str, float]]:
    """Per item and day, for the editors' anomaly list: the share of its people (counting accounts, and
    browsers capped per network as for heat) in its largest network, and the share of accounts created
    that same day."""
    in_range = (AttentionMark.day >= first, AttentionMark.day < today)
    key = (AttentionMark.day, AttentionMark.item_type, AttentionMark.item_id)
    per_network: dict[tuple[str, int, date], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    browsers = session.execute(
        select(*key, AttentionMark.network, func.count(AttentionMark.visitor.distinct()))
        .where(*in_range, AttentionMark.user_id.is_(None))
        .group_by(*key, AttentionMark.network)
    )
    for day, item_type, item_id, network, n in browsers:
        per_network[(item_type, item_id, day)][network] += min(n, ids_per_network)
    accounts = session.execute(
        select(*key, AttentionMark.network, AttentionMark.user_id, User.created_at)
        .join(User, User.id == AttentionMark.user_id)
        .where(*in_range, User.email.is_not(None))
        .distinct()
    )
    seen: dict[tuple[str, int, date], dict[int, bool]] = defaultdict(dict)
    for day, item_type, item_id, network, user_id, created_at in accounts:
        item = (item_type, item_id, day)
        if user_id not in seen[item]:  # an account counts once, in the first network it came from
            per_network[item][network] += 1
            seen[item][user_id] = local_day(created_at, zone) == day
    shares = {}
    for item, networks in per_network.items():
        people = sum(networks.values())
        if people:
            shares[item] = {
                "top_network_share": round(max(networks.values()) / people, 3),
                "new_account_share": round(sum(seen[item].values()) / people, 3),
            }
    return shares


def _counts(
    session: Session, first: date, today: date, zone: tzinfo, ids_per_network: int
) -> dict[tuple[str, int, date], dict[str, int]]:
    counts = _people(session, first, today, ids_per_network)
    start, end = day_start(first, zone), day_start(today, zone)
    counting = select(User.id).where(User.email.is_not(None))  # an unverified account's flags are its own only
    for model, counter in ((StoryVote, "votes"), (StoryMark, "bookmarks"), (StoryReport, "reports")):
        rows = session.execute(
            select(model.story_id, model.created_at).where(
                model.created_at >= start, model.created_at < end, model.user_id.in_(counting)
            )
        )
        for story_id, created_at in rows:
            counts[("story", story_id, local_day(created_at, zone))][counter] += 1
    rows = session.execute(
        select(PaperVote.paper_id, PaperVote.created_at).where(
            PaperVote.created_at >= start, PaperVote.created_at < end, PaperVote.user_id.in_(counting)
        )
    )
    for paper_id, created_at in rows:  # a paper's upvotes weigh as a story's votes do
        counts[("paper", paper_id, local_day(created_at, zone))]["votes"] += 1
    # Discussion: distinct counting members per item and day (a crowd of fresh, unverified accounts adds nothing).
    repliers: dict[tuple[str, int, date], set[int]] = defaultdict(set)
    for kind, item_id, user_id, created_at in repliers_by_day(session, start, end, counting):
        repliers[(kind, item_id, local_day(created_at, zone))].add(user_id)
    for key, people in repliers.items():
        counts[key]["replies"] += len(people)
    return counts


def recompute_days(session: Session, today: date, zone: tzinfo, ids_per_network: int = IDS_PER_NETWORK) -> int:
    """Rewrite `item_heat_days` for the complete days before `today` that the rollup recomputes."""
    first = today - timedelta(days=RECOMPUTE_DAYS)
    counts = _counts(session, first, today, zone, ids_per_network)
    shares = _origin_shares(session, first, today, zone, ids_per_network)
    discounted = set(
        session.execute(
            select(HeatDiscount.item_type, HeatDiscount.item_id, HeatDiscount.day).where(
                HeatDiscount.day >= first, HeatDiscount.day < today
            )
        ).all()
    )
    no_share = {"top_network_share": 0.0, "new_account_share": 0.0}
    rows = [
        {
            "day": day,
            "item_type": item_type,
            "item_id": item_id,
            **c,
            **shares.get((item_type, item_id, day), no_share),
            # An editor's discount keeps the day's counts but takes its heat out of every list.
            "heat": 0.0 if (item_type, item_id, day) in discounted else heat_of(c),
        }
        for (item_type, item_id, day), c in counts.items()
    ]
    # A person's day: the heat of their named stories (the leaderboard's "global" tab ranks by it).
    authors = dict(
        session.execute(
            select(Story.id, Story.user_id).where(
                Story.user_id.is_not(None), Story.story_show_user_name.is_(True), Story.deleted_at.is_(None)
            )
        ).all()
    )
    people: dict[tuple[int, date], float] = defaultdict(float)
    for row in rows:
        if row["item_type"] == "story" and row["item_id"] in authors:
            people[(authors[row["item_id"]], row["day"])] += row["heat"]
    rows += [
        {
            "day": day,
            "item_type": "person",
            "item_id": uid,
            **dict.fromkeys(COUNTED, 0),
            **no_share,
            "heat": round(heat, 2),
        }
        for (uid, day), heat in people.items()
    ]
    session.execute(delete(ItemHeatDay).where(ItemHeatDay.day >= first, ItemHeatDay.day < today))
    if rows:
        session.execute(ItemHeatDay.__table__.insert(), rows)
    return len(rows)


def windows_at(session: Session, today: date) -> dict[tuple[str, int], dict[str, float]]:
    """Each item's window sums as of `today` (complete days before it)."""
    longest = max(WINDOWS.values())
    sums: dict[tuple[str, int], dict[str, float]] = defaultdict(lambda: dict.fromkeys(WINDOWS, 0.0))
    rows = session.execute(
        select(ItemHeatDay.item_type, ItemHeatDay.item_id, ItemHeatDay.day, ItemHeatDay.heat).where(
            ItemHeatDay.day >= today - timedelta(days=longest), ItemHeatDay.day < today
        )
    )
    for item_type, item_id, day, heat in rows:
        age = (today - day).days  # 1 = yesterday
        for name, days in WINDOWS.items():
            if age <= days:
                sums[(item_type, item_id)][name] += heat
    return {key: {k: round(v, 2) for k, v in values.items()} for key, values in sums.items()}


def publish_windows(session: Session, today: date) -> list[tuple[str, int]]:
    """Store the windows as of `today`; bump and enqueue every item whose windows changed. Returns
    the changed (item type, id) pairs."""
    fresh = windows_at(session, today)
    newest_day = set(
        session.execute(
            select(ItemHeatDay.item_type, ItemHeatDay.item_id).where(ItemHeatDay.day == today - timedelta(days=1))
        ).all()
    )
    current = {(w.item_type, w.item_id): w for w in session.scalars(select(ItemHeatWindow))}
    changed: list[tuple[str, int]] = []
    for key in sorted(set(fresh) | set(current)):
        values = fresh.get(key, dict.fromkeys(WINDOWS, 0.0))
        row = current.get(key)
        old = {name: getattr(row, name) for name in WINDOWS} if row else dict.fromkeys(WINDOWS, 0.0)
        # Same windows: unchanged, unless a new day was added since the last publication (the
        # paper's trend gains a point even when its sums happen to be equal).
        fresh_day = key in newest_day and (row is None or row.as_of != today)
        if old == values and not fresh_day:
            if row is not None:
                row.as_of = today
            continue
        changed.append(key)
        if row is None:
            session.add(ItemHeatWindow(item_type=key[0], item_id=key[1], as_of=today, **values))
        else:
            for name, value in values.items():
                setattr(row, name, value)
            row.as_of = today
    _bump_and_enqueue(session, changed)
    return changed


def _bump_and_enqueue(session: Session, changed: list[tuple[str, int]]) -> None:
    by_type: dict[str, list[int]] = defaultdict(list)
    for item_type, item_id in changed:
        by_type[item_type].append(item_id)
    for item_type, ids in by_type.items():
        model = ITEM_MODELS.get(item_type)
        if model is None:
            continue
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            existing = list(session.scalars(select(model.id).where(model.id.in_(chunk))))
            if not existing:
                continue
            # A new version, as for any change: the index refuses an older document built before it.
            session.execute(
                update(model)
                .where(model.id.in_(existing))
                .values(version=model.version + 1, updated_at=utcnow())
                .execution_options(synchronize_session=False)
            )
            for item_id in existing:
                enqueue(session, model.outbox_type, item_id)


# --- what the document builders read -------------------------------------------------------------


# Document builders of many rows at once (a drain batch, a reindex chunk) preload the heat of all of
# them into the session (preload_heat) so each document does not ask the database on its own.
_PRELOADED = "hub_preloaded_heat"


def preload_heat(session: Session, item_type: str, item_ids: list[int], series: bool = False) -> None:
    """Load the windows (and with `series`, the daily heat) of these items in one query each."""
    windows = {
        row.item_id: row
        for row in session.scalars(
            select(ItemHeatWindow).where(ItemHeatWindow.item_type == item_type, ItemHeatWindow.item_id.in_(item_ids))
        )
    }
    days: dict[int, list[list]] | None = None
    if series:
        days = defaultdict(list)
        for item_id, day, heat in session.execute(
            select(ItemHeatDay.item_id, ItemHeatDay.day, ItemHeatDay.heat)
            .where(ItemHeatDay.item_type == item_type, ItemHeatDay.item_id.in_(item_ids))
            .order_by(ItemHeatDay.item_id, ItemHeatDay.day)
        ):
            days[item_id].append([day.isoformat(), int(round(heat))])
    cache = session.info.setdefault(_PRELOADED, {})
    for item_id in item_ids:
        cache[(item_type, item_id)] = (windows.get(item_id), None if days is None else days.get(item_id, []))


def forget_preloaded_heat(session: Session) -> None:
    session.info.pop(_PRELOADED, None)


def _preloaded(session: Session, item_type: str, item_id: int):
    return session.info.get(_PRELOADED, {}).get((item_type, item_id))


def heat_fields(session: Session, item_type: str, item_id: int) -> dict[str, float]:
    """The window fields of one item's document (zeros before its first rolled-up day)."""
    preloaded = _preloaded(session, item_type, item_id)
    row = preloaded[0] if preloaded else session.get(ItemHeatWindow, (item_type, item_id))
    return {name: float(getattr(row, name)) if row else 0.0 for name in WINDOWS}


def daily_series(session: Session, item_type: str, item_id: int) -> list[list]:
    """[[yyyy-MM-dd, heat], ...] of the rolled-up days, oldest first (heat rounded to a whole number)."""
    preloaded = _preloaded(session, item_type, item_id)
    if preloaded and preloaded[1] is not None:
        return preloaded[1]
    rows = session.execute(
        select(ItemHeatDay.day, ItemHeatDay.heat)
        .where(ItemHeatDay.item_type == item_type, ItemHeatDay.item_id == item_id)
        .order_by(ItemHeatDay.day)
    )
    return [[day.isoformat(), int(round(heat))] for day, heat in rows]


# --- the whole rollup ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RollupReport:
    today: str
    consumed: int
    day_rows: int
    changed: int


def rollup_days(session: Session, today: date, zone: tzinfo, ids_per_network: int = IDS_PER_NETWORK) -> tuple[int, int]:
    """Steps 2 and 3 in the caller's transaction: (day rows written, items changed)."""
    from store.attention import forget_before

    forget_before(session, today - timedelta(days=KEEP_MARK_DAYS))
    rows = recompute_days(session, today, zone, ids_per_network)
    changed = publish_windows(session, today)
    return rows, len(changed)


def run_rollup(
    client,
    make_session,
    namespace: str,
    zone: tzinfo,
    now: datetime | None = None,
    ids_per_network: int = IDS_PER_NETWORK,
) -> RollupReport:
    """The whole rollup: consume the stream, recompute the days, publish the windows (one commit)."""
    from store.attention import consume

    consumed = consume(client, make_session, namespace, zone)
    today = (now or datetime.now(UTC)).astimezone(zone).date()
    with make_session() as session:
        rows, changed = rollup_days(session, today, zone, ids_per_network)
        session.commit()
    return RollupReport(today=today.isoformat(), consumed=consumed, day_rows=rows, changed=changed)


__all__ = [
    "BOOKMARK_WEIGHT",
    "CLICK_WEIGHT",
    "REPORT_WEIGHT",
    "VIEW_WEIGHT",
    "VOTE_WEIGHT",
    "WINDOWS",
    "RollupReport",
    "daily_series",
    "day_heat",
    "heat_of",
    "heat_fields",
    "publish_windows",
    "recompute_days",
    "rollup_days",
    "run_rollup",
    "windows_at",
]
