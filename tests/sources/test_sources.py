"""Each source against recorded responses: what lands in the database, dedupe, idempotent re-fetch,
sanitising, and a malformed response writing nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from ingest.sources import SourcesConfig, run_source
from store.models import Event, OutboxEntry, Paper, Project, Story
from tests.support import Answer, add_user, source_env


@pytest.fixture()
def stack(make_stack):
    stack = make_stack("sources")
    add_user(stack, 103, "作者丙", arxiv_name="Ada Lovelace")
    return stack


def rows(stack, model) -> list:
    with stack.sessions()() as session:
        return list(session.scalars(select(model).order_by(model.id)))


def versions(stack, model) -> dict:
    return {row.id: row.version for row in rows(stack, model)}


def outbox_size(stack) -> int:
    """Outbox entries besides the setup's own (the user row of the fixture)."""
    with stack.sessions()() as session:
        return session.scalar(select(func.count()).select_from(OutboxEntry).where(OutboxEntry.entity_type != "user"))


def run(stack, name: str, **config) -> dict:
    return run_source(name, SourcesConfig(**config), source_env(stack)).as_dict()


def test_arxiv_merges_versions_links_authors_and_refetches_idempotently(stack, feeds):
    url = feeds.route("/api/query", Answer(file="arxiv_cs_cl.xml"))
    first = run(stack, "arxiv", arxiv_url=url, arxiv_categories=["cs.CL"], arxiv_days=2)
    assert (first["status"], first["fetched"], first["created"], first["updated"]) == ("ok", 3, 2, 0)
    papers = {p.arxiv_id: p for p in rows(stack, Paper)}
    assert set(papers) == {"2611.04321", "2611.05555"}
    merged = papers["2611.04321"]
    assert merged.arxiv_version == 2 and merged.title.endswith("(revised)")
    assert "bilingual corpora" in merged.abstract and "\n" not in merged.title
    # 'ada  lovelace' in the feed is user 103's arxiv_name, so it is stored in that spelling.
    assert merged.authors == ["Ada Lovelace", "Grace Hopper"]
    assert merged.tags == ["llm", "rag"]  # cs.CL and cs.IR through data/tags.json

    query = feeds.hits("/api/query")[0].query
    assert query["search_query"][0].startswith("cat:cs.CL AND submittedDate:[")
    assert query["sortBy"] == ["submittedDate"] and query["max_results"] == ["100"]

    before, outbox = versions(stack, Paper), outbox_size(stack)
    again = run(stack, "arxiv", arxiv_url=url, arxiv_categories=["cs.CL"], arxiv_days=2)
    assert (again["created"], again["updated"], again["unchanged"]) == (0, 0, 2)
    assert versions(stack, Paper) == before and outbox_size(stack) == outbox

    # A later answer carrying only version 1 never takes the paper back to it.
    feeds.route("/api/query", Answer(file="arxiv_old_version.xml"))
    older = run(stack, "arxiv", arxiv_url=url, arxiv_categories=["cs.CL"])
    assert older["unchanged"] == 1 and versions(stack, Paper) == before
    assert {p.arxiv_id: p.arxiv_version for p in rows(stack, Paper)}["2611.04321"] == 2


@pytest.mark.parametrize("fixture", ["arxiv_truncated.xml", "arxiv_error.xml"])
def test_arxiv_malformed_or_refused_writes_nothing(stack, feeds, fixture):
    url = feeds.route("/api/query", Answer(file=fixture))
    outcome = run(stack, "arxiv", arxiv_url=url, arxiv_categories=["cs.CL"])
    assert outcome["status"] == "error" and not outcome["retryable"]
    assert ("malformed" in outcome["error"]) or ("refused" in outcome["error"])
    assert rows(stack, Paper) == [] and outbox_size(stack) == 0


