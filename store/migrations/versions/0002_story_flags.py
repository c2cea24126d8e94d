"""per-user story flags: votes, bookmarks, reports

Revision ID: 7c3f5a1d9e02
Revises: 2e24c9419965
Create Date: 2026-11-21 23:10:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7c3f5a1d9e02"
down_revision: str | Sequence[str] | None = "2e24c9419965"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _flag_table(name: str, *extra: sa.Column) -> None:
    op.create_table(
        name,
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("story_id", sa.Integer(), nullable=False),
        *extra,
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"]),
        sa.ForeignKeyConstraint(["story_id"], ["stories.id"]),
        sa.PrimaryKeyConstraint("user_id", "story_id"),
    )


def upgrade() -> None:
    _flag_table("story_votes")
    _flag_table("story_marks")
    _flag_table(
        "story_reports",
        sa.Column("type", sa.Integer(), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=True),
        sa.Column("remark", sa.String(length=200), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("story_reports")
    op.drop_table("story_marks")
    op.drop_table("story_votes")
