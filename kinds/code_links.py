"""Papers and code joined when either is written (the hook store/writes.py calls in the writing transaction,
registered when the kinds are loaded): a project's description and README are read for arXiv numbers, a
paper's abstract and comment for GitHub repositories (kinds/citations.py); store/code_links.py keeps what
they cite and rebuilds the joins. A change to what one side shows of the other (a project's stars, a
paper's title) puts the other side's documents in the outbox."""

from __future__ import annotations

from marshmallow import Schema, fields
from sqlalchemy.orm import Session

from kinds.citations import arxiv_numbers_cited, github_repos_cited
from kinds.paper import PaperInfoSchema
from kinds.project import ProjectInfoSchema
from store.code_links import (
    FOUND_IN_PAPER,
    FOUND_IN_PROJECT,
    enqueue_linked,
    relink_papers,
    relink_projects,
    replace_citations,
)
from store.models import Paper, Project, Versioned
from store.writes import on_rows_written

PAPER_TEXT = frozenset({"abstract", "comment", "arxiv_id"})
PROJECT_TEXT = frozenset({"description", "description_cn", "readme", "repo"})
# What the other side's page shows (store/code_links.py _code_rows and _paper_rows).
PAPER_SHOWN = frozenset({"title", "title_cn", "published_at"})
PROJECT_SHOWN = frozenset({"stars", "language", "description", "description_cn"})


def project_cites(project: Project) -> list[str]:
    return arxiv_numbers_cited(project.description, project.description_cn, project.readme)


def paper_cites(paper: Paper) -> list[str]:
    return github_repos_cited(paper.abstract, paper.comment)


def join_written(session: Session, rows: list[tuple[Versioned, frozenset[str] | None]]) -> None:
    """Rebuild the joins of the papers and projects whose text is new or changed."""
    papers = [row for row, changed in rows if isinstance(row, Paper) and (changed is None or changed & PAPER_TEXT)]
    projects = [
        row for row, changed in rows if isinstance(row, Project) and (changed is None or changed & PROJECT_TEXT)
    ]
    if papers or projects:
        # Every citation first, so a paper and the project citing it in one batch find each other.
        replace_citations(session, FOUND_IN_PAPER, {p.id: paper_cites(p) for p in papers})
        replace_citations(session, FOUND_IN_PROJECT, {p.id: project_cites(p) for p in projects})
        relink_papers(session, papers)
        relink_projects(session, projects)
    enqueue_linked(
        session,
        [row.id for row, changed in rows if isinstance(row, Paper) and changed and changed & PAPER_SHOWN],
        [row.id for row, changed in rows if isinstance(row, Project) and changed and changed & PROJECT_SHOWN],
    )


on_rows_written(join_written)


# --- the detail answers: a paper's 代码, a project's 论文 ---


class CodeLinkSchema(Schema):
    id = fields.Integer(required=True, metadata={"description": "the project's number on the hub"})
    repo = fields.String(required=True, metadata={"description": "owner/name"})
    url = fields.String(required=True, metadata={"description": "the repository on GitHub"})
    stars = fields.Integer(required=True)
    language = fields.String(allow_none=True)
    description = fields.String(allow_none=True)


class LinkedPaperSchema(Schema):
    id = fields.Integer(required=True)
    arxiv_id = fields.String(required=True)
    title = fields.String(required=True)
    title_cn = fields.String(allow_none=True)
    published_at = fields.String(allow_none=True)


class PaperDetailSchema(PaperInfoSchema):
    code = fields.List(
        fields.Nested(CodeLinkSchema),
        required=True,
        dump_default=list,
        metadata={"description": "repositories the paper links or that cite it, most stars first"},
    )


class ProjectDetailSchema(ProjectInfoSchema):
    papers = fields.List(
        fields.Nested(LinkedPaperSchema),
        required=True,
        dump_default=list,
        metadata={"description": "papers the project cites or that link it, newest first"},
    )
