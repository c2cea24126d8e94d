"""Editors' jobs started from the API: the heat rollup (more to come with the editors' page)."""

from __future__ import annotations

from api.envelope import MSG_UNAVAILABLE, ApiError
from api.outbox_kick import send_task
from api.services.access import require_editor

ROLLUP_TASK = "hub.rollup_heat"


def start_rollup() -> dict:
    require_editor()
    if not send_task(ROLLUP_TASK, expires=3600):
        raise ApiError(503, MSG_UNAVAILABLE)
    return {"queued": True}
