"""Papers joined to their code: what each item's text cites (code_citations) and the joins that follow
(paper_code_links), rebuilt in the transaction that writes the paper or project.

A project cites arXiv numbers, a paper cites repositories (`owner/name`, lower case); kinds/code_links.py
reads them from the text. The citations are kept, so whichever side arrives second finds the first: a
paper's joins are the repositories it cites that exist plus the projects whose citations hold its number,
and the same from a project's side. A join added or removed puts the other side's document in the outbox
(its page shows the join); the written row's own entry is already there."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime

from sqlalchemy import delete, func, insert, or_, select, tuple_
from sqlalchemy.orm import Session

from store import preloaded
from store.models import CodeCitation, Paper, PaperCodeLink, Project
from store.writes import enqueue

FOUND_IN_PROJECT = "project"  # the project's description or README cites the paper's arXiv number
FOUND_IN_PAPER = "paper"  # the paper's abstract or comment links the repository

Link = tuple[int, int, str]  # paper id, project id, found_in


def replace_citations(session: Session, found_in: str, cites: dict[int, list[str]]) -> None:
    """Set what each item (by id) cites, in place of what it cited before."""
    if not cites:
        return
    session.execute(
        delete(CodeCitation).where(CodeCitation.found_in == found_in, CodeCitation.item_id.in_(list(cites)))
    )
    rows = [{"found_in": found_in, "item_id": i, "cited": c} for i, keys in cites.items() for c in dict.fromkeys(keys)]
    if rows:
        session.execute(insert(CodeCitation), rows)


def relink_papers(session: Session, papers: list[Paper]) -> None:
    """Rebuild the joins of these papers; the projects whose joins changed go to the outbox."""
    if not papers:
        return
    ids = [p.id for p in papers]
    by_number = {p.arxiv_id: p.id for p in papers}
    cited_repos = session.execute(
        select(CodeCitation.item_id, Project.id)
        .join(Project, func.lower(Project.repo) == CodeCitation.cited)
        .where(CodeCitation.found_in == FOUND_IN_PAPER, CodeCitation.item_id.in_(ids))
    )
    citing_projects = session.execute(
        select(CodeCitation.cited, CodeCitation.item_id).where(
            CodeCitation.found_in == FOUND_IN_PROJECT, CodeCitation.cited.in_(list(by_number))
        )
    )
    wanted = {(paper, project, FOUND_IN_PAPER) for paper, project in cited_repos}
    wanted |= {(by_number[number], project, FOUND_IN_PROJECT) for number, project in citing_projects}
    changed = _replace_links(session, PaperCodeLink.paper_id.in_(ids), wanted)
    for project_id in sorted({project for _, project, _ in changed}):
        enqueue(session, Project.outbox_type, project_id)


def relink_projects(session: Session, projects: list[Project]) -> None:
    """Rebuild the joins of these projects; the papers whose joins changed go to the outbox."""
    if not projects:
        return
    ids = [p.id for p in projects]
    by_repo = {p.repo.lower(): p.id for p in projects}
    cited_papers = session.execute(
        select(Paper.id, CodeCitation.item_id)
        .join(Paper, Paper.arxiv_id == CodeCitation.cited)
        .where(CodeCitation.found_in == FOUND_IN_PROJECT, CodeCitation.item_id.in_(ids))
    )
    citing_papers = session.execute(
        select(CodeCitation.item_id, CodeCitation.cited).where(
            CodeCitation.found_in == FOUND_IN_PAPER, CodeCitation.cited.in_(list(by_repo))
        )
    )
    wanted = {(paper, project, FOUND_IN_PROJECT) for paper, project in cited_papers}
    wanted |= {(paper, by_repo[repo], FOUND_IN_PAPER) for paper, repo in citing_papers}
    changed = _replace_links(session, PaperCodeLink.project_id.in_(ids), wanted)
    for paper_id in sorted({paper for paper, _, _ in changed}):
        enqueue(session, Paper.outbox_type, paper_id)


def _replace_links(session: Session, scope, wanted: set[Link]) -> set[Link]:
    """Make the links within `scope` exactly `wanted`; the links added or removed."""
    cols = (PaperCodeLink.paper_id, PaperCodeLink.project_id, PaperCodeLink.found_in)
    have = {tuple(row) for row in session.execute(select(*cols).where(scope))}
    gone, new = have - wanted, wanted - have
    if gone:
        session.execute(delete(PaperCodeLink).where(tuple_(*cols).in_(list(gone))))
    if new:
        session.execute(
            insert(PaperCodeLink), [{"paper_id": a, "project_id": b, "found_in": c} for a, b, c in sorted(new)]
        )
    return gone | new


def enqueue_linked(session: Session, papers: list[int], projects: list[int]) -> None:
    """Put in the outbox the other side of these items' joins: what they show of each other changed."""
    if not papers and not projects:
        return
    rows = session.execute(
        select(PaperCodeLink.paper_id, PaperCodeLink.project_id).where(
            or_(PaperCodeLink.paper_id.in_(papers), PaperCodeLink.project_id.in_(projects))
        )
    ).all()
    for project_id in sorted({project for paper, project in rows if paper in papers}):
        enqueue(session, Project.outbox_type, project_id)
    for paper_id in sorted({paper for paper, project in rows if project in projects}):
        enqueue(session, Paper.outbox_type, paper_id)


