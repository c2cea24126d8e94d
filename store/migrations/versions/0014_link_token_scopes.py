"""link service tokens carry their scopes, an expiry and the client they were issued to (null: the hub's
own authorize call), so a `read` token cannot write, old tokens stop working and a client's token can be
revoked

Revision ID: 0014
Revises: 0013 (0013_heat_anomalies)
Create Date: 2026-11-27 01:40:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | Sequence[str] | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("link_tokens") as batch:
        batch.add_column(sa.Column("scopes", sa.String(length=200), nullable=False, server_default="read write"))
        batch.add_column(sa.Column("expires_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("client_id", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("link_tokens") as batch:
        batch.drop_column("client_id")
        batch.drop_column("expires_at")
        batch.drop_column("scopes")
