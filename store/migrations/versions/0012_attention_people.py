"""attention counts people: each mark keeps the viewer's network (a keyed hash of its /24 or /48) and,
for a signed-in viewer, the account; each item's day keeps how many distinct networks and counting
accounts its attention came from

Revision ID: 0012
Revises: 0011 (0011_link_oauth)
Create Date: 2026-11-27 00:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("attention_marks") as batch:
        batch.add_column(sa.Column("network", sa.String(length=32), nullable=False, server_default=""))
        batch.add_column(sa.Column("user_id", sa.Integer(), nullable=True))
    with op.batch_alter_table("item_heat_days") as batch:
        batch.add_column(sa.Column("networks", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("accounts", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("item_heat_days") as batch:
        batch.drop_column("accounts")
        batch.drop_column("networks")
    with op.batch_alter_table("attention_marks") as batch:
        batch.drop_column("user_id")
        batch.drop_column("network")
