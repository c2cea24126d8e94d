"""The judged sets load, and issue 36's query classes are each at least ten queries, half held out."""

from __future__ import annotations

from collections import Counter

from tests.relevance.candidates import documents
from tests.relevance.score import JUDGMENTS, UNDERSTANDING, load_judgments


def test_every_judged_document_exists_in_the_demo_corpus():
    known = documents()
    for path in (JUDGMENTS, UNDERSTANDING):
        missing = {key for j in load_judgments(path) for key in j.relevant if key not in known}
        assert missing == set(), path


def test_each_query_class_has_ten_queries_half_of_them_held_out():
    judgments = load_judgments(UNDERSTANDING)
    per_class = Counter(j.category for j in judgments)
    held = Counter(j.category for j in judgments if j.split == "heldout")
    assert set(per_class) == {"question", "acronym", "typo_fuzzy", "pinyin_spaced", "regional", "broad"}
    assert all(n >= 10 for n in per_class.values()), per_class
    assert all(abs(held[c] * 2 - n) <= 1 for c, n in per_class.items()), held  # half, of an odd count either way
    tuned = {j.query for j in load_judgments(JUDGMENTS)}
    assert tuned.isdisjoint(j.query for j in judgments)  # new queries, not the tuned set's
