"""attention and heat: distinct views and clicks per day, daily heat per item, published windows

Revision ID: 0007
Revises: 0006 (0004_story_moderation)
Create Date: 2026-11-23 10:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
# 0004_story_moderation (its revision id); the integrator re-chains this after the parallel branches.
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "attention_marks",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("item_type", sa.String(length=20), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=10), nullable=False),
        sa.Column("visitor", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("day", "item_type", "item_id", "action", "visitor"),
    )
    op.create_table(
        "item_heat_days",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("item_type", sa.String(length=20), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=False),
        sa.Column("views", sa.Integer(), nullable=False),
        sa.Column("clicks", sa.Integer(), nullable=False),
        sa.Column("votes", sa.Integer(), nullable=False),
        sa.Column("bookmarks", sa.Integer(), nullable=False),
        sa.Column("reports", sa.Integer(), nullable=False),
        sa.Column("heat", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("day", "item_type", "item_id"),
    )
    op.create_index("ix_item_heat_days_item", "item_heat_days", ["item_type", "item_id"])
    op.create_table(
        "item_heat_windows",
        sa.Column("item_type", sa.String(length=20), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=False),
        sa.Column("heat_day", sa.Float(), nullable=False),
        sa.Column("heat_3day", sa.Float(), nullable=False),
        sa.Column("heat_week", sa.Float(), nullable=False),
        sa.Column("heat_month", sa.Float(), nullable=False),
        sa.Column("as_of", sa.Date(), nullable=False),
        sa.PrimaryKeyConstraint("item_type", "item_id"),
    )


def downgrade() -> None:
    op.drop_table("item_heat_windows")
    op.drop_index("ix_item_heat_days_item", table_name="item_heat_days")
    op.drop_table("item_heat_days")
    op.drop_table("attention_marks")
