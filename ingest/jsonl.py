"""`hub import FILE...`: JSON Lines into the database (format: docs/import-format.md).

Each line is validated by its kind's import schema (kinds/) and written in its own savepoint, so a
bad line is reported with its number and reason while the good lines still land."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from marshmallow import ValidationError
from sqlalchemy.orm import Session

import kinds


@dataclass
class ImportReport:
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def count(self, entity_type: str, outcome: str) -> None:
        self.counts.setdefault(entity_type, {}).setdefault(outcome, 0)
        self.counts[entity_type][outcome] += 1


def apply_record(session: Session, raw: dict, now: datetime) -> tuple[str, str]:
    """Validate and write one record; returns (type, outcome)."""
    entity_type = raw.get("type")
    try:
        kind = kinds.for_entity(entity_type)
    except (KeyError, TypeError):
        raise ValidationError({"type": [f"must be one of {', '.join(kinds.entity_types())}"]}) from None
    data = kind.import_schema(import_now=now).load(raw)
    data.pop("type")
    return entity_type, kind.import_row(session, data, raw, now)


def _read_lines(paths: list[Path], report: ImportReport) -> list[tuple[str, int, dict]]:
    records = []
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
                records.append((str(path), number, raw))
    # Users first, so stories can point at authors defined in a later file.
    order = {entity_type: rank for rank, entity_type in enumerate(kinds.entity_types())}
    records.sort(key=lambda r: order.get(r[2].get("type"), 99))
    return records


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        messages = exc.messages
        if isinstance(messages, dict):
            return "; ".join(f"{k}: {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in messages.items())
        return " ".join(map(str, messages))
    return str(exc)


def import_files(session: Session, paths: list[Path], now: datetime | None = None) -> ImportReport:
    now = now or datetime.now(UTC)
    report = ImportReport()
    for path_name, number, raw in _read_lines(paths, report):
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
    report.errors.sort(key=_error_order)
    return report


def _error_order(line: str) -> tuple[str, int]:
    path, number, _ = line.split(":", 2)
    return path, int(number) if number.isdigit() else 0