# --- what a document shows: a paper's code, a project's papers ---


def _code_rows(session: Session, paper_ids: list[int]) -> dict[int, list[dict]]:
    rows = session.execute(
        select(PaperCodeLink.paper_id, Project)
        .join(Project, Project.id == PaperCodeLink.project_id)
        .where(PaperCodeLink.paper_id.in_(paper_ids))
    ).all()
    code: dict[int, dict[int, dict]] = defaultdict(dict)
    for paper_id, project in rows:
        code[paper_id][project.id] = {
            "id": project.id,
            "repo": project.repo,
            "url": f"https://github.com/{project.repo}",
            "stars": project.stars,
            "language": project.language,
            "description": project.description_cn or project.description,
        }
    return {pid: sorted(found.values(), key=lambda c: (-c["stars"], c["repo"].lower())) for pid, found in code.items()}


def _moment(value: datetime) -> float:
    return (value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp()  # SQLite's are naive UTC


def _paper_rows(session: Session, project_ids: list[int]) -> dict[int, list[dict]]:
    rows = session.execute(
        select(PaperCodeLink.project_id, Paper)
        .join(Paper, Paper.id == PaperCodeLink.paper_id)
        .where(PaperCodeLink.project_id.in_(project_ids))
    ).all()
    papers: dict[int, dict[int, dict]] = defaultdict(dict)
    for project_id, paper in rows:
        papers[project_id][paper.id] = {
            "id": paper.id,
            "arxiv_id": paper.arxiv_id,
            "title": paper.title,
            "title_cn": paper.title_cn,
            "published_at": paper.published_at,  # a datetime: the kind writes it as the API does
        }
    return {
        pid: sorted(found.values(), key=lambda p: (_moment(p["published_at"]), p["id"]), reverse=True)
        for pid, found in papers.items()
    }


def preload_links(session: Session, papers: list[int], projects: list[int]) -> None:
    """Load the joins many documents show in two queries (document building)."""
    if papers:
        code = _code_rows(session, papers)
        preloaded.keep(session, "paper_code", {i: code.get(i, []) for i in papers})
    if projects:
        found = _paper_rows(session, projects)
        preloaded.keep(session, "project_papers", {i: found.get(i, []) for i in projects})


def paper_code(session: Session, paper_id: int) -> list[dict]:
    """The repositories joined to a paper, most stars first."""
    cached = preloaded.kept(session, "paper_code", paper_id)
    return cached if cached is not None else _code_rows(session, [paper_id]).get(paper_id, [])


def project_papers(session: Session, project_id: int) -> list[dict]:
    """The papers joined to a project, newest first (`published_at` a datetime)."""
    cached = preloaded.kept(session, "project_papers", project_id)
    return cached if cached is not None else _paper_rows(session, [project_id]).get(project_id, [])
