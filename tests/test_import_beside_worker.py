"""`hub import` beside a running worker: the drain commits between the import's batches and no line
is lost (it used to fail with "database is locked" after the first collision)."""

import json
import subprocess
import sys

from sqlalchemy import func, select

from indexer.sync import pending_count
from store.models import Story, User
from tests.support import ROOT, wait_until
from tests.test_outbox import start_worker

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
