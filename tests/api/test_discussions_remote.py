"""A discussion federated through a remote Mastodon-compatible server (HUB_LINK_BASE_URL), against a
recorded stand-in (tests/fixtures/sources/mastodon_thread_*.json): replies are posted there with the
member's link token, the thread is read from the post's context, and without a token the hub asks to
authorize."""

from __future__ import annotations

import pytest

from tests.support import Answer, FeedServer, data_of, error_of, sign_in, tiny_stack

ROOT, MINE, THEIRS = "109000000000000001", "109000000000000002", "109000000000000003"


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "discussions-remote")


@pytest.fixture()
def remote():
    server = FeedServer()
    server.route(
        "/api/v1/statuses", Answer(file="mastodon_thread_root.json"), Answer(file="mastodon_thread_reply.json")
    )
    server.route(f"/api/v1/statuses/{ROOT}/context", Answer(file="mastodon_thread_context.json"))
    yield server
    server.close()


def test_replies_federate_through_the_remote_server(stack, remote):
    hub = stack.app(link_base_url=remote.base).test_client()
    headers = sign_in(hub, 103)
    url = "/api/v1/discussions/story/1002"
    refused = error_of(hub.post(url, json={"text": "远程服务器上的评论"}, headers=headers), 401)
    assert refused["msg"] == "请先授权社区动态" and remote.hits("/api/v1/statuses") == []
    bearer = {**headers, "Authorization": "Bearer member-link-token"}
    posted = data_of(hub.post(url, json={"text": "远程服务器上的评论"}, headers=bearer))
    assert posted["text"] == "远程服务器上的评论" and posted["author"]["id"] == 103
    calls = remote.hits("/api/v1/statuses")
    assert len(calls) == 2  # the story's post (first comment), then the reply
    assert all(call.headers.get("Authorization") == "Bearer member-link-token" for call in calls)
    thread = data_of(hub.get(url, headers=bearer))
    assert thread["post_id"] == ROOT and thread["count"] == 2
    [top] = thread["replies"]
    assert top["id"] == posted["id"] and top["mine"] is True
    [child] = top["children"]
    assert child["author"] == {
        "id": None,
        "name": "Remote Reader",
        "avatar_url": "https://social.example/avatars/7002.png",
    }
    assert child["text"] == "来自远方的回复 <b>" and "&lt;b&gt;" in child["html"] and child["like_count"] == 2
    assert (
        remote.hits(f"/api/v1/statuses/{ROOT}/context")[-1].headers.get("Authorization") == "Bearer member-link-token"
    )
    # Read again: the copies are not made twice.
    assert data_of(hub.get(url))["count"] == 2


EDITOR = 102  # tiny corpus


@pytest.fixture()
def fresh(make_stack):
    return tiny_stack(make_stack, "discussions-remote-delete")


def test_the_authors_delete_goes_to_the_remote_and_an_editors_only_hides(fresh, remote):
    """The author's delete is sent to the remote server (DELETE with their bearer token) before the reply
    leaves here; without a token nothing is sent or deleted; a failing server deletes nothing. An editor
    cannot act for the remote account there: its reply is hidden here only (`remote_kept`), and stays
    hidden when the thread is read again from a server that still has it."""
    hub = fresh.app(link_base_url=remote.base).test_client()
    url = "/api/v1/discussions/story/1002"
    member = sign_in(hub, 103)
    bearer = {**member, "Authorization": "Bearer member-link-token"}
    posted = data_of(hub.post(url, json={"text": "远程服务器上的评论"}, headers=bearer))
    theirs = data_of(hub.get(url, headers=bearer))["replies"][0]["children"][0]
    assert posted["id"] != theirs["id"] and theirs["author"]["id"] is None
    delete_mine = f"/api/v1/replies/{posted['id']}/delete"

    refused = error_of(hub.post(delete_mine, json={}, headers=member), 401)
    assert refused["msg"] == "请先授权社区动态" and remote.hits(f"/api/v1/statuses/{MINE}") == []
    remote.route(
        f"/api/v1/statuses/{MINE}", Answer(503, body=b'{"error": "down"}'), Answer(file="mastodon_thread_reply.json")
    )
    error_of(hub.post(delete_mine, json={}, headers=bearer), 503)
    assert data_of(hub.get(url, headers=bearer))["count"] == 2  # nothing deleted here

    done = hub.post(delete_mine, json={}, headers=bearer)
    assert data_of(done) == {"id": posted["id"], "deleted": True, "remote_kept": False}
    assert done.get_json()["msg"] == "删除成功"
    [failed, sent] = remote.hits(f"/api/v1/statuses/{MINE}")
    assert (sent.method, sent.headers.get("Authorization")) == ("DELETE", "Bearer member-link-token")

    editor = sign_in(hub, EDITOR)
    hidden = hub.post(f"/api/v1/replies/{theirs['id']}/delete", json={"reason": "广告"}, headers=editor)
    assert data_of(hidden) == {"id": theirs["id"], "deleted": True, "remote_kept": True}
    assert hidden.get_json()["msg"] == "已在本站隐藏，远程服务器上的原文仅作者可删除"
    assert remote.hits(f"/api/v1/statuses/{THEIRS}") == []  # never sent: not the editor's to delete there
    with fresh.sessions()() as db:
        from store.models import LinkStatus

        row = db.get(LinkStatus, int(theirs["id"]))
        assert row.deleted_at is not None and row.remote_kept is True
        assert db.get(LinkStatus, int(posted["id"])).remote_kept is False

    # The recorded server still lists both: neither comes back.
    thread = data_of(hub.get(url, headers=bearer))
    assert thread["count"] == 0 and thread["replies"] == []
