"""Sign-in against the real provider (Keycloak started by deploy/keycloak.sh): the whole authorization
code + PKCE flow driven through Keycloak's login form with `requests` and the app through Flask's test
client; server-side sessions in the real Redis; CSRF; no open redirect; the start-up refusal of the
public secret key."""

from __future__ import annotations

import logging
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from flask.sessions import SecureCookieSessionInterface
from sqlalchemy import select

from api.auth import UnsafeSettings
from api.auth.redirects import safe_target
from api.auth.sessions import KEY_PREFIX
from config import DEFAULT_SECRET_KEY
from store.models import OutboxEntry, User, UserIdentity
from tests.support import DEMO_FILES, OIDC_ISSUER, data_of, error_of, free_port, loaded_stack, provider_login

DEMO = {
    "editor": ("editor-demo-pass", 1, "editor", False),
    "expert": ("expert-demo-pass", 3, "user", True),
    "user": ("user-demo-pass", 4, "user", False),
}
MSG_CSRF = "请求已失效，请刷新页面后重试"


@pytest.fixture(scope="module")
def auth_stack(make_stack, keycloak):
    return loaded_stack(make_stack, "auth", [p for p in DEMO_FILES if p.name == "users.jsonl"])


@pytest.fixture()
def app(auth_stack):
    return auth_stack.app()


def cookie(response, name: str) -> str | None:
    """The Set-Cookie header for `name` (attributes included)."""
    for header in response.headers.getlist("Set-Cookie"):
        if header.startswith(f"{name}="):
            return header
    return None


def sign_in_through_provider(client, username: str, redirect_url="/papers?tab=hot", from_code="header"):
    password = DEMO.get(username, ("newcomer-demo-pass",))[0]
    start = client.get("/auth/login", query_string={"redirect_url": redirect_url, "from_code": from_code})
    assert start.status_code == 302
    authorize = start.headers["Location"]
    query = parse_qs(urlsplit(authorize).query)
    assert authorize.startswith(OIDC_ISSUER + "/protocol/openid-connect/auth")
    assert query["code_challenge_method"] == ["S256"] and query["code_challenge"][0]
    assert query["client_id"] == ["hub-web"] and query["redirect_uri"] == ["http://localhost/auth/callback"]
    browser = requests.Session()
    callback = provider_login(browser, authorize, username, password)
    assert callback.startswith("http://localhost/auth/callback?")
    parts = urlsplit(callback)
    done = client.get(f"{parts.path}?{parts.query}")
    return start, done, browser


@pytest.mark.parametrize("username", sorted(DEMO))
def test_each_demo_account_signs_in(app, auth_stack, username, caplog):
    _, user_id, role, expert = DEMO[username]
    caplog.set_level(logging.INFO, logger="api.auth.routes")
    with app.test_client() as client:
        assert data_of(client.get("/api/v1/users")) is None  # nobody yet: no user, and no error status
        start, done, _ = sign_in_through_provider(client, username)
        assert done.status_code == 302, done.get_data(as_text=True)
        assert done.headers["Location"] == "/papers?tab=hot"  # from_code goes to the log, not the URL
        assert "started from header" in caplog.text
        session_cookie = cookie(done, "hub_session")
        assert "HttpOnly" in session_cookie and "SameSite=Lax" in session_cookie and "Max-Age=" in session_cookie
        assert "Secure" not in session_cookie  # HUB_ENV=test; production sets it (test below)
        csrf_cookie = cookie(done, "hub_csrf")
        assert csrf_cookie and "HttpOnly" not in csrf_cookie
        # No fixation: before sign-in there is no server-side session at all (the attempt rides in the
        # signed hub_pre cookie), and sign-in ends that cookie.
        assert cookie(start, "hub_session") is None and "HttpOnly" in cookie(start, "hub_pre")
        assert cookie(done, "hub_pre").startswith("hub_pre=;")
        after = session_cookie.split(";")[0].split("=", 1)[1]
        assert auth_stack.redis().exists(KEY_PREFIX + after) == 1
        info = data_of(client.get("/api/v1/users"))
        assert (info["id"], info["role"], info["is_expert"]) == (user_id, role, expert)
        if expert:
            assert info["exts"]["arxiv_name"] and info["exts"]["activity_sheet"]
        bindings = data_of(client.get("/api/v1/users/bindings"))["list"]
        assert len(bindings) == 1 and bindings[0]["provider"] == "Keycloak" and bindings[0]["email"] == info["email"]
    with auth_stack.sessions()() as db:
        assert db.scalars(select(UserIdentity.user_id).filter_by(issuer=OIDC_ISSUER)).all().count(user_id) == 1


def test_a_new_account_becomes_a_new_user(app, auth_stack):
    with app.test_client() as client:
        _, done, _ = sign_in_through_provider(client, "newcomer", redirect_url="/", from_code="")
        assert done.headers["Location"] == "/"
        info = data_of(client.get("/api/v1/users"))
        assert info["id"] > 1000 or info["email"] == "newcomer@aihub.example"
        assert (info["name"], info["role"], info["is_expert"]) == ("同学新", "user", False)
    with auth_stack.sessions()() as db:
        assert db.scalars(select(OutboxEntry).filter_by(entity_type="user", entity_id=info["id"])).first()


