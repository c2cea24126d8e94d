"""The worker's source tasks (real Celery, run in this process): a failing source never stops the
others, retries after 5xx/429 until the run succeeds, the run log keeps the 5 newest failures, and
documents written by a source become searchable through Elasticsearch after the drain."""

from __future__ import annotations

import pytest

from store.source_runs import KEEP_FAILURES, RunLog
from tests.support import Answer, client_for, data_of, source_env
from worker.app import celery_app, source_schedule
from worker.tasks import SOURCE_TASKS


@pytest.fixture()
def stack(make_stack):
    return make_stack("runs")


@pytest.fixture()
def worker_on(stack):
    """Point the worker's tasks at `stack`; publishing (the post-run outbox kick) runs in this process."""
    saved = celery_app.conf.hub_settings, celery_app.conf.task_always_eager

    def point(**settings):
        celery_app.conf.hub_settings = stack.settings(source_request_delay=0.0, source_backoff_base=1, **settings)
        celery_app.conf.task_always_eager = True

    yield point
    celery_app.conf.hub_settings, celery_app.conf.task_always_eager = saved


def test_a_failing_source_never_stops_the_others(stack, feeds, worker_on):
    worker_on(
        source_github_url=feeds.base,
        source_github_topics=["rag"],
        source_rss_feeds=[feeds.route("/atom.xml", Answer(file="atom.xml"))],
        source_event_feeds=[feeds.route("/events.json", Answer(file="events.json"))],
        source_arxiv_url=feeds.route("/api/query", Answer(file="arxiv_truncated.xml")),
        source_arxiv_categories=["cs.CL"],
    )
    feeds.route("/search/repositories", Answer(500, body=b"upstream exploded"))
    results = {name: task.apply() for name, task in SOURCE_TASKS.items()}
    assert all(result.successful() for result in results.values())  # no task raised into the others
    outcomes = {name: result.get() for name, result in results.items()}
    assert outcomes["stories"]["status"] == outcomes["events"]["status"] == "ok"
    assert outcomes["arxiv"]["status"] == "error" and not outcomes["arxiv"]["retryable"]
    assert len(feeds.hits("/api/query")) == 1  # malformed: reported, not retried
    assert outcomes["github"]["status"] == "error" and outcomes["github"]["retryable"]
    retries = SOURCE_TASKS["github"].max_retries
    assert len(feeds.hits("/search/repositories")) == retries + 1  # retried, then given up and reported

    runs = RunLog(stack.redis(), stack.alias)
    assert runs.last_run("stories")["created"] == 1 and runs.failures("stories") == []
    assert "HTTP 500" in runs.failures("github")[0]["reason"]
    assert "malformed arXiv Atom response" in runs.failures("arxiv")[0]["reason"]
    # The stories task kicked the outbox drain (in this process): the new story is searchable.
    stack.es().indices.refresh(index=stack.alias)
    with client_for(stack) as client:
        found = data_of(client.get("/api/v2/search", query_string={"q": "抓取基准", "model": "story"}))["list"]
    assert [item["story_info"]["title"] for item in found] == ["青柚实验室：具身智能抓取基准 v2"]


def test_retried_after_500_and_429_until_it_succeeds(stack, feeds, worker_on):
    url = feeds.route(
        "/rss.xml",
        Answer(503, body=b"busy"),
        Answer(429, body=b"slow down", headers={"Retry-After": "1"}),
        Answer(file="rss2.xml"),
    )
    worker_on(source_rss_feeds=[url])
    outcome = SOURCE_TASKS["stories"].apply().get()
    assert (outcome["status"], outcome["created"]) == ("ok", 2)
    assert len(feeds.hits("/rss.xml")) == 3
    runs = RunLog(stack.redis(), stack.alias)
    assert [f["reason"] for f in runs.failures("stories")] == [
        f"{url}: HTTP 429 from {url}",
        f"{url}: HTTP 503 from {url}",
    ]
    assert runs.last_run("stories")["status"] == "ok"


