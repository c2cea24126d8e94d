"""The HTML shell names each page (title, description, Open Graph) before any script runs, escapes
what users wrote, answers 404 for paths the UI has no page for; the footer's configuration; the demo
pictures served and resized like the asset hosts do."""

from __future__ import annotations

import io
import json
from html.parser import HTMLParser

import pytest
from PIL import Image

from tests.support import data_of

SHELL = (
    '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n'
    '    <meta name="description" content="built description" />\n    <title>AI 社区</title>\n'
    '  </head>\n  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>\n</html>\n'
)


class Head(HTMLParser):
    """The title, every meta tag's content by its name or property, and the JSON script's text."""

    def __init__(self):
        super().__init__()
        self.title = ""
        self.meta: dict[str, list[str]] = {}
        self.scripts: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and ("name" in attrs or "property" in attrs):
            self.meta.setdefault(attrs.get("name") or attrs["property"], []).append(attrs.get("content"))
        if tag in ("title", "script"):
            self._in = tag
            if tag == "script" and attrs.get("type") == "application/json":
                self.scripts.append("")
                self._in = "json"

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in == "title":
            self.title += data
        elif self._in == "json":
            self.scripts[-1] += data


def head_of(response) -> Head:
    head = Head()
    head.feed(response.get_data(as_text=True))
    return head


@pytest.fixture()
def dist(tmp_path):
    folder = tmp_path / "dist"
    folder.mkdir()
    (folder / "index.html").write_text(SHELL, encoding="utf-8")
    return folder


@pytest.fixture()
def shell(demo_stack, dist):
    return demo_stack.app(ui_dist=dist, site_url="https://hub.example.cn").test_client()


def test_a_story_page_names_the_story(shell):
    response = shell.get("/view/1")
    assert response.status_code == 200
    head = head_of(response)
    assert head.title == "大模型评测周报：本周值得关注的 8 个更新 - AI 社区"
    assert head.meta["og:title"] == ["大模型评测周报：本周值得关注的 8 个更新"]
    assert head.meta["og:type"] == ["article"]
    assert head.meta["description"] == head.meta["og:description"]
    assert len(head.meta["description"]) == 1 and head.meta["description"][0].startswith("大模型评测正从静态选择题")
    assert head.meta["og:image"] == ["https://hub.example.cn/media/demo/cover-09.webp"]
    assert head.meta["og:url"] == ["https://hub.example.cn/view/1"]
    assert "built description" not in response.get_data(as_text=True)
    assert shell.get("/view/examine/1").status_code == 200


def test_hostile_titles_stay_text(shell):
    for path, words in (("/view/9001", "<script>alert(1)</script>"), ("/view/9002", "<img src=x onerror=alert(1)>")):
        response = shell.get(path)
        html = response.get_data(as_text=True)
        assert words not in html
        head = head_of(response)
        assert words in head.title and words in head.meta["og:title"][0]  # the parser unescaped it: it was text
        assert html.count("<script") == 2  # the site JSON and the app's own script, nothing from the title
    searched = shell.get('/search?q="><script>alert(2)</script>')
    assert "<script>alert(2)" not in searched.get_data(as_text=True)
    assert head_of(searched).title == '"><script>alert(2)</script> 的搜索结果 - AI 社区'


def test_paper_user_and_list_pages(shell):
    paper = head_of(shell.get("/paper/2609.21889"))
    assert paper.title == "从向量量化的视角重新审视长上下文语言建模 - AI 社区"
    assert paper.meta["og:type"] == ["article"]
    assert paper.meta["og:description"][0] != "AI 社区：文章、论文、活动、开源项目与人物榜单"  # the paper's own summary
    trends = head_of(shell.get("/trends/2609.21889"))
    assert trends.title == "从向量量化的视角重新审视长上下文语言建模 热度趋势 - AI 社区"
    event = head_of(shell.get("/activities/1"))  # the hub serves its own event pages
    assert event.title == "大模型技术开放日 - AI 社区" and event.meta["og:type"] == ["article"]
    assert shell.get("/activities/999999").status_code == 404
    user = head_of(shell.get("/users/2"))
    assert user.title == "李娜 - AI 社区"
    assert user.meta["og:type"] == ["profile"]
    assert user.meta["og:image"] == ["https://hub.example.cn/media/demo/avatar-02.webp"]
    for path, title in (("/", "AI 社区"), ("/papers", "论文 - AI 社区"), ("/events", "活动 - AI 社区")):
        response = shell.get(path)
        assert response.status_code == 200
        assert head_of(response).title == title
    assert "og:image" not in head_of(shell.get("/papers")).meta


