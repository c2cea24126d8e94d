"""the editors' word lists (search glossary, hot-word block list) in the database, so every API host and
worker reads the same text and notices an edit by its version

Revision ID: 0016
Revises: 0015 (0015_event_live_url)
Create Date: 2026-11-27 03:20:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | Sequence[str] | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "word_lists",
        sa.Column("name", sa.String(length=40), primary_key=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated_by", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("word_lists")
