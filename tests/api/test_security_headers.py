"""Security headers (issue 11): a strict CSP on the UI's pages, a policy allowing nothing on every
other answer (API JSON, errors, assets), nosniff, a referrer policy, framing only by ourselves and the
configured app hosts, and no `Server: gunicorn` banner under the project's gunicorn config."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import urllib.request

import pytest

from tests.support import OIDC_ISSUER, ROOT, error_of, wait_until

API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"


def directives(response) -> dict[str, list[str]]:
    policy = response.headers["Content-Security-Policy"]
    parsed = {}
    for part in policy.split(";"):
        name, *values = part.split()
        assert name not in parsed, f"{name} twice in {policy}"
        parsed[name] = values
    return parsed


@pytest.fixture()
def dist(tmp_path):
    folder = tmp_path / "dist"
    (folder / "assets").mkdir(parents=True)
    (folder / "index.html").write_text(
        '<!doctype html><title>hub</title><script type="module" src="/assets/app.js"></script>', encoding="utf-8"
    )
    (folder / "assets" / "app.js").write_text("console.log('hub')", encoding="utf-8")
    (folder / "favicon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    return folder


@pytest.fixture()
def ui_client(demo_stack, dist):
    return demo_stack.app(ui_dist=dist, asset_hosts=["assets.aihub.example", "img.aihub.example"]).test_client()


def assert_common(response):
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert "Server" not in response.headers


@pytest.mark.parametrize(
    ("path", "status"), [("/", 200), ("/view/1", 200), ("/search?q=%3Cscript%3E", 200), ("/no/such/page", 404)]
)
def test_pages_get_the_strict_policy(ui_client, path, status):
    response = ui_client.get(path)
    assert response.status_code == status
    assert response.mimetype == "text/html"
    assert_common(response)
    csp = directives(response)
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"], "no inline or eval'd script"
    assert csp["style-src"] == ["'self'", "'unsafe-inline'"]
    assert csp["img-src"] == ["'self'", "data:", "https://assets.aihub.example", "https://img.aihub.example"]
    assert csp["connect-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'self'"]
    assert csp["base-uri"] == ["'self'"]
    # the sign-out form is redirected to the provider's end-session page: its origin may be a form's target
    assert csp["form-action"] == ["'self'", OIDC_ISSUER.split("/realms/")[0]]
    assert csp["object-src"] == ["'none'"]
    policy = response.headers["Content-Security-Policy"]
    assert "unsafe-eval" not in policy and "unsafe-inline" not in " ".join(csp["script-src"])
    assert response.headers["X-Frame-Options"] == "SAMEORIGIN"


@pytest.mark.parametrize("path", ["/assets/app.js", "/favicon.svg"])
def test_assets_get_nosniff_and_the_policy_allowing_nothing(ui_client, path):
    response = ui_client.get(path)
    assert response.status_code == 200
    assert_common(response)
    assert response.headers["Content-Security-Policy"] == API_POLICY
    assert response.headers["X-Frame-Options"] == "DENY"


def test_api_answers_get_the_policy_allowing_nothing(client):
    for response in (client.get("/api/openapi.json"), client.get("/api/v2/search?q=Agent"), client.get("/healthz")):
        assert response.status_code == 200, response.request.path
        assert response.mimetype == "application/json"
        assert_common(response)
        assert response.headers["Content-Security-Policy"] == API_POLICY
        assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("get", "/api/no/such/thing", None, 404),
        ("post", "/api/v1/story/similar", "{broken", 400),
        ("delete", "/api/v2/search", None, 405),
        ("post", "/api/v1/story/similar", '{"pad": "' + "x" * 100_000 + '"}', 413),
        ("get", "/api", None, 404),
    ],
)
def test_api_errors_carry_the_headers_too(client, method, path, body, status):
    response = getattr(client, method)(path, data=body, content_type="application/json")
    error_of(response, status)
    assert_common(response)
    assert response.headers["Content-Security-Policy"] == API_POLICY


def test_an_unbuilt_ui_still_answers_with_the_headers(demo_stack, tmp_path):
    response = demo_stack.app(ui_dist=tmp_path / "missing").test_client().get("/")
    assert response.status_code == 503
    assert_common(response)
    assert directives(response)["script-src"] == ["'self'"]


def test_frame_ancestors_honours_the_setting(demo_stack, dist):
    hosts = ["https://app.aihub.example", "https://*.partner.example"]
    app = demo_stack.app(ui_dist=dist, frame_ancestors=hosts, form_action=["https://sso.aihub.example"])
    response = app.test_client().get("/")
    csp = directives(response)
    assert csp["frame-ancestors"] == ["'self'", *hosts]
    assert csp["form-action"] == ["'self'", OIDC_ISSUER.split("/realms/")[0], "https://sso.aihub.example"]
    # X-Frame-Options cannot name other hosts: with hosts configured only the CSP decides.
    assert "X-Frame-Options" not in response.headers
    api = app.test_client().get("/api/openapi.json")
    assert api.headers["Content-Security-Policy"] == API_POLICY


def test_extra_image_sources_are_a_setting(demo_stack, dist):
    response = demo_stack.app(ui_dist=dist, csp_img_sources=["https:"]).test_client().get("/")
    assert directives(response)["img-src"][-1] == "https:"


@pytest.mark.parametrize(
    "field", ["frame_ancestors", "form_action", "csp_img_sources", "asset_hosts"], ids=lambda f: f.upper()
)
@pytest.mark.parametrize("bad", ["https://a.example; script-src *", "'unsafe-inline'", "a.example b.example", ""])
def test_a_setting_that_would_change_the_policy_is_refused_at_start(demo_stack, field, bad):
    with pytest.raises(ValueError, match="not a CSP source"):
        demo_stack.app(**{field: [bad]})


def test_the_settings_read_their_variables(monkeypatch):
    from config import Settings

    monkeypatch.setenv("HUB_FRAME_ANCESTORS", "https://app.aihub.example, https://m.aihub.example")
    monkeypatch.setenv("HUB_FORM_ACTION", "https://sso.aihub.example")
    monkeypatch.setenv("HUB_CSP_IMG_SOURCES", "https:")
    settings = Settings()
    assert settings.frame_ancestors == ["https://app.aihub.example", "https://m.aihub.example"]
    assert settings.form_action == ["https://sso.aihub.example"]
    assert settings.csp_img_sources == ["https:"]
    monkeypatch.delenv("HUB_FRAME_ANCESTORS")
    assert Settings().frame_ancestors == []


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_gunicorn_under_the_project_config_sends_no_gunicorn_banner(demo_stack, dist, tmp_path):
    port = free_port()
    env = {**demo_stack.env(), "HUB_UI_DIST": str(dist), "HUB_VAR_DIR": str(tmp_path)}
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    command = [gunicorn, "-c", "deploy/gunicorn.conf.py", "--bind", f"127.0.0.1:{port}", "--workers", "1"]
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 (closed below)
    server = subprocess.Popen([*command, "api.wsgi:app"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)

    def get(path):
        try:
            return urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5)
        except OSError:
            return None

    try:
        wait_until(lambda: get("/healthz"), timeout=60, message="gunicorn did not answer")
        for path in ("/", "/assets/app.js", "/api/openapi.json"):
            response = get(path)
            headers = {name.lower(): value for name, value in response.getheaders()}
            assert headers.get("server") == "hub", headers
            assert "gunicorn" not in repr(response.getheaders()).lower()
            assert headers["x-content-type-options"] == "nosniff"
            assert "content-security-policy" in headers
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
