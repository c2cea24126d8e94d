"""acronym pairs mined from documents at index time (issue 36, item 3), with each document's contribution

Revision ID: 0020
Revises: 0019 (0019_code_links)
Create Date: 2026-11-27 05:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | Sequence[str] | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "acronym_pairs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("abbreviation", sa.String(length=20), nullable=False),
        sa.Column("full_name", sa.String(length=120), nullable=False),
        sa.Column("documents", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("first_seen", sa.DateTime(), nullable=False),
        sa.Column("last_seen", sa.DateTime(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False, server_default="pending"),
        sa.Column("decided_by", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.Column("glossary_added", sa.String(length=130), nullable=True),
        sa.UniqueConstraint("abbreviation", "full_name", name="uq_acronym_pairs_pair"),
    )
    op.create_index("ix_acronym_pairs_status", "acronym_pairs", ["status", "documents"])
    op.create_table(
        "acronym_sources",
        sa.Column("pair_id", sa.Integer(), sa.ForeignKey("acronym_pairs.id"), primary_key=True),
        sa.Column("entity_type", sa.String(length=20), primary_key=True),
        sa.Column("entity_id", sa.Integer(), primary_key=True),
    )
    op.create_index("ix_acronym_sources_entity", "acronym_sources", ["entity_type", "entity_id"])


def downgrade() -> None:
    op.drop_table("acronym_sources")
    op.drop_table("acronym_pairs")
