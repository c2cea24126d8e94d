"""Feeds for readers (/feeds/{kind}.xml RSS 2.0, /feeds/{kind}.atom Atom), on the demo corpus: each is a
well-formed feed by feedparser's reading (no bozo), newest first, narrowed by `label`, links to the
site's own pages, and named by the list pages' HTML head."""

from __future__ import annotations

import feedparser
import pytest

from tests.api.test_shell import SHELL, head_of
from tests.support import error_of

SITE = "https://hub.example.cn"


@pytest.fixture(scope="module")
def client(demo_stack, tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    (dist / "index.html").write_text(SHELL, encoding="utf-8")  # a built UI's shell, for the list pages' heads
    return demo_stack.app(site_url=SITE, ui_dist=dist).test_client()


def parsed(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    feed = feedparser.parse(response.get_data())
    assert not feed.bozo, feed.get("bozo_exception")
    return feed


@pytest.mark.parametrize("kind, page", [("story", "/view/"), ("paper", "/paper/"), ("event", "/activities/")])
def test_each_kind_has_an_rss_and_an_atom_feed_of_its_newest_items(client, kind, page):
    rss = client.get(f"/feeds/{kind}.xml")
    assert rss.content_type.startswith("application/rss+xml")
    assert "max-age" in rss.headers["Cache-Control"]
    feed = parsed(rss)
    assert feed.version == "rss20" and feed.feed.language == "zh-CN"
    assert 0 < len(feed.entries) <= 30
    assert all(entry.link.startswith(SITE + page) for entry in feed.entries)
    assert all(entry.title and entry.summary for entry in feed.entries)
    atom = parsed(client.get(f"/feeds/{kind}.atom"))
    assert atom.version == "atom10"
    assert [entry.link for entry in atom.entries] == [entry.link for entry in feed.entries]
    if kind != "event":  # events follow the list's own order (live, upcoming, past), not their dates
        dates = [entry.published_parsed for entry in feed.entries]
        assert dates == sorted(dates, reverse=True)


def test_projects_link_to_their_repositories(client):
    feed = parsed(client.get("/feeds/project.xml"))
    assert feed.entries and all(entry.link.startswith("https://github.com/") for entry in feed.entries)


def test_a_label_narrows_the_feed_to_that_tag_and_names_it(client):
    everything = parsed(client.get("/feeds/paper.xml"))
    tagged = parsed(client.get("/feeds/paper.xml?label=llm"))
    assert tagged.entries and len(tagged.entries) <= len(everything.entries)
    titles = {term.term for entry in everything.entries for term in entry.get("tags", [])}
    llm = next(term.term for entry in tagged.entries for term in entry.tags)
    assert llm in titles and llm in tagged.feed.title
    assert all(llm in {term.term for term in entry.tags} for entry in tagged.entries)
    assert tagged.feed.link == f"{SITE}/papers?label=llm"  # the list page it mirrors
    both = parsed(client.get("/feeds/paper.xml?label=llm,agent"))
    assert len(both.entries) >= len(tagged.entries)  # any of the tags, as the list's filter


def test_bad_feed_addresses_answer_in_the_envelope(client):
    assert error_of(client.get("/feeds/paper.xml?label=no-such-tag"), 400)["msg"] == "标签不存在"
    assert error_of(client.get("/feeds/user.xml"), 404)["msg"] == "内容不存在"  # the envelope, not the UI's page
    assert client.get("/feeds/paper.json").status_code == 404


def test_list_pages_name_their_feeds_in_the_head(client):
    html = client.get("/papers?label=llm").get_data(as_text=True)
    assert 'type="application/rss+xml" title="论文 · ' in html and f'href="{SITE}/feeds/paper.xml?label=llm"' in html
    assert 'type="application/atom+xml" title="论文 · ' in html and f'href="{SITE}/feeds/paper.atom?label=llm"' in html
    home = client.get("/").get_data(as_text=True)
    assert f'href="{SITE}/feeds/story.xml"' in home
    assert "application/rss+xml" not in client.get("/rankings").get_data(as_text=True)
    assert head_of(client.get("/papers")).title == "论文 - AI 社区"
