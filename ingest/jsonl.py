"""`hub import FILE...`: JSON Lines into the database (format: docs/import-format.md).

The files are streamed: a first pass checks each line is a JSON object and spools it to a
temporary file per entity type (users first, so stories can point at authors defined in a later
file), a second pass writes the spools in batches of `batch` lines, one transaction per batch. Each
line is validated by its kind's import schema (kinds/); a batch's existing rows are read in one query
per kind and its rows and outbox entries written together (_write_batch), and a bad line is reported
with its number and reason while the good lines still land. Memory holds one batch, whatever the size
of the files."""

from __future__ import annotations

import functools
import json
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from marshmallow import Schema, ValidationError
from sqlalchemy.orm import Session, sessionmaker

import kinds
from store.writes import batched_writes, end_batched_writes

DEFAULT_BATCH = 500

# Called after each committed batch with (lines written so far, lines in total).
OnProgress = Callable[[int, int], object]


@dataclass
class ImportReport:
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def count(self, entity_type: str, outcome: str) -> None:
        self.counts.setdefault(entity_type, {}).setdefault(outcome, 0)
        self.counts[entity_type][outcome] += 1


@functools.lru_cache(maxsize=32)
def _schema(entity_type: str, now: datetime) -> Schema:
    """One schema per kind and import: building a marshmallow schema (it deep-copies its fields) cost
    more than loading a line with it, a third of the import's time (issue 12). Loading keeps no state."""
    return kinds.for_entity(entity_type).import_schema(import_now=now)


def apply_record(session: Session, raw: dict, now: datetime) -> tuple[str, str]:
    """Validate and write one record; returns (type, outcome)."""
    entity_type = raw.get("type")
    try:
        kind = kinds.for_entity(entity_type)
    except (KeyError, TypeError):
        raise ValidationError({"type": [f"must be one of {', '.join(kinds.entity_types())}"]}) from None
    data = _schema(entity_type, now).load(raw)
    data.pop("type")
    return entity_type, kind.import_row(session, data, raw, now)


class _Spools:
    """One temporary file per entity-type rank; each line is the JSON array [path, number, record]."""

    def __init__(self, stack: ExitStack, folder: str):
        self._stack = stack
        self._folder = folder
        self._files: dict[int, IO[str]] = {}
        self.total = 0

    def add(self, rank: int, path: str, number: int, raw: dict) -> None:
        if rank not in self._files:
            handle = open(Path(self._folder) / f"{rank:03d}.jsonl", "w+", encoding="utf-8")  # noqa: SIM115
            self._files[rank] = self._stack.enter_context(handle)
        # ASCII escapes: a lone surrogate (the guards strip it later) must survive the spool file.
        self._files[rank].write(json.dumps([path, number, raw]) + "\n")
        self.total += 1

    def records(self) -> Iterator[tuple[str, int, dict]]:
        for rank in sorted(self._files):
            handle = self._files[rank]
            handle.seek(0)
            for line in handle:
                path, number, raw = json.loads(line)
                yield path, number, raw


