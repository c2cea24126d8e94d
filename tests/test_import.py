"""`hub import`: arXiv de-duplication, idempotent re-import, bad lines reported with their numbers."""

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from ingest.jsonl import import_files
from store.models import Event, OutboxEntry, Paper, Story
from tests.support import DEMO_FILES, ROOT


def write_jsonl(path, records):
    path.write_text(
        "\n".join(r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in records) + "\n",
        encoding="utf-8",
    )
    return path


def paper(arxiv, title, **extra):
    return {
        "type": "paper",
        "arxiv": arxiv,
        "title": title,
        "abstract": "We study things.",
        "authors": ["Ada Lovelace"],
        "published_at": "2026-10-01T00:00:00Z",
        **extra,
    }


def test_four_spellings_of_one_paper_are_one_paper_and_newest_version_wins(store_stack, tmp_path):
    stack = store_stack("arxiv")
    source = write_jsonl(
        tmp_path / "papers.jsonl",
        [
            paper("2401.01234", "Version one"),
            paper("https://arxiv.org/abs/2401.01234v3", "Version three"),
            paper("arXiv:2401.01234", "Plain again (v1)"),
            paper("2401.01234v2", "Version two"),
            paper("https://arxiv.org/pdf/2401.01234v1", "PDF link v1"),
        ],
    )
    report = stack.import_files([source])
    assert report.errors == []
    with stack.sessions()() as session:
        rows = session.scalars(select(Paper)).all()
    assert [(p.arxiv_id, p.arxiv_version, p.title) for p in rows] == [("2401.01234", 3, "Version three")]

    stack.drain()
    es = stack.es()
    es.indices.refresh(index=stack.alias)
    hits = es.search(index=stack.alias, body={"query": {"term": {"arxiv_id": "2401.01234"}}})["hits"]
    assert hits["total"]["value"] == 1
    assert hits["hits"][0]["_source"]["title"] == "Version three"


