"""Import keeps out what the engine or the feeds would choke on (issue 10): control characters are
stripped (a title left empty is refused), dates are bounded (a story dated 9999-12-31 does not import)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlalchemy import select

from store.models import Event, Paper, Project, Story, User
from tests.support import ROOT

NOW = datetime(2026, 11, 22, 8, 0, tzinfo=UTC)


def write_lines(path, records):
    path.write_text("\n".join(json.dumps(r, ensure_ascii=True) for r in records) + "\n", encoding="utf-8")
    return path


def import_lines(stack, tmp_path, records):
    from ingest.jsonl import import_files

    with stack.sessions()() as session:
        return import_files(session, [write_lines(tmp_path / "lines.jsonl", records)], now=NOW)


def story(story_id: int, **fields):
    return {"type": "story", "id": story_id, "title": "标题", "content": "<p>正文</p>", "created_at": "-1d", **fields}


def test_control_characters_are_stripped_from_every_text(make_stack, tmp_path):
    stack = make_stack("guard-control")
    report = import_lines(
        stack,
        tmp_path,
        [
            story(
                1,
                title="带\u0000空\u0007字\u001b符的标题",
                content="<p>正\u0000文\n第二行\t缩进</p>",
                tags=["llm\u0000"],
            ),
            {"type": "user", "id": 7, "name": "作\u0000者\ud800", "arxiv_name": "Ada\u0008 Lovelace"},
        ],
    )
    assert report.errors == []
    with stack.sessions()() as session:
        row = session.get(Story, 1)
        user = session.get(User, 7)
    assert row.title == "带空字符的标题"
    assert row.content == "<p>正文\n第二行\t缩进</p>"  # tabs and line breaks are kept
    assert row.tags == ["llm"]
    assert (user.name, user.arxiv_name) == ("作者", "Ada Lovelace")


def test_a_title_of_control_characters_only_is_refused(make_stack, tmp_path):
    stack = make_stack("guard-empty")
    report = import_lines(stack, tmp_path, [story(1, title="\u0000\u0001")])
    assert len(report.errors) == 1 and ":1: title:" in report.errors[0]
    with stack.sessions()() as session:
        assert session.scalars(select(Story)).all() == []


def test_dates_ahead_of_the_clock_or_before_1990_are_refused_with_a_chinese_message(make_stack, tmp_path):
    stack = make_stack("guard-dates")
    paper = {"type": "paper", "arxiv": "2401.00001", "title": "T", "abstract": "A", "authors": ["A"]}
    project = {"type": "project", "repo": "a/b", "description": "d", "stars": 1, "created_at": "-1d"}
    report = import_lines(
        stack,
        tmp_path,
        [
            story(1, created_at="9999-12-31T00:00:00Z"),
            story(2, created_at="+2d"),
            story(3, created_at="1970-01-01T00:00:00Z"),
            story(4, created_at="+5m"),  # a clock a little ahead is fine
            story(5, created_at="+23h"),  # tomorrow is not: it would top the home feed
            {**paper, "published_at": "2030-01-01"},
            {**project, "repo": "a/c", "created_at": "+3d"},
            {**project},
        ],
    )
    errors = sorted(report.errors)
    assert len(errors) == 6, errors
    assert all("日期超出范围" in e for e in errors)
    assert any(":1: created_at: 日期超出范围：不能晚于 2026-11-22 08:10 UTC" in e for e in errors)
    assert any(":3: created_at: 日期超出范围：不能早于 1990-01-01" in e for e in errors)
    with stack.sessions()() as session:
        assert session.scalars(select(Story.id)).all() == [4]  # 5 (+23h) refused
        assert session.scalars(select(Paper)).all() == []
        assert session.scalars(select(Project.repo)).all() == ["a/b"]


def test_events_may_be_announced_ahead_but_within_two_years(make_stack, tmp_path):
    stack = make_stack("guard-events")

    def event(event_id, start, end):
        return {
            "type": "event",
            "id": event_id,
            "name": "活动",
            "brief": "简介",
            "start_time": start,
            "end_time": end,
            "created_at": "-1d",
        }

    report = import_lines(
        stack,
        tmp_path,
        [
            event(1, "+30d", "+31d"),
            event(2, "+800d", "+801d"),
            event(3, "9999-01-01", "9999-01-02"),
            event(4, "-4000d", "-3999d"),
        ],
    )
    assert len(report.errors) == 3 and all("日期超出范围" in e for e in report.errors)
    with stack.sessions()() as session:
        assert session.scalars(select(Event.id)).all() == [1]


def test_the_demo_corpus_still_imports_cleanly(make_stack):
    stack = make_stack("guard-demo")
    report = stack.import_files(sorted((ROOT / "data" / "demo").glob("*.jsonl")))
    assert report.errors == []


def test_imported_titles_lose_bidi_and_invisible_format_characters_and_summaries_their_markup(make_stack, tmp_path):
    stack = make_stack("guard-bidi")
    report = import_lines(
        stack,
        tmp_path,
        [
            story(1, title="发布\u202egpj.exe\u202c 说明\u200b", summary="<b>加粗</b>的<script>x</script>摘要"),
            story(2, title="家庭👨\u200d👩\u200d👧表情", content="<h2>背景</h2><p>这是正文。</p><pre>code()</pre>"),
        ],
    )
    assert report.errors == []
    with stack.sessions()() as session:
        first, second = session.get(Story, 1), session.get(Story, 2)
    assert first.title == "发布gpj.exe 说明" and first.summary == "加粗的摘要"
    assert second.title == "家庭👨\u200d👩\u200d👧表情"  # the joiner of an emoji sequence stays
    assert second.summary == "背景。 这是正文。"
