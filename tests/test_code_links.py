"""Papers joined to their code when either is written (kinds/code_links.py, store/code_links.py): in both
arrival orders, in one batch, undone when the text stops citing, the other side put in the outbox; the
detail answers carry the joins and the lists do not. On SQLite and PostgreSQL."""

from __future__ import annotations

import json

from sqlalchemy import delete, select

from ingest.sources.arxiv import parse_page, write_papers
from store.models import OutboxEntry, Paper, PaperCodeLink, Project
from tests.support import data_of, error_of


def paper(number: str, **extra) -> dict:
    return {
        "type": "paper",
        "arxiv": number,
        "title": f"Paper {number}",
        "abstract": "We study attention.",
        "authors": ["Ada Lovelace"],
        "published_at": "2026-10-01T00:00:00Z",
        **extra,
    }


def project(repo: str, **extra) -> dict:
    return {
        "type": "project",
        "repo": repo,
        "description": "A library.",
        "stars": 10,
        "created_at": "2026-10-01T00:00:00Z",
        **extra,
    }


class Importer:
    def __init__(self, stack, folder):
        self.stack, self.folder, self.count = stack, folder, 0

    def __call__(self, *records: dict) -> None:
        self.count += 1
        path = self.folder / f"batch{self.count}.jsonl"
        path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
        report = self.stack.import_files([path])
        assert report.errors == []


def links(stack) -> set[tuple[str, str, str]]:
    with stack.sessions()() as session:
        rows = session.execute(
            select(Paper.arxiv_id, Project.repo, PaperCodeLink.found_in)
            .join(Paper, Paper.id == PaperCodeLink.paper_id)
            .join(Project, Project.id == PaperCodeLink.project_id)
        )
        return {tuple(row) for row in rows}


def pending(stack) -> set[tuple[str, int]]:
    """The outbox's pending entries, then forgets them (what the next write enqueues is asked afresh)."""
    with stack.sessions()() as session:
        rows = {
            tuple(r)
            for r in session.execute(
                select(OutboxEntry.entity_type, OutboxEntry.entity_id).where(OutboxEntry.processed_at.is_(None))
            )
        }
        session.execute(delete(OutboxEntry))
        session.commit()
        return rows


def ids(stack, model, column, value) -> int:
    with stack.sessions()() as session:
        return session.scalars(select(model.id).where(column == value)).one()


def test_project_first_then_the_paper_it_cites(store_stack, tmp_path):
    stack = store_stack("links_project_first")
    put = Importer(stack, tmp_path)
    put(project("Acme/Fast-Attn", readme="# Fast\nOfficial code of https://arxiv.org/abs/2401.01234v2"))
    assert links(stack) == set()
    pending(stack)

    put(paper("2401.01234"))
    assert links(stack) == {("2401.01234", "Acme/Fast-Attn", "project")}
    project_id = ids(stack, Project, Project.repo, "Acme/Fast-Attn")
    paper_id = ids(stack, Paper, Paper.arxiv_id, "2401.01234")
    assert pending(stack) == {("paper", paper_id), ("project", project_id)}  # the project shows the paper now


def test_paper_first_then_the_repository_it_links(store_stack, tmp_path):
    stack = store_stack("links_paper_first")
    put = Importer(stack, tmp_path)
    put(paper("2401.01234", comment="8 pages. Code: https://github.com/acme/fast-attn."))
    assert links(stack) == set()
    pending(stack)

    put(project("Acme/Fast-Attn"))  # GitHub's spelling: matched without regard to case
    assert links(stack) == {("2401.01234", "Acme/Fast-Attn", "paper")}
    project_id = ids(stack, Project, Project.repo, "Acme/Fast-Attn")
    paper_id = ids(stack, Paper, Paper.arxiv_id, "2401.01234")
    assert pending(stack) == {("paper", paper_id), ("project", project_id)}


def test_both_ways_in_one_batch_and_undone_when_the_text_stops_citing(store_stack, tmp_path):
    stack = store_stack("links_batch")
    put = Importer(stack, tmp_path)
    put(
        paper("2401.01234", abstract="We release github.com/acme/fast-attn and github.com/features/copilot."),
        project("acme/fast-attn", description="Code of arXiv:2401.01234 and arXiv:2401.09999"),
        project("other/lib", readme="Builds on 2401.01234."),
        project("features/copilot"),
    )
    assert links(stack) == {
        ("2401.01234", "acme/fast-attn", "paper"),
        ("2401.01234", "acme/fast-attn", "project"),
        ("2401.01234", "other/lib", "project"),
    }
    pending(stack)

    # The README no longer cites the paper: that join goes, the paper's page is rebuilt.
    put(project("other/lib", readme="Builds on nothing in particular."))
    assert ("2401.01234", "other/lib", "project") not in links(stack)
    paper_id = ids(stack, Paper, Paper.arxiv_id, "2401.01234")
    assert ("paper", paper_id) in pending(stack)

    # The abstract stops linking: the join the paper's text made goes, the project's own citation stays.
    put(paper("2401.01234", abstract="We study attention."))
    assert links(stack) == {("2401.01234", "acme/fast-attn", "project")}
    assert ("project", ids(stack, Project, Project.repo, "acme/fast-attn")) in pending(stack)

    # A re-import that changes nothing rebuilds nothing.
    put(paper("2401.01234", abstract="We study attention."))
    assert pending(stack) == set()


