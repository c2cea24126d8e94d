"""members upvote papers: one row per member and paper, and the count kept on the paper

Revision ID: 0017
Revises: 0016 (0016_word_lists)
Create Date: 2026-11-27 03:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | Sequence[str] | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "paper_votes",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("paper_id", sa.Integer(), sa.ForeignKey("papers.id"), primary_key=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_paper_votes_paper_id", "paper_votes", ["paper_id"])
    with op.batch_alter_table("papers") as batch:
        batch.add_column(sa.Column("vote_count", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("papers") as batch:
        batch.drop_column("vote_count")
    op.drop_index("ix_paper_votes_paper_id", table_name="paper_votes")
    op.drop_table("paper_votes")
