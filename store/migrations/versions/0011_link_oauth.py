"""the link feed against a remote server: OAuth clients and codes of the built-in link service, the
hub's registrations at remote servers, and remote statuses (origin, remote id, author) in link_statuses

Revision ID: 0011
Revises: 0010 (0010_link_feed)
Create Date: 2026-11-22 08:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | Sequence[str] | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # batch: SQLite cannot relax NOT NULL or add a unique constraint in place.
    with op.batch_alter_table("link_statuses") as batch:
        batch.alter_column("user_id", existing_type=sa.Integer(), nullable=True)
        batch.add_column(sa.Column("origin", sa.String(length=300), nullable=True))
        batch.add_column(sa.Column("remote_id", sa.String(length=40), nullable=True))
        batch.add_column(sa.Column("remote_url", sa.String(length=500), nullable=True))
        batch.add_column(sa.Column("author_name", sa.String(length=200), nullable=True))
        batch.add_column(sa.Column("author_avatar", sa.String(length=500), nullable=True))
        batch.create_unique_constraint("uq_link_statuses_origin_remote_id", ["origin", "remote_id"])
    op.create_table(
        "link_oauth_apps",
        sa.Column("client_id", sa.String(length=64), primary_key=True),
        sa.Column("secret_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("website", sa.String(length=500), nullable=True),
        sa.Column("redirect_uris", sa.Text(), nullable=False),
        sa.Column("scopes", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "link_oauth_codes",
        sa.Column("code_hash", sa.String(length=64), primary_key=True),
        sa.Column("client_id", sa.String(length=64), sa.ForeignKey("link_oauth_apps.client_id"), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("redirect_uri", sa.Text(), nullable=False),
        sa.Column("scopes", sa.String(length=200), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_link_oauth_codes_client_id", "link_oauth_codes", ["client_id"])
    op.create_table(
        "link_remote_apps",
        sa.Column("base_url", sa.String(length=300), primary_key=True),
        sa.Column("redirect_uri", sa.Text(), nullable=False),
        sa.Column("client_id", sa.String(length=200), nullable=False),
        sa.Column("client_secret", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("link_remote_apps")
    op.drop_index("ix_link_oauth_codes_client_id", table_name="link_oauth_codes")
    op.drop_table("link_oauth_codes")
    op.drop_table("link_oauth_apps")
    op.execute("DELETE FROM link_statuses WHERE origin IS NOT NULL")
    with op.batch_alter_table("link_statuses") as batch:
        batch.drop_constraint("uq_link_statuses_origin_remote_id", type_="unique")
        for column in ("author_avatar", "author_name", "remote_url", "remote_id", "origin"):
            batch.drop_column(column)
        batch.alter_column("user_id", existing_type=sa.Integer(), nullable=False)
