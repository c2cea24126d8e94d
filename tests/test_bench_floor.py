"""bench/floor_app.py, the stack's floor that `make bench` measures beside the API, must do the API's
engine work and shaping: the same hits in the same order with the same highlights and total. If it did
less, its figure would understate what the stack costs (issue 12)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.support import data_of

FLOOR_APP = Path(__file__).resolve().parent.parent / "bench" / "floor_app.py"

SEARCHES = [
    {"q": "大模型"},
    {"q": "agent", "sort": "hot"},
    {"q": "多模态 评测", "sort": "new", "time": "month"},
    {"q": "Transformer 注意力", "sort": "new", "time": "day"},
    {"q": "知识蒸馏"},
]


@pytest.fixture()
def floor_client(demo_stack, monkeypatch):
    monkeypatch.setenv("HUB_ES_URL", demo_stack.es_url)
    monkeypatch.setenv("HUB_INDEX_ALIAS", demo_stack.alias)
    spec = importlib.util.spec_from_file_location("floor_app_under_test", FLOOR_APP)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.app.test_client()


@pytest.mark.parametrize("search", SEARCHES, ids=lambda s: " ".join(s.values()))
def test_the_floor_finds_and_shapes_what_the_api_does(client, floor_client, search):
    args = {**search, "size": 20}
    api, floor = (
        data_of(client.get("/api/v2/search", query_string=args)),
        data_of(floor_client.get("/api/v2/search", query_string=args)),
    )
    assert floor["total"] == api["total"]
    assert [(i["type"], i["id"], i["highlight"]) for i in floor["list"]] == [
        (i["type"], i["id"], i["highlight"]) for i in api["list"]
    ]
    assert api["list"], "the demo corpus answers every search here"


def test_the_floor_says_how_long_the_application_took(floor_client):
    """bench/server_floor.py splits a floor's time into the application's part (this header) and the
    server's; the application's part includes the engine call, so it cannot be near zero."""
    answer = floor_client.get("/api/v2/search", query_string={"q": "大模型"})
    name, _, duration = answer.headers["Server-Timing"].partition(";dur=")
    assert name == "app"
    assert 0.1 < float(duration) < 30_000
