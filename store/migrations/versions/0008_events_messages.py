"""event sign-ups (orders, capacity), messages, wish lectures

Revision ID: 0008
Revises: 0007 (0007_attention_heat)
Create Date: 2026-11-23 10:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
# 0004_story_moderation's revision id is "4b1d7e93a6c4"; the integrator re-chains this at merge.
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("capacity", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("order_count", sa.Integer(), nullable=False, server_default="0"))
    op.create_table(
        "event_orders",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id"), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("code", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=50), nullable=False),
        sa.Column("phone", sa.String(length=40), nullable=True),
        sa.Column("region", sa.String(length=40), nullable=True),
        sa.Column("email", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("event_id", "user_id", name="uq_event_orders_event_user"),
        sa.UniqueConstraint("code", name="uq_event_orders_code"),
    )
    op.create_index("ix_event_orders_user_id", "event_orders", ["user_id"])
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("story_id", sa.Integer(), nullable=True),
        sa.Column("story_title", sa.String(length=200), nullable=True),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_messages_user_unread", "messages", ["user_id", "read_at"])
    op.create_table(
        "wish_lectures",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("paper_id", sa.Integer(), sa.ForeignKey("papers.id"), primary_key=True),
        sa.Column("type", sa.Integer(), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("wish_lectures")
    op.drop_index("ix_messages_user_unread", table_name="messages")
    op.drop_table("messages")
    op.drop_index("ix_event_orders_user_id", table_name="event_orders")
    op.drop_table("event_orders")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("order_count")
        batch.drop_column("capacity")
