"""The link feed against a remote server (issue 13): one hub app plays the remote Mastodon-compatible
server (its built-in link service, served over real HTTP by a werkzeug server in a thread, with its own
database), a second hub app has HUB_LINK_BASE_URL pointing at it. The hub registers itself there
(POST /api/v1/apps) and exchanges the code (POST /oauth/token) over real HTTP; the browser's steps (the
consent page, the redirects) are the two apps' test clients. Good path, replayed code, bad state,
denied consent and an unreachable server."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from sqlalchemy import func, select, update

from store import link_oauth
from store.models import LinkOAuthApp, LinkOAuthCode, LinkRemoteApp, utcnow
from tests.support import data_of, error_of, free_port, serve_app, sign_in, tiny_stack

AUTHOR = 101
SITE = "http://localhost"  # the test client's origin, configured as the site's (api/public_origin.py)
CALLBACK = f"{SITE}/api/v3/link/authorize/callback"


@pytest.fixture(scope="module")
def remote_stack(make_stack):
    return tiny_stack(make_stack, "linkremote")


@pytest.fixture(scope="module")
def remote(remote_stack):
    """The remote hub served over HTTP; yields its link base URL."""
    with serve_app(remote_stack.app()) as base:
        yield f"{base}/link-api"


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "linkclient")


@pytest.fixture()
def hub(stack, remote):
    return stack.app(link_base_url=remote, site_url=SITE).test_client()


@pytest.fixture()
def browser_at_remote(remote_stack):
    """The user's browser at the remote server, signed in there."""
    client = remote_stack.app().test_client()
    sign_in(client, AUTHOR)
    return client


def start(hub, next_path: str = "/link") -> dict:
    headers = sign_in(hub, AUTHOR)
    data = data_of(hub.get("/api/v3/link/authorize", query_string={"next": next_path}, headers=headers))
    assert data["access_token"] is None
    return data


def consent(browser, authorize_url: str, decision: str) -> str:
    """Open the consent page and answer it; the Location the remote sends the browser to."""
    parts = urlsplit(authorize_url)
    path = parts.path.removeprefix("/link-api")
    page = browser.get(f"/link-api{path}?{parts.query}")
    assert page.status_code == 200 and "授权" in page.get_data(as_text=True)
    assert "form-action 'self' http://localhost" in page.headers["Content-Security-Policy"]
    fields = {k: html.unescape(v) for k, v in re.findall(r'name="(\w+)" value="([^"]*)"', page.get_data(as_text=True))}
    answer = browser.post(f"/link-api{path}?{parts.query}", data={**fields, "decision": decision})
    assert answer.status_code == 302
    return answer.headers["Location"]


def back_at_hub(hub, location: str) -> str:
    assert location.startswith(CALLBACK + "?")
    answer = hub.get(location.removeprefix("http://localhost"))
    assert answer.status_code == 302
    return answer.headers["Location"]


def test_the_whole_round_trip_hands_the_ui_a_working_token_once(hub, browser_at_remote, remote, remote_stack, stack):
    data = start(hub, "/shareToLink?type=paper&id=2001")
    assert data["authorize_url"].startswith(f"{remote}/oauth/authorize?")
    query = parse_qs(urlsplit(data["authorize_url"]).query)
    assert query["response_type"] == ["code"] and query["redirect_uri"] == [CALLBACK]
    assert query["scope"] == ["read write"] and len(query["state"][0]) >= 20
    location = consent(browser_at_remote, data["authorize_url"], "approve")
    assert parse_qs(urlsplit(location).query)["state"] == query["state"]
    assert "access_token" not in location
    back = back_at_hub(hub, location)
    assert back == "/shareToLink?type=paper&id=2001&link_auth=1"  # where the user was; no token in the URL

    token = data_of(hub.get("/api/v3/link/authorize/result"))
    assert token["token_type"] == "Bearer" and token["base_url"] == remote and len(token["access_token"]) >= 40
    assert error_of(hub.get("/api/v3/link/authorize/result"), 404)["msg"] == "没有待领取的授权结果"  # once
    checked = data_of(
        hub.get("/api/v3/link/authorize/checking", headers={"Authorization": f"Bearer {token['access_token']}"})
    )
    assert checked["authorized"] is True and checked["account"]["id"] == str(AUTHOR)

    # Registered once per base URL, durably: a second authorization reuses the registration.
    start(hub)
    with stack.sessions()() as db:
        assert db.scalar(select(func.count()).select_from(LinkRemoteApp)) == 1
        assert db.get(LinkRemoteApp, remote).client_id == query["client_id"][0]
    with remote_stack.sessions()() as db:
        assert db.scalar(select(func.count()).select_from(LinkOAuthApp)) == 1


