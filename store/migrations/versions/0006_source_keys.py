"""content sources: a source key on stories and events, so a re-fetch updates instead of duplicating

Revision ID: 0006
Revises: 4b1d7e93a6c4
Create Date: 2026-11-23 10:00:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
# 0004_story_moderation; the integrator re-chains this after the other migrations of issue 10.
down_revision: str | Sequence[str] | None = "4b1d7e93a6c4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("stories", "events"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("source_key", sa.String(length=80), nullable=True))
            # Unique, NULLs allowed many times (SQLite and PostgreSQL alike): imported and written rows have none.
            batch.create_unique_constraint(f"uq_{table}_source_key", ["source_key"])


def downgrade() -> None:
    for table in ("stories", "events"):
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(f"uq_{table}_source_key", type_="unique")
            batch.drop_column("source_key")