def test_demo_duplicates_collapse(demo_stack):
    lines = [
        json.loads(line)
        for line in (ROOT / "data/demo/papers.jsonl").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    from kinds.arxiv_ids import parse_arxiv

    distinct = {parse_arxiv(p["arxiv"])[0] for p in lines}
    assert len(distinct) < len(lines)  # the corpus really contains duplicates
    with demo_stack.sessions()() as session:
        assert session.scalar(select(func.count(Paper.id))) == len(distinct)
    count = demo_stack.es().count(index=demo_stack.alias, body={"query": {"term": {"type": "paper"}}})["count"]
    assert count == len(distinct)


def _versions(stack):
    es = stack.es()
    es.indices.refresh(index=stack.alias)
    result = es.search(
        index=stack.alias, body={"size": 2000, "version": True, "_source": False, "query": {"match_all": {}}}
    )
    return {hit["_id"]: hit["_version"] for hit in result["hits"]["hits"]}


def test_reimport_changes_nothing(store_stack):
    stack = store_stack("reimport")
    first = stack.import_files(DEMO_FILES)
    assert first.errors == []
    stack.drain()
    versions = _versions(stack)
    with stack.sessions()() as session:
        outbox_before = session.scalar(select(func.count(OutboxEntry.id)))
        stories_before = session.scalar(select(func.count(Story.id)))

    second = stack.import_files(DEMO_FILES)
    assert second.errors == []
    assert {t: set(c) for t, c in second.counts.items()} == {t: {"unchanged"} for t in second.counts}
    assert stack.drain() == 0
    with stack.sessions()() as session:
        assert session.scalar(select(func.count(OutboxEntry.id))) == outbox_before
        assert session.scalar(select(func.count(Story.id))) == stories_before
    assert _versions(stack) == versions
    assert len(versions) > 600


def test_bad_lines_are_reported_and_good_lines_still_land(store_stack, tmp_path):
    stack = store_stack("badlines")
    source = write_jsonl(
        tmp_path / "mixed.jsonl",
        [
            {"type": "story", "id": 1, "title": "好的一行", "content": "<p>ok</p>", "created_at": "-1h"},
            "{not json",
            {
                "type": "story",
                "id": 2,
                "title": "未知标签",
                "content": "x",
                "tags": ["no-such-tag"],
                "created_at": "-1h",
            },
            {
                "type": "paper",
                "arxiv": "not-an-id",
                "title": "t",
                "abstract": "a",
                "authors": [],
                "published_at": "-1d",
            },
            {"type": "story", "id": 3, "content": "缺标题", "created_at": "-1h"},
            {"type": "spaceship", "id": 4},
            {
                "type": "story",
                "id": 5,
                "title": "也是好的",
                "content": "<p>ok</p>",
                "created_at": "2026-11-01",
                "tags": ["llm"],
            },
        ],
    )
    env = {
        **os.environ,
        "HUB_DATABASE_URL": stack.db_url,
        "HUB_INDEX_ALIAS": stack.alias,
        "HUB_REDIS_URL": "redis://127.0.0.1:9/0",
    }
    result = subprocess.run(
        [sys.executable, "-m", "hub.cli", "import", "--no-kick", str(source)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 1
    errors = result.stderr.strip().splitlines()
    assert [e.split(":")[1] for e in errors] == ["2", "3", "4", "5", "6"]
    assert "invalid JSON" in errors[0]
    assert "no-such-tag" in errors[1]
    assert "arxiv" in errors[2]
    assert "title" in errors[3]
    assert "type" in errors[4]
    with stack.sessions()() as session:
        assert sorted(session.scalars(select(Story.id))) == [1, 5]


def test_story_html_is_sanitised_on_import(store_stack, tmp_path):
    stack = store_stack("sanitise")
    source = write_jsonl(
        tmp_path / "s.jsonl",
        [
            {
                "type": "story",
                "id": 7,
                "title": "t",
                "created_at": "-1h",
                "content": '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:x()">链接</a></p>',
            }
        ],
    )
    assert stack.import_files([source]).errors == []
    with stack.sessions()() as session:
        content = session.get(Story, 7).content
    assert "<script" not in content and "onclick" not in content and "javascript:" not in content
    assert "正文" in content and "链接" in content


def test_reimport_later_keeps_times_derived_from_relative_dates(store_stack, tmp_path):
    """An event with relative times and no time_desc, re-imported minutes later, stays unchanged
    (its times are kept from creation, not moved by the new import's clock)."""
    stack = store_stack("reimport-later")
    line = {"type": "event", "id": 7, "name": "相对时间的活动", "brief": "b", "start_time": "+1d", "end_time": "+1d2h"}
    path = tmp_path / "event.jsonl"
    path.write_text(json.dumps({**line, "created_at": "-1d"}, ensure_ascii=False) + "\n", encoding="utf-8")
    first_now = datetime(2026, 11, 1, 8, 0, 30, tzinfo=UTC)
    with stack.sessions()() as session:
        assert import_files(session, [path], now=first_now).counts == {"event": {"created": 1}}
    with stack.sessions()() as session:
        later = import_files(session, [path], now=first_now + timedelta(minutes=7))
    assert later.counts == {"event": {"unchanged": 1}}
    with stack.sessions()() as session:
        event = session.get(Event, 7)
        # No time line is stored: the API derives it from the kept times in the site's zone.
        assert event.time_desc is None
        assert (event.start_time.hour, event.end_time.hour, event.start_time.day) == (8, 10, 2)


def test_image_addresses_must_be_http_or_a_site_path(store_stack, tmp_path):
    """Covers, event images and avatars end up in <img src>: `javascript:`, `data:` and markup are refused
    with the line number, web URLs and paths on this site land, and an empty address means none."""
    stack = store_stack("imageurls")
    story = {"type": "story", "title": "封面", "content": "<p>x</p>", "created_at": "-1h"}
    event = {
        "type": "event",
        "name": "活动",
        "title": "活动",
        "brief": "简介",
        "start_time": "+1d",
        "end_time": "+2d",
        "created_at": "-1d",
    }
    user = {"type": "user", "name": "头像"}
    source = write_jsonl(
        tmp_path / "images.jsonl",
        [
            {**story, "id": 1, "cover_url": "javascript:alert(1)"},
            {**event, "id": 1, "image_url": " JavaScript:alert('event') "},
            {**user, "id": 1, "avatar_url": "data:image/svg+xml,<svg onload=alert(1)>"},
            {**story, "id": 2, "cover_url": '"><img src=x onerror=alert(1)>'},
            {**story, "id": 3, "cover_url": "//evil.example/a.png"},
            {**story, "id": 4, "cover_url": "https://img.example.com/a.png?w=1"},
            {**story, "id": 5, "cover_url": "/demo/covers/a.webp"},
            {**event, "id": 2, "image_url": ""},
            {**user, "id": 2, "avatar_url": "http://img.example.com/u.jpg"},
        ],
    )
    result = stack.import_files([source])
    refused = sorted(int(str(e).split(":")[1]) for e in result.errors)
    assert refused == [1, 2, 3, 4, 5], result.errors
    with stack.sessions()() as session:
        assert session.get(Story, 4).cover_url == "https://img.example.com/a.png?w=1"
        assert session.get(Story, 5).cover_url == "/demo/covers/a.webp"
        assert session.get(Event, 2).image_url is None
        assert session.scalars(select(func.count()).select_from(Story)).one() == 2


def test_a_batch_is_written_in_a_few_statements_not_several_per_line(store_stack, tmp_path):
    """Existing rows are read in one query per kind and rows and outbox entries inserted together;
    a changed line in a re-import is an update with its outbox entry, in the same few statements.
    The stories' authors are checked from the batch too (users of the same file, or read with it)."""
    from sqlalchemy import event

    from store.db import get_writer_engine

    stack = store_stack("batched-import")
    source = tmp_path / "stories.jsonl"
    authors = [{"type": "user", "id": 900 + n, "name": f"作者{n}"} for n in range(3)]
    stories = [
        {"type": "story", "id": 9000 + n, "title": f"批量导入第{n}篇", "content": "<p>正文</p>", "created_at": "-3d"}
        | ({"user_id": 900 + n % 3} if n % 2 else {})
        for n in range(300)
    ]
    stories.append(
        {
            "type": "story",
            "id": 9300,
            "title": "作者不存在",
            "content": "<p>正文</p>",
            "created_at": "-1d",
            "user_id": 999,
        }
    )
    write_jsonl(source, authors + stories)
    statements: list[str] = []
    engine = get_writer_engine(stack.db_url)
    listener = lambda *args: statements.append(args[2])  # noqa: E731 (conn, cursor, statement, ...)
    event.listen(engine, "before_cursor_execute", listener)
    try:
        report = stack.import_files([source])
        created = len(statements)
        stories[7]["title"] = "批量导入第7篇（修订）"
        write_jsonl(source, authors + stories)
        second = stack.import_files([source])
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    assert report.counts["story"] == {"created": 300, "failed": 1} and report.counts["user"] == {"created": 3}
    assert len(report.errors) == 1 and "unknown user 999" in report.errors[0]
    assert second.counts["story"] == {"unchanged": 299, "updated": 1, "failed": 1}
    assert created < 40, statements[:50]
    assert len(statements) - created < 40
    with stack.sessions()() as session:
        assert session.scalar(select(func.count(OutboxEntry.id)).where(OutboxEntry.entity_id == 9007)) == 2
        assert session.get(Story, 9007).version == 2
        assert session.scalar(select(func.count(OutboxEntry.id))) == 304
        assert session.get(Story, 9001).user_id == 901 and session.get(Story, 9000).user_id is None


def test_relative_dates_are_read_against_each_imports_own_clock(store_stack, tmp_path):
    """Each import reads `-1h` against its own `now`, even though the import's schemas are reused
    within an import (ingest/jsonl._schema): a second import a day later dates its lines a day later."""
    stack = store_stack("relative-clock")
    first_now = datetime(2026, 11, 1, 8, 0, tzinfo=UTC)
    for story_id, now in ((31, first_now), (32, first_now + timedelta(days=1))):
        path = tmp_path / f"story-{story_id}.jsonl"
        line = {
            "type": "story",
            "id": story_id,
            "title": f"相对日期 {story_id}",
            "content": "<p>x</p>",
            "created_at": "-1h",
        }
        path.write_text(json.dumps(line, ensure_ascii=False) + "\n", encoding="utf-8")
        with stack.sessions()() as session:
            assert import_files(session, [path], now=now).counts == {"story": {"created": 1}}
    with stack.sessions()() as session:
        first, second = session.get(Story, 31).created_at, session.get(Story, 32).created_at
    assert first.replace(tzinfo=UTC) == first_now - timedelta(hours=1)
    assert second.replace(tzinfo=UTC) == first_now + timedelta(days=1) - timedelta(hours=1)
