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


def _escaped_rows(name: str, column: str, written_escaped: str) -> tuple[sa.TableClause, sa.Select]:
    """The rows of `name` whose `column` went through the escaping plain_text (`written_escaped`: a column that
    is null, or one that is set, for them) and may hold an entity."""
    marker = written_escaped.lstrip("!")
    table = sa.table(name, sa.column("id"), sa.column(column), sa.column(marker))
    which = table.c[marker].is_not(None) if written_escaped.startswith("!") else table.c[marker].is_(None)
    return table, sa.select(table.c.id, table.c[column]).where(which, table.c[column].contains("&"))


# (table, text column, the column telling the rows written escaped: null, or with "!", set)
_ESCAPED = (("stories", "summary", "source_key"), ("link_statuses", "content", "!origin"))


def upgrade() -> None:
    bind = op.get_bind()
    for name, column, written_escaped in _ESCAPED:
        table, rows = _escaped_rows(name, column, written_escaped)
        read = [{"row_id": row_id, "text": unescape(text), "was": text} for row_id, text in bind.execute(rows).all()]
        changed = [{"row_id": row["row_id"], "text": row["text"]} for row in read if row["text"] != row["was"]]
        if changed:
            update = table.update().where(table.c.id == sa.bindparam("row_id")).values({column: sa.bindparam("text")})
            bind.execute(update, changed)


def downgrade() -> None:
    pass  # the escaped form was the defect; nothing to restore
