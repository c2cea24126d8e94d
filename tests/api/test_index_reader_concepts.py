"""The index's glossary concept ids are read with a short timeout before a search; a read that timed out (the engine's
master busy creating and deleting other indices, as in a CI run) failed the whole search with 503. A real socket that
accepts and never answers stands for such an engine."""

from __future__ import annotations

import socket
import time

from api.index_reader import BROAD_TTL, CONCEPTS_RETRY, CONCEPTS_TTL, IndexReader
from indexer.client import make_client


def test_a_concepts_read_that_times_out_keeps_the_last_set_and_asks_again_soon():
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        reader = IndexReader(make_client(f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=3), "hub-nowhere")
        reader._concepts = (float("-inf"), frozenset({"c1", "c2"}))
        assert reader.concepts() == frozenset({"c1", "c2"})
        asked_at, known = reader._concepts
        assert known == frozenset({"c1", "c2"})
        next_ask_in = asked_at + CONCEPTS_TTL - time.monotonic()
        assert 0 < next_ask_in <= CONCEPTS_RETRY


def test_a_broad_count_that_times_out_keeps_the_last_answer_and_asks_again_soon():
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        reader = IndexReader(make_client(f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=3), "hub-nowhere")
        reader._concepts = (time.monotonic(), frozenset({"c1", "c2"}))  # read just now: only the count is asked
        reader._broad = (float("-inf"), frozenset({"c1"}))
        concepts = reader.concepts()
        assert concepts == frozenset({"c1", "c2"}) and concepts.broad == frozenset({"c1"})
        asked_at, _broad = reader._broad
        next_ask_in = asked_at + BROAD_TTL - time.monotonic()
        assert 0 < next_ask_in <= CONCEPTS_RETRY
