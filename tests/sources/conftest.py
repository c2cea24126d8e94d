"""Fixtures of the content-source tests: a real HTTP server (a thread) answering with the recorded
responses in tests/fixtures/sources/ (tests/support.py: FeedServer)."""

from __future__ import annotations

import pytest

from tests.support import FeedServer


@pytest.fixture()
def feeds():
    server = FeedServer()
    yield server
    server.close()
