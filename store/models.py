"""Tables of the system of record. Every indexed entity carries a `version` that grows on each
change; the indexer uses it as the Elasticsearch external version, so replays are harmless."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {datetime: DateTime(timezone=True)}


class Versioned:
    """An indexed row: `outbox_type` names it in the outbox; `version` grows on every change."""

    outbox_type: ClassVar[str]
    version: Mapped[int] = mapped_column(Integer, default=1, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, nullable=False)


class User(Versioned, Base):
    __tablename__ = "users"
    outbox_type = "user"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str | None] = mapped_column(String(200))
    phone: Mapped[str | None] = mapped_column(String(40))
    region: Mapped[str | None] = mapped_column(String(20))
    avatar_url: Mapped[str | None] = mapped_column(String(500))
    score: Mapped[int] = mapped_column(Integer, default=0)
    arxiv_name: Mapped[str | None] = mapped_column(String(200))
    activity_sheet: Mapped[list] = mapped_column(JSON, default=list)
    role: Mapped[str] = mapped_column(String(20), default="user")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    @property
    def is_expert(self) -> bool:
        return bool(self.arxiv_name) and bool(self.activity_sheet)


class UserIdentity(Base):
    """An account at the sign-in provider (issuer + subject) bound to a hub user."""

    __tablename__ = "user_identities"
    __table_args__ = (UniqueConstraint("issuer", "subject", name="uq_user_identities_issuer_subject"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    issuer: Mapped[str] = mapped_column(String(300))
    subject: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    provider: Mapped[str] = mapped_column(String(100))
    email: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_login_at: Mapped[datetime] = mapped_column(default=utcnow)


class Tag(Base):
    """The static tag data (data/tags.json), mirrored so that rows can be validated against it."""

    __tablename__ = "tags"
    id: Mapped[str] = mapped_column(String(60), primary_key=True)
    group_id: Mapped[str] = mapped_column(String(60))
    label: Mapped[str] = mapped_column(String(100))
    description: Mapped[str | None] = mapped_column(String(300))
    description_cn: Mapped[str | None] = mapped_column(String(300))
    model: Mapped[dict] = mapped_column(JSON, default=dict)


class Story(Versioned, Base):
    __tablename__ = "stories"
    outbox_type = "story"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    content: Mapped[str] = mapped_column(Text)
    summary: Mapped[str] = mapped_column(Text, default="")
    cover_url: Mapped[str | None] = mapped_column(String(500))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    story_show_user_name: Mapped[bool] = mapped_column(Boolean, default=True)
    source_id: Mapped[str | None] = mapped_column(String(100))
    final_score: Mapped[int] = mapped_column(Integer, default=0)
    remark_count: Mapped[int] = mapped_column(Integer, default=0)
    view_count: Mapped[int] = mapped_column(Integer, default=0)
    tags: Mapped[list] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    deleted_at: Mapped[datetime | None] = mapped_column()
    # A soft delete keeps who deleted the story and, for a moderator's delete, why.
    deleted_by: Mapped[int | None] = mapped_column(Integer)
    deleted_reason: Mapped[str | None] = mapped_column(String(500))
    # Set by a content source (ingest/sources/): the item's key there, so a re-fetch updates this row.
    source_key: Mapped[str | None] = mapped_column(String(80), unique=True)
    # The link-feed status that discusses this story (POST /v1/story/update_post_id).
    link_post_id: Mapped[str | None] = mapped_column(String(40))
    __table_args__ = (Index("ix_stories_user", "user_id"),)


class Paper(Versioned, Base):
    __tablename__ = "papers"
    outbox_type = "paper"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    arxiv_id: Mapped[str] = mapped_column(String(40), unique=True)
    arxiv_version: Mapped[int] = mapped_column(Integer, default=1)
    title: Mapped[str] = mapped_column(String(500))
    title_cn: Mapped[str | None] = mapped_column(String(500))
    abstract: Mapped[str] = mapped_column(Text)
    summary_cn: Mapped[str | None] = mapped_column(Text)
    authors: Mapped[list] = mapped_column(JSON, default=list)
    published_at: Mapped[datetime] = mapped_column()
    hotness: Mapped[int] = mapped_column(Integer, default=0)
    hotness_series: Mapped[list] = mapped_column(JSON, default=list)
    tags: Mapped[list] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The link-feed status the paper was published as (GET /v3/paper/action/{id}/publish): once per paper.
    link_post_id: Mapped[str | None] = mapped_column(String(40))
    # Members' upvotes (paper_votes), kept beside the rows so lists and search read one number.
    vote_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # arXiv's comment ("Code: https://github.com/..."): read for the repositories it links.
    comment: Mapped[str | None] = mapped_column(Text)


class Event(Versioned, Base):
    __tablename__ = "events"
    outbox_type = "event"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(300))
    title: Mapped[str | None] = mapped_column(String(300))
    brief: Mapped[str] = mapped_column(Text)
    image_url: Mapped[str | None] = mapped_column(String(500))
    # The live stream, where 观看直播 goes while the event runs (an http(s) address)
    live_url: Mapped[str | None] = mapped_column(String(500))
    address: Mapped[str | None] = mapped_column(String(300))
    company: Mapped[str | None] = mapped_column(String(200))
    start_time: Mapped[datetime] = mapped_column()
    end_time: Mapped[datetime] = mapped_column()
    time_desc: Mapped[str | None] = mapped_column(String(200))
    button_msg: Mapped[str | None] = mapped_column(String(40))
    icon_msg: Mapped[str | None] = mapped_column(String(40))
    tags: Mapped[list] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Set by a content source (ingest/sources/): the item's key there, so a re-fetch updates this row.
    source_key: Mapped[str | None] = mapped_column(String(80), unique=True)
    # Seats: null means no limit. `order_count` moves in the sign-up's transaction, guarded by the capacity.
    capacity: Mapped[int | None] = mapped_column(Integer)
    order_count: Mapped[int] = mapped_column(Integer, default=0, nullable=False)


class EventOrder(Base):
    """A user's sign-up for an event (their ticket). One per user per event, held by the unique constraint."""

    __tablename__ = "event_orders"
    __table_args__ = (UniqueConstraint("event_id", "user_id", name="uq_event_orders_event_user"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    # The ticket's QR content (encode_oder_id): random, so a ticket cannot be guessed from an order id.
    code: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(50))
    phone: Mapped[str | None] = mapped_column(String(40))
    region: Mapped[str | None] = mapped_column(String(40))
    email: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Message(Base):
    """A notice for one user: their story was voted or bookmarked, or deleted by a moderator (with the reason).
    Written in the same transaction as the action it reports."""

    __tablename__ = "messages"
    __table_args__ = (Index("ix_messages_user_unread", "user_id", "read_at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    kind: Mapped[str] = mapped_column(String(20))
    story_id: Mapped[int | None] = mapped_column(Integer)
    story_title: Mapped[str | None] = mapped_column(String(200))
    actor_id: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str | None] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    read_at: Mapped[datetime | None] = mapped_column()
    # A message about a discussion reply (reply, comment, mention, reply_deleted): the item discussed
    # (its kind and the key its page takes), the reply and a short excerpt of it.
    item_kind: Mapped[str | None] = mapped_column(String(10))
    item_id: Mapped[str | None] = mapped_column(String(40))
    item_title: Mapped[str | None] = mapped_column(String(200))
    reply_id: Mapped[str | None] = mapped_column(String(40))
    excerpt: Mapped[str | None] = mapped_column(String(200))


class WishLecture(Base):
    """A user's wish for a lecture on a paper (type 1 or 2); the primary key makes it once per user, paper, type."""

    __tablename__ = "wish_lectures"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    paper_id: Mapped[int] = mapped_column(ForeignKey("papers.id"), primary_key=True)
    type: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Project(Versioned, Base):
    __tablename__ = "projects"
    outbox_type = "project"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    repo: Mapped[str] = mapped_column(String(200), unique=True)
    description: Mapped[str] = mapped_column(Text)
    description_cn: Mapped[str | None] = mapped_column(Text)
    language: Mapped[str | None] = mapped_column(String(60))
    stars: Mapped[int] = mapped_column(Integer, default=0)
    forks: Mapped[int] = mapped_column(Integer, default=0)
    topics: Mapped[list] = mapped_column(JSON, default=list)
    tags: Mapped[list] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The repository's README where the source gives it: read for the arXiv numbers it cites.
    readme: Mapped[str | None] = mapped_column(Text)
    # Papers name repositories in any case: the join looks them up by lower(repo).
    __table_args__ = (Index("ix_projects_repo_lower", func.lower(repo)),)


class CodeCitation(Base):
    """What one item's text cites: a project's arXiv numbers, a paper's repositories (owner/name, lower
    case). Kept so a paper or project arriving later finds what already cites it (store/code_links.py)."""

    __tablename__ = "code_citations"
    found_in: Mapped[str] = mapped_column(String(10), primary_key=True)  # 'project' | 'paper'
    item_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    cited: Mapped[str] = mapped_column(String(200), primary_key=True)
    __table_args__ = (Index("ix_code_citations_cited", "found_in", "cited"),)


class PaperCodeLink(Base):
    """A paper joined to a repository, by the project's text citing the paper or the paper's linking it."""

    __tablename__ = "paper_code_links"
    paper_id: Mapped[int] = mapped_column(ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True)
    project_id: Mapped[int] = mapped_column(ForeignKey("projects.id", ondelete="CASCADE"), primary_key=True, index=True)
    found_in: Mapped[str] = mapped_column(String(10), primary_key=True)  # 'project' | 'paper'


class OutboxEntry(Base):
    """An item whose document must be (re)built. Written in the same transaction as the change."""

    __tablename__ = "outbox"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    entity_type: Mapped[str] = mapped_column(String(20))
    entity_id: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    processed_at: Mapped[datetime | None] = mapped_column()
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text)
    __table_args__ = (Index("ix_outbox_pending", "processed_at", "id"),)


class StoryVote(Base):
    """A user's vote on a story (is_voted)."""

    __tablename__ = "story_votes"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    story_id: Mapped[int] = mapped_column(ForeignKey("stories.id"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class PaperVote(Base):
    """A member's upvote of a paper (one each; undone by deleting it)."""

    __tablename__ = "paper_votes"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    paper_id: Mapped[int] = mapped_column(ForeignKey("papers.id"), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class StoryMark(Base):
    """A user's bookmark of a story (is_marked)."""

    __tablename__ = "story_marks"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    story_id: Mapped[int] = mapped_column(ForeignKey("stories.id"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class StoryReport(Base):
    """A user's report of a story (is_reported); reasons 1-7 of the spec's section 3."""

    __tablename__ = "story_reports"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    story_id: Mapped[int] = mapped_column(ForeignKey("stories.id"), primary_key=True)
    type: Mapped[int] = mapped_column(Integer)
    url: Mapped[str | None] = mapped_column(String(500))
    remark: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class AttentionMark(Base):
    """One visitor's attention to one item on one day (Asia/Shanghai by default): a view (detail page,
    or a `duration` beacon) or a click beacon. The primary key makes recording idempotent, so a
    stream entry consumed twice (a crash between commit and acknowledgement) counts once, and the
    day's views and clicks are distinct visitors, not raw hits. `visitor` is a keyed hash."""

    __tablename__ = "attention_marks"
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    item_type: Mapped[str] = mapped_column(String(20), primary_key=True)
    item_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(String(10), primary_key=True)
    visitor: Mapped[str] = mapped_column(String(32), primary_key=True)
    # Who the server says the viewer is (api/services/attention.py): the network (keyed hash of the /24 or
    # /48) every viewer has, and the account of a signed-in one (its `visitor` is then `u:<id>`).
    network: Mapped[str] = mapped_column(String(32), default="", server_default="")
    user_id: Mapped[int | None] = mapped_column(Integer)


class ItemHeatDay(Base):
    """An item's interactions and heat on one day, written by the daily rollup (store/heat.py)."""

    __tablename__ = "item_heat_days"
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    item_type: Mapped[str] = mapped_column(String(20), primary_key=True)
    item_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    views: Mapped[int] = mapped_column(Integer, default=0)
    clicks: Mapped[int] = mapped_column(Integer, default=0)
    votes: Mapped[int] = mapped_column(Integer, default=0)
    bookmarks: Mapped[int] = mapped_column(Integer, default=0)
    reports: Mapped[int] = mapped_column(Integer, default=0)
    replies: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # distinct members replying
    # Where the day's views and clicks came from: distinct networks, and distinct accounts that count.
    networks: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    accounts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # For the editors' anomaly list: the largest network's share of the day's people, and the share of
    # accounts created that very day.
    top_network_share: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    new_account_share: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    heat: Mapped[float] = mapped_column(Float, default=0.0)
    __table_args__ = (Index("ix_item_heat_days_item", "item_type", "item_id"),)


class HeatDiscount(Base):
    """An item's day an editor took out of the lists: the rollup keeps its counts but gives it no heat."""

    __tablename__ = "heat_discounts"
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    item_type: Mapped[str] = mapped_column(String(20), primary_key=True)
    item_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ItemHeatWindow(Base):
    """The heat an item's document carries: sums of its daily heat over the last 1/3/7/30 complete
    days as of `as_of` (the rollup's day). The document builders read this table, so a reindex or an
    outbox drain carries exactly what the last rollup published."""

    __tablename__ = "item_heat_windows"
    item_type: Mapped[str] = mapped_column(String(20), primary_key=True)
    item_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    heat_day: Mapped[float] = mapped_column(Float, default=0.0)
    heat_3day: Mapped[float] = mapped_column(Float, default=0.0)
    heat_week: Mapped[float] = mapped_column(Float, default=0.0)
    heat_month: Mapped[float] = mapped_column(Float, default=0.0)
    as_of: Mapped[date] = mapped_column(Date)


class IndexJob(Base):
    """An editors' index job (reindex-all, reindex-kind, drain-outbox, source:<name>), updated as it
    runs by the worker (or the `hub reindex` process). `heartbeat_at` moves after every chunk: a
    running job whose heartbeat is older than the lease lost its worker (kill -9) and is restarted."""

    __tablename__ = "index_jobs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(40))
    target: Mapped[str | None] = mapped_column(String(40))  # the content kind of reindex-kind
    state: Mapped[str] = mapped_column(String(20), default="queued")
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    docs_per_second: Mapped[float | None] = mapped_column(Float)
    eta_seconds: Mapped[float | None] = mapped_column(Float)
    error: Mapped[str | None] = mapped_column(Text)
    started_by: Mapped[str] = mapped_column(String(100))
    cancel_requested: Mapped[bool] = mapped_column(Boolean, default=False)
    # The versioned index a reindex is building: deleted when the job is cancelled, fails or restarts.
    building_index: Mapped[str | None] = mapped_column(String(200))
    runs: Mapped[int] = mapped_column(Integer, default=0)  # how many times a worker started it
    result: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column()
    heartbeat_at: Mapped[datetime | None] = mapped_column()
    finished_at: Mapped[datetime | None] = mapped_column()
    __table_args__ = (Index("ix_index_jobs_state", "state", "id"),)


class RejectedDocument(Base):
    """A row whose document the engine refused (by a reindex, or by the outbox after its attempts),
    set aside with the engine's reason until an editor retries it. One row per entity."""

    __tablename__ = "rejected_documents"
    __table_args__ = (UniqueConstraint("entity_type", "entity_id", name="uq_rejected_documents_entity"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    entity_type: Mapped[str] = mapped_column(String(20))
    entity_id: Mapped[int] = mapped_column(Integer)
    doc_id: Mapped[str] = mapped_column(String(200))
    reason: Mapped[str] = mapped_column(Text)
    job_id: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    retried_at: Mapped[datetime | None] = mapped_column()


__all__ = [
    "Base",
    "User",
    "Tag",
    "Story",
    "Paper",
    "Event",
    "EventOrder",
    "Message",
    "WishLecture",
    "Project",
    "OutboxEntry",
    "AttentionMark",
    "ItemHeatDay",
    "ItemHeatWindow",
    "IndexJob",
    "RejectedDocument",
    "Versioned",
    "utcnow",
]


class LinkStatus(Versioned, Base):
    """A status of the link feed, indexed as kind `link`. Either the built-in link service's own post
    (the Mastodon client API subset: plain text by a hub user, optionally a reply) or, with `origin` set,
    a copy of a remote Mastodon-compatible server's public status read by the `link` source (its author
    kept by name, its own `remote_url`); the built-in service never serves remote copies."""

    __tablename__ = "link_statuses"
    __table_args__ = (
        UniqueConstraint("origin", "remote_id", name="uq_link_statuses_origin_remote_id"),
        Index("ix_link_statuses_thread", "thread_root_id", "top_id"),
        Index("ix_link_statuses_item", "item_kind", "item_id"),
    )
    outbox_type = "link_status"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    origin: Mapped[str | None] = mapped_column(String(300))  # the remote server's base URL; None: built in
    remote_id: Mapped[str | None] = mapped_column(String(40))
    remote_url: Mapped[str | None] = mapped_column(String(500))
    author_name: Mapped[str | None] = mapped_column(String(200))
    author_avatar: Mapped[str | None] = mapped_column(String(500))
    content: Mapped[str] = mapped_column(Text)
    in_reply_to_id: Mapped[int | None] = mapped_column(ForeignKey("link_statuses.id"), index=True)
    favourites_count: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    replies_count: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    deleted_at: Mapped[datetime | None] = mapped_column()
    # The thread a reply belongs to (store/discussions.py): the root post, the level-1 reply above it
    # (None for a level-1 reply), the reply it quotes, and the story or paper the root discusses.
    thread_root_id: Mapped[int | None] = mapped_column(Integer)
    top_id: Mapped[int | None] = mapped_column(Integer)
    quote_id: Mapped[int | None] = mapped_column(Integer)
    item_kind: Mapped[str | None] = mapped_column(String(10))
    item_id: Mapped[int | None] = mapped_column(Integer)
    # Deleted here only: an editor hid a remote member's reply, which only its author can delete at the
    # remote server (the hub has no token of theirs), so the remote still has it.
    remote_kept: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false(), nullable=False)


class LinkReport(Base):
    """A member's report of a discussion reply (the story reports' seven reasons); again replaces it."""

    __tablename__ = "link_reports"
    status_id: Mapped[int] = mapped_column(ForeignKey("link_statuses.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    type: Mapped[int] = mapped_column(Integer)
    url: Mapped[str | None] = mapped_column(String(500))
    remark: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class LinkFavourite(Base):
    """One user's favourite of a status; the primary key makes a second favourite change nothing."""

    __tablename__ = "link_favourites"
    status_id: Mapped[int] = mapped_column(ForeignKey("link_statuses.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class LinkBookmark(Base):
    """One user's bookmark of a status (private: only its owner sees it)."""

    __tablename__ = "link_bookmarks"
    status_id: Mapped[int] = mapped_column(ForeignKey("link_statuses.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class LinkToken(Base):
    """A bearer token of the built-in link service, issued to a signed-in hub user by the authorize flow.
    Only its SHA-256 is kept: a leaked table yields no usable token."""

    __tablename__ = "link_tokens"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column()
    scopes: Mapped[str] = mapped_column(String(200), default="read write", server_default="read write")
    expires_at: Mapped[datetime | None] = mapped_column()  # None: issued before tokens expired
    client_id: Mapped[str | None] = mapped_column(String(64))  # None: the hub's own authorize call


class LinkOAuthApp(Base):
    """A client application registered at the built-in link service (POST /api/v1/apps, Mastodon's
    shape). Only the secret's SHA-256 is kept."""

    __tablename__ = "link_oauth_apps"
    client_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    website: Mapped[str | None] = mapped_column(String(500))
    redirect_uris: Mapped[str] = mapped_column(Text)  # one URI a line, as Mastodon takes them
    scopes: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class LinkOAuthCode(Base):
    """An authorization code of the built-in link service: one use, short-lived, bound to its client,
    redirect URI and the hub user who consented. Only its SHA-256 is kept."""

    __tablename__ = "link_oauth_codes"
    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    client_id: Mapped[str] = mapped_column(ForeignKey("link_oauth_apps.client_id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    redirect_uri: Mapped[str] = mapped_column(Text)
    scopes: Mapped[str] = mapped_column(String(200))
    expires_at: Mapped[datetime] = mapped_column()
    used_at: Mapped[datetime | None] = mapped_column()


class LinkRemoteApp(Base):
    """The hub's own registration at a remote link server (one per base URL): the client id and secret
    that server gave, kept durably so that a Redis flush does not orphan the tokens users hold."""

    __tablename__ = "link_remote_apps"
    base_url: Mapped[str] = mapped_column(String(300), primary_key=True)
    redirect_uri: Mapped[str] = mapped_column(Text)
    client_id: Mapped[str] = mapped_column(String(200))
    client_secret: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class WordList(Base):
    """An editors' word list (the search glossary, the hot-word block list) as last saved on /editor: one row
    per list, read by every API host and worker (store/word_lists.py). `version` grows with each save, so a
    host notices a new text by asking for one number."""

    __tablename__ = "word_lists"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
