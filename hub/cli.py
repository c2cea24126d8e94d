"""The `hub` command: migrate, import, drain the outbox, reindex, seed the demo corpus."""

from __future__ import annotations

import argparse
import glob
import sys
import time
from pathlib import Path

from hub.config import ROOT, get_settings


def _wait_for_elasticsearch(seconds: int) -> None:
    from indexer.client import get_client

    deadline = time.monotonic() + seconds
    while True:
        try:
            get_client().cluster.health(wait_for_status="yellow", timeout="5s")
            return
        except Exception as exc:
            if time.monotonic() > deadline:
                raise SystemExit(f"Elasticsearch not reachable at {get_settings().es_url}: {exc}") from exc
            time.sleep(1)


def cmd_migrate(_args) -> int:
    from store.db import session_scope
    from store.migrate import upgrade
    from store.tags import sync_tags

    upgrade()
    with session_scope() as session:
        count = sync_tags(session)
    print(f"database migrated ({get_settings().db_url}); {count} tags")
    return 0


def cmd_import(args) -> int:
    from indexer.ingest.jsonl import import_files
    from store.db import session_scope
    from worker.dispatch import kick_outbox

    paths = [Path(p) for pattern in args.files for p in (sorted(glob.glob(pattern)) or [pattern])]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    with session_scope() as session:
        report = import_files(session, paths)
    for entity_type, counts in sorted(report.counts.items()):
        print(f"{entity_type}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for error in report.errors:
        print(error, file=sys.stderr)
    if args.index:
        cmd_drain(args)
    elif not args.no_kick:
        kick_outbox()
    return 1 if report.errors else 0


def cmd_drain(_args) -> int:
    from indexer.client import get_client
    from indexer.sync import drain_outbox
    from store.db import session_factory

    done = drain_outbox(session_factory(), get_client(), get_settings().index_alias)
    print(f"outbox: {done} entries indexed")
    return 0


def cmd_reindex(args) -> int:
    from indexer.client import get_client
    from indexer.sync import reindex_all
    from store.db import session_factory

    if args.via_worker:
        from worker.tasks import reindex_all_task

        result = reindex_all_task.delay().get(timeout=3600)
    else:
        result = reindex_all(session_factory(), get_client(), get_settings().index_alias)
    print(f"reindexed {result['documents']} documents into {result['index']}; removed {result['removed']}")
    return 0


def cmd_seed(args) -> int:
    """Migrate, import the demo corpus and index it (used by `make run`)."""
    _wait_for_elasticsearch(args.wait)
    cmd_migrate(args)
    demo = sorted(str(p) for p in (ROOT / "data" / "demo").glob("*.jsonl"))
    code = cmd_import(argparse.Namespace(files=demo, index=True, no_kick=True))
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hub", description="AI community hub")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", help="apply database migrations and sync the static tags").set_defaults(func=cmd_migrate)
    p_import = sub.add_parser("import", help="import JSON Lines files (docs/import-format.md)")
    p_import.add_argument("files", nargs="+")
    p_import.add_argument("--index", action="store_true", help="drain the outbox into Elasticsearch right away")
    p_import.add_argument("--no-kick", action="store_true", help="do not notify the worker")
    p_import.set_defaults(func=cmd_import)
    sub.add_parser("drain", help="index pending outbox entries now").set_defaults(func=cmd_drain)
    p_reindex = sub.add_parser("reindex", help="rebuild the index from the database and swap the alias")
    p_reindex.add_argument("--via-worker", action="store_true", help="run as a Celery job and wait for it")
    p_reindex.set_defaults(func=cmd_reindex)
    p_seed = sub.add_parser("seed", help="migrate, import and index the demo corpus")
    p_seed.add_argument("--wait", type=int, default=120, help="seconds to wait for Elasticsearch")
    p_seed.set_defaults(func=cmd_seed)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
