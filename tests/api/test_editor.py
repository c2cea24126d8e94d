"""The editors' API (issue 10): editors only (checked on the server), CSRF and rate limits on writes,
jobs started, followed and cancelled, set-aside documents retried, the glossary and block list edited."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from indexer import jobs
from store import hotwords, word_lists
from store.models import OutboxEntry, RejectedDocument, Story, utcnow
from store.writes import upsert
from tests.support import ROOT, data_of, error_of, sign_in, story_fields, tiny_stack

AUTHOR, EDITOR = 101, 102  # tiny.jsonl: 102 is an editor
CSRF_MSG = "请求已失效，请刷新页面后重试"

READS = ["/api/v1/editor/jobs", "/api/v1/editor/jobs/1", "/api/v1/editor/rejected"]
READS += ["/api/v1/editor/glossary", "/api/v1/editor/hotword-blocklist"]
WRITES = [
    ("post", "/api/v1/editor/jobs", {"kind": "reindex-all"}),
    ("post", "/api/v1/editor/jobs/1/cancel", None),
    ("post", "/api/v1/editor/rejected/1/retry", None),
    ("put", "/api/v1/editor/glossary", {"text": "甲, 乙"}),
    ("put", "/api/v1/editor/hotword-blocklist", {"text": "坏词"}),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("editor-files")
    glossary = folder / "glossary.txt"
    glossary.write_text((ROOT / "data" / "search" / "glossary.txt").read_text(encoding="utf-8"), encoding="utf-8")
    blocklist = folder / "blocklist.txt"
    blocklist.write_text("# 屏蔽词\n赌博\n", encoding="utf-8")
    return glossary, blocklist


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "editor")


@pytest.fixture()
def app(stack, files):
    glossary, blocklist = files
    # One configured source (RSS stories): only configured sources are offered as jobs.
    return stack.app(
        glossary_file=glossary, hotwords_blocklist=blocklist, source_rss_feeds=["https://feeds.example/a.xml"]
    )


@pytest.fixture()
def editor(app):
    with app.test_client() as client:
        yield client, sign_in(client, EDITOR)


def call(client, method, path, body=None, headers=None):
    return getattr(client, method)(path, json=body, headers=headers or {})


def finish_active_jobs(stack):
    with stack.sessions()() as session:
        session.execute(update(jobs.IndexJob).where(jobs.IndexJob.state.in_(jobs.ACTIVE)).values(state="cancelled"))
        session.commit()


def test_signed_out_callers_get_403_please_sign_in_on_every_endpoint(app):
    with app.test_client() as client:
        for path in READS:
            assert error_of(client.get(path), 403)["msg"] == "请先登录", path
        for method, path, body in WRITES:
            assert error_of(call(client, method, path, body), 403)["msg"] == "请先登录", path


def test_signed_in_non_editors_get_403_not_allowed_on_every_endpoint(app):
    with app.test_client() as client:
        headers = sign_in(client, AUTHOR)
        for path in READS:
            assert error_of(client.get(path), 403)["msg"] == "没有权限", path
        for method, path, body in WRITES:
            assert error_of(call(client, method, path, body, headers), 403)["msg"] == "没有权限", path


def test_editor_writes_without_the_csrf_token_are_refused(editor, stack):
    client, _ = editor
    for method, path, body in WRITES:
        assert error_of(call(client, method, path, body, {"X-CSRF-Token": "wrong"}), 403)["msg"] == CSRF_MSG, path
    with stack.sessions()() as session:
        assert session.scalars(select(jobs.IndexJob)).all() == []  # nothing was started


def test_an_editor_starts_follows_and_a_second_start_is_refused_in_chinese(editor, stack):
    client, headers = editor
    answer = client.post("/api/v1/editor/jobs", json={"kind": "reindex-all"}, headers=headers)
    assert answer.get_json()["msg"] == "任务已开始"
    job = data_of(answer)
    assert (job["kind"], job["state"], job["done"], job["percent"]) == ("reindex-all", "queued", 0, 0.0)
    assert job["started_by"] == "编辑乙 (#102)"

    refused = error_of(
        client.post("/api/v1/editor/jobs", json={"kind": "reindex-kind", "target": "story"}, headers=headers), 409
    )
    assert refused["msg"] == f"已有重建索引任务在进行中（#{job['id']}），请等它完成或取消后再试"
    assert refused["data"] == {"job_id": job["id"]}

    # The worker's side, run here: the page then reads the finished figures.
    ctx = jobs.JobContext(stack.sessions(), stack.es(), stack.redis(), stack.alias, lease_seconds=5, chunk_size=5)
    assert jobs.run_job(ctx, job["id"]) == "done"
    done = data_of(client.get(f"/api/v1/editor/jobs/{job['id']}"))
    assert (done["state"], done["percent"], done["done"]) == ("done", 100.0, done["total"])
    assert done["total"] > 5 and done["docs_per_second"] > 0 and done["eta_seconds"] == 0
    assert done["result"]["documents"] > 5 and done["finished_at"]
    listing = data_of(client.get("/api/v1/editor/jobs"))
    assert listing["list"][0]["id"] == job["id"]
    assert [k["kind"] for k in listing["kinds"]] == [
        "reindex-all",
        "reindex-kind",
        "drain-outbox",
        "source:stories",
    ]
    assert {k["kind"]: k["label"] for k in listing["kinds"]}["source:stories"] == "抓取来源：RSS 文章"
    assert "story" in listing["kinds"][1]["targets"]
    error_of(client.post(f"/api/v1/editor/jobs/{job['id']}/cancel", headers=headers), 409)  # already done
    assert error_of(client.get("/api/v1/editor/jobs/999999"), 404)["msg"] == "内容不存在"


def test_cancel_a_queued_job_and_bad_bodies(editor, stack):
    client, headers = editor
    finish_active_jobs(stack)
    job = data_of(client.post("/api/v1/editor/jobs", json={"kind": "drain-outbox"}, headers=headers))
    answer = client.post(f"/api/v1/editor/jobs/{job['id']}/cancel", headers=headers)
    assert answer.get_json()["msg"] == "已请求取消" and data_of(answer)["state"] == "cancelled"
    for body, msg in (
        ({}, "请选择任务类型"),
        ({"kind": "reindex-everything"}, "请选择任务类型"),
        ({"kind": "reindex-kind"}, "请选择要重建的内容类型"),
        ({"kind": "reindex-kind", "target": "poem"}, "请选择要重建的内容类型"),
        ({"kind": 7}, "请选择任务类型"),
        ({"kind": "source:arxiv"}, "该来源未配置"),  # known, but nothing configured to fetch
    ):
        assert error_of(client.post("/api/v1/editor/jobs", json=body, headers=headers), 400)["msg"] == msg, body
    assert error_of(client.post("/api/v1/editor/jobs/424242/cancel", headers=headers), 404)


def test_set_aside_documents_are_listed_with_the_reason_and_retried(editor, stack):
    client, headers = editor
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 7777}, {**story_fields("被拒绝后修好的文章"), "tags": ["x" * 40_000]})
        session.execute(
            update(OutboxEntry)
            .where(OutboxEntry.entity_id == 7777)
            .values(processed_at=utcnow(), created_at=utcnow() - timedelta(days=1))
        )
        session.commit()
    finish_active_jobs(stack)
    ctx = jobs.JobContext(stack.sessions(), stack.es(), stack.redis(), stack.alias, lease_seconds=5)
    job = jobs.create_job(ctx, jobs.REINDEX_ALL, None, "cli")
    assert jobs.run_job(ctx, job.id) == "done"
    [item] = data_of(client.get("/api/v1/editor/rejected"))["list"]
    assert (item["entity_type"], item["entity_id"], item["doc_id"], item["job_id"]) == (
        "story",
        7777,
        "story-7777",
        job.id,
    )
    assert "immense term" in item["reason"] and item["retried_at"] is None

    with stack.sessions()() as session:  # the row is fixed
        session.execute(update(Story).where(Story.id == 7777).values(tags=["llm"], version=Story.version + 1))
        session.commit()
    answer = client.post(f"/api/v1/editor/rejected/{item['id']}/retry", headers=headers)
    assert answer.get_json()["msg"] == "已重新加入索引队列" and data_of(answer)["retried_at"]
    assert stack.drain() == 1
    stack.es().indices.refresh(index=stack.alias)
    assert stack.es().exists(index=stack.alias, id="story-7777")
    assert data_of(client.get("/api/v1/editor/rejected"))["list"] == []
    with stack.sessions()() as session:
        assert session.scalars(select(RejectedDocument)).all() == []
    assert error_of(client.post("/api/v1/editor/rejected/31337/retry", headers=headers), 404)


def test_the_glossary_is_validated_saved_and_applies_to_the_next_search(editor, stack, files, monkeypatch):
    from api import relaxed_search

    monkeypatch.setattr(relaxed_search, "ALIKE_BELOW", 0)  # what the glossary's words find, not the texts like them
    client, headers = editor
    glossary, _ = files
    shipped = glossary.read_text(encoding="utf-8")
    current = data_of(client.get("/api/v1/editor/glossary"))
    assert current["text"] == shipped  # never saved: the shipped file
    assert "大模型" in current["text"] and current["lines"] > 10 and "无需重建索引" in current["applies"]
    for text, msg in (
        ("大模型, LLM\n只有一个词", "第2行：每行至少两个同义词，用英文逗号分隔"),
        ("甲，乙", "第1行：请用英文逗号 , 分隔同义词"),
        ("甲, 乙\u0000", "内容含有控制字符，请删除后再保存"),
        ("甲, " + "长" * 61, "第1行：每个词不能超过60个字符"),
    ):
        assert error_of(client.put("/api/v1/editor/glossary", json={"text": text}, headers=headers), 400)["msg"] == msg
    assert data_of(client.get("/api/v1/editor/glossary"))["text"] == current["text"]  # a refused edit changes nothing

    with client.application.test_client() as anonymous:
        before = data_of(anonymous.get("/api/v2/search", query_string={"q": "边界试验", "model": "story"}))["list"]
    assert before == []
    text = current["text"] + "边界试验, 边界测试\n"
    saved = client.put("/api/v1/editor/glossary", json={"text": text}, headers=headers)
    assert saved.get_json()["msg"] == "保存成功" and data_of(saved)["lines"] == current["lines"] + 1
    assert data_of(client.get("/api/v1/editor/glossary"))["text"].endswith("边界试验, 边界测试\n")
    assert glossary.read_text(encoding="utf-8") == shipped  # kept in the database, not in the file
    with stack.sessions()() as db:
        assert word_lists.saved(db, word_lists.GLOSSARY).version == 1
    with client.application.test_client() as anonymous:
        after = data_of(anonymous.get("/api/v2/search", query_string={"q": "边界试验", "model": "story"}))["list"]
    assert after and all("边界测试" in hit["story_info"]["title"] for hit in after)


def test_the_hotword_block_list_is_validated_and_saved(editor, files):
    client, headers = editor
    _, blocklist = files
    assert data_of(client.get("/api/v1/editor/hotword-blocklist"))["text"] == "# 屏蔽词\n赌博\n"
    for text, msg in (
        ("赌博\n**", "第2行：不能只有 *（会屏蔽所有热词）"),
        ("词" * 40, "第1行：屏蔽词不能超过30个字符"),
        ("坏\u0007词", "内容含有控制字符，请删除后再保存"),
    ):
        answer = client.put("/api/v1/editor/hotword-blocklist", json={"text": text}, headers=headers)
        assert error_of(answer, 400)["msg"] == msg
    saved = data_of(client.put("/api/v1/editor/hotword-blocklist", json={"text": "赌博\n*加微信*"}, headers=headers))
    assert saved["lines"] == 2 and saved["text"] == "赌博\n*加微信*\n"
    assert blocklist.read_text(encoding="utf-8") == "# 屏蔽词\n赌博\n"  # the shipped file stays as it was
    source = client.application.extensions["hub"].blocklist_source
    assert hotwords.is_blocked("快来加微信领取", source) and not hotwords.is_blocked("大模型", source)


def test_editor_writes_are_rate_limited_but_polling_is_not(stack, files):
    glossary, blocklist = files
    app = stack.app(
        glossary_file=glossary, hotwords_blocklist=blocklist, rate_limits_enabled=True, rate_limit_writes="2/minute"
    )
    with app.test_client() as client:
        headers = sign_in(client, EDITOR)
        text = data_of(client.get("/api/v1/editor/hotword-blocklist"))["text"]
        for _ in range(2):
            data_of(client.put("/api/v1/editor/hotword-blocklist", json={"text": text}, headers=headers))
        assert error_of(client.put("/api/v1/editor/hotword-blocklist", json={"text": text}, headers=headers), 429)
        for _ in range(5):  # the page polls its jobs every second
            data_of(client.get("/api/v1/editor/jobs"))


def test_every_reindex_target_has_a_chinese_label_in_the_ui():
    """The editors' page names each kind a 重建一类内容 job can target (ui/src/features/editor/jobFormat.ts)."""
    import re

    import kinds
    from tests.support import ROOT

    source = (ROOT / "ui/src/features/editor/jobFormat.ts").read_text(encoding="utf-8")
    block = source[source.index("TARGET_LABELS") : source.index("};", source.index("TARGET_LABELS"))]
    labelled = set(re.findall(r"^\s+(\w+): '", block, re.M))
    assert set(kinds.entity_types()) <= labelled
