"""The `hub` command: migrate, import, drain the outbox, reindex, seed the demo corpus, dump the
OpenAPI document. The top layer: it builds the settings and hands each part what it needs."""

from __future__ import annotations

import argparse
import glob
import json
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from config import ROOT, Settings


def _runtime(settings: Settings):
    """The clients and operations of these settings: the same composition root the worker uses."""
    from worker.runtime import runtime_for

    return runtime_for(settings)


def _wait_for_elasticsearch(settings: Settings, seconds: int) -> None:
    started = time.monotonic()
    told = started
    while True:
        try:
            _runtime(settings).es.cluster.health(wait_for_status="yellow", timeout="5s")
            return
        except Exception as exc:
            now = time.monotonic()
            if now > started + seconds:
                raise SystemExit(f"Elasticsearch not reachable at {settings.es_url}: {exc}") from exc
            if now - told >= 10:  # `make run` shows what it is waiting for
                print(f"seed: waiting for Elasticsearch at {settings.es_url} ({now - started:.0f} s)", flush=True)
                told = now
            time.sleep(1)


def cmd_migrate(settings: Settings, _args) -> int:
    from store.db import session_scope
    from store.migrate import upgrade
    from store.tags import sync_tags

    upgrade(settings.db_url)
    with session_scope(_runtime(settings).sessions) as session:
        count = sync_tags(session)
    print(f"database migrated ({settings.db_url}); {count} tags")
    return 0


