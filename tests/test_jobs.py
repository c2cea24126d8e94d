"""Index jobs (issue 10): one reindex at a time, progress figures, cancel, failure cleanup, documents
the engine refuses set aside (and retried), a worker killed mid-reindex, searches during a rebuild."""

from __future__ import annotations

import os
import threading
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from indexer import jobs
from indexer.lifecycle import indices_behind
from store import rejected
from store.models import IndexJob, OutboxEntry, RejectedDocument, Story, utcnow
from store.writes import upsert
from tests.support import DEMO_FILES, TINY, kill_worker, loaded_stack, start_worker, story_fields, wait_until


def context(stack, **overrides) -> jobs.JobContext:
    fields = {
        "sessions": stack.sessions(),
        "es": stack.es(),
        "redis": stack.redis(),
        "alias": stack.alias,
        "lease_seconds": 5,
        "chunk_size": 100,
        "on_indexed": stack.bump_cache,
    }
    return jobs.JobContext(**{**fields, **overrides})


def job_row(stack, job_id: int) -> IndexJob:
    return jobs.get_job(stack.sessions(), job_id)


def built_indices(stack) -> list[str]:
    return sorted(stack.es().indices.get(index=f"{stack.alias}-*"))


@pytest.fixture(scope="module")
def demo(store_stack):
    return loaded_stack(store_stack, "jobs-demo", DEMO_FILES)


def test_a_second_reindex_is_refused_while_one_is_active_and_allowed_after(store_stack):
    stack = loaded_stack(store_stack, "jobs-lock", [TINY])
    ctx = context(stack)
    first = jobs.create_job(ctx, jobs.REINDEX_ALL, None, "编辑乙 (#102)")
    with pytest.raises(jobs.JobConflict) as refused:
        jobs.create_job(ctx, jobs.REINDEX_KIND, "story", "cli")  # every reindex is one group
    assert str(refused.value) == f"已有重建索引任务在进行中（#{first.id}），请等它完成或取消后再试"
    assert refused.value.job_id == first.id
    drain = jobs.create_job(ctx, jobs.DRAIN, None, "cli")  # another group may start
    assert drain.state == "queued"

    # The running side: while another runner holds the group's lock, this one does not start.
    held = stack.redis().lock(f"hub:lock:job:reindex:{stack.alias}", timeout=30)
    assert held.acquire(blocking=False)
    try:
        assert jobs.run_job(ctx, first.id) == "busy"
        assert job_row(stack, first.id).state == "queued"
    finally:
        held.release()
    assert jobs.run_job(ctx, first.id) == "done"
    assert jobs.run_job(ctx, first.id) == "skipped"  # a second delivery of a finished job
    again = jobs.create_job(ctx, jobs.REINDEX_KIND, "story", "cli")
    assert jobs.run_job(ctx, again.id) == "done"


def test_unknown_kinds_and_targets_are_refused(store_stack):
    ctx = context(store_stack("jobs-unknown"))
    for kind, target in (("reindex-everything", None), (jobs.REINDEX_KIND, "poem"), ("source:nowhere", None)):
        with pytest.raises(jobs.UnknownJob):
            jobs.create_job(ctx, kind, target, "cli")


