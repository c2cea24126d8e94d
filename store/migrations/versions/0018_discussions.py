"""discussions under stories and papers (issue 34): a link status knows its thread (root post, level-1
reply, the item discussed, a quoted reply), reports of replies, messages about replies, replies in heat

Revision ID: 0018
Revises: 0017 (0017_paper_votes)
Create Date: 2026-11-27 05:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | Sequence[str] | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

THREAD_COLUMNS = ("thread_root_id", "top_id", "quote_id", "item_kind", "item_id")


def _backfill_threads() -> None:
    """Replies written before: their root and level-1 ancestor, walking parents (ids grow with time)."""
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, in_reply_to_id FROM link_statuses ORDER BY id")).all()
    known: dict[int, tuple[int | None, int | None]] = {}
    for status_id, parent_id in rows:
        if parent_id is None or parent_id not in known:
            known[status_id] = (None, None)
            continue
        parent_root, parent_top = known[parent_id]
        root = parent_root or parent_id
        top = None if parent_root is None else (parent_top or parent_id)
        known[status_id] = (root, top)
        bind.execute(
            sa.text("UPDATE link_statuses SET thread_root_id = :root, top_id = :top WHERE id = :id"),
            {"root": root, "top": top, "id": status_id},
        )


def upgrade() -> None:
    with op.batch_alter_table("link_statuses") as batch:
        batch.add_column(sa.Column("thread_root_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("top_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("quote_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("item_kind", sa.String(length=10), nullable=True))
        batch.add_column(sa.Column("item_id", sa.Integer(), nullable=True))
    op.create_index("ix_link_statuses_thread", "link_statuses", ["thread_root_id", "top_id"])
    op.create_index("ix_link_statuses_item", "link_statuses", ["item_kind", "item_id"])
    _backfill_threads()
    op.create_table(
        "link_reports",
        sa.Column("status_id", sa.Integer(), sa.ForeignKey("link_statuses.id"), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("type", sa.Integer(), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=True),
        sa.Column("remark", sa.String(length=200), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("item_kind", sa.String(length=10), nullable=True))
        batch.add_column(sa.Column("item_id", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("item_title", sa.String(length=200), nullable=True))
        batch.add_column(sa.Column("reply_id", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("excerpt", sa.String(length=200), nullable=True))
    with op.batch_alter_table("item_heat_days") as batch:
        batch.add_column(sa.Column("replies", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("item_heat_days") as batch:
        batch.drop_column("replies")
    with op.batch_alter_table("messages") as batch:
        for name in ("excerpt", "reply_id", "item_title", "item_id", "item_kind"):
            batch.drop_column(name)
    op.drop_table("link_reports")
    op.drop_index("ix_link_statuses_item", table_name="link_statuses")
    op.drop_index("ix_link_statuses_thread", table_name="link_statuses")
    with op.batch_alter_table("link_statuses") as batch:
        for name in reversed(THREAD_COLUMNS):
            batch.drop_column(name)
