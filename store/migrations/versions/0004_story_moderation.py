"""story moderation: who deleted a story and why (soft delete keeps both)

Revision ID: 4b1d7e93a6c4
Revises: 7c3f5a1d9e02
Create Date: 2026-11-22 03:40:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "4b1d7e93a6c4"
# 0002_story_flags; the integrator re-chains this after the sign-in migration (0003).
down_revision: str | Sequence[str] | None = "0003_user_identities"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("stories") as batch:
        batch.add_column(sa.Column("deleted_by", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("deleted_reason", sa.String(length=500), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("stories") as batch:
        batch.drop_column("deleted_reason")
        batch.drop_column("deleted_by")