def test_github_projects_token_header_and_update(stack, feeds):
    url = feeds.base
    feeds.route("/search/repositories", Answer(file="github_search.json"))
    first = run(stack, "github", github_url=url, github_topics=["rag"], github_min_stars=900)
    assert (first["status"], first["created"]) == ("ok", 2)
    projects = {p.repo: p for p in rows(stack, Project)}
    quartz = projects["lumen-labs/quartz-rag"]
    assert (quartz.stars, quartz.forks, quartz.language) == (4210, 388, "Python")
    assert quartz.topics == ["rag", "llm", "retrieval"] and quartz.tags == ["rag", "llm"]
    assert projects["ferris-ai/tiny-agentd"].description == ""  # null description
    seen = feeds.hits("/search/repositories")[0]
    assert seen.query["q"] == ["topic:rag stars:>=900"] and seen.query["sort"] == ["stars"]
    assert "Authorization" not in seen.headers and seen.headers["Accept"] == "application/vnd.github+json"

    before = versions(stack, Project)
    again = run(stack, "github", github_url=url, github_topics=["rag"], github_token="ghp_test_token")
    assert (again["created"], again["updated"], again["unchanged"]) == (0, 0, 2)
    assert versions(stack, Project) == before
    assert feeds.hits("/search/repositories")[-1].headers["Authorization"] == "Bearer ghp_test_token"

    body = json.loads(Answer(file="github_search.json").payload())
    body["items"][0]["stargazers_count"] = 5000
    feeds.route("/search/repositories", Answer(body=json.dumps(body).encode()))
    changed = run(stack, "github", github_url=url, github_topics=["rag"])
    assert (changed["updated"], changed["unchanged"]) == (1, 1)
    assert {p.repo: p.stars for p in rows(stack, Project)}["lumen-labs/quartz-rag"] == 5000
    assert len(rows(stack, Project)) == 2


def test_github_truncated_answer_writes_nothing(stack, feeds):
    feeds.route("/search/repositories", Answer(file="github_truncated.json"))
    outcome = run(stack, "github", github_url=feeds.base, github_topics=["rag"])
    assert outcome["status"] == "error" and "malformed GitHub search answer" in outcome["error"]
    assert rows(stack, Project) == [] and outbox_size(stack) == 0


def test_rss_and_atom_stories_are_sanitised_deduplicated_and_idempotent(stack, feeds):
    rss = feeds.route("/rss.xml", Answer(file="rss2.xml"))
    atom = feeds.route("/atom.xml", Answer(file="atom.xml"))
    first = run(stack, "stories", rss_feeds=[rss, atom])
    assert (first["status"], first["fetches"], first["created"]) == ("ok", 2, 3)  # the repeated guid once
    stories = {s.title: s for s in rows(stack, Story)}
    assert set(stories) == {
        "琥珀周刊：稀疏路由让长上下文检索更省 & 更快",
        "琥珀周刊：来自未来的帖子",
        "青柚实验室：具身智能抓取基准 v2",
    }
    for story in stories.values():
        html = story.content.lower()
        for hostile in (
            "<script",
            "onerror",
            "onclick",
            "onload",
            "javascript:",
            "vbscript:",
            "data:",
            "<iframe",
            "<style",
            "<form",
            "<svg",
            "document.cookie",
        ):
            assert hostile not in html, (hostile, story.content)
        assert story.source_key.startswith("rss:") and story.user_id is None
    sparse = stories["琥珀周刊：稀疏路由让长上下文检索更省 & 更快"]
    assert '<img src="https://img.amber-weekly.example/a.png">' in sparse.content
    assert 'href="https://amber-weekly.example/posts/sparse-routing"' in sparse.content  # 阅读原文
    assert sparse.cover_url == "https://img.amber-weekly.example/thumb.png"
    assert sparse.summary == "稀疏路由的摘要：更省显存。" and sparse.source_id == "rss:127.0.0.1"
    assert sparse.tags == ["llm", "rag"]
    future = stories["琥珀周刊：来自未来的帖子"]
    created = future.created_at.replace(tzinfo=UTC) if future.created_at.tzinfo is None else future.created_at
    assert created <= datetime.now(UTC) + timedelta(seconds=1)  # 9999-12-31 is taken as now

    before, outbox = versions(stack, Story), outbox_size(stack)
    again = run(stack, "stories", rss_feeds=[rss, atom])
    assert (again["created"], again["updated"], again["unchanged"]) == (0, 0, 3)
    assert versions(stack, Story) == before and outbox_size(stack) == outbox

    # The publisher edits a title: the same row is updated (one version up), nothing is duplicated.
    edited = (feeds.routes["/atom.xml"][0].payload()).replace("抓取基准".encode(), "抓取评测".encode())
    feeds.route("/atom.xml", Answer(body=edited))
    changed = run(stack, "stories", rss_feeds=[rss, atom])
    assert (changed["created"], changed["updated"], changed["unchanged"]) == (0, 1, 2)
    assert len(rows(stack, Story)) == 3
    grasp = next(s for s in rows(stack, Story) if "抓取" in s.title)
    assert grasp.title == "青柚实验室：具身智能抓取评测 v2" and grasp.version == before[grasp.id] + 1