def _spool_lines(paths: list[Path], spools: _Spools, report: ImportReport) -> None:
    order = {entity_type: rank for rank, entity_type in enumerate(kinds.entity_types())}
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                text = line.strip()
                if not text or text.startswith("#"):
                    continue
                try:
                    raw = json.loads(text)
                    if not isinstance(raw, dict):
                        raise ValueError("a line must be one JSON object")
                except ValueError as exc:
                    report.errors.append(f"{path}:{number}: invalid JSON: {exc}")
                    continue
                spools.add(order.get(raw.get("type"), 99), str(path), number, raw)


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        messages = exc.messages
        if isinstance(messages, dict):
            return "; ".join(f"{k}: {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in messages.items())
        return " ".join(map(str, messages))
    return str(exc)


def _batches(records: Iterator[tuple[str, int, dict]], size: int) -> Iterator[list[tuple[str, int, dict]]]:
    batch: list[tuple[str, int, dict]] = []
    for record in records:
        batch.append(record)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def _write_batch(session: Session, batch: list[tuple[str, int, dict]], now: datetime, report: ImportReport) -> None:
    """Write one batch in one transaction. First all at once (existing rows read in one query per
    kind, rows and outbox entries written together: store.writes.BatchWrites); a line that fails
    validation is reported and skipped, since nothing of it was written. Should the database refuse
    the batch, it is written again line by line, each line in a savepoint, so the good lines land."""
    try:
        outcomes = _write_together(session, batch, now)
    except Exception:  # noqa: BLE001 (any database error: retry line by line, which reports it per line)
        session.rollback()
        session.expunge_all()
        _write_line_by_line(session, batch, now, report)
        return
    for entity_type, outcome, error in outcomes:
        report.count(entity_type, outcome)
        if error:
            report.errors.append(error)


def _write_together(session: Session, batch: list[tuple[str, int, dict]], now: datetime) -> list:
    writes = batched_writes(session)
    try:
        for (model, column), values in _import_keys(batch).items():
            writes.preload(model, column, values)
        outcomes = []
        for path_name, number, raw in batch:
            try:
                entity_type, outcome = apply_record(session, raw, now)
                outcomes.append((entity_type, outcome, None))
            except ValidationError as exc:  # raised before the line wrote anything
                outcomes.append((str(raw.get("type")), "failed", f"{path_name}:{number}: {_reason(exc)}"))
        writes.finish()
        session.commit()
        return outcomes
    finally:
        end_batched_writes(session)


def _import_keys(batch: list[tuple[str, int, dict]]) -> dict[tuple, list]:
    """The rows the batch's lines will look up, per (model, column): their own rows and the ones they refer to."""
    keys: dict[tuple, list] = {}
    for _path, _number, raw in batch:
        try:
            kind = kinds.for_entity(raw.get("type"))
        except (KeyError, TypeError):
            continue
        key = kind.import_key(raw)
        wanted = [(kind.model, *key)] if key is not None else []
        for model, column, value in wanted + kind.import_references(raw):
            keys.setdefault((model, column), []).append(value)
    return keys


def _write_line_by_line(
    session: Session, batch: list[tuple[str, int, dict]], now: datetime, report: ImportReport
) -> None:
    for path_name, number, raw in batch:
        savepoint = session.begin_nested()
        try:
            entity_type, outcome = apply_record(session, raw, now)
            savepoint.commit()
            report.count(entity_type, outcome)
        except Exception as exc:  # one bad line must not stop the good ones
            savepoint.rollback()
            report.errors.append(f"{path_name}:{number}: {_reason(exc)}")
            report.count(str(raw.get("type")), "failed")
    session.commit()


def import_files(
    target: Session | sessionmaker[Session],
    paths: list[Path],
    now: datetime | None = None,
    batch: int = DEFAULT_BATCH,
    on_progress: OnProgress | None = None,
) -> ImportReport:
    """Import `paths` through `target`: a session factory (a fresh session per batch; use
    store.db.writer_session_factory beside a running worker) or one session (committed per batch)."""
    now = now or datetime.now(UTC)
    report = ImportReport()
    with ExitStack() as stack:
        spools = _Spools(stack, stack.enter_context(tempfile.TemporaryDirectory(prefix="hub-import-")))
        _spool_lines(paths, spools, report)
        written = 0
        if on_progress:
            on_progress(0, spools.total)
        for lines in _batches(spools.records(), batch):
            if isinstance(target, Session):
                _write_batch(target, lines, now, report)
            else:
                with target() as session:
                    _write_batch(session, lines, now, report)
                    session.expunge_all()
            written += len(lines)
            if on_progress:
                on_progress(written, spools.total)
    report.errors.sort(key=_error_order)
    return report


def _error_order(line: str) -> tuple[str, int]:
    path, number, _ = line.split(":", 2)
    return path, int(number) if number.isdigit() else 0
