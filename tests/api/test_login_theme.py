"""The provider's sign-in page in the site's look (Keycloak login theme `hub`, deploy/keycloak/themes/hub)
with a way back to the site, and /auth/back, where that link goes: the page the sign-in started from."""

from __future__ import annotations

import html
import re

import pytest
import requests

from tests.support import DEMO_FILES, loaded_stack

pytestmark = pytest.mark.services


@pytest.fixture(scope="module")
def theme_stack(make_stack, keycloak):
    return loaded_stack(make_stack, "theme", [p for p in DEMO_FILES if p.name == "users.jsonl"])


def test_the_sign_in_page_wears_the_site_look_and_leads_back(theme_stack):
    app = theme_stack.app()
    with app.test_client() as client:
        start = client.get("/auth/login", query_string={"redirect_url": "/papers?tab=hot"})
        assert start.status_code == 302
        page = requests.get(start.headers["Location"], timeout=30)
        assert page.status_code == 200
        text = page.text
        assert 'data-hub-theme="hub"' in text and 'class="hub-login' in text, text[:800]
        assert re.search(r'href="[^"]*/resources/[^"]+/login/hub/css/hub\.css"', text)
        back = re.search(r'<a id="hub-back"[^>]*href="([^"]+)"[^>]*>([^<]+)</a>', text)
        assert back, text[:2000]
        assert html.unescape(back.group(2)).strip() == "← 返回 AI 社区"
        # Without script the link names the client's base URL; the script puts the site's own origin first.
        assert back.group(1) == "http://127.0.0.1:8000/auth/back"
        assert 'id="kc-form-login"' in text  # still Keycloak's own form underneath

        returned = client.get("/auth/back")
        assert returned.status_code == 302 and returned.headers["Location"] == "/papers?tab=hot"

    with app.test_client() as fresh:  # no sign-in started here: the home page
        assert fresh.get("/auth/back").headers["Location"] == "/"