def test_a_code_is_good_once_and_only_with_its_client_secret(hub, browser_at_remote, remote, stack):
    data = start(hub)
    code = parse_qs(urlsplit(consent(browser_at_remote, data["authorize_url"], "approve")).query)["code"][0]
    with stack.sessions()() as db:
        app = db.get(LinkRemoteApp, remote)
        client_id, secret = app.client_id, app.client_secret
    form = {"grant_type": "authorization_code", "code": code, "client_id": client_id, "redirect_uri": CALLBACK}
    wrong = requests.post(f"{remote}/oauth/token", data={**form, "client_secret": "wrong"}, timeout=10)
    assert wrong.status_code == 401 and wrong.json()["error"] == "invalid_client"
    good = requests.post(f"{remote}/oauth/token", data={**form, "client_secret": secret}, timeout=10)
    assert good.status_code == 200 and good.json()["token_type"] == "Bearer"
    replay = requests.post(f"{remote}/oauth/token", data={**form, "client_secret": secret}, timeout=10)
    assert replay.status_code == 400 and replay.json() == {
        "error": "invalid_grant",
        "error_description": "授权码无效或已过期",
    }


def test_a_callback_whose_state_is_not_the_sessions_is_refused(hub, browser_at_remote):
    data = start(hub, "/link")
    location = consent(browser_at_remote, data["authorize_url"], "approve")
    forged = re.sub(r"state=[^&]+", "state=forged", location)
    assert back_at_hub(hub, forged) == "/link?link_auth=1"
    assert error_of(hub.get("/api/v3/link/authorize/result"), 400)["msg"] == "授权请求已失效，请重新授权"
    # The state was used up by the failed attempt: the genuine answer no longer goes through either.
    back_at_hub(hub, location)
    assert error_of(hub.get("/api/v3/link/authorize/result"), 400)["msg"] == "授权请求已失效，请重新授权"


def test_denied_consent_is_reported(hub, browser_at_remote):
    data = start(hub, "/link?status=5")
    location = consent(browser_at_remote, data["authorize_url"], "deny")
    assert parse_qs(urlsplit(location).query)["error"] == ["access_denied"]
    assert back_at_hub(hub, location) == "/link?status=5&link_auth=1"
    assert error_of(hub.get("/api/v3/link/authorize/result"), 400)["msg"] == "你拒绝了社区动态的授权"


def test_a_foreign_return_address_falls_back_to_the_link_page(hub, browser_at_remote):
    data = start(hub, "//evil.example/steal")
    assert back_at_hub(hub, consent(browser_at_remote, data["authorize_url"], "deny")) == "/link?link_auth=1"


def test_an_unreachable_server_is_a_503_with_the_chinese_message(stack):
    client = stack.app(link_base_url=f"http://127.0.0.1:{free_port()}").test_client()
    headers = sign_in(client, AUTHOR)
    assert (
        error_of(client.get("/api/v3/link/authorize", headers=headers), 503)["msg"]
        == "社区动态服务暂时不可用，请稍后再试"
    )


def test_the_consent_page_refuses_unknown_clients_and_foreign_redirects(browser_at_remote, hub, remote):
    data = start(hub)
    parts = urlsplit(data["authorize_url"])
    unknown = browser_at_remote.get(f"/link-api/oauth/authorize?{parts.query.replace('client_id=', 'client_id=x')}")
    assert unknown.status_code == 400 and "客户端无效" in unknown.get_data(as_text=True)
    foreign = re.sub(r"redirect_uri=[^&]+", "redirect_uri=https%3A%2F%2Fevil.example%2F", parts.query)
    refused = browser_at_remote.get(f"/link-api/oauth/authorize?{foreign}")
    assert refused.status_code == 400 and "Location" not in refused.headers


