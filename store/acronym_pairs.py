"""Acronym pairs mined from documents at index time (issue 36, item 3): one row per (abbreviation, full name)
with how many documents define it and an editor's decision, and one row per defining document, so the count
stays right when a document is indexed again or leaves the index.

Which pairs act as glossary groups is published as the word list `acronyms` (store/word_lists.py): its
version moves only when that set changes, so every API host picks the change up within
word_lists.CHECK_SECONDS and its read caches (keyed on the stamp) stop serving older answers. A pair acts
when accepted, or when pending and defined by at least `MIN_DOCUMENTS` document(s) (see the constant);
a rejected pair never does."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from store import word_lists
from store.models import Base, utcnow

ACRONYMS = "acronyms"  # the word list of the pairs that act (text: one `abbreviation, full name` a line)
PENDING, ACCEPTED, REJECTED = "pending", "accepted", "rejected"
STATUSES = (PENDING, ACCEPTED, REJECTED)
# One defining document is enough for a pending pair to act: most acronyms in the corpus are defined once
# (an abstract's 视觉 Transformer（ViT）), and those are the queries that found nothing. A wrong guess costs
# little: it only adds an alternative ranked below exact matches, and an editor's 拒绝 turns it off.
MIN_DOCUMENTS = 1
ABBREVIATION_MAX, FULL_NAME_MAX = 20, 120

Key = tuple[str, int]  # (entity type, entity id): a document's row


class AcronymPair(Base):
    __tablename__ = "acronym_pairs"
    __table_args__ = (UniqueConstraint("abbreviation", "full_name", name="uq_acronym_pairs_pair"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    abbreviation: Mapped[str] = mapped_column(String(ABBREVIATION_MAX))
    full_name: Mapped[str] = mapped_column(String(FULL_NAME_MAX))
    documents: Mapped[int] = mapped_column(Integer, default=0)
    first_seen: Mapped[datetime] = mapped_column(default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(default=utcnow)
    status: Mapped[str] = mapped_column(String(10), default=PENDING)
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    decided_at: Mapped[datetime | None] = mapped_column()
    # What accepting wrote into the glossary (a line, or one term added to a group), taken out on undo.
    glossary_added: Mapped[str | None] = mapped_column(String(FULL_NAME_MAX + 10))


class AcronymSource(Base):
    __tablename__ = "acronym_sources"
    pair_id: Mapped[int] = mapped_column(ForeignKey("acronym_pairs.id"), primary_key=True)
    entity_type: Mapped[str] = mapped_column(String(20), primary_key=True)
    entity_id: Mapped[int] = mapped_column(Integer, primary_key=True)


def _fits(pair: tuple[str, str]) -> bool:
    return len(pair[0]) <= ABBREVIATION_MAX and len(pair[1]) <= FULL_NAME_MAX


def _sources_of(session: Session, keys: Iterable[Key]) -> dict[Key, set[int]]:
    by_type: dict[str, list[int]] = {}
    for entity_type, entity_id in keys:
        by_type.setdefault(entity_type, []).append(entity_id)
    found: dict[Key, set[int]] = {}
    for entity_type, ids in by_type.items():
        rows = session.execute(
            select(AcronymSource.entity_id, AcronymSource.pair_id).where(
                AcronymSource.entity_type == entity_type, AcronymSource.entity_id.in_(ids)
            )
        )
        for entity_id, pair_id in rows:
            found.setdefault((entity_type, entity_id), set()).add(pair_id)
    return found


def _pair_ids(session: Session, pairs: set[tuple[str, str]], now: datetime) -> dict[tuple[str, str], int]:
    """The ids of `pairs`, rows made for new ones (a concurrent indexer making the same row is tolerated)."""
    wanted = {abbreviation for abbreviation, _ in pairs}
    rows = session.execute(
        select(AcronymPair.abbreviation, AcronymPair.full_name, AcronymPair.id).where(
            AcronymPair.abbreviation.in_(wanted)
        )
    )
    ids = {(a, f): i for a, f, i in rows if (a, f) in pairs}
    for abbreviation, full in sorted(pairs - set(ids)):
        try:
            with session.begin_nested():
                row = AcronymPair(abbreviation=abbreviation, full_name=full, documents=0, first_seen=now, last_seen=now)
                session.add(row)
            ids[(abbreviation, full)] = row.id
        except IntegrityError:  # made by another indexer meanwhile
            ids[(abbreviation, full)] = session.scalar(
                select(AcronymPair.id).where(AcronymPair.abbreviation == abbreviation, AcronymPair.full_name == full)
            )
    return ids


def record(session: Session, mined: dict[Key, list[tuple[str, str]]]) -> bool:
    """What each document of `mined` defines now (an empty list: nothing, or the document left the index)
    replaces what it defined before; the touched pairs' counts are recounted. The caller commits. Returns
    whether anything changed."""
    now = utcnow()
    before = _sources_of(session, mined)
    wanted = {pair for pairs in mined.values() for pair in pairs if _fits(pair)}
    if not wanted and not before:
        return False  # the common batch: nothing defined, nothing defined before
    ids = _pair_ids(session, wanted, now) if wanted else {}
    touched: set[int] = set()
    seen: set[int] = set()
    added: list[dict] = []
    for (entity_type, entity_id), pairs in mined.items():
        now_defined = {ids[pair] for pair in pairs if pair in ids}
        had = before.get((entity_type, entity_id), set())
        seen |= now_defined
        if gone := had - now_defined:
            session.execute(
                delete(AcronymSource).where(
                    AcronymSource.entity_type == entity_type,
                    AcronymSource.entity_id == entity_id,
                    AcronymSource.pair_id.in_(gone),
                )
            )
        new = now_defined - had
        added += [{"pair_id": p, "entity_type": entity_type, "entity_id": entity_id} for p in sorted(new)]
        touched |= gone | new
    if added:  # one statement for the chunk, not one per defining document
        session.execute(insert(AcronymSource), added)
    if seen:
        session.execute(update(AcronymPair).where(AcronymPair.id.in_(seen)).values(last_seen=now))
    if touched:
        _recount(session, touched)
    return bool(touched)


def _recount(session: Session, pair_ids: set[int]) -> None:
    counted = (
        select(func.count()).select_from(AcronymSource).where(AcronymSource.pair_id == AcronymPair.id).scalar_subquery()
    )
    session.execute(
        update(AcronymPair)
        .where(AcronymPair.id.in_(pair_ids))
        .values(documents=counted)
        .execution_options(synchronize_session=False)
    )


def forget_missing(session: Session, entity_type: str, existing_ids) -> bool:
    """Drop the contributions of documents of `entity_type` whose rows are gone (`existing_ids`: a select of
    the kind's ids); after a full rebuild, which never visits a hard-deleted row."""
    gone = set(
        session.scalars(
            select(AcronymSource.pair_id).where(
                AcronymSource.entity_type == entity_type, AcronymSource.entity_id.not_in(existing_ids)
            )
        )
    )
    if gone:
        session.execute(
            delete(AcronymSource).where(
                AcronymSource.entity_type == entity_type, AcronymSource.entity_id.not_in(existing_ids)
            )
        )
        _recount(session, gone)
    return bool(gone)


def _acting(session: Session) -> list[tuple[str, str]]:
    rows = session.execute(
        select(AcronymPair.abbreviation, AcronymPair.full_name)
        .where(
            (AcronymPair.status == ACCEPTED)
            | ((AcronymPair.status == PENDING) & (AcronymPair.documents >= MIN_DOCUMENTS))
        )
        .order_by(AcronymPair.abbreviation, AcronymPair.full_name)
    )
    return [(a, f) for a, f in rows]


def publish(session: Session, user_id: int | None = None) -> bool:
    """Save the acting pairs as the `acronyms` word list when they differ from its text (the caller commits);
    returns whether the version moved."""
    text = "".join(f"{abbreviation}, {full}\n" for abbreviation, full in _acting(session))
    row = word_lists.saved(session, ACRONYMS)
    if (row.text if row is not None else "") == text:
        return False
    word_lists.save(session, ACRONYMS, text, user_id)
    return True


def listed(session: Session, status: str, page: int, per_page: int) -> tuple[list[AcronymPair], int]:
    """One page of pairs with `status`, most documents first; pending ones that no document defines any
    longer are left out (nothing to decide)."""
    where = [AcronymPair.status == status]
    if status == PENDING:
        where.append(AcronymPair.documents > 0)
    total = session.scalar(select(func.count()).select_from(AcronymPair).where(*where)) or 0
    rows = session.scalars(
        select(AcronymPair)
        .where(*where)
        .order_by(AcronymPair.documents.desc(), AcronymPair.last_seen.desc(), AcronymPair.id)
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    return list(rows), total


def locked(session: Session, pair_id: int) -> AcronymPair | None:
    return session.get(AcronymPair, pair_id, with_for_update=True)


def decide(session: Session, row: AcronymPair, status: str, user_id: int, glossary_added: str | None) -> None:
    """Set the editor's decision (PENDING: undone) and publish the acting pairs; the caller commits."""
    row.status = status
    row.decided_by, row.decided_at = (None, None) if status == PENDING else (user_id, utcnow())
    row.glossary_added = glossary_added
    session.flush()
    publish(session, user_id)


__all__ = [
    "ACCEPTED",
    "ACRONYMS",
    "MIN_DOCUMENTS",
    "PENDING",
    "REJECTED",
    "STATUSES",
    "AcronymPair",
    "AcronymSource",
    "decide",
    "forget_missing",
    "listed",
    "locked",
    "publish",
    "record",
]
