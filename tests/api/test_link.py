"""The link feed (issue 13): the built-in Mastodon-subset service reached over real HTTP (a werkzeug
server in a thread) through the one client module; the hub's calls (authorize check and authorize,
publish a paper, a story's link post) with permissions, CSRF, validation and the bearer-token rule;
and a status found by search once the outbox is drained."""

from __future__ import annotations

import pytest

from api.services.link_client import MSG_REFUSED, LinkClient, LinkServiceError
from tests.support import Answer, FeedServer, data_of, error_of, serve_app, sign_in, tiny_stack

AUTHOR, READER = 101, 103  # tiny corpus users: 101 wrote story 1001; 102 is an editor


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "link")


@pytest.fixture(scope="module")
def service(stack):
    """The hub (with its built-in link service) served over HTTP; yields its link base URL."""
    with serve_app(stack.app()) as base:
        yield f"{base}/link-api"


@pytest.fixture()
def hub(stack, service):
    """A test client of the hub whose link calls go to the served built-in service."""
    # Not `with`: two test clients in one test must not each keep a request context open.
    return stack.app(link_base_url=service).test_client()


@pytest.fixture()
def local_hub(stack):
    return stack.app().test_client()


def token_for(local_hub, user_id: int) -> str:
    headers = sign_in(local_hub, user_id)
    return data_of(local_hub.get("/api/v3/link/authorize", headers=headers))["access_token"]


def test_authorize_needs_a_signed_in_caller_and_the_csrf_header(local_hub):
    error_of(local_hub.get("/api/v3/link/authorize"), 403)
    sign_in(local_hub, AUTHOR)
    assert error_of(local_hub.get("/api/v3/link/authorize"), 403)["msg"] == "请求已失效，请刷新页面后重试"
    data = data_of(local_hub.get("/api/v3/link/authorize", headers={"X-CSRF-Token": "test-csrf-token"}))
    assert data["token_type"] == "Bearer" and len(data["access_token"]) >= 40 and data["base_url"] == "/link-api"


def test_checking_tells_a_good_token_from_none_a_wrong_one_and_someone_elses(local_hub):
    token = token_for(local_hub, AUTHOR)
    with local_hub.session_transaction() as session:
        session.clear()
    assert data_of(local_hub.get("/api/v3/link/authorize/checking"))["authorized"] is False
    good = {"Authorization": f"Bearer {token}"}
    assert data_of(local_hub.get("/api/v3/link/authorize/checking", headers=good))["authorized"] is False  # signed out
    sign_in(local_hub, AUTHOR)
    assert data_of(local_hub.get("/api/v3/link/authorize/checking"))["authorized"] is False  # no header
    bad = {"Authorization": "Bearer not-a-token"}
    assert data_of(local_hub.get("/api/v3/link/authorize/checking", headers=bad))["authorized"] is False
    checked = data_of(local_hub.get("/api/v3/link/authorize/checking", headers=good))
    assert checked["authorized"] is True and checked["account"] == {"id": str(AUTHOR), "display_name": "作者甲"}
    sign_in(local_hub, READER)  # the same browser, another hub user: the stored token is not theirs
    assert data_of(local_hub.get("/api/v3/link/authorize/checking", headers=good))["authorized"] is False


def test_checking_asks_a_configured_service(hub, local_hub):
    token = token_for(local_hub, AUTHOR)
    good = {"Authorization": f"Bearer {token}"}
    checked = data_of(hub.get("/api/v3/link/authorize/checking", headers=good))
    assert checked["authorized"] is True and checked["account"]["id"] == str(AUTHOR)
    bad = {"Authorization": "Bearer not-a-token"}
    assert data_of(hub.get("/api/v3/link/authorize/checking", headers=bad))["authorized"] is False