def test_no_open_redirect(app):
    with app.test_client() as client:
        _, done, _ = sign_in_through_provider(client, "user", redirect_url="https://evil.example/steal", from_code="x")
        assert done.headers["Location"] == "/"
    origins = ["http://127.0.0.1:8000", "http://localhost:8000"]
    for bad in [
        "https://evil.example/",
        "//evil.example/x",
        "/\\evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
        "http://127.0.0.1:8000.evil.example/",
        "http://user@127.0.0.1:8000/",
        "http://127.0.0.1:8001/",
        "/ok\r\nSet-Cookie: x=1",
        "papers",
    ]:
        assert safe_target(bad, origins) == "/", bad
    for good in ["/papers?tab=hot", "http://127.0.0.1:8000/users/3", "HTTP://LOCALHOST:8000/x"]:
        assert safe_target(good, origins) == good


def test_logout_ends_both_sessions(app):
    with app.test_client() as client:
        _, _, browser = sign_in_through_provider(client, "expert")
        data_of(client.get("/api/v1/users"))
        token = client.get_cookie("hub_csrf").value
        # Not by a GET (a link on another site), nor a POST without the session's token.
        assert client.get("/auth/logout", query_string={"redirect_url": "/papers"}).status_code != 302
        assert client.post("/auth/logout", data={"csrf_token": "forged"}).status_code == 403
        data_of(client.get("/api/v1/users"))  # still signed in
        out = client.post("/auth/logout", query_string={"redirect_url": "/papers"}, data={"csrf_token": token})
        assert out.status_code == 302
        end = urlsplit(out.headers["Location"])
        query = parse_qs(end.query)
        assert out.headers["Location"].startswith(OIDC_ISSUER + "/protocol/openid-connect/logout?")
        assert query["id_token_hint"][0] and query["post_logout_redirect_uri"] == ["http://localhost/papers"]
        assert "hub_session=;" in cookie(out, "hub_session") and cookie(out, "hub_csrf").startswith("hub_csrf=;")
        assert data_of(client.get("/api/v1/users")) is None
        # The provider ends its session and sends the browser back.
        back = browser.get(out.headers["Location"], allow_redirects=False, timeout=30)
        assert back.status_code == 302 and back.headers["Location"] == "http://localhost/papers"
        # A new sign-in asks for the password again (no provider session left).
        start = client.get("/auth/login")
        page = browser.get(start.headers["Location"], allow_redirects=False, timeout=30)
        assert page.status_code == 200 and "kc-form-login" in page.text
        # Logging out again without a session simply goes back.
        again = client.post("/auth/logout", query_string={"redirect_url": "https://evil.example"})
        assert again.headers["Location"] == "/"


def test_csrf_on_cookie_authenticated_writes(app, auth_stack):
    body = {"name": "刘洋洋", "avatar_url": "https://assets.aihub.example/avatars/new.png", "region": "杭州"}
    with app.test_client() as client:
        anonymous = error_of(client.post("/api/v1/users/edit", json=body), 403)
        assert anonymous["msg"] == "请先登录"
        _, done, _ = sign_in_through_provider(client, "user")
        token = cookie(done, "hub_csrf").split(";")[0].split("=", 1)[1]
        assert error_of(client.post("/api/v1/users/edit", json=body), 403)["msg"] == MSG_CSRF
        wrong = client.post("/api/v1/users/edit", json=body, headers={"X-CSRF-Token": token[:-1] + "x"})
        assert error_of(wrong, 403)["msg"] == MSG_CSRF
        # Even a read made by POST (a feed) needs the token once signed in.
        assert error_of(client.post("/api/v1/story/list", json={}), 403)["msg"] == MSG_CSRF
        saved = data_of(client.post("/api/v1/users/edit", json=body, headers={"X-CSRF-Token": token}))
        assert saved["name"] == "刘洋洋" and saved["region"] == "杭州"
        info = data_of(client.get("/api/v1/users"))
        assert (info["name"], info["avatar_url"], info["region"]) == (body["name"], body["avatar_url"], "杭州")
        headers = {"X-CSRF-Token": token}
        for bad, msg in [
            ({"name": ""}, "昵称需为 1–30 个字符"),
            ({"name": "字" * 31}, "昵称需为 1–30 个字符"),
            ({}, "请填写昵称"),
            ({"name": "a", "region": "地" * 21}, "地区最多 20 个字符"),
            ({"name": "a", "avatar_url": "https://evil.example/a.png"}, "头像地址需为允许的图片地址（http 或 https）"),
            ({"name": "a", "avatar_url": "javascript:alert(1)"}, "头像地址需为允许的图片地址（http 或 https）"),
            ({"name": "a", "avatar_url": "/media/../secret.png"}, "头像地址需为允许的图片地址（http 或 https）"),
        ]:
            assert error_of(client.post("/api/v1/users/edit", json=bad, headers=headers), 400)["msg"] == msg, bad
        # a demo user's own picture, sent back by the profile form as it is
        demo = {"name": "刘洋", "avatar_url": "/media/demo/avatar-04.webp"}
        assert (
            data_of(client.post("/api/v1/users/edit", json=demo, headers=headers))["avatar_url"] == demo["avatar_url"]
        )
        data_of(client.post("/api/v1/users/edit", json={"name": "刘洋", "avatar_url": ""}, headers=headers))
    with auth_stack.sessions()() as db:
        user = db.get(User, 4)
        assert (user.name, user.avatar_url, user.region) == ("刘洋", None, None)
        assert db.scalars(select(OutboxEntry).filter_by(entity_type="user", entity_id=4)).first()


