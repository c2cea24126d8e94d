"""Fixtures for the API tests: a tiny corpus with exact relative dates, and request helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

TINY = Path(__file__).resolve().parent / "data" / "tiny.jsonl"


def data_of(response, status: int = 200):
    """The envelope's data after checking the HTTP status and code 0."""
    body = response.get_json()
    assert response.status_code == status, body
    assert body["code"] == 0, body
    return body["data"]


def error_of(response, status: int) -> dict:
    body = response.get_json()
    assert response.status_code == status, body
    assert body["code"] == status, body
    assert isinstance(body["msg"], str) and body["msg"], body
    return body


def tiny_stack(make_stack, name: str):
    stack = make_stack(name)
    report = stack.import_files([TINY])
    assert not report.errors, report.errors
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    return stack


def client_for(stack):
    app = stack.app()
    app.config["TESTING"] = True
    return app.test_client()


@pytest.fixture(scope="session")
def tiny(make_stack):
    """Read-only tiny corpus (tests that write make their own with `tiny_stack`)."""
    return tiny_stack(make_stack, "tiny")


@pytest.fixture()
def tiny_client(tiny):
    with client_for(tiny) as test_client:
        yield test_client