def test_the_client_against_the_built_in_service(service, local_hub):
    token = token_for(local_hub, AUTHOR)
    other = token_for(local_hub, READER)
    link = LinkClient(service, allow_private=True)
    with pytest.raises(LinkServiceError) as refused:
        link.post_status("", "没有令牌")
    assert refused.value.status == 401 and refused.value.message == "访问令牌无效，请重新授权"
    with pytest.raises(LinkServiceError) as empty:
        link.post_status(token, "   ")
    # The server's own words reach the log only; the client's error speaks the hub's wording.
    assert (empty.value.status, empty.value.message, empty.value.remote) == (422, MSG_REFUSED, "动态内容不能为空")
    with pytest.raises(LinkServiceError) as long:
        link.post_status(token, "长" * 501)
    assert long.value.status == 422 and "500" in long.value.remote

    first = link.post_status(token, "第一条动态 <b>不是标签</b>\n第二行")
    assert first["account"]["id"] == str(AUTHOR) and first["account"]["display_name"] == "作者甲"
    assert first["content"] == "<p>第一条动态 &lt;b&gt;不是标签&lt;/b&gt;<br>第二行</p>"
    assert first["favourited"] is False and first["bookmarked"] is False and first["in_reply_to_id"] is None
    reply = link.post_status(other, "一条回复", in_reply_to_id=first["id"])
    nested = link.post_status(token, "回复的回复", in_reply_to_id=reply["id"])
    assert reply["in_reply_to_id"] == first["id"] and reply["in_reply_to_account_id"] == str(AUTHOR)
    with pytest.raises(LinkServiceError) as gone:
        link.post_status(token, "回复不存在的动态", in_reply_to_id="999999")
    assert gone.value.remote == "回复的动态不存在"

    context = link.context(first["id"])
    assert [s["id"] for s in context["ancestors"]] == []
    assert [s["id"] for s in context["descendants"]] == [reply["id"], nested["id"]]
    assert [s["id"] for s in link.context(nested["id"])["ancestors"]] == [first["id"], reply["id"]]
    assert link.status(first["id"])["replies_count"] == 1

    liked = link.act(first["id"], "favourite", other)
    assert liked["favourited"] is True and liked["favourites_count"] == 1
    assert link.act(first["id"], "favourite", other)["favourites_count"] == 1  # a second favourite counts once
    assert link.status(first["id"], token)["favourited"] is False  # the flags are the caller's
    assert link.status(first["id"])["favourites_count"] == 1
    assert link.act(first["id"], "unfavourite", other)["favourites_count"] == 0
    assert link.act(first["id"], "bookmark", token)["bookmarked"] is True
    assert link.status(first["id"], token)["bookmarked"] is True
    assert link.act(first["id"], "unbookmark", token)["bookmarked"] is False

    public = link.public_timeline(limit=2)
    assert [s["id"] for s in public] == [nested["id"], reply["id"]]  # newest first
    assert [s["id"] for s in link.public_timeline(limit=2, max_id=reply["id"])][0] == first["id"]
    assert link.home_timeline(token)[0]["id"] == nested["id"]
    with pytest.raises(LinkServiceError) as home:
        link.home_timeline("")
    assert home.value.status == 401
    with pytest.raises(LinkServiceError) as wrong:
        link.public_timeline(token="wrong")  # a wrong token is refused, not taken as anonymous
    assert wrong.value.status == 401
    with pytest.raises(LinkServiceError) as missing:
        link.status("999999")
    assert (missing.value.status, missing.value.message) == (404, "动态不存在")
    assert link.verify_credentials(token)["id"] == str(AUTHOR)


def test_the_client_sends_a_bearer_header_only_with_a_token():
    remote = FeedServer()
    try:
        remote.route("/api/v1/timelines/public", Answer(body=b"[]", file=None))
        link = LinkClient(remote.base, allow_private=True)
        assert link.public_timeline() == []
        assert link.public_timeline(token="abc") == []
        first, second = remote.hits("/api/v1/timelines/public")
        assert "Authorization" not in first.headers
        assert second.headers["Authorization"] == "Bearer abc"
    finally:
        remote.close()


def test_an_unreachable_service_is_a_clear_error():
    with pytest.raises(LinkServiceError) as down:
        LinkClient("http://127.0.0.1:9", timeout=2, allow_private=True).public_timeline()
    assert down.value.status == 503 and down.value.message == "社区动态服务暂时不可用，请稍后再试"


def test_a_status_is_found_by_search(stack, service, local_hub):
    token = token_for(local_hub, AUTHOR)
    posted = LinkClient(service, allow_private=True).post_status(token, "多模态检索增强的新进展值得一读")
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    stack.bump_cache()
    found = data_of(local_hub.get("/api/v2/search", query_string={"q": "多模态检索增强", "model": "link"}))
    item = next(i for i in found["list"] if i["id"] == int(posted["id"]))
    assert item["type"] == "link" and item["link_info"]["user_name"] == "作者甲"
    assert "<em>" in item["link_info"]["title_html"]
    totals = data_of(local_hub.get("/api/v2/total", query_string={"q": "多模态检索增强"}))
    assert totals["link"] >= 1


