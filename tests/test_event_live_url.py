"""An event's live stream address (where 观看直播 goes): taken only as an absolute http(s) URL on import,
carried in the event's payload."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from marshmallow import ValidationError

from kinds.event import EventRecord

EVENT = {
    "type": "event",
    "id": 7,
    "name": "线上分享",
    "brief": "全程线上直播",
    "start_time": "-1h",
    "end_time": "+1h",
    "created_at": "-3d",
    "tags": ["llm"],
}


def load(**extra):
    return EventRecord(datetime.now(UTC)).load({**EVENT, **extra})


def test_a_live_url_is_kept():
    assert load(live_url=" https://live.aihub.example/events/7 ")["live_url"] == "https://live.aihub.example/events/7"
    assert load()["live_url"] is None
    assert load(live_url="")["live_url"] is None


@pytest.mark.parametrize(
    "bad",
    [
        "javascript:alert(1)",
        "/activities/7",
        "//evil.example/x",
        "https://x.example/a b",
        'https://x.example/"><script>',
        "ftp://x",
    ],
)
def test_anything_but_an_http_url_is_refused(bad):
    with pytest.raises(ValidationError) as refused:
        load(live_url=bad)
    assert "live_url" in refused.value.messages
