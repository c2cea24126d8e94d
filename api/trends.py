"""Paper hotness series with the padding rules of the spec (section 4):
empty -> 10 daily zero points ending yesterday; one point -> a zero point the day before it."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

PADDING_DAYS = 10


def pad_series(series: list, today: date | None = None) -> list[list]:
    points = sorted([str(day), int(value)] for day, value in series or [])
    if not points:
        today = today or datetime.now(UTC).date()
        return [[(today - timedelta(days=back)).isoformat(), 0] for back in range(PADDING_DAYS, 0, -1)]
    if len(points) == 1:
        before = date.fromisoformat(points[0][0]) - timedelta(days=1)
        return [[before.isoformat(), 0], points[0]]
    return points