def cmd_import(settings: Settings, args) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ingest.jsonl import import_files
    from store.db import writer_session_factory

    paths = [Path(p) for pattern in args.files for p in (sorted(glob.glob(pattern)) or [pattern])]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    drain = _StreamingDrain(settings) if args.index else None
    writers = writer_session_factory(settings.db_url)
    if not args.index and not args.no_kick:
        from store.outbox_hook import kick_after_commit
        from worker.dispatch import kick_outbox

        kick_after_commit(
            writers, kick_outbox
        )  # after every batch, so a running worker indexes while the import goes on
    columns = (
        TextColumn("导入"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} 行/秒"),
        TimeRemainingColumn(),
    )
    console = Console(stderr=True)
    # The bar only on a terminal: redirected stderr carries the bad lines, one per line.
    with Progress(*columns, console=console, disable=getattr(args, "quiet", False) or not console.is_terminal) as bar:
        task = bar.add_task("import", total=None, rate="-")
        started = time.monotonic()

        def on_progress(done: int, total: int) -> None:
            elapsed = time.monotonic() - started
            bar.update(task, completed=done, total=total, rate=f"{done / elapsed:,.0f}" if elapsed and done else "-")

        try:
            report = import_files(writers, paths, batch=settings.import_batch, on_progress=on_progress)
        finally:
            imported = time.monotonic()
            indexed = drain.finish() if drain else None
    elapsed = imported - started
    lines = sum(sum(counts.values()) for counts in report.counts.values())
    print(f"{lines} lines in {elapsed:.1f} s ({lines / elapsed if elapsed else 0:,.0f} lines/s)")
    for entity_type, counts in sorted(report.counts.items()):
        print(f"{entity_type}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for error in report.errors:
        print(error, file=sys.stderr)
    if drain and indexed is None:
        print("the drain failed (its error is above): run `hub drain`", file=sys.stderr)
    elif drain:
        print(f"outbox: {indexed} entries indexed, {time.monotonic() - started:.1f} s after the import started")
        _compact_after_load(settings, indexed)
    return 1 if report.errors or (drain and indexed is None) else 0


def _compact_after_load(settings: Settings, indexed: int) -> None:
    """After a bulk load the index is merged down to a few segments per shard (indexer/lifecycle.py);
    a failed merge is logged there and leaves the exit code alone: everything is imported and searchable."""
    from indexer.lifecycle import compact_after_load

    started = time.monotonic()
    segments = compact_after_load(_runtime(settings).es, settings.index_alias, indexed)
    if segments is not None:
        print(f"index compacted to {segments} segment(s) per shard in {time.monotonic() - started:.1f} s")


def cmd_compact(settings: Settings, _args) -> int:
    from indexer.lifecycle import compact

    started = time.monotonic()
    segments = compact(_runtime(settings).es, settings.index_alias)
    print(f"index compacted to {segments} segment(s) per shard in {time.monotonic() - started:.1f} s")
    return 0


class _StreamingDrain:
    """The drain of `hub import --index`, in a process of its own while the import goes on: it indexes
    what the import has committed so far, again and again, and once the import is over it drains what
    is left and stops. Run one after the other, the drain started only when the last line was in, and
    the engine waited for the whole import (issue 12)."""

    def __init__(self, settings: Settings) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")  # a clean interpreter, not a copy of this one
        self._over, self._indexed = context.Event(), context.Value("q", 0)
        self._process = context.Process(
            target=_drain_until_over, args=(settings, self._over, self._indexed), name="hub-import-drain"
        )
        self._process.start()

    def finish(self) -> int | None:
        """Entries indexed in all, once the last of them is; None if the drain failed."""
        self._over.set()
        self._process.join()
        return self._indexed.value if self._process.exitcode == 0 else None


class _Unlocked:
    """Redis away: no worker can drain either (it is the broker), so the CLI drains without the lock."""

    def renew(self) -> None:
        pass


@contextmanager
def _drain_lease(settings: Settings):
    """The outbox drain's lock, shared with the worker's drains and drain jobs: a CLI drain waits up to a
    lease for a running one; yields None when it could not get it."""
    from redis.exceptions import RedisError

    runtime = _runtime(settings)
    try:
        runtime.redis.ping()
    except RedisError as exc:
        print(f"redis unreachable ({exc}): draining without the drain lock", file=sys.stderr)
        yield _Unlocked()
        return
    with runtime.drain_lease(wait=settings.drain_lock_seconds) as held:
        yield held


def _drain_until_over(settings: Settings, over, indexed) -> None:
    import logging

    from indexer.lifecycle import warn_on_mapping_drift

    runtime = _runtime(settings)
    warn_on_mapping_drift(runtime.es, settings.index_alias, logging.getLogger("hub"))
    while True:
        last = over.is_set()  # read before draining: this drain then sees every committed line
        with _drain_lease(settings) as lease:  # a worker's drain of the same alias takes turns with this one
            done = runtime.drain_holding(lease) if lease is not None else 0
        indexed.value += done
        if last and lease is not None:
            return
        if not done:
            over.wait(0.5)


def cmd_drain(settings: Settings, _args) -> int:
    import logging

    from indexer.lifecycle import warn_on_mapping_drift

    runtime = _runtime(settings)
    warn_on_mapping_drift(runtime.es, settings.index_alias, logging.getLogger("hub"))
    with _drain_lease(settings) as lease:
        if lease is None:
            print("outbox: another drain has held the drain lock for a whole lease; try again", file=sys.stderr)
            return 1
        done = runtime.drain_holding(lease)
    print(f"outbox: {done} entries indexed")
    return 0


def cmd_reindex(settings: Settings, args) -> int:
    """Create the same index job the editors' page does, run it (here, or by the worker with
    --via-worker) and show its progress."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from indexer.jobs import REINDEX_ALL, REINDEX_KIND, JobConflict, UnknownJob, create_job, get_job, run_job

    ctx = _runtime(settings).jobs()
    kind = REINDEX_KIND if args.kind else REINDEX_ALL
    try:
        job = create_job(ctx, kind, args.kind, started_by="cli")
    except JobConflict as exc:
        print(str(exc), file=sys.stderr)
        return 1
    except UnknownJob:
        print(f"没有这种内容类型：{args.kind}", file=sys.stderr)
        return 2
    columns = (TextColumn(f"任务 #{job.id}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, disable=args.quiet) as bar:
        task = bar.add_task("reindex", total=None)
        if args.via_worker:
            from worker.tasks import run_job_task

            run_job_task.delay(job.id)
            while (job := get_job(ctx.sessions, job.id)).state in ("queued", "running"):
                bar.update(task, completed=job.done, total=job.total or None)
                time.sleep(0.5)
        else:
            run_job(ctx, job.id, on_progress=lambda done, total: bar.update(task, completed=done, total=total))
            job = get_job(ctx.sessions, job.id)
        bar.update(task, completed=job.done, total=job.total or job.done)
    result = job.result or {}
    if job.state != "done":
        print(f"job #{job.id} {job.state}: {job.error or ''}", file=sys.stderr)
        return 1
    print(
        f"job #{job.id} done: {result.get('documents')} documents into {result.get('index')}; "
        f"{result.get('rejected', 0)} set aside; removed {result.get('removed')}"
    )
    return 0


def cmd_jobs(settings: Settings, args) -> int:
    """List the latest index jobs (the editors' page shows the same)."""
    from rich.console import Console
    from rich.table import Table

    from indexer.jobs import list_jobs

    table = Table("id", "kind", "state", "done/total", "docs/s", "ETA s", "by", "created", "error")
    for job in list_jobs(_runtime(settings).sessions, args.limit):
        table.add_row(
            str(job.id),
            job.kind + (f" {job.target}" if job.target else ""),
            job.state,
            f"{job.done}/{job.total}",
            "" if job.docs_per_second is None else f"{job.docs_per_second:g}",
            "" if job.eta_seconds is None else f"{job.eta_seconds:g}",
            job.started_by,
            f"{job.created_at:%Y-%m-%d %H:%M:%S}",
            (job.error or "")[:60],
        )
    Console(width=160).print(table)
    return 0


def cmd_seed(settings: Settings, args) -> int:
    """Migrate, import the demo corpus and index it (used by `make run`)."""
    _wait_for_elasticsearch(settings, args.wait)
    cmd_migrate(settings, args)
    demo = sorted(str(p) for p in (ROOT / "data" / "demo").glob("*.jsonl"))
    return cmd_import(settings, argparse.Namespace(files=demo, index=True, no_kick=True))


def cmd_source_list(settings: Settings, _args) -> int:
    from ingest.sources import SOURCES, SourcesConfig

    config = SourcesConfig.from_settings(settings)
    runs = _runtime(settings).source_env().runs
    for name, source in SOURCES.items():
        state = "configured" if source.configured(config) else "not configured"
        print(f"{name:8} {source.label}  ({state}) {json.dumps(source.describe(config), ensure_ascii=False)}")
        try:
            last, failures = runs.last_run(name), runs.failures(name)
        except Exception as exc:  # Redis away: the configuration is still worth showing
            print(f"         run log unavailable: {exc}")
            continue
        if last:
            print(
                f"         last run {last['finished_at']}: {last['status']}, fetched {last['fetched']}, "
                f"created {last['created']}, updated {last['updated']}"
                + (f"; {last['error']}" if last.get("error") else "")
            )
        for failure in failures:
            print(f"         failed {failure['at']}: {failure['reason']}")
    return 0


def cmd_source_run(settings: Settings, args) -> int:
    """Run one source now in this process (no retries: the worker's task retries), then index."""
    from ingest.sources import SOURCES, run_source

    if args.name not in SOURCES:
        print(f"unknown source {args.name!r}; one of: {', '.join(SOURCES)}", file=sys.stderr)
        return 2
    runtime = _runtime(settings)
    report = run_source(args.name, runtime.sources_config(), runtime.source_env())
    outcome = report.as_dict()
    print(
        f"{args.name}: {outcome['status']}; {outcome['fetches']} fetches, fetched {outcome['fetched']}, "
        f"created {outcome['created']}, updated {outcome['updated']}, unchanged {outcome['unchanged']}"
    )
    for error in report.errors:
        print(error, file=sys.stderr)
    if report.changed and args.index:
        cmd_drain(settings, args)
    return 0 if report.ok else 1


def cmd_rollup(settings: Settings, args) -> int:
    """Run the heat rollup now (as the worker does at 0:00), then drain the outbox."""
    report = _runtime(settings).rollup()
    if report is None:
        print("a rollup is already running")
        return 1
    print(
        f"heat rollup for days before {report.today}: {report.consumed} stream entries, "
        f"{report.day_rows} item-days, {report.changed} items re-indexed"
    )
    return 0


def cmd_attention(settings: Settings, _args) -> int:
    """Operators' counters: beacons accepted and dropped (by reason), stream length, pending entries."""
    from store.attention import counters

    for name, value in sorted(counters(_runtime(settings).redis, settings.index_alias).items()):
        print(f"{name}: {value}")
    return 0


def openapi_text(settings: Settings) -> str:
    """The API's OpenAPI document as checked in for the UI's generated types (stable formatting)."""
    import dataclasses
    import logging

    from api.app import create_app

    # The app is built only to read its document, never to serve: no secret key is needed, and the
    # start-up mapping check finding no Elasticsearch (as in CI's lint step) is not worth a traceback.
    logging.getLogger("elasticsearch").setLevel(logging.ERROR)
    document = (
        create_app(dataclasses.replace(settings, environment="test")).test_client().get("/api/openapi.json").get_json()
    )
    return json.dumps(document, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def cmd_openapi(settings: Settings, args) -> int:
    text = openapi_text(settings)
    if args.check:
        current = Path(args.check).read_text(encoding="utf-8") if Path(args.check).is_file() else ""
        if current != text:
            print(f"{args.check} is stale: run `.venv/bin/hub openapi > {args.check}` then `npm run api:types` in ui/")
            return 1
        print(f"{args.check} matches the API")
        return 0
    sys.stdout.write(text)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hub", description="AI community hub")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", help="apply database migrations and sync the static tags").set_defaults(func=cmd_migrate)
    p_import = sub.add_parser("import", help="import JSON Lines files (docs/import-format.md)")
    p_import.add_argument("files", nargs="+")
    p_import.add_argument("--index", action="store_true", help="drain the outbox into Elasticsearch right away")
    p_import.add_argument("--no-kick", action="store_true", help="do not notify the worker")
    p_import.add_argument("--quiet", action="store_true", help="no progress bar")
    p_import.set_defaults(func=cmd_import)
    sub.add_parser("drain", help="index pending outbox entries now").set_defaults(func=cmd_drain)
    sub.add_parser("compact", help="merge the index down to a few segments per shard").set_defaults(func=cmd_compact)
    p_reindex = sub.add_parser("reindex", help="rebuild the index from the database and swap the alias")
    p_reindex.add_argument("--via-worker", action="store_true", help="let the Celery worker run the job; wait for it")
    p_reindex.add_argument("--kind", help="rebuild one kind in place (story, paper, event, project, user)")
    p_reindex.add_argument("--quiet", action="store_true", help="no progress bar")
    p_reindex.set_defaults(func=cmd_reindex)
    p_jobs = sub.add_parser("jobs", help="list the latest index jobs")
    p_jobs.add_argument("--limit", type=int, default=20)
    p_jobs.set_defaults(func=cmd_jobs)
    p_seed = sub.add_parser("seed", help="migrate, import and index the demo corpus")
    p_seed.add_argument("--wait", type=int, default=120, help="seconds to wait for Elasticsearch")
    p_seed.set_defaults(func=cmd_seed)
    p_source = sub.add_parser("source", help="content sources (arXiv, GitHub, RSS stories, event feeds)")
    source_sub = p_source.add_subparsers(dest="source_command", required=True)
    source_sub.add_parser("list", help="sources, their configuration, last run and recent failures").set_defaults(
        func=cmd_source_list
    )
    p_run = source_sub.add_parser("run", help="run one source now (exit 1 when a fetch failed)")
    p_run.add_argument("name")
    p_run.add_argument("--index", action="store_true", help="drain the outbox into Elasticsearch right away")
    p_run.set_defaults(func=cmd_source_run)

    sub.add_parser("rollup", help="run the heat rollup now, then drain").set_defaults(func=cmd_rollup)
    sub.add_parser("attention", help="beacon counters and the attention stream").set_defaults(func=cmd_attention)
    p_openapi = sub.add_parser("openapi", help="print the OpenAPI document (or --check FILE against it)")
    p_openapi.add_argument("--check", metavar="FILE", help="exit 1 when FILE differs from the live document")
    p_openapi.set_defaults(func=cmd_openapi)
    args = parser.parse_args(argv)
    return args.func(Settings(), args)


if __name__ == "__main__":
    sys.exit(main())