def test_what_the_other_side_shows_changes_its_document(store_stack, tmp_path):
    stack = store_stack("links_shown")
    put = Importer(stack, tmp_path)
    put(paper("2401.01234"), project("acme/fast-attn", readme="arXiv:2401.01234"), project("acme/unrelated"))
    pending(stack)
    put(project("acme/fast-attn", readme="arXiv:2401.01234", stars=99), project("acme/unrelated", stars=50))
    paper_id = ids(stack, Paper, Paper.arxiv_id, "2401.01234")
    assert ("paper", paper_id) in pending(stack)  # its 代码 shows the stars
    put(paper("2401.01234", title="A new title"))
    assert ("project", ids(stack, Project, Project.repo, "acme/fast-attn")) in pending(stack)


ATOM = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom"
      xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">
  <opensearch:totalResults>1</opensearch:totalResults>
  <entry>
    <id>http://arxiv.org/abs/2401.01234v1</id>
    <published>2026-10-01T00:00:00Z</published>
    <title>Fast Attention</title>
    <summary>We make attention fast.</summary>
    <author><name>Ada Lovelace</name></author>
    <arxiv:comment>9 pages. Code:
      https://github.com/acme/fast-attn</arxiv:comment>
    <arxiv:primary_category term="cs.CL"/>
  </entry>
</feed>"""


def test_the_arxiv_source_keeps_the_comment_and_joins_by_it(store_stack, tmp_path):
    items, _total = parse_page(ATOM.encode())
    assert items[0].comment == "9 pages. Code: https://github.com/acme/fast-attn"
    stack = store_stack("links_source")
    Importer(stack, tmp_path)(project("acme/fast-attn"))
    with stack.sessions()() as session:
        write_papers(session, items)
        session.commit()
        assert session.scalars(select(Paper.comment)).one() == items[0].comment
    assert links(stack) == {("2401.01234", "acme/fast-attn", "paper")}


def test_detail_answers_carry_the_joins_and_lists_do_not(store_stack, tmp_path):
    stack = store_stack("links_detail")
    put = Importer(stack, tmp_path)
    put(
        paper("2401.01234", comment="Code: github.com/acme/small and github.com/acme/big", title_cn="快速注意力"),
        paper("2402.05678", published_at="2026-11-01T00:00:00Z"),
        project("acme/small", stars=5, language="Rust"),
        project("acme/big", stars=500, language="Python", readme="arXiv:2402.05678 and arXiv:2401.01234"),
        project("acme/none"),
    )
    stack.drain()
    with stack.client() as client:
        code = data_of(client.get("/api/v3/paper/2401.01234"))["code"]
        big, small = (ids(stack, Project, Project.repo, r) for r in ("acme/big", "acme/small"))
        assert code == [
            {
                "id": big,
                "repo": "acme/big",
                "url": "https://github.com/acme/big",
                "stars": 500,
                "language": "Python",
                "description": "A library.",
            },
            {
                "id": small,
                "repo": "acme/small",
                "url": "https://github.com/acme/small",
                "stars": 5,
                "language": "Rust",
                "description": "A library.",
            },
        ]
        assert data_of(client.get("/api/v3/paper/2402.05678"))["code"][0]["repo"] == "acme/big"

        found = data_of(client.get(f"/api/v1/projects/{big}"))
        assert found["repo"] == "acme/big" and found["title_html"] == "acme/big"
        assert [(p["arxiv_id"], p["title_cn"]) for p in found["papers"]] == [
            ("2402.05678", None),
            ("2401.01234", "快速注意力"),
        ]  # newest first
        assert found["papers"][0]["published_at"] == "2026-11-01T00:00:00Z"
        none = ids(stack, Project, Project.repo, "acme/none")
        assert data_of(client.get(f"/api/v1/projects/{none}"))["papers"] == []
        error_of(client.get("/api/v1/projects/999999"), 404)

        papers = data_of(client.post("/api/v3/paper/list", json={"size": 10}))["list"]
        projects = data_of(client.post("/api/v3.1/github/home/list", json={"size": 10}))["list"]
        assert papers and all("code" not in item["paper_info"] for item in papers)
        assert projects and all("papers" not in item["project_info"] for item in projects)

    # The project's page (/projects/{id}) is known to the server, titled by the repository.
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(
        '<!doctype html><html><head><title>AI 社区</title></head><body><div id="root"></div></body></html>',
        encoding="utf-8",
    )
    with stack.app(ui_dist=dist).test_client() as shell:
        page = shell.get(f"/projects/{big}")
        assert page.status_code == 200 and "<title>acme/big - AI 社区</title>" in page.get_data(as_text=True)
        assert shell.get("/projects/999999").status_code == 404
