"""`hub import` beside a running worker, and `hub import --index` with its own drain: the drain commits
between the import's batches and no line is lost (it used to fail with "database is locked" after the
first collision)."""

import json
import subprocess
import sys

from sqlalchemy import func, select

from indexer.sync import pending_count
from store.models import Story, User
from tests.support import ROOT, segments_per_primary, start_worker, wait_until

USERS = 40
STORIES = 4000


def write_lines(path):
    with path.open("w", encoding="utf-8") as handle:
        for user_id in range(1, USERS + 1):
            handle.write(
                json.dumps({"type": "user", "id": user_id, "name": f"作者{user_id}"}, ensure_ascii=False) + "\n"
            )
        for story_id in range(1, STORIES + 1):
            story = {
                "type": "story",
                "id": story_id,
                "title": f"并行导入的第 {story_id} 篇大模型故事",
                "content": f"<p>导入与索引同时进行，第 {story_id} 篇。</p>",
                "user_id": story_id % USERS + 1,
                "tags": ["llm"],
                "created_at": "-3d",
            }
            handle.write(json.dumps(story, ensure_ascii=False) + "\n")
    return path


def indexed_stories(stack) -> int:
    es = stack.es()
    es.indices.refresh(index=stack.alias)
    return es.count(index=stack.alias, body={"query": {"term": {"type": "story"}}})["count"]


def test_an_import_while_the_worker_drains_keeps_every_line(store_stack, tmp_path):
    stack = store_stack("import-beside-worker")
    stack.drain()  # creates the index
    source = write_lines(tmp_path / "many.jsonl")
    worker = start_worker(stack, tmp_path)
    try:
        log_path = tmp_path / "worker.log"
        wait_until(lambda: "ready." in log_path.read_text(), timeout=60, message="the worker never started")
        # Small batches, each followed by a kick: the worker's drain commits between them.
        env = {**stack.env(), "HUB_IMPORT_BATCH": "200"}
        done = subprocess.run(
            [sys.executable, "-m", "hub.cli", "import", str(source)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        log = log_path.read_text()
        assert done.returncode == 0, done.stderr[-3000:]
        assert "database is locked" not in done.stderr + log
        with stack.sessions()() as session:
            assert session.scalar(select(func.count()).select_from(User)) == USERS
            assert session.scalar(select(func.count()).select_from(Story)) == STORIES
        # The worker really drained while the import ran, and ends with everything indexed.
        assert "hub.drain_outbox" in log
        wait_until(lambda: pending_count(stack.sessions()) == 0, timeout=300, interval=1, message=log[-3000:])
        assert indexed_stories(stack) == STORIES
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def test_import_with_index_drains_beside_the_import_and_returns_when_all_is_searchable(store_stack, tmp_path):
    stack = store_stack("import-index")
    source = write_lines(tmp_path / "many.jsonl")
    done = subprocess.run(
        [sys.executable, "-m", "hub.cli", "import", "--index", str(source)],
        cwd=ROOT,
        env={**stack.env(), "HUB_IMPORT_BATCH": "200"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "database is locked" not in done.stderr
    assert f"outbox: {USERS + STORIES} entries indexed" in done.stdout
    assert pending_count(stack.sessions()) == 0
    assert indexed_stories(stack) == STORIES
    # A bulk load into an empty index: merged down to one segment per shard before the command returns.
    assert "index compacted to 1 segment(s) per shard" in done.stdout
    assert set(segments_per_primary(stack.es(), stack.alias)) == {1}


def test_each_batch_is_committed_with_its_outbox_rows_before_the_next_is_read(store_stack, tmp_path):
    """Batches of 100: after each one, another connection already sees its stories and their outbox
    entries; a bad line in a batch is reported with its number and the rest of the batch lands."""
    from ingest.jsonl import import_files
    from store.db import writer_session_factory
    from store.models import OutboxEntry

    stack = store_stack("import-batches")
    lines = [{"type": "user", "id": 1, "name": "作者"}]
    lines += [
        {"type": "story", "id": n, "title": f"分批 {n}", "content": "<p>分批</p>", "user_id": 1, "created_at": "-1d"}
        for n in range(1, 351)
    ]
    lines[150] = {**lines[150], "title": ""}
    source = tmp_path / "batches.jsonl"
    source.write_text("\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n", encoding="utf-8")
    seen = []

    def on_progress(done, total):
        with stack.sessions()() as other:
            stories = other.scalar(select(func.count()).select_from(Story))
            entries = other.scalar(
                select(func.count()).select_from(OutboxEntry).where(OutboxEntry.entity_type == "story")
            )
        seen.append((done, total, stories, entries))

    report = import_files(writer_session_factory(stack.db_url), [source], batch=100, on_progress=on_progress)
    assert [(done, total) for done, total, *_ in seen] == [(0, 351), (100, 351), (200, 351), (300, 351), (351, 351)]
    # Batch 1: the user and 99 stories; batch 2 holds the bad line 151 (story 150).
    assert [stories for *_, stories, _ in seen] == [0, 99, 198, 298, 349]
    assert [entries for *_, entries in seen] == [0, 99, 198, 298, 349]
    assert [error.split(":")[1] for error in report.errors] == ["151"]