def test_an_authors_page_is_named_by_the_author(shell):
    """/authors/{name}: an arXiv author's page, titled by the (decoded) name without asking the engine."""
    page = head_of(shell.get("/authors/Ada%20Lovelace"))
    assert page.title == "Ada Lovelace - AI 社区" and page.meta["og:type"] == ["profile"]
    hostile = shell.get("/authors/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    html = hostile.get_data(as_text=True)
    assert hostile.status_code == 200 and "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


@pytest.mark.parametrize("path", ["/no/such/page", "/view/99999999", "/paper/not-a-paper", "/users/99999", "/view/abc"])
def test_unknown_pages_answer_404_with_the_app(shell, path):
    response = shell.get(path)
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert '<div id="root"></div>' in response.get_data(as_text=True)  # the UI shows its 404 page
    head = head_of(response)
    assert head.title == "404 - AI 社区"
    assert head.meta["robots"] == ["noindex"]


def test_the_origin_defaults_to_the_request(demo_stack, dist):
    client = demo_stack.app(ui_dist=dist).test_client()
    head = head_of(client.get("/view/1", base_url="http://127.0.0.1:8123"))
    assert head.meta["og:image"] == ["http://127.0.0.1:8123/media/demo/cover-09.webp"]


def test_the_footer_configuration(demo_stack, dist):
    hostile = "</script><script>alert(3)</script>"
    app = demo_stack.app(
        ui_dist=dist,
        site_name="示例社区",
        contact_phone="010-12345678",
        contact_email="team@hub.example.cn",
        icp_number="京ICP备12345678号-2",
        guidelines_url="https://hub.example.cn/rules",
        group_assistant_url="https://hub.example.cn/assistant",
        site_description=hostile,
    )
    client = app.test_client()
    site = data_of(client.get("/api/v1/site"))
    assert site == {
        "name": "示例社区",
        "description": hostile,
        "phone": "010-12345678",
        "email": "team@hub.example.cn",
        "icp": "京ICP备12345678号-2",
        "icp_url": "https://beian.miit.gov.cn/",
        "guidelines_url": "https://hub.example.cn/rules",
        "link_base_url": "/link-api",
        "group": {"name": "社区小助手", "qr_url": "https://hub.example.cn/assistant"},
    }
    page = client.get("/")
    html = page.get_data(as_text=True)
    assert "<script>alert(3)" not in html
    head = head_of(page)
    assert head.title == "示例社区"
    assert json.loads(head.scripts[0]) == site  # the same facts, in the shell, for the first paint


def test_the_built_ui_files_are_served_as_they_are(shell, dist):
    (dist / "robots.txt").write_text("User-agent: *\n", encoding="utf-8")
    assert shell.get("/robots.txt").get_data(as_text=True) == "User-agent: *\n"


def test_demo_pictures_are_served_and_resized(shell):
    original = shell.get("/media/demo/cover-01.webp")
    assert original.status_code == 200 and original.mimetype == "image/webp"
    assert Image.open(io.BytesIO(original.data)).size == (640, 360)
    resized = shell.get("/media/demo/cover-01.webp?x-oss-process=image/resize,w_200/interlace,1")
    assert resized.status_code == 200 and resized.mimetype == "image/webp"
    assert Image.open(io.BytesIO(resized.data)).size == (200, 112)
    avatar = shell.get("/media/demo/avatar-03.webp?x-oss-process=image/resize,w_500")
    assert Image.open(io.BytesIO(avatar.data)).size == (160, 160)  # never enlarged
    # Other widths snap up to the few the site resizes to: w_201 is served 300 wide, w_9999 at most 2000.
    snapped = shell.get("/media/demo/cover-01.webp?x-oss-process=image/resize,w_201")
    assert Image.open(io.BytesIO(snapped.data)).size == (300, 169)
    from api.routes.media import requested_width

    assert [requested_width(f"image/resize,w_{n}") for n in (1, 100, 101, 499, 9999)] == [100, 100, 200, 500, 2000]
    for bad in ("/media/demo/..%2f..%2fpictures.py", "/media/demo/nope.webp", "/media/demo/cover-01.svg"):
        assert shell.get(bad).status_code == 404


def test_an_unreachable_engine_gives_the_site_title_not_an_error(demo_stack, dist):
    client = demo_stack.app(ui_dist=dist, es_url="http://127.0.0.1:9").test_client()
    response = client.get("/view/1")
    assert response.status_code == 200  # the UI shows the item (or its own error) once it loads
    assert head_of(response).title == "AI 社区"
    assert client.get("/no/such/page").status_code == 404  # no engine needed to know that


def test_every_page_of_the_ui_router_is_known_to_the_server(shell):
    """The server answers 404 for paths it does not know: each fixed route of ui/src/app/App.tsx must be
    in api/services/page_meta.py, or a page added to the UI would answer 404 (as /editor once did)."""
    import re

    from tests.support import ROOT

    routes = re.findall(r'<Route\s+path="([^"]+)"', (ROOT / "ui/src/app/App.tsx").read_text(encoding="utf-8"))
    fixed = [r for r in routes if ":" not in r and "*" not in r]
    assert "editor" in fixed and len(fixed) > 10, fixed
    unknown = [r for r in fixed if shell.get(f"/{r}").status_code != 200]
    assert unknown == []


def test_the_ui_describes_the_list_pages_as_the_server_does():
    """A landing on /papers and a client-side visit to it give the same description (and so the same
    WeChat share card): ui/src/lib/pageDescriptions.ts must say what LIST_DESCRIPTIONS says."""
    import re

    from api.services.page_meta import LIST_DESCRIPTIONS
    from tests.support import ROOT

    source = (ROOT / "ui/src/lib/pageDescriptions.ts").read_text(encoding="utf-8")
    in_ui = dict(re.findall(r"^\s+'?([\w/]+)'?: '([^']+)',$", source, re.M))
    assert in_ui == LIST_DESCRIPTIONS