def test_a_signed_out_visitor_signs_in_before_the_consent_page(remote_stack, hub):
    data = start(hub)
    parts = urlsplit(data["authorize_url"])
    answer = remote_stack.app().test_client().get(f"/link-api/oauth/authorize?{parts.query}")
    assert answer.status_code == 302 and answer.headers["Location"].startswith("/auth/login?redirect_url=")


def test_app_registration_validates_like_mastodon(remote):
    missing = requests.post(f"{remote}/api/v1/apps", data={"redirect_uris": CALLBACK}, timeout=10)
    assert missing.status_code == 422 and missing.json()["error_description"] == "应用名称不能为空"
    bad = requests.post(
        f"{remote}/api/v1/apps", json={"client_name": "x", "redirect_uris": "javascript:alert(1)"}, timeout=10
    )
    assert bad.status_code == 422
    made = requests.post(
        f"{remote}/api/v1/apps",
        json={"client_name": "客户端", "redirect_uris": CALLBACK, "scopes": "read write"},
        timeout=10,
    ).json()
    assert made["name"] == "客户端" and made["redirect_uri"] == CALLBACK and made["client_secret"]


def test_the_client_api_answers_other_origins_without_credentials(remote):
    preflight = requests.options(
        f"{remote}/api/v1/statuses",
        headers={
            "Origin": "http://other.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization",
        },
        timeout=10,
    )
    assert preflight.status_code in (200, 204) and preflight.headers["Access-Control-Allow-Origin"] == "*"
    assert "Authorization" in preflight.headers["Access-Control-Allow-Headers"]
    assert "Access-Control-Allow-Credentials" not in preflight.headers
    timeline = requests.get(f"{remote}/api/v1/timelines/public", headers={"Origin": "http://other.example"}, timeout=10)
    assert timeline.headers["Access-Control-Allow-Origin"] == "*"
    page = requests.get(f"{remote}/oauth/authorize", timeout=10)
    assert "Access-Control-Allow-Origin" not in page.headers


def test_a_server_gone_at_the_code_exchange_is_reported_as_unreachable(stack, remote_stack):
    with serve_app(remote_stack.app()) as base:
        hub = stack.app(link_base_url=f"{base}/link-api", site_url=SITE).test_client()
        browser = remote_stack.app().test_client()
        sign_in(browser, AUTHOR)
        location = consent(browser, start(hub)["authorize_url"], "approve")
    # The remote is gone now: the exchange at the callback cannot reach it.
    assert back_at_hub(hub, location) == "/link?link_auth=1"
    assert error_of(hub.get("/api/v3/link/authorize/result"), 503)["msg"] == "社区动态服务暂时不可用，请稍后再试"


def test_codes_long_expired_are_swept_when_a_new_code_is_issued(remote_stack):
    with remote_stack.sessions()() as session:
        app, _secret = link_oauth.register_app(session, "sweep", ["https://hub.example/cb"], "read", None)
        session.flush()
        old = link_oauth.issue_code(session, app, 101, "https://hub.example/cb", "read")
        recent = link_oauth.issue_code(session, app, 101, "https://hub.example/cb", "read")
        session.execute(
            update(LinkOAuthCode)
            .where(LinkOAuthCode.code_hash == link_oauth._hash(old))
            .values(expires_at=utcnow() - timedelta(days=2))
        )
        session.commit()
        link_oauth.issue_code(session, app, 101, "https://hub.example/cb", "read")
        session.commit()
        kept = set(session.scalars(select(LinkOAuthCode.code_hash).where(LinkOAuthCode.client_id == app.client_id)))
    assert link_oauth._hash(old) not in kept and link_oauth._hash(recent) in kept and len(kept) == 2
