"""the link feed: statuses of the built-in link service, favourites, bookmarks, bearer tokens, and the
link post of a story or paper

Revision ID: 0010
Revises: 0009 (0009_index_jobs)
Create Date: 2026-11-22 06:20:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "link_statuses",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("in_reply_to_id", sa.Integer(), sa.ForeignKey("link_statuses.id"), nullable=True),
        sa.Column("favourites_count", sa.Integer(), nullable=False),
        sa.Column("replies_count", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_link_statuses_user_id", "link_statuses", ["user_id"])
    op.create_index("ix_link_statuses_in_reply_to_id", "link_statuses", ["in_reply_to_id"])
    for table in ("link_favourites", "link_bookmarks"):
        op.create_table(
            table,
            sa.Column("status_id", sa.Integer(), sa.ForeignKey("link_statuses.id"), primary_key=True),
            sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        )
    op.create_table(
        "link_tokens",
        sa.Column("token_hash", sa.String(length=64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_link_tokens_user_id", "link_tokens", ["user_id"])
    op.add_column("stories", sa.Column("link_post_id", sa.String(length=40), nullable=True))
    op.add_column("papers", sa.Column("link_post_id", sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("papers") as batch:
        batch.drop_column("link_post_id")
    with op.batch_alter_table("stories") as batch:
        batch.drop_column("link_post_id")
    op.drop_index("ix_link_tokens_user_id", table_name="link_tokens")
    op.drop_table("link_tokens")
    op.drop_table("link_bookmarks")
    op.drop_table("link_favourites")
    op.drop_index("ix_link_statuses_in_reply_to_id", table_name="link_statuses")
    op.drop_index("ix_link_statuses_user_id", table_name="link_statuses")
    op.drop_table("link_statuses")
