"""a remote reply an editor hid here while the remote server keeps it (issue 34, item 1)

Revision ID: 0021
Revises: 0020 (0020_acronym_pairs)
Create Date: 2026-11-27 06:10:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | Sequence[str] | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("link_statuses") as batch:
        batch.add_column(sa.Column("remote_kept", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("link_statuses") as batch:
        batch.drop_column("remote_kept")
