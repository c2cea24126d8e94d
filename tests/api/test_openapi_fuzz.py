"""Schemathesis over every operation of GET /api/openapi.json (issue 11), in-process (WSGI), against
the session's demo stack with the read cache off: valid and invalid inputs must never answer a 5xx,
and every answer must be JSON with a documented status and a body matching the documented schema
(the envelope, ErrorEnvelope for errors). Deterministic and small enough for CI."""

from __future__ import annotations

import warnings

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)


def status_listed_explicitly(ctx, response, case):
    """status_code_conformance accepts anything when `default` is documented (it is: the envelope);
    the statuses an operation really answers must also be listed one by one (400, 401, 404, 413, 503)."""
    listed = case.operation.responses.status_codes
    if str(response.status_code) not in listed:
        raise AssertionError(f"{case.operation.label} answered {response.status_code}; listed: {', '.join(listed)}")


def json_envelope(ctx, response, case):
    """Every answer is the envelope as JSON: {code, data, msg}, code 0 exactly when the status is 200.
    The exceptions are a calendar file and a reader's feed (documented as text/calendar, RSS or Atom;
    content_type_conformance holds them to that), whose errors are still the envelope."""
    content_type = response.headers.get("content-type", [""])[0]
    if response.status_code == 200 and content_type.startswith("text/calendar"):
        assert response.content.startswith(b"BEGIN:VCALENDAR"), response.content[:100]
        return
    if response.status_code == 200 and content_type.startswith(("application/rss+xml", "application/atom+xml")):
        assert response.content.startswith(b"<?xml"), response.content[:100]
        return
    assert response.headers.get("content-type", [""])[0].startswith("application/json"), response.headers
    body = response.json()
    assert isinstance(body, dict) and {"code", "data", "msg"} <= set(body), body
    assert (body["code"] == 0) == (response.status_code == 200), (response.status_code, body)
    if response.status_code != 200:
        assert body["code"] == response.status_code and body["msg"], body


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    status_listed_explicitly,
    content_type_conformance,
    response_schema_conformance,
    json_envelope,
]


@pytest.fixture(scope="module")
def fuzz_app(demo_stack):
    from api.extensions import cache

    app = demo_stack.app(cache_timeout=-1)
    app.config["CACHE_TYPE"] = "NullCache"
    with warnings.catch_warnings():  # "caching is effectively disabled": that is the point
        warnings.simplefilter("ignore", UserWarning)
        cache.init_app(app, config={"CACHE_TYPE": "NullCache"})  # every answer computed, none replayed
    return app


@pytest.fixture(scope="module")
def api_schema(fuzz_app):
    return schemathesis.openapi.from_wsgi("/api/openapi.json", fuzz_app)


FUZZ_SETTINGS = settings(
    max_examples=10,
    derandomize=True,  # the same cases on every run
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a failure is reported as found
    suppress_health_check=list(HealthCheck),
)


def failures_of(operation, mode: GenerationMode) -> str | None:
    """Run the operation's cases of one mode; the first failure's report, or None."""

    @FUZZ_SETTINGS
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case):
        # Uncompressed answers: the checks read the body as text (compression has its own tests,
        # tests/api/test_web_delivery.py).
        case.call_and_validate(checks=CHECKS, headers={"Accept-Encoding": "identity"})

    try:
        run()
    except Unsatisfiable:  # nothing invalid can be sent (no parameters, or a free-form string path id)
        return None
    except Exception as exc:  # a check failed: keep its report and go on with the other operations
        return f"{operation.label} ({mode.value}): {exc}"
    return None


# schemathesis' own `from_fixture(...).parametrize()` reads a private pytest attribute that pytest 9
# removed, so the operations are walked here, one test per generation mode.
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=lambda m: m.value)
def test_every_operation_conforms_to_the_document(api_schema, mode):
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 18
    failures = [report for op in operations if (report := failures_of(op, mode))]
    assert not failures, "\n\n".join(failures)
