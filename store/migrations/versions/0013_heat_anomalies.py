"""heat anomalies: where an item's day came from (the largest network's share of its people, and the
share of accounts created that day), and the item days an editor discounted from the lists

Revision ID: 0013
Revises: 0012 (0012_attention_people)
Create Date: 2026-11-27 01:10:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("item_heat_days") as batch:
        batch.add_column(sa.Column("top_network_share", sa.Float(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("new_account_share", sa.Float(), nullable=False, server_default="0"))
    op.create_table(
        "heat_discounts",
        sa.Column("day", sa.Date(), primary_key=True),
        sa.Column("item_type", sa.String(length=20), primary_key=True),
        sa.Column("item_id", sa.Integer(), primary_key=True),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("heat_discounts")
    with op.batch_alter_table("item_heat_days") as batch:
        batch.drop_column("new_account_share")
        batch.drop_column("top_network_share")
