"""Acronyms learnt from the corpus (issue 36, item 3) on the real services: the indexer mines the pairs documents
define and keeps each document's contribution (counts follow re-indexing and deletion), a query in either form
finds documents that write the other, a rejected pair stops acting within the stamp window, accepting writes
the glossary, and the editors' review routes are editors only with CSRF. Invented terms, not judged queries."""

from __future__ import annotations

import json
import time

import pytest
from sqlalchemy import select

from store import word_lists
from store.acronym_pairs import AcronymPair, AcronymSource
from store.models import Story, utcnow
from store.word_lists import CHECK_SECONDS
from store.writes import upsert
from tests.support import TINY, data_of, error_of, sign_in, wait_until

AUTHOR, EDITOR = 101, 102  # tiny.jsonl: 102 is an editor
CSRF_MSG = "请求已失效，请刷新页面后重试"
STORIES = [
    (9101, "晶格编织网络入门", "<p>本文介绍晶格编织网络（LWN）的结构与训练。</p>"),
    (9102, "再谈编织", "<p>我们复现了晶格编织网络（LWN）在小样本上的结果。</p>"),
    (9103, "LWN 在边缘设备上的部署", "<p>只写缩写的一篇。</p>"),
    (9104, "A Quantum Braid Sampler note", "<p>We study the Quantum Braid Sampler (QBS) on toy data.</p>"),
    (9105, "QBS 调参笔记", "<p>只写缩写。</p>"),
    (9106, "雾面折射采样", "<p>正文写了雾面折射采样（FRS），标题里也有全称。</p>"),
    (9107, "晶格编织网络的剪枝", "<p>只写全称的一篇。</p>"),
    (9108, "Quantum Braid Sampler 误差分析", "<p>只写全称。</p>"),
]
ONLY_FULL_NAME = "晶格编织网络的剪枝"
ONLY_LATIN_FULL_NAME = "Quantum Braid Sampler 误差分析"


def story_line(story_id: int, title: str, content: str) -> str:
    record = {"type": "story", "id": story_id, "title": title, "content": content, "user_id": AUTHOR}
    return json.dumps({**record, "created_at": "-1h"}, ensure_ascii=False)


@pytest.fixture(scope="module")
def stack(make_stack, tmp_path_factory):
    path = tmp_path_factory.mktemp("acronyms") / "stories.jsonl"
    path.write_text("\n".join(story_line(*s) for s in STORIES) + "\n", encoding="utf-8")
    stack = make_stack("acronyms")
    report = stack.import_files([TINY, path])
    assert not report.errors, report.errors[:5]
    stack.drain()
    return stack


def pairs(stack) -> dict[tuple[str, str], tuple[int, str]]:
    with stack.sessions()() as db:
        rows = db.scalars(select(AcronymPair)).all()
        return {(r.abbreviation, r.full_name): (r.documents, r.status) for r in rows}


def pair_id(stack, abbreviation: str) -> int:
    with stack.sessions()() as db:
        return db.scalar(select(AcronymPair.id).where(AcronymPair.abbreviation == abbreviation))


def found(client, q: str) -> list[str]:
    answer = data_of(client.get("/api/v2/search", query_string={"q": q, "model": "story"}))
    return [hit["story_info"]["title"] for hit in answer["list"]]


def write_story(stack, story_id: int, **fields) -> None:
    with stack.sessions()() as db:
        upsert(db, Story, {"id": story_id}, fields)
        db.commit()
    stack.drain()


def test_the_indexer_records_the_pairs_each_document_defines(stack):
    mined = pairs(stack)
    assert mined[("LWN", "晶格编织网络")] == (2, "pending")
    assert mined[("QBS", "Quantum Braid Sampler")] == (1, "pending")
    with stack.sessions()() as db:
        sources = db.execute(select(AcronymSource.entity_id).where(AcronymSource.pair_id == pair_id(stack, "LWN")))
        assert sorted(row[0] for row in sources) == [9101, 9102]
        assert word_lists.saved(db, "acronyms").text.splitlines() == [
            "FRS, 雾面折射采样",
            "LWN, 晶格编织网络",
            "QBS, Quantum Braid Sampler",
        ]


def test_a_document_written_again_or_deleted_updates_the_count(stack):
    write_story(stack, 9102, content="<p>这一版不再定义缩写。</p>", summary="这一版不再定义缩写。")
    assert pairs(stack)[("LWN", "晶格编织网络")][0] == 1
    write_story(stack, 9101, deleted_at=utcnow())
    assert pairs(stack)[("LWN", "晶格编织网络")][0] == 0
    with stack.sessions()() as db:  # no defining document left: the pair no longer acts
        assert "LWN" not in word_lists.saved(db, "acronyms").text
    write_story(stack, 9101, deleted_at=None)
    write_story(stack, 9102, content="<p>我们复现了晶格编织网络（LWN）在小样本上的结果。</p>")
    assert pairs(stack)[("LWN", "晶格编织网络")][0] == 2


def test_a_full_rebuild_keeps_the_counts_and_forgets_rows_that_are_gone(stack):
    from indexer.sync import reindex_all

    with stack.sessions()() as db:  # a document whose row is gone (a hard delete the drain never saw)
        db.add(AcronymSource(pair_id=pair_id(stack, "QBS"), entity_type="story", entity_id=999_999))
        db.commit()
    reindex_all(stack.sessions(), stack.es(), stack.alias)
    mined = pairs(stack)
    assert mined[("LWN", "晶格编织网络")][0] == 2 and mined[("QBS", "Quantum Braid Sampler")][0] == 1
    with stack.sessions()() as db:
        assert db.scalar(select(AcronymSource).where(AcronymSource.entity_id == 999_999)) is None


