"""orjson encodes the API's answers (api/json_provider.py) and the engine client's bodies and answers
(indexer/serializer.py): each must write what the encoder it replaced wrote, once decoded."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from elasticsearch.exceptions import SerializationError
from elasticsearch.serializer import JSONSerializer
from flask import Flask
from flask.json.provider import DefaultJSONProvider
from markupsafe import Markup

from api.json_provider import OrjsonProvider
from indexer.serializer import OrjsonSerializer

SAMPLES = [
    {"code": 0, "data": {"list": [{"title": "<em>大模型</em> 的推理成本", "tags": ["LLM", "开源"]}]}, "msg": ""},
    {"when": datetime(2026, 11, 24, 8, 30, 5, 120, tzinfo=UTC), "day": date(2028, 2, 29)},
    {"naive": datetime(2026, 1, 1, 0, 0)},
    {"price": Decimal("12.50"), "id": uuid.UUID("12345678-1234-5678-1234-567812345678")},
    {1: "一", 2: "二"},
    {"emoji": "🤖", "quote": '"\\\n\t\u2028'},
    {"big": 2**63 - 1, "huge": 10**30, "negative": -(2**63), "float": 0.1, "nothing": None, "flags": [True, False]},
]


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_api_writes_what_flasks_own_encoder_wrote(sample):
    app = Flask(__name__)
    fast, standard = OrjsonProvider(app), DefaultJSONProvider(app)
    assert json.loads(fast.dumps(sample)) == json.loads(standard.dumps(sample))


def test_an_answer_is_utf8_with_the_html_of_safe_strings():
    app = Flask(__name__)
    app.json = OrjsonProvider(app)
    with app.app_context():
        answer = app.json.response({"title": Markup("<em>智能体</em>"), "safe": Markup("a") + "<b>"})
    assert answer.mimetype == "application/json"
    assert answer.get_data().decode("utf-8") == '{"title":"<em>智能体</em>","safe":"a&lt;b&gt;"}\n'


def test_integers_past_64_bits_are_written_as_the_standard_library_writes_them():
    app = Flask(__name__)
    assert json.loads(OrjsonProvider(app).dumps({"page": 10**30, "标题": "大"})) == {"page": 10**30, "标题": "大"}
    with pytest.raises(TypeError):
        OrjsonProvider(app).dumps({"not json": object()})


@pytest.mark.parametrize("sample", [s for s in SAMPLES if all(isinstance(k, str) for k in s)])
def test_the_engine_client_sends_what_its_own_serializer_sent(sample):
    assert json.loads(OrjsonSerializer().dumps(sample)) == json.loads(JSONSerializer().dumps(sample))


def test_the_engine_client_passes_joined_bulk_bodies_through_and_reads_bytes():
    serializer = OrjsonSerializer()
    assert serializer.dumps('{"index":{}}\n{"a":1}\n') == '{"index":{}}\n{"a":1}\n'
    assert serializer.loads('{"hits": {"total": {"value": 3}}, "标题": "大模型"}'.encode()) == {
        "hits": {"total": {"value": 3}},
        "标题": "大模型",
    }
    with pytest.raises(SerializationError):
        serializer.loads(b'{"took": 3,')
    with pytest.raises(SerializationError):
        serializer.dumps({"not json": object()})
