"""A member submits a paper by its arXiv number or address (POST /api/v3/paper/submit, issue 34): read
through the arXiv source from a recorded arXiv answer (a real HTTP server in a thread), one paper per
arXiv number, searchable after the drain; bad numbers, unknown papers and an unreachable arXiv are told."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from store.models import Paper
from tests.support import Answer, FeedServer, data_of, error_of, sign_in, tiny_stack


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "paper-submit")


@pytest.fixture()
def arxiv():
    server = FeedServer()
    yield server
    server.close()


def submit(client, value: str, user: int = 101):
    return client.post("/api/v3/paper/submit", json={"arxiv": value}, headers=sign_in(client, user))


def test_a_new_paper_is_read_from_arxiv_once_and_searchable(stack, arxiv):
    url = arxiv.route("/api/query", Answer(file="arxiv_id_list.xml"))
    with stack.app(source_arxiv_url=url).test_client() as client:
        assert error_of(client.post("/api/v3/paper/submit", json={"arxiv": "2611.07777"}), 403)["msg"] == "请先登录"
        first = submit(client, "https://arxiv.org/abs/2611.07777v1")
        assert first.get_json()["msg"] == "提交成功"
        paper = data_of(first)
        assert paper["arxiv_id"] == "2611.07777" and paper["created"] is True
        assert arxiv.hits("/api/query")[0].query["id_list"] == ["2611.07777"]
        # Its page answers at once, before the worker has indexed it (from the database meanwhile).
        detail = data_of(client.get(f"/api/v3/paper/{paper['id']}"))
        assert detail["title"] == "Reward Models That Read the Whole Dialogue" and detail["arxiv_id"] == "2611.07777"
        assert data_of(client.get("/api/v3/paper/arXiv:2611.07777v2"))["id"] == paper["id"]
        again = submit(client, "arXiv:2611.07777", user=103)  # another spelling, another member
        assert again.get_json()["msg"] == "论文已收录" and data_of(again) == {**paper, "created": False}
    assert len(arxiv.hits("/api/query")) == 1  # known papers are not fetched again
    with stack.sessions()() as db:
        assert db.scalar(select(func.count()).select_from(Paper).where(Paper.arxiv_id == "2611.07777")) == 1
        stored = db.get(Paper, paper["id"])
        assert stored.arxiv_version == 2 and stored.title == "Reward Models That Read the Whole Dialogue"
        assert stored.authors == ["Mei Lin", "Jonas Weber"]
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    with stack.client() as client:
        found = data_of(
            client.get("/api/v2/search", query_string={"q": "Reward Models Whole Dialogue", "model": "paper"})
        )
    assert paper["id"] in [item["id"] for item in found["list"]]


def test_bad_numbers_unknown_papers_and_an_unreachable_arxiv_are_told(stack, arxiv):
    url = arxiv.route("/api/query", Answer(file="arxiv_error.xml"))
    with stack.app(source_arxiv_url=url).test_client() as client:
        assert (
            error_of(submit(client, "not an arxiv number"), 400)["msg"]
            == "请输入 arXiv 编号或论文链接，例如 2401.01234"
        )
        assert error_of(client.post("/api/v3/paper/submit", json={}, headers=sign_in(client, 101)), 400)
        assert error_of(submit(client, "2611.99999"), 404)["msg"] == "arXiv 上没有这篇论文"
    down = arxiv.route("/api/down", Answer(503, body=b"busy"))
    with stack.app(source_arxiv_url=down).test_client() as client:
        assert error_of(submit(client, "2611.88888"), 503)["msg"] == "暂时无法访问 arXiv，请稍后再试"
    with stack.sessions()() as db:
        assert db.scalar(select(Paper.id).where(Paper.arxiv_id.in_(["2611.99999", "2611.88888"]))) is None
