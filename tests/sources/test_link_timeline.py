"""The `link` source: a remote link server's public timeline copied into the link kind's store and so
into the index. Against a second hub's built-in link service over real HTTP (paging forward with
min_id, remembering where it stopped) and against Mastodon-shaped JSON served by a local HTTP server
(HTML content as text, reblogs and non-public statuses left out, a malformed page writing nothing)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from api.services.link_client import LinkClient
from ingest.sources import SourcesConfig, run_source
from store import link as link_store
from store.models import LinkStatus, OutboxEntry
from tests.support import Answer, data_of, serve_app, source_env, tiny_stack

AUTHOR = 101


@pytest.fixture(scope="module")
def remote_stack(make_stack):
    return tiny_stack(make_stack, "linksrcremote")


@pytest.fixture(scope="module")
def remote(remote_stack):
    with serve_app(remote_stack.app()) as base:
        yield f"{base}/link-api"


@pytest.fixture()
def stack(make_stack):
    return tiny_stack(make_stack, "linksrc")


def remote_rows(stack, origin: str) -> list[LinkStatus]:
    with stack.sessions()() as db:
        rows = db.scalars(select(LinkStatus).where(LinkStatus.origin == origin).order_by(LinkStatus.remote_id))
        return [row for row in rows if db.expunge(row) is None]


def run(stack, **config) -> dict:
    return run_source("link", SourcesConfig(**config), source_env(stack)).as_dict()


def test_reads_the_remote_timeline_forward_and_the_statuses_are_found_by_search(stack, remote_stack, remote):
    with remote_stack.sessions()() as db:
        token = link_store.issue_token(db, AUTHOR, timedelta(days=1))
        db.commit()
    link = LinkClient(remote, allow_private=True)
    first = [link.post_status(token, f"远端动态第{n}条 强化学习") for n in range(3)]

    # First run: the newest page only (page size 2).
    report = run(stack, link_url=remote, page_size=2)
    assert (report["status"], report["created"]) == ("ok", 2), report
    assert [r.remote_id for r in remote_rows(stack, remote)] == sorted(s["id"] for s in first[1:])

    # Later runs page forward from where it stopped (min_id), across pages, and nothing is read twice.
    later = [link.post_status(token, f"远端新动态{n}号 多模态智能体") for n in range(3)]
    report = run(stack, link_url=remote, page_size=2)
    assert (report["status"], report["created"], report["unchanged"]) == ("ok", 3, 0), report
    stored = remote_rows(stack, remote)
    assert {r.remote_id for r in stored} == {s["id"] for s in first[1:] + later}
    assert all(r.user_id is None and r.author_name == "作者甲" for r in stored)
    assert run(stack, link_url=remote, page_size=2)["created"] == 0

    # The copies are not the client hub's own statuses: its built-in service does not serve them.
    with stack.sessions()() as db:
        assert link_store.timeline(db, 40, None, None) == []

    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    stack.bump_cache()
    found = data_of(stack.client().get("/api/v2/search", query_string={"q": "多模态智能体", "model": "link"}))
    infos = [i["link_info"] for i in found["list"] if i["type"] == "link"]
    assert len(infos) == 3 and all(i["origin"] == remote and i["user_name"] == "作者甲" for i in infos)
    host = remote.removesuffix("/link-api")
    assert {i["url"] for i in infos} == {f"{host}/link?status={s['id']}" for s in later}  # the status at its server


def test_mastodon_json_content_as_text_reblogs_and_private_left_out(stack, feeds):
    url = feeds.route("/api/v1/timelines/public", Answer(file="mastodon_public.json"))
    origin = url.removesuffix("/api/v1/timelines/public")
    report = run(stack, link_url=origin, link_token="app-token", page_size=40)
    assert (report["status"], report["fetched"], report["created"]) == ("ok", 2, 2), report
    rows = {r.remote_id: r for r in remote_rows(stack, origin)}
    assert set(rows) == {"113501234567890125", "113501234567890122"}
    text = rows["113501234567890125"]
    assert text.content == "大模型推理加速的三个技巧 & 一些坑\n\n第一：#llm\n第二：量化"
    assert text.author_name == "图灵小组" and text.remote_url == "https://social.example/@u/113501234567890125"
    assert text.favourites_count == 4 and text.author_avatar == "https://files.social.example/avatars/110.png"
    seen = feeds.hits("/api/v1/timelines/public")[0]
    assert seen.headers["Authorization"] == "Bearer app-token" and seen.query == {"limit": ["40"]}

    # The next run asks from the newest id it stored.
    run(stack, link_url=origin, page_size=40)
    assert feeds.hits("/api/v1/timelines/public")[-1].query["min_id"] == ["113501234567890125"]


def test_a_malformed_page_writes_nothing(stack, feeds):
    url = feeds.route("/api/v1/timelines/public", Answer(file="mastodon_malformed.json"))
    origin = url.removesuffix("/api/v1/timelines/public")
    report = run(stack, link_url=origin)
    assert report["status"] == "error" and "not a status id" in report["error"]
    assert remote_rows(stack, origin) == []
    with stack.sessions()() as db:
        assert (
            db.scalar(select(func.count()).select_from(OutboxEntry).where(OutboxEntry.entity_type == "link_status"))
            == 0
        )


def test_not_configured_without_a_remote_server():
    from ingest.sources import configured

    assert "link" not in configured(SourcesConfig())
    assert "link" in configured(SourcesConfig(link_url="https://social.example"))