def test_a_reindex_job_reports_its_progress_and_swaps_the_alias(demo):
    es = demo.es()
    [before] = indices_behind(es, demo.alias)
    count = es.count(index=demo.alias)["count"]
    ctx = context(demo)
    job = jobs.create_job(ctx, jobs.REINDEX_ALL, None, "cli")
    seen: list[tuple[int, int, str, float | None]] = []

    def watch(done: int, total: int) -> None:
        row = job_row(demo, job.id)
        seen.append((row.done, row.total, row.state, row.docs_per_second))

    assert jobs.run_job(ctx, job.id, on_progress=watch) == "done"

    rows = seen[-1][1]  # every row of every kind
    assert len(seen) == -(-rows // 100) > 1  # one report per chunk of 100 rows
    assert [s[0] for s in seen] == sorted(s[0] for s in seen) and seen[-1][0] == rows
    assert all(state == "running" and rate is not None and rate > 0 for _, _, state, rate in seen)
    row = job_row(demo, job.id)
    assert (row.state, row.done, row.total, row.eta_seconds, row.runs) == ("done", rows, rows, 0, 1)
    assert row.finished_at is not None and row.building_index is None and row.error is None
    [after] = indices_behind(es, demo.alias)
    assert after == row.result["index"] != before and not es.indices.exists(index=before)
    es.indices.refresh(index=demo.alias)
    assert es.count(index=demo.alias)["count"] == count == row.result["documents"]


def test_a_cancelled_reindex_stops_between_chunks_and_deletes_its_half_built_index(demo):
    es = demo.es()
    [before] = indices_behind(es, demo.alias)
    count = es.count(index=demo.alias)["count"]
    ctx = context(demo)
    job = jobs.create_job(ctx, jobs.REINDEX_ALL, None, "cli")
    reports = []

    def cancel_after_the_first_chunk(done: int, total: int) -> None:
        reports.append(done)
        if len(reports) == 1:
            assert jobs.request_cancel(demo.sessions(), job.id).cancel_requested
            assert len(built_indices(demo)) == 2  # the one behind the alias and the half-built one

    assert jobs.run_job(ctx, job.id, on_progress=cancel_after_the_first_chunk) == "cancelled"
    assert reports == [100]  # stopped at the next chunk's check, before reporting it
    row = job_row(demo, job.id)
    assert row.state == "cancelled" and row.finished_at is not None and row.building_index is None
    assert indices_behind(es, demo.alias) == [before] == built_indices(demo)
    assert es.count(index=demo.alias)["count"] == count


def test_cancelling_a_queued_job_cancels_it_at_once_and_a_worker_then_skips_it(store_stack):
    stack = store_stack("jobs-cancel-queued")
    ctx = context(stack)
    job = jobs.create_job(ctx, jobs.REINDEX_ALL, None, "cli")
    assert jobs.request_cancel(stack.sessions(), job.id).state == "cancelled"
    assert jobs.run_job(ctx, job.id) == "skipped"
    assert jobs.create_job(ctx, jobs.REINDEX_ALL, None, "cli").state == "queued"  # no longer blocks


def test_a_failed_reindex_is_recorded_and_deletes_its_half_built_index(demo):
    es = demo.es()
    [before] = indices_behind(es, demo.alias)
    ctx = context(demo)
    job = jobs.create_job(ctx, jobs.REINDEX_ALL, None, "cli")

    def break_midway(done: int, total: int) -> None:
        raise RuntimeError("磁盘已满")  # stands in for any error between chunks

    assert jobs.run_job(ctx, job.id, on_progress=break_midway) == "failed"
    row = job_row(demo, job.id)
    assert row.state == "failed" and row.error == "磁盘已满"
    assert indices_behind(es, demo.alias) == [before] == built_indices(demo)


def test_a_document_the_engine_refuses_is_set_aside_the_reindex_completes_and_a_retry_indexes_it(store_stack):
    stack = loaded_stack(store_stack, "jobs-rejected", [TINY])
    with stack.sessions()() as session:
        # Written past the import's checks (an old row, another writer): a keyword term over
        # Lucene's 32766-byte limit makes the engine refuse the whole document.
        upsert(session, Story, {"id": 4444}, {**story_fields("被引擎拒绝的文章"), "tags": ["x" * 40_000]})
        # An old row: its outbox entry was handled long ago, so only the reindex meets it.
        session.execute(
            update(OutboxEntry)
            .where(OutboxEntry.entity_id == 4444)
            .values(processed_at=utcnow(), created_at=utcnow() - timedelta(days=1))
        )
        session.commit()
    ctx = context(stack)
    job = jobs.create_job(ctx, jobs.REINDEX_ALL, None, "cli")
    assert jobs.run_job(ctx, job.id) == "done"
    row = job_row(stack, job.id)
    assert row.result["rejected"] == 1 and row.result["documents"] > 10
    es = stack.es()
    assert indices_behind(es, stack.alias) == [row.result["index"]]
    with stack.sessions()() as session:
        [aside] = session.scalars(select(RejectedDocument)).all()
    assert (aside.entity_type, aside.entity_id, aside.doc_id, aside.job_id) == ("story", 4444, "story-4444", job.id)
    assert "immense term" in aside.reason
    es.indices.refresh(index=stack.alias)
    assert not es.exists(index=stack.alias, id="story-4444")

    # An editor fixes the row (here straight in the table, without the outbox), then retries it.
    with stack.sessions()() as session:
        session.execute(update(Story).where(Story.id == 4444).values(tags=["llm"], version=Story.version + 1))
        session.commit()
    stack.drain()
    assert not es.exists(index=stack.alias, id="story-4444")  # nothing told the index yet
    with stack.sessions()() as session:
        assert rejected.retry(session, aside.id).retried_at is not None
        session.commit()
    assert stack.drain() == 1
    es.indices.refresh(index=stack.alias)
    assert es.get(index=stack.alias, id="story-4444")["_source"]["title"] == "被引擎拒绝的文章"
    with stack.sessions()() as session:
        assert session.scalars(select(RejectedDocument)).all() == []  # indexed: no longer set aside


def test_reindex_one_kind_rebuilds_it_in_place_and_drops_documents_without_a_row(store_stack):
    stack = loaded_stack(store_stack, "jobs-kind", [TINY])
    es = stack.es()
    [index] = indices_behind(es, stack.alias)
    es.index(index=stack.alias, id="story-999999", body={"type": "story", "title": "没有对应行的文档"}, refresh=True)
    stories = es.count(index=stack.alias, body={"query": {"term": {"type": "story"}}})["count"]
    ctx = context(stack)
    job = jobs.create_job(ctx, jobs.REINDEX_KIND, "story", "cli")
    assert jobs.run_job(ctx, job.id) == "done"
    row = job_row(stack, job.id)
    assert row.result["removed"] == 1 and row.done == row.total
    assert indices_behind(es, stack.alias) == [index]  # in place: the alias did not move
    assert not es.exists(index=stack.alias, id="story-999999")
    assert es.count(index=stack.alias, body={"query": {"term": {"type": "story"}}})["count"] == stories - 1


def test_a_drain_job_reports_the_entries_it_handled(store_stack):
    stack = store_stack("jobs-drain")
    stack.drain()
    with stack.sessions()() as session:
        for story_id in range(1, 31):
            upsert(session, Story, {"id": story_id}, story_fields(f"同步任务 {story_id}"))
        session.commit()
    ctx = context(stack, outbox_batch=10)
    job = jobs.create_job(ctx, jobs.DRAIN, None, "cli")
    seen = []
    assert jobs.run_job(ctx, job.id, on_progress=lambda done, total: seen.append((done, total))) == "done"
    assert seen[0] == (0, 30) and seen[-1] == (30, 30) and (10, 30) in seen
    assert job_row(stack, job.id).result == {"documents": 30}


def test_a_reindex_job_survives_its_worker_being_killed(demo, tmp_path):
    """A real worker runs the job; it is killed with SIGKILL midway (after some chunks, before the
    last). The alias stays on the complete index. A new worker notices the job lost its runner (its
    lease ran out), deletes the half-built index and restarts the job, which completes."""
    es = demo.es()
    [before] = indices_behind(es, demo.alias)
    count = es.count(index=demo.alias)["count"]
    ctx = context(demo)
    job = jobs.create_job(ctx, jobs.REINDEX_ALL, None, "cli")
    env = {"HUB_JOB_LEASE_SECONDS": "3", "HUB_REINDEX_CHUNK": "5"}
    os.environ.update(env)  # read by start_worker through stack.env()
    try:
        worker = start_worker(demo, tmp_path)  # at start it finds the queued job and runs it
        try:
            midway = wait_until(
                lambda: (lambda r: r.state == "running" and 0 < r.done < r.total and r)(job_row(demo, job.id)),
                timeout=120,
                interval=0.05,
                message=(tmp_path / "worker.log").read_text()[-3000:],
            )
            kill_worker(worker)
            worker.wait(timeout=30)
        finally:
            if worker.poll() is None:
                worker.kill()
        row = job_row(demo, job.id)
        half_built = row.building_index
        assert row.state == "running" and row.done < row.total and midway.runs == 1
        assert half_built and es.indices.exists(index=half_built)
        assert indices_behind(es, demo.alias) == [before]  # never the half-built index
        assert es.count(index=demo.alias)["count"] == count

        (tmp_path / "again").mkdir()
        worker = start_worker(demo, tmp_path / "again")
        try:
            wait_until(
                lambda: job_row(demo, job.id).state == "done",
                timeout=240,
                interval=0.5,
                message=(tmp_path / "again" / "worker.log").read_text()[-3000:],
            )
        finally:
            worker.terminate()
            worker.wait(timeout=30)
    finally:
        for key in env:
            os.environ.pop(key, None)
    row = job_row(demo, job.id)
    assert row.runs == 2 and row.done == row.total
    assert not es.indices.exists(index=half_built)  # the restart deleted it
    assert indices_behind(es, demo.alias) == [row.result["index"]] == built_indices(demo)
    es.indices.refresh(index=demo.alias)
    assert es.count(index=demo.alias)["count"] == count


def test_searches_keep_working_during_a_full_rebuild(demo):
    """Searches run in a loop through the API while a reindex job rebuilds the index in small
    chunks and swaps the alias: not one fails or comes back empty."""
    queries = ["大模型", "Agent", "多模态", "RAG", "开源"]
    outcomes: list[str] = []
    stop = threading.Event()

    def search_loop():
        with demo.client() as client:
            n = 0
            while not stop.is_set():
                answer = client.get("/api/v2/search", query_string={"q": queries[n % len(queries)]})
                body = answer.get_json()
                ok = answer.status_code == 200 and body["code"] == 0 and body["data"]["list"]
                outcomes.append("ok" if ok else f"{answer.status_code} {body.get('msg')}")
                n += 1

    searcher = threading.Thread(target=search_loop)
    searcher.start()
    try:
        ctx = context(demo, chunk_size=20)
        job = jobs.create_job(ctx, jobs.REINDEX_ALL, None, "cli")
        assert jobs.run_job(ctx, job.id) == "done"
        wait_until(lambda: len(outcomes) >= 20, timeout=60)  # some searches also after the swap
    finally:
        stop.set()
        searcher.join(timeout=60)
    failures = [o for o in outcomes if o != "ok"]
    assert len(outcomes) >= 20 and failures == []


def test_hub_reindex_runs_the_same_job_and_refuses_a_second_one(store_stack):
    import subprocess
    import sys

    from tests.support import ROOT

    stack = loaded_stack(store_stack, "jobs-cli", [TINY])

    def hub(*args):
        return subprocess.run(
            [sys.executable, "-m", "hub.cli", *args],
            cwd=ROOT,
            env=stack.env(),
            capture_output=True,
            text=True,
            timeout=120,
        )

    done = hub("reindex", "--quiet")
    assert done.returncode == 0, done.stderr
    [job] = jobs.list_jobs(stack.sessions())
    assert (job.kind, job.state, job.started_by, job.done) == ("reindex-all", "done", "cli", job.total)
    assert done.stdout.startswith(f"job #{job.id} done: {job.result['documents']} documents into {job.result['index']}")

    queued = jobs.create_job(context(stack), jobs.REINDEX_ALL, None, "编辑乙 (#102)")  # say, from the page
    refused = hub("reindex", "--quiet")
    assert refused.returncode == 1
    assert f"已有重建索引任务在进行中（#{queued.id}）" in refused.stderr
    listing = hub("jobs")
    assert listing.returncode == 0 and "reindex-all" in listing.stdout and "queued" in listing.stdout