def test_users_list_is_public(app):
    with app.test_client() as client:
        page = data_of(client.get("/api/v1/users/list", query_string={"page": 1, "size": 5}))
        assert len(page["list"]) == 5 and page["total"] >= 5 and page["hasNextPage"] is True
        scores = [u["score"] for u in page["list"]]
        assert scores == sorted(scores, reverse=True)
        assert set(page["list"][0]) == {"id", "name", "avatar_url", "is_expert", "score"}
        error_of(client.get("/api/v1/users/bindings"), 403)


def test_refuses_to_start_in_production_with_the_default_key(auth_stack):
    for key in (DEFAULT_SECRET_KEY, "", "short"):
        with pytest.raises(UnsafeSettings, match="HUB_SECRET_KEY"):
            auth_stack.app(environment="production", secret_key=key)
    with pytest.raises(UnsafeSettings, match="HUB_ENV"):
        auth_stack.app(environment="prod", secret_key="x" * 40)
    auth_stack.app(environment="development")  # the local default key is fine on a developer's machine
    app = auth_stack.app(environment="production", secret_key="k" * 48)
    with app.test_client() as client:
        start = client.get("/auth/login")
        assert "Secure" in cookie(start, "hub_pre") and "HttpOnly" in cookie(start, "hub_pre")


def test_a_cookie_forged_with_the_default_key_is_nobody(app):
    forged = SecureCookieSessionInterface().get_signing_serializer(_keyed(app)).dumps({"user_id": 1})
    with app.test_client() as client:
        for name in ("session", "hub_session"):
            client.set_cookie(name, forged)
        assert data_of(client.get("/api/v1/users")) is None
        client.set_cookie("hub_session", "A" * 43)  # a well-formed id nobody was given
        assert data_of(client.get("/api/v1/users")) is None


def _keyed(app):
    app.secret_key = DEFAULT_SECRET_KEY
    return app


def test_sign_in_failures_are_pages_with_retry_that_keep_the_return_url(app, auth_stack):
    """The provider down, or a callback replayed: a Chinese page with 重试 back to where the member was going,
    never the API's JSON on a browser navigation."""
    down = auth_stack.app(oidc_issuer=f"http://127.0.0.1:{free_port()}/realms/hub").test_client()
    page = down.get("/auth/login", query_string={"redirect_url": "/papers?tab=hot"})
    assert page.status_code == 503 and page.mimetype == "text/html"
    text = page.get_data(as_text=True)
    assert "重试" in text and 'href="/auth/login?redirect_url=%2Fpapers%3Ftab%3Dhot"' in text
    with app.test_client() as client:
        start = client.get("/auth/login", query_string={"redirect_url": "/events"})
        callback = urlsplit(provider_login(requests.Session(), start.headers["Location"], "user", "user-demo-pass"))
        assert client.get(f"{callback.path}?{callback.query}").status_code == 302
        replayed = client.get(f"{callback.path}?{callback.query}")  # the same code and state again
        assert replayed.status_code == 400 and replayed.mimetype == "text/html"
        assert "登录失败，请重试" in replayed.get_data(as_text=True) and "重试</a>" in replayed.get_data(as_text=True)


def test_the_provider_is_asked_at_its_configured_address_only(auth_stack):
    """An issuer whose metadata redirects elsewhere (here to a second local server standing in for an
    internal one): the redirect is not followed and sign-in says the provider is unavailable."""
    from tests.support import Answer, FeedServer

    issuer, elsewhere = FeedServer(), FeedServer()
    target = elsewhere.route("/meta", Answer(200, body=b'{"issuer": "x"}'))
    issuer.route("/realms/hub/.well-known/openid-configuration", Answer(302, headers={"Location": target}))
    try:
        client = auth_stack.app(oidc_issuer=f"{issuer.base}/realms/hub").test_client()
        page = client.get("/auth/login", query_string={"redirect_url": "/papers"})
        assert page.status_code == 503 and "重试" in page.get_data(as_text=True)
        assert len(issuer.hits("/realms/hub/.well-known/openid-configuration")) == 1 and elsewhere.seen == []
    finally:
        issuer.close()
        elsewhere.close()
