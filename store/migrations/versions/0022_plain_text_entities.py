"""plain text stored with its HTML entities read once (analysis.normalize.plain_text kept them escaped)

Before this revision `plain_text` returned the sanitiser's escaped text, so a story summary typed as
"RAG & Agent" was stored as "RAG &amp; Agent" (and shown so, since the UI escapes text), and a remote link
status's text the same. Reading the entities once is the exact inverse for every row written that way: a
literal "&amp;" typed by a reader was stored as "&amp;amp;" and comes back as "&amp;". Stories fetched by a
content source (source_key set) were already unescaped by the source and are left alone.

Revision ID: 0022
Revises: 0021 (0021_remote_kept_replies)
Create Date: 2026-11-27 23:20:00

"""

from collections.abc import Sequence
from html import unescape

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | Sequence[str] | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (table, text column, which rows went through the escaping plain_text)
_ESCAPED = (
    ("stories", "summary", "source_key IS NULL"),
    ("link_statuses", "content", "origin IS NOT NULL"),
)


def upgrade() -> None:
    bind = op.get_bind()
    for table, column, written_escaped in _ESCAPED:
        rows = bind.execute(
            sa.text(f"SELECT id, {column} FROM {table} WHERE {written_escaped} AND {column} LIKE '%&%'")
        ).all()
        changed = [{"id": row_id, "text": unescape(text)} for row_id, text in rows if unescape(text) != text]
        if changed:
            bind.execute(sa.text(f"UPDATE {table} SET {column} = :text WHERE id = :id"), changed)


def downgrade() -> None:
    pass  # the escaped form was the defect; nothing to restore
