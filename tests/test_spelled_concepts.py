"""A misspelt English glossary term is read as the term (analysis/spelled_concepts.py), within the engine's own
fuzziness (AUTO:5,8), so the relaxed pass also finds the documents naming its concept in Chinese."""

from __future__ import annotations

import pytest

from analysis.spelled_concepts import allowed_edits, meant_spelling
from analysis.vocabulary import glossary


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("halucination", "hallucination"),  # a letter left out
        ("tranformers", "transformers"),
        ("reinforcment learning 入门", "reinforcement learning 入门"),  # the other words stay
        ("knowlege graph", "knowledge graph"),
        ("federated lerning", "federated learning"),  # a run of words read as one term
        ("distilaltion", "distillation"),  # two letters swapped count as one edit
    ],
)
def test_a_misspelt_term_is_read_as_the_glossarys_spelling(typed, meant):
    assert meant_spelling(typed, glossary()) == meant


@pytest.mark.parametrize(
    "typed",
    [
        "hallucination",  # a term as typed: nothing to mend
        "long context window",  # nor in its words (context is not the event word contest)
        "lora rag",  # under five letters: an acronym is typed whole or is another one
        "qwxzvbnm zzyzx",
        "recipe for dumplings",
        "大模型 幻觉",
    ],
)
def test_terms_short_words_and_other_words_are_left_alone(typed):
    assert meant_spelling(typed, glossary()) is None


def test_the_edits_allowed_follow_the_engines_auto_fuzziness():
    assert [allowed_edits(word) for word in ("lora", "agnet", "embeding", "halucination")] == [0, 1, 2, 2]