def test_truncated_feed_writes_nothing_while_the_good_feed_lands(stack, feeds):
    bad = feeds.route("/broken.xml", Answer(file="rss2_truncated.xml"))
    good = feeds.route("/atom.xml", Answer(file="atom.xml"))
    outcome = run(stack, "stories", rss_feeds=[bad, good])
    assert outcome["status"] == "error" and outcome["created"] == 1
    assert outcome["error"].startswith(f"{bad}: malformed feed")
    assert [s.title for s in rows(stack, Story)] == ["青柚实验室：具身智能抓取基准 v2"]


def test_events_from_icalendar_and_json(stack, feeds):
    ics = feeds.route("/events.ics", Answer(file="events.ics"))
    js = feeds.route("/events.json", Answer(file="events.json"))
    first = run(stack, "events", event_feeds=[ics, js], event_timezone="Asia/Shanghai")
    assert (first["status"], first["created"]) == ("ok", 4)  # the cancelled event is skipped
    events = {e.name: e for e in rows(stack, Event)}
    salon = events["青柚沙龙：多模态模型落地实践"]
    start = salon.start_time.replace(tzinfo=UTC) if salon.start_time.tzinfo is None else salon.start_time
    assert start == datetime(2026, 12, 6, 6, 0, tzinfo=UTC)  # 14:00 in Shanghai
    assert (salon.address, salon.company) == ("上海市徐汇区青柚空间", "青柚实验室")
    assert salon.brief == "议程：三场分享, 一场圆桌。" and salon.tags == ["multimodal", "agent"]
    floating = events["RAG 工作坊（浮动时间）"]
    assert floating.start_time.replace(tzinfo=UTC) == datetime(2026, 12, 10, 1, 0, tzinfo=UTC)  # read in Shanghai
    assert (floating.end_time - floating.start_time) == timedelta(hours=3)  # DURATION
    hackathon = events["AI 黑客松 2027 春季赛"]
    assert "onerror" not in hackathon.brief and hackathon.tags == ["agent", "rag"]
    assert events["线上分享：推理加速"].image_url is None  # javascript: dropped
    assert "已取消的活动" not in events

    before = versions(stack, Event)
    again = run(stack, "events", event_feeds=[ics, js], event_timezone="Asia/Shanghai")
    assert (again["created"], again["updated"], again["unchanged"]) == (0, 0, 4)
    assert versions(stack, Event) == before


@pytest.mark.parametrize(
    ("fixture", "reason"),
    [("events_truncated.ics", "truncated iCalendar"), ("events_invalid.json", "event 2: ends before it starts")],
)
def test_malformed_event_feed_writes_nothing_not_even_its_valid_events(stack, feeds, fixture, reason):
    url = feeds.route("/feed", Answer(file=fixture))
    outcome = run(stack, "events", event_feeds=[url])
    assert outcome["status"] == "error" and reason in outcome["error"]
    assert rows(stack, Event) == [] and outbox_size(stack) == 0
