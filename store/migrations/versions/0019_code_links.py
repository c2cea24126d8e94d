"""papers and code linked both ways: arXiv's comment on papers, a README on projects, what each cites
(code_citations) and the joins found (paper_code_links)

Revision ID: 0019
Revises: 0018 (0018_discussions)
Create Date: 2026-11-27 05:30:00

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | Sequence[str] | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("papers") as batch:
        batch.add_column(sa.Column("comment", sa.Text(), nullable=True))
    with op.batch_alter_table("projects") as batch:
        batch.add_column(sa.Column("readme", sa.Text(), nullable=True))
    op.create_index("ix_projects_repo_lower", "projects", [sa.text("lower(repo)")])
    op.create_table(
        "code_citations",
        sa.Column("found_in", sa.String(10), primary_key=True),
        sa.Column("item_id", sa.Integer(), primary_key=True),
        sa.Column("cited", sa.String(200), primary_key=True),
    )
    op.create_index("ix_code_citations_cited", "code_citations", ["found_in", "cited"])
    op.create_table(
        "paper_code_links",
        sa.Column("paper_id", sa.Integer(), sa.ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("project_id", sa.Integer(), sa.ForeignKey("projects.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("found_in", sa.String(10), primary_key=True),
    )
    op.create_index("ix_paper_code_links_project_id", "paper_code_links", ["project_id"])


def downgrade() -> None:
    op.drop_index("ix_paper_code_links_project_id", table_name="paper_code_links")
    op.drop_table("paper_code_links")
    op.drop_index("ix_code_citations_cited", table_name="code_citations")
    op.drop_table("code_citations")
    op.drop_index("ix_projects_repo_lower", table_name="projects")
    with op.batch_alter_table("projects") as batch:
        batch.drop_column("readme")
    with op.batch_alter_table("papers") as batch:
        batch.drop_column("comment")