def test_a_query_in_either_form_finds_the_documents_writing_the_other(stack):
    with stack.app().test_client() as client:
        assert "LWN 在边缘设备上的部署" in found(client, "晶格编织网络")  # writes only the abbreviation
        by_abbreviation = found(client, "LWN")
        assert ONLY_FULL_NAME in by_abbreviation
        assert by_abbreviation.index(ONLY_FULL_NAME) > by_abbreviation.index("LWN 在边缘设备上的部署")  # exact first
        assert "QBS 调参笔记" in found(client, "Quantum Braid Sampler")
        assert ONLY_LATIN_FULL_NAME in found(client, "QBS")
        assert found(client, "雾面折射") and ONLY_FULL_NAME not in found(client, "QBS")


def test_editor_routes_need_an_editor_and_the_csrf_token(stack):
    path = f"/api/v1/editor/acronyms/{pair_id(stack, 'QBS')}/decision"
    with stack.app().test_client() as client:
        assert error_of(client.get("/api/v1/editor/acronyms"), 403)["msg"] == "请先登录"
        assert error_of(client.post(path, json={"status": "rejected"}), 403)["msg"] == "请先登录"
        headers = sign_in(client, AUTHOR)
        assert error_of(client.get("/api/v1/editor/acronyms"), 403)["msg"] == "没有权限"
        assert error_of(client.post(path, json={"status": "rejected"}, headers=headers), 403)["msg"] == "没有权限"
        headers = sign_in(client, EDITOR)
        refused = client.post(path, json={"status": "rejected"}, headers={"X-CSRF-Token": "wrong"})
        assert error_of(refused, 403)["msg"] == CSRF_MSG
        assert pairs(stack)[("QBS", "Quantum Braid Sampler")][1] == "pending"
        listed = data_of(client.get("/api/v1/editor/acronyms"))
        assert {p["abbreviation"] for p in listed["list"]} >= {"LWN", "QBS", "FRS"} and listed["per_page"] == 20
        assert all(p["acting"] for p in listed["list"])
        bad = client.get("/api/v1/editor/acronyms", query_string={"status": "maybe"})
        assert error_of(bad, 400)["msg"] == "请选择 待审核、已采纳 或 已拒绝"
        bad = client.post(path, json={"status": "later"}, headers=headers)
        assert error_of(bad, 400)["msg"] == "请选择 采纳、拒绝 或 撤销"
        assert error_of(
            client.post("/api/v1/editor/acronyms/999999/decision", json={"status": "rejected"}, headers=headers), 404
        )


def test_a_rejected_pair_stops_acting_on_another_host_within_the_stamp_window(stack):
    other_host = stack.app().test_client()
    assert ONLY_LATIN_FULL_NAME in found(other_host, "QBS")
    with stack.app().test_client() as client:
        headers = sign_in(client, EDITOR)
        answer = client.post(
            f"/api/v1/editor/acronyms/{pair_id(stack, 'QBS')}/decision", json={"status": "rejected"}, headers=headers
        )
        assert answer.get_json()["msg"] == "已拒绝，搜索不再使用"
        assert data_of(answer)["status"] == "rejected" and not data_of(answer)["acting"]
        assert ONLY_LATIN_FULL_NAME not in found(client, "QBS")  # this host at once
        rejected = data_of(client.get("/api/v1/editor/acronyms", query_string={"status": "rejected"}))["list"]
        assert [p["abbreviation"] for p in rejected] == ["QBS"] and rejected[0]["decided_by"] == "编辑乙"
    decided = time.monotonic()
    wait_until(lambda: ONLY_LATIN_FULL_NAME not in found(other_host, "QBS"), timeout=CHECK_SECONDS + 5)
    assert time.monotonic() - decided < CHECK_SECONDS + 5
    with stack.app().test_client() as client:  # undo: it acts again
        headers = sign_in(client, EDITOR)
        answer = client.post(
            f"/api/v1/editor/acronyms/{pair_id(stack, 'QBS')}/decision", json={"status": "pending"}, headers=headers
        )
        assert answer.get_json()["msg"] == "已撤销" and data_of(answer)["acting"]
        assert ONLY_LATIN_FULL_NAME in found(client, "QBS")


def test_accepting_writes_the_glossary_once_and_undo_takes_it_out(stack):
    with stack.app().test_client() as client:
        headers = sign_in(client, EDITOR)
        before = data_of(client.get("/api/v1/editor/glossary"))["text"]
        path = f"/api/v1/editor/acronyms/{pair_id(stack, 'FRS')}/decision"
        answer = client.post(path, json={"status": "accepted"}, headers=headers)
        assert answer.get_json()["msg"] == "已采纳，已写入同义词表" and data_of(answer)["in_glossary"]
        text = data_of(client.get("/api/v1/editor/glossary"))["text"]
        assert text == before + "雾面折射采样, FRS\n"
        accepted = data_of(client.get("/api/v1/editor/acronyms", query_string={"status": "accepted"}))["list"]
        assert [p["abbreviation"] for p in accepted] == ["FRS"]
        # an edit of the glossary keeps the group; a second accept (after undo) does not write it twice
        data_of(client.post(path, json={"status": "pending"}, headers=headers))
        assert data_of(client.get("/api/v1/editor/glossary"))["text"] == before
        data_of(
            client.put("/api/v1/editor/glossary", json={"text": before + "雾面折射采样, 雾面采样\n"}, headers=headers)
        )
        data_of(client.post(path, json={"status": "accepted"}, headers=headers))
        text = data_of(client.get("/api/v1/editor/glossary"))["text"]
        assert text == before + "雾面折射采样, 雾面采样, FRS\n"
        assert "雾面折射采样" in found(client, "FRS")