def test_publishing_a_paper(hub, local_hub):
    path = "/api/v3/paper/action/2601.00003/publish"
    error_of(hub.get(path), 403)  # signed out
    headers = sign_in(hub, READER)
    assert error_of(hub.get(path), 403)["msg"] == "请求已失效，请刷新页面后重试"  # a GET that writes: CSRF too
    assert error_of(hub.get(path, headers=headers), 401)["msg"] == "请先授权社区动态"  # no bearer token
    token = token_for(local_hub, READER)
    auth = {**headers, "Authorization": f"Bearer {token}"}
    assert error_of(hub.get("/api/v3/paper/action/2601.00003/delete", headers=auth), 400)["msg"] == "不支持的操作"
    error_of(hub.get("/api/v3/paper/action/2699.99999/publish", headers=auth), 404)
    published = data_of(hub.get(path, headers=auth))
    assert published["created"] is True
    again = data_of(hub.get(path, headers=auth))
    assert again == {**published, "created": False}  # once per paper
    bad = {**headers, "Authorization": "Bearer wrong"}
    assert error_of(hub.get("/api/v3/paper/action/2601.00001/publish", headers=bad), 401)["msg"] == "请先授权社区动态"


def test_a_published_paper_is_a_status_naming_it(service, hub, local_hub):
    headers = sign_in(hub, READER)
    token = token_for(local_hub, READER)
    published = data_of(
        hub.get("/api/v3/paper/action/2/publish", headers={**headers, "Authorization": f"Bearer {token}"})
    )
    status = LinkClient(service, allow_private=True).status(published["post_id"])
    assert "One Point Paper" in status["text"] and "/paper/2601.00002" in status["text"]


def test_a_storys_link_post(service, hub, local_hub):
    token = token_for(local_hub, READER)
    post = LinkClient(service, allow_private=True).post_status(token, "分享一篇文章")
    path = "/api/v1/story/update_post_id"
    error_of(hub.post(path, json={"story_id": 1001, "post_id": post["id"]}), 403)  # signed out
    headers = sign_in(hub, READER)
    assert error_of(hub.post(path, json={"story_id": 1001}, headers=headers), 400)["msg"] == "缺少动态编号"
    assert (
        error_of(hub.post(path, json={"story_id": "x", "post_id": "1"}, headers=headers), 400)["msg"]
        == "文章编号格式错误"
    )
    assert (
        error_of(hub.post(path, json={"story_id": 1001, "post_id": "a b"}, headers=headers), 400)["msg"]
        == "动态编号格式错误"
    )
    assert (
        error_of(hub.post(path, json={"story_id": 1001, "post_id": "999999"}, headers=headers), 400)["msg"]
        == "动态不存在"
    )
    error_of(hub.post(path, json={"story_id": 99999, "post_id": post["id"]}, headers=headers), 404)
    assert data_of(hub.post(path, json={"story_id": 1001, "post_id": post["id"]}, headers=headers)) == {
        "story_id": 1001,
        "post_id": post["id"],
    }
    later = LinkClient(service, allow_private=True).post_status(token, "再分享一次")
    # Set already: someone else than the author or an editor may not move it.
    assert (
        error_of(hub.post(path, json={"story_id": 1001, "post_id": later["id"]}, headers=headers), 403)["msg"]
        == "没有权限"
    )
    author = sign_in(hub, AUTHOR)
    assert (
        data_of(hub.post(path, json={"story_id": 1001, "post_id": later["id"]}, headers=author))["post_id"]
        == later["id"]
    )


def test_a_forged_host_never_chooses_where_the_hub_connects(stack, local_hub):
    """The built-in service is called in-process: a request whose Host names another server (the engine,
    say) publishes and links as usual and the named server sees nothing. A real HTTP server serves the hub,
    so the Host header reaches it exactly as a client sent it."""
    import requests

    trap = FeedServer()
    trap.route("/link-api/api/v1/statuses/1", Answer(400, body=b'{"error": "engine internals"}'))
    app = stack.app()
    try:
        with serve_app(app) as base:
            client = app.test_client()
            headers = sign_in(client, AUTHOR)
            client.get("/api/v1/site")  # the session cookie is set on a response
            cookies = {"hub_session": client.get_cookie("hub_session").value}
            token = data_of(client.get("/api/v3/link/authorize", headers=headers))["access_token"]
            forged = {**headers, "Authorization": f"Bearer {token}", "Host": trap.base.removeprefix("http://")}
            published = requests.get(
                f"{base}/api/v3/paper/action/2601.00001/publish", headers=forged, cookies=cookies, timeout=30
            ).json()
            assert published["code"] == 0, published
            post_id = published["data"]["post_id"]
            linked = requests.post(
                f"{base}/api/v1/story/update_post_id",
                json={"story_id": 1001, "post_id": post_id},
                headers=forged,
                cookies=cookies,
                timeout=30,
            ).json()
            assert linked["code"] == 0 and linked["data"]["post_id"] == post_id, linked
            status = LinkClient(base + "/link-api", allow_private=True).status(post_id)
            assert "Empty Series Paper" in status["text"] and status["account"]["id"] == str(AUTHOR)
            assert trap.base.removeprefix("http://") not in status["text"]  # the post links to this site
        assert trap.seen == []
    finally:
        trap.close()


