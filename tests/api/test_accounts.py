"""Accounts that count are real (the signals issue, part 5), against the real provider and its mail: a new
account must verify its e-mail (the link read from the local SMTP sink) before the hub ever sees it, and
wrong passwords lock an account for a while (Keycloak's brute-force detection, set in the shipped realm)."""

from __future__ import annotations

import email
import html
import re
import secrets
from email import policy
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests

from tests.support import (
    DEMO_FILES,
    KEYCLOAK_URL,
    OIDC_ISSUER,
    ROOT,
    SMTP_PORT,
    data_of,
    loaded_stack,
    provider_login,
    wait_until,
)

MAILBOX = Path(ROOT) / "var" / f"mail-{SMTP_PORT}"


@pytest.fixture(scope="module")
def accounts_stack(make_stack, keycloak):
    return loaded_stack(make_stack, "accounts", [p for p in DEMO_FILES if p.name == "users.jsonl"])


def _absolute(url: str) -> str:
    return html.unescape(url if url.startswith("http") else KEYCLOAK_URL + url)


def _form(page: str, form_id: str) -> str:
    found = re.search(rf'<form[^>]*id="{form_id}"[^>]*action="([^"]+)"', page, re.S)
    assert found, page[:1000]
    return _absolute(found.group(1))


def _mail_to(address: str) -> email.message.EmailMessage:
    def arrived():
        for path in sorted(MAILBOX.glob("*.eml"), reverse=True):
            message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
            if message["To"] and address in message["To"]:
                return message
        return None

    return wait_until(arrived, timeout=30, message=f"no mail to {address} in {MAILBOX}")


def _admin_token() -> str:
    answer = requests.post(
        f"{KEYCLOAK_URL}/realms/master/protocol/openid-connect/token",
        data={"grant_type": "password", "client_id": "admin-cli", "username": "admin", "password": "admin"},
        timeout=30,
    )
    return answer.json()["access_token"]


def test_a_new_account_must_verify_its_email_before_the_hub_sees_it(accounts_stack):
    app = accounts_stack.app()
    name = "reg" + secrets.token_hex(4)
    address = f"{name}@example.com"
    with app.test_client() as client:
        start = client.get("/auth/login", query_string={"redirect_url": "/events"})
        browser = requests.Session()
        login = browser.get(start.headers["Location"], timeout=30)
        register_link = re.search(r'href="([^"]*/login-actions/registration[^"]*)"', login.text)
        assert register_link, "the realm allows self-registration"
        form = browser.get(_absolute(register_link.group(1)), timeout=30)
        registered = browser.post(
            _form(form.text, "kc-register-form"),
            data={
                "username": name,
                "email": address,
                "firstName": "新",
                "lastName": "同学",
                "password": "A-long-pass-123",
                "password-confirm": "A-long-pass-123",
            },
            allow_redirects=False,
            timeout=30,
        )
        # Not back to the hub: the provider asks for the e-mail first.
        assert registered.status_code == 302 and "VERIFY_EMAIL" in registered.headers["Location"]
        waiting = browser.get(registered.headers["Location"], timeout=30)
        assert "验证电子邮箱" in waiting.text or "验证" in waiting.text
        assert "/auth/callback" not in waiting.url

        message = _mail_to(address)
        body = message.get_body(preferencelist=("plain", "html")).get_content()
        link = re.search(r"(https?://[^\s\"<>]+/login-actions/action-token\?[^\s\"<>]+)", body)
        assert link, body[:500]
        step = browser.get(html.unescape(link.group(1)), allow_redirects=False, timeout=30)
        for _ in range(3):  # the provider finishes the pending sign-in, then sends the browser to the hub
            if "/auth/callback" in step.headers.get("Location", ""):
                break
            step = browser.get(_absolute(step.headers["Location"]), allow_redirects=False, timeout=30)
        callback = urlsplit(step.headers["Location"])
        done = client.get(f"{callback.path}?{callback.query}")
        assert done.status_code == 302 and done.headers["Location"].startswith("/events")
        info = data_of(client.get("/api/v1/users"))
        assert info["email"] == address  # verified, so the hub keeps it: this account counts


def test_wrong_passwords_lock_an_account_for_a_while(keycloak):
    name = "bf" + secrets.token_hex(4)
    _provider_user(name)
    authorize = (
        f"{OIDC_ISSUER}/protocol/openid-connect/auth?client_id=hub-web&response_type=code&scope=openid"
        "&redirect_uri=http://localhost/auth/callback&state=s&code_challenge_method=S256"
        "&code_challenge=" + "c" * 43
    )

    def sign_in(password: str) -> requests.Response:
        browser = requests.Session()
        page = browser.get(authorize, timeout=30)
        return browser.post(
            _form(page.text, "kc-form-login"),
            data={"username": name, "password": password, "credentialId": ""},
            allow_redirects=False,
            timeout=30,
        )

    for n in range(6):
        assert sign_in(f"wrong-{n}").status_code == 200  # the form again, with an error
    locked = sign_in("Right-pass-123")
    assert locked.status_code == 200 and "/auth/callback" not in locked.headers.get("Location", "")


def _provider_user(name: str) -> None:
    created = requests.post(
        f"{KEYCLOAK_URL}/admin/realms/hub/users",
        headers={"Authorization": f"Bearer {_admin_token()}"},
        json={
            "username": name,
            "email": f"{name}@example.com",
            "emailVerified": True,
            "enabled": True,
            "firstName": "限",
            "lastName": "额",
            "credentials": [{"type": "password", "value": "Right-pass-123", "temporary": False}],
        },
        timeout=30,
    )
    assert created.status_code == 201, created.text


def _first_sign_in(app, name: str, address: str):
    with app.test_client() as client:
        start = client.get("/auth/login", query_string={"redirect_url": "/"}, environ_base={"REMOTE_ADDR": address})
        callback = urlsplit(provider_login(requests.Session(), start.headers["Location"], name, "Right-pass-123"))
        return client.get(f"{callback.path}?{callback.query}", environ_base={"REMOTE_ADDR": address})


def test_new_accounts_per_network_and_day_are_limited(accounts_stack):
    """Two new verified accounts from one /24 with a limit of one a day: the second is refused and no hub
    user is made; another network may; an account the hub knows signs in whatever the count."""
    app = accounts_stack.app(signups_per_network=1)
    names = ["lim" + secrets.token_hex(4) for _ in range(3)]
    for name in names:
        _provider_user(name)
    assert _first_sign_in(app, names[0], "198.51.100.10").status_code == 302
    refused = _first_sign_in(app, names[1], "198.51.100.11")
    assert refused.status_code == 429 and "当前网络今日新注册的账号过多，请明天再试" in refused.get_data(as_text=True)
    assert _first_sign_in(app, names[2], "203.0.113.10").status_code == 302
    assert _first_sign_in(app, names[0], "198.51.100.12").status_code == 302  # known: not a new account
    with accounts_stack.sessions()() as db:
        from sqlalchemy import func, select

        from store.models import User

        emails = [f"{n}@example.com" for n in names]
        assert db.scalar(select(func.count()).select_from(User).where(User.email.in_(emails))) == 2
