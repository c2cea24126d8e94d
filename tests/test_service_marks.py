"""The fast lane's selection holds: a test without the `services` mark cannot reach a service (the guard
in tests/conftest.py fails it), and a test that uses a service fixture is marked for it."""

from __future__ import annotations

import socket

import pytest

from tests.conftest import SERVICE_PORTS, ServiceTouched
from tests.support import REDIS_PORT


def test_an_unmarked_test_that_connects_to_a_service_fails():
    with socket.socket() as sock, pytest.raises(ServiceTouched, match="mark it `services`"):
        sock.connect(("127.0.0.1", int(REDIS_PORT)))


def test_other_ports_stay_reachable():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        port = server.getsockname()[1]
        assert port not in SERVICE_PORTS
        with socket.socket() as sock:
            sock.connect(("127.0.0.1", port))


def test_a_service_fixture_marks_its_test(request, services):
    assert request.node.get_closest_marker("services") is not None