def test_a_remote_server_redirecting_elsewhere_is_not_followed_nor_echoed(stack):
    """A configured remote server that redirects to an internal address (here another loopback server
    standing in for the engine): the hub does not follow, and its answer has none of the target's text."""
    remote, internal = FeedServer(), FeedServer()
    target = internal.route("/_cluster/settings", Answer(200, body=b'{"error": "engine secret"}'))
    remote.route("/api/v1/statuses/5", Answer(302, headers={"Location": target.replace("127.0.0.1", "localhost")}))
    try:
        hub = stack.app(link_base_url=remote.base).test_client()
        headers = sign_in(hub, AUTHOR)
        answer = hub.post("/api/v1/story/update_post_id", json={"story_id": 1001, "post_id": "5"}, headers=headers)
        body = error_of(answer, 503)
        assert "engine secret" not in answer.get_data(as_text=True)
        assert body["msg"] == "社区动态服务暂时不可用，请稍后再试"
        assert len(remote.hits("/api/v1/statuses/5")) == 1 and internal.seen == []
    finally:
        remote.close()
        internal.close()


def test_a_slow_remote_server_holds_one_account_to_two_short_calls(stack):
    """A remote server that answers in 10 s: each call gives up within the link timeout (3 s), one account
    holds at most two calls at once (the rest are refused at once), and the site answers others meanwhile."""
    import threading
    import time

    remote = FeedServer()
    remote.route("/api/v1/statuses/7", Answer(200, body=b'{"id": "7"}', delay=10))
    app = stack.app(link_base_url=remote.base)
    answers: list[tuple[int, float]] = []

    def link_once():
        client = app.test_client()
        headers = sign_in(client, AUTHOR)
        started = time.monotonic()
        answer = client.post("/api/v1/story/update_post_id", json={"story_id": 1001, "post_id": "7"}, headers=headers)
        answers.append((answer.status_code, time.monotonic() - started))

    try:
        threads = [threading.Thread(target=link_once) for _ in range(6)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        started = time.monotonic()
        assert app.test_client().get("/api/v1/site").status_code == 200
        site_took = time.monotonic() - started
        for thread in threads:
            thread.join(30)
        statuses = sorted(status for status, _took in answers)
        assert statuses == [429, 429, 429, 429, 503, 503], answers
        assert max(took for _status, took in answers) < 6  # 3 s timeout, not the server's 10 s
        assert site_took < 2
        assert len(remote.hits("/api/v1/statuses/7")) == 2
    finally:
        remote.close()


def _token(stack, user_id: int, scopes: str = "read write", days: float = 1) -> str:
    from datetime import timedelta

    from store import link as link_store

    with stack.sessions()() as db:
        token = link_store.issue_token(db, user_id, timedelta(days=days), scopes=scopes)
        db.commit()
    return token


def test_scopes_are_enforced_on_every_call(stack, service):
    """A `read` token reads (its own flags too) but cannot post, favourite or bookmark (403); `write:statuses`
    is a write scope."""
    link = LinkClient(service, allow_private=True)
    reader, writer = _token(stack, READER, "read"), _token(stack, AUTHOR, "read write:statuses")
    posted = link.post_status(writer, "带写权限的令牌可以发动态")
    assert link.status(posted["id"], reader)["id"] == posted["id"]
    assert link.verify_credentials(reader)["id"] == str(READER)
    for call in (
        lambda: link.post_status(reader, "只读令牌发动态"),
        lambda: link.act(posted["id"], "favourite", reader),
        lambda: link.act(posted["id"], "bookmark", reader),
    ):
        with pytest.raises(LinkServiceError) as refused:
            call()
        assert refused.value.status == 403 and refused.value.remote == "访问令牌的授权范围不足"


def test_tokens_expire_and_can_be_revoked(stack, service, local_hub):
    import requests

    link = LinkClient(service, allow_private=True)
    expired = _token(stack, AUTHOR, days=-1 / 24)
    with pytest.raises(LinkServiceError) as old:
        link.verify_credentials(expired)
    assert old.value.status == 401
    token = _token(stack, AUTHOR)
    assert link.verify_credentials(token)["id"] == str(AUTHOR)
    revoked = requests.post(f"{service}/oauth/revoke", data={"token": token}, timeout=10)
    assert revoked.status_code == 200 and revoked.json() == {}
    with pytest.raises(LinkServiceError) as gone:
        link.verify_credentials(token)
    assert gone.value.status == 401
    unknown = requests.post(f"{service}/oauth/revoke", data={"token": "nothing-like-it"}, timeout=10)
    assert unknown.status_code == 200  # RFC 7009: the same answer, nothing learnt
    wrong_client = requests.post(
        f"{service}/oauth/revoke", data={"token": token, "client_id": "x", "client_secret": "y"}, timeout=10
    )
    assert wrong_client.status_code == 401


def test_signing_out_revokes_the_hubs_own_link_tokens(stack, service):
    app = stack.app()
    with app.test_client() as client:
        headers = sign_in(client, READER)
        token = data_of(client.get("/api/v3/link/authorize", headers=headers))["access_token"]
        link = LinkClient(service, allow_private=True)
        assert link.verify_credentials(token)["id"] == str(READER)
        client.post("/auth/logout", data={"csrf_token": headers["X-CSRF-Token"]})
    with pytest.raises(LinkServiceError) as after:
        link.verify_credentials(token)
    assert after.value.status == 401


def test_the_author_deletes_a_status(stack, service, local_hub):
    """DELETE /api/v1/statuses/:id as Mastodon's, over HTTP and in-process: the author's own only (answered
    as it was, with its text), a write token, an unknown one 404; the parent's reply count follows; a
    story's link post, which holds its discussion, stays; a discussion reply deleted there leaves the thread."""
    from api.services.link_in_process import InProcessLink

    token, other = token_for(local_hub, AUTHOR), token_for(local_hub, READER)
    link = LinkClient(service, allow_private=True)
    first = link.post_status(token, "将被删除的动态")
    reply = link.post_status(other, "回复将被删除的动态", in_reply_to_id=first["id"])
    assert link.status(first["id"])["replies_count"] == 1
    refusals = [
        (lambda: link.delete_status(reply["id"], ""), 401, "访问令牌无效，请重新授权"),
        (lambda: link.delete_status(reply["id"], _token(stack, READER, "read")), 403, "访问令牌的授权范围不足"),
        (lambda: link.delete_status(reply["id"], token), 403, "只能删除自己的动态"),
        (lambda: link.delete_status("999999", other), 404, "动态不存在"),
    ]
    for call, status, words in refusals:
        with pytest.raises(LinkServiceError) as refused:
            call()
        assert (refused.value.status, refused.value.remote) == (status, words)
    gone = link.delete_status(reply["id"], other)
    assert (gone["id"], gone["text"]) == (reply["id"], "回复将被删除的动态")
    assert link.status(first["id"])["replies_count"] == 0 and link.context(first["id"])["descendants"] == []
    with pytest.raises(LinkServiceError) as again:
        link.delete_status(reply["id"], other)
    assert again.value.status == 404
    preflight = requests_options(f"{service}/api/v1/statuses/{first['id']}")
    assert "DELETE" in preflight.headers["Access-Control-Allow-Methods"]

    headers = sign_in(local_hub, AUTHOR)
    answer = local_hub.post("/api/v1/discussions/story/1001", json={"text": "讨论里的回复"}, headers=headers)
    comment = data_of(answer)
    root = data_of(local_hub.get("/api/v1/discussions/story/1001"))["post_id"]
    with stack.app().test_request_context():
        in_process = InProcessLink()
        with pytest.raises(LinkServiceError) as holds:
            in_process.delete_status(root, token)
        assert (holds.value.status, holds.value.message) == (422, "这条动态承载着评论区，不能删除")
        assert in_process.delete_status(comment["id"], token)["text"] == "讨论里的回复"
    assert data_of(local_hub.get("/api/v1/discussions/story/1001"))["count"] == 0


def requests_options(url: str):
    import requests

    return requests.options(url, timeout=5)
