"""events: the live stream's address, where 观看直播 goes while the event runs

Revision ID: 0015
Revises: 0014 (0014_link_token_scopes)
Create Date: 2026-11-27 03:05:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | Sequence[str] | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("live_url", sa.String(length=500), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("live_url")