def test_run_log_keeps_the_five_newest_failures(stack):
    runs = RunLog(stack.redis(), stack.alias)
    for n in range(7):
        runs.record("events", {"status": "error", "finished_at": f"2026-11-2{n}T00:00:00Z", "error": f"failure {n}"})
    runs.record("events", {"status": "ok", "finished_at": "2026-11-28T00:00:00Z", "error": None})
    assert [f["reason"] for f in runs.failures("events")] == [f"failure {n}" for n in (6, 5, 4, 3, 2)]
    assert KEEP_FAILURES == 5 and runs.last_run("events")["status"] == "ok"
    assert RunLog(stack.redis(), "another-site").failures("events") == []  # namespaced by alias


def test_only_configured_sources_are_scheduled(stack):
    assert source_schedule(stack.settings()) == {}  # nothing reaches the internet unless configured
    schedule = source_schedule(stack.settings(source_rss_feeds=["https://a.example/feed"], source_interval=600))
    assert schedule == {
        "source-stories": {"task": "hub.source.stories", "schedule": 600.0, "options": {"expires": 600.0}}
    }


def test_everything_a_source_wrote_is_searchable_after_a_drain(stack, feeds):
    from ingest.sources import SourcesConfig, run_source

    config = SourcesConfig(
        arxiv_url=feeds.route("/api/query", Answer(file="arxiv_cs_cl.xml")),
        arxiv_categories=["cs.CL"],
        github_url=feeds.base,
        github_topics=["rag"],
        rss_feeds=[feeds.route("/rss.xml", Answer(file="rss2.xml"))],
        event_feeds=[feeds.route("/events.ics", Answer(file="events.ics"))],
    )
    feeds.route("/search/repositories", Answer(file="github_search.json"))
    for name in ("arxiv", "github", "stories", "events"):
        assert run_source(name, config, source_env(stack)).ok
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    with client_for(stack) as client:

        def titles(q: str, model: str) -> list[str]:
            page = data_of(client.get("/api/v2/search", query_string={"q": q, "model": model}))
            return [
                item[f"{model}_info"].get("title")
                or item[f"{model}_info"].get("oldName")
                or item[f"{model}_info"]["repo"]
                for item in page["list"]
            ]

        # each found first; a query finding few is followed by the texts like its best hit (api/relaxed_search.py)
        papers = titles("Sparse Mixture Routing", "paper")
        assert papers[0] == "Sparse Mixture Routing for Long-Context Retrieval (revised)"
        assert not any(
            title.startswith("Sparse Mixture Routing") for title in papers[1:]
        )  # one paper, its last version
        assert titles("quartz-rag", "project")[0] == "lumen-labs/quartz-rag"
        assert titles("稀疏路由", "story")[0] == "琥珀周刊：稀疏路由让长上下文检索更省 & 更快"
        assert titles("青柚沙龙", "event")[0] == "青柚沙龙：多模态模型落地实践"


def test_an_editors_source_job_runs_the_source_and_indexes_what_it_wrote(stack, feeds):
    """`source:<name>` jobs (the editors' page): the worker's job context runs the source once,
    drains the outbox and records the counts; a failing feed fails the job with the reason."""
    from indexer import jobs
    from worker.runtime import runtime_for

    settings = stack.settings(
        source_request_delay=0.0, source_rss_feeds=[feeds.route("/atom.xml", Answer(file="atom.xml"))]
    )
    ctx = runtime_for(settings).jobs()
    assert "source:stories" in jobs.known_kinds(ctx.sources)
    job = jobs.create_job(ctx, "source:stories", None, "test")
    assert jobs.run_job(ctx, job.id) == "done"
    done = jobs.get_job(stack.sessions(), job.id)
    assert (done.state, done.done, done.total) == ("done", 1, 1)
    assert done.result["status"] == "ok" and done.result["created"] == 1
    stack.es().indices.refresh(index=stack.alias)
    with client_for(stack) as client:
        found = data_of(client.get("/api/v2/search", query_string={"q": "抓取基准", "model": "story"}))["list"]
    assert found, "the story the source wrote was indexed by the job"

    broken = runtime_for(
        stack.settings(source_request_delay=0.0, source_rss_feeds=[feeds.route("/gone.xml", Answer(500, body=b"x"))])
    ).jobs()
    failed = jobs.create_job(broken, "source:stories", None, "test")
    jobs.run_job(broken, failed.id)
    failed = jobs.get_job(stack.sessions(), failed.id)
    assert failed.state == "failed" and "HTTP 500" in (failed.error or "")
