"""The judged set (tests/relevance/judgments.jsonl) against the demo corpus, and the metric functions.

The floors are set from a measured run of the engine as it was when the set was written; raise them
when the search improves (docs/search.md, "Judged set and scoring"). Targets: nDCG@10 >= 0.90,
zero-result rate <= 2 %, no hits for nonsense."""

from __future__ import annotations

import math

import pytest

from tests.relevance.score import (
    KINDS,
    UNDERSTANDING,
    Judgment,
    Outcome,
    dcg,
    figures,
    item_key,
    load_judgments,
    ndcg,
    reciprocal_rank,
    score_stack,
)

# Measured on 2026-11-22 with the analysis of issue 8 (mapping v4, 142 queries): nDCG@10 0.935, MRR@10 0.990,
# zero-result rate 0.0 % (0 of 134 judged queries), nonsense with hits 0/8. Before it (main at 381a57b):
# nDCG@10 0.590, MRR@10 0.651, zero-result 34.3 %. The floors sit a little below the measured run. 2026-11-27
# (issue 36, fifth session): nDCG@10 0.947, MRR@10 0.994.
NDCG_FLOOR = 0.93
MRR_FLOOR = 0.96
ZERO_RESULT_CEILING = 0.02
NONSENSE_HITS_ALLOWED = 0


# ---------------------------------------------------------------- the metrics on hand-computed examples


def test_dcg_uses_exponential_gain_and_log2_discount():
    # (2^3 - 1)/log2(2) + (2^0 - 1)/log2(3) + (2^2 - 1)/log2(4) = 7 + 0 + 1.5
    assert dcg([3, 0, 2]) == pytest.approx(8.5)
    assert dcg([]) == 0
    assert dcg([1] * 12) == pytest.approx(sum(1 / math.log2(r + 1) for r in range(1, 11)))  # cut at 10


def test_ndcg_ideal_comes_from_every_judged_document():
    relevant = {"story-1": 3, "paper-2609.09562": 2, "event-4": 1}
    assert ndcg(["story-1", "paper-2609.09562", "event-4"], relevant) == pytest.approx(1.0)
    # ranked: story-9 (0), story-1 (3); ideal: 3, 2, 1
    got = 7 / math.log2(3)
    ideal = 7 + 3 / math.log2(3) + 1 / math.log2(4)
    assert ndcg(["story-9", "story-1"], relevant) == pytest.approx(got / ideal)
    # judged documents the engine misses still count in the ideal
    assert ndcg(["story-1"], relevant) == pytest.approx(7 / ideal)
    assert ndcg([], relevant) == 0
    assert ndcg(["story-1"], {}) is None


def test_ndcg_only_looks_at_the_first_k():
    relevant = {"story-1": 3}
    ranked = [f"story-{n}" for n in range(100, 110)] + ["story-1"]
    assert ndcg(ranked, relevant) == 0
    assert ndcg(ranked, relevant, k=11) == pytest.approx(1 / math.log2(12))


def test_reciprocal_rank_wants_grade_two_or_more():
    relevant = {"story-1": 1, "story-2": 2, "story-3": 3}
    assert reciprocal_rank(["story-1", "story-9", "story-2"], relevant) == pytest.approx(1 / 3)
    assert reciprocal_rank(["story-3"], relevant) == 1
    assert reciprocal_rank(["story-1"], relevant) == 0
    assert reciprocal_rank([f"story-{n}" for n in range(100, 110)] + ["story-3"], relevant) == 0


def test_figures_count_zero_results_and_nonsense_apart():
    judged = Judgment("q", "c", None, {"story-1": 3})
    nonsense = Judgment("asdf", "nonsense", None, {})
    outcomes = [
        Outcome(judged, ["story-1"], 1),
        Outcome(Judgment("r", "c", None, {"story-2": 2}), [], 0),
        Outcome(nonsense, ["story-5"], 1),
    ]
    overall = figures(outcomes)["overall"]
    assert overall["ndcg@10"] == pytest.approx(0.5)
    assert overall["mrr@10"] == pytest.approx(0.5)
    assert overall["zero_result_rate"] == pytest.approx(0.5)
    assert overall["nonsense_with_hits"] == 1


def test_item_keys_follow_the_judged_set():
    assert item_key({"type": "story", "id": 12, "story_info": {"id": 12}}) == "story-12"
    assert item_key({"type": "paper", "id": 3, "paper_info": {"id": 3, "arxiv_id": "2609.09562"}}) == "paper-2609.09562"
    assert item_key({"type": "project", "id": 26, "project_info": {"id": 26}}) == "project-26"


# ---------------------------------------------------------------- the judged set itself


def test_judged_set_is_well_formed():
    judgments = load_judgments()
    assert len(judgments) >= 100
    categories = {j.category for j in judgments}
    for needed in ("exact_title", "cn_1char", "cn_2char", "cn_3plus", "unspaced_phrase", "mixed_cn_en", "en_word"):
        assert needed in categories
    for needed in ("en_phrase", "arxiv", "author", "tag", "event", "project", "fullwidth", "traditional"):
        assert needed in categories
    for needed in ("synonym", "typo", "pinyin", "nonsense"):
        assert needed in categories
    for judgment in judgments:
        assert judgment.nonsense == (judgment.category == "nonsense"), judgment.query
        assert all(key.split("-", 1)[0] in KINDS for key in judgment.relevant)


# ---------------------------------------------------------------- the engine against the set


@pytest.fixture(scope="module")
def scored(demo_stack):
    return score_stack(demo_stack)


def test_ndcg_stays_above_the_floor(scored):
    _, figs = scored
    assert figs["overall"]["ndcg@10"] >= NDCG_FLOOR, _worst(scored)


def test_mrr_stays_above_the_floor(scored):
    _, figs = scored
    assert figs["overall"]["mrr@10"] >= MRR_FLOOR, _worst(scored)


def test_zero_result_rate_stays_under_the_ceiling(scored):
    outcomes, figs = scored
    empty = [o.judgment.query for o in outcomes if not o.judgment.nonsense and o.total == 0]
    assert figs["overall"]["zero_result_rate"] <= ZERO_RESULT_CEILING, empty


def test_nonsense_finds_nothing(scored):
    outcomes, figs = scored
    found = {o.judgment.query: o.ranked for o in outcomes if o.judgment.nonsense and o.total}
    assert figs["overall"]["nonsense_with_hits"] <= NONSENSE_HITS_ALLOWED, found


def _worst(scored, n: int = 15) -> str:
    outcomes, _ = scored
    judged = sorted((o for o in outcomes if not o.judgment.nonsense), key=lambda o: o.ndcg or 0.0)
    return "; ".join(f"{o.judgment.query!r} {o.ndcg or 0:.2f}" for o in judged[:n])


# Issue 36's query classes (understanding.jsonl), measured 2026-11-27: first after the regional, pinyin and
# sound-alike steps, tuning half nDCG@10 0.807, held-out half 0.842 (before issue 36: 0.556 / 0.559); then, with
# 35 more judged queries (95 in all), tuning 0.913 and held out 0.882; with 14 more questions and 7 acronyms (116)
# and the fourth session's changes, tuning 0.918 and held out 0.904; in the fifth, with 20 more (136), tuning 0.948
# and held out 0.908; in the sixth, with 18 more (154), tuning 0.935 and held out 0.914; in the seventh, with 12 more
# (166) whose new tuning questions have no article answering them whole (知识蒸馏和剪枝有什么区别 0.511), tuning 0.927
# and held out 0.914; in the eleventh, with 26 more written and judged blind (a helper judged them from the corpus
# alone, before any of them was searched; 192 in all), tuning 0.917 and held out 0.882 (the 12 new held-out ones
# 0.770 before that session's changes); then with 30 + 30 more written and judged blind by helpers (270 in all),
# tuning 0.914 and held out 0.871; in the twelfth, with 66 + 78 more written and judged blind by helpers (414 in all;
# their held-out halves 0.737 and 0.894 on the code before that session, 0.793 and 0.891 after it), tuning 0.926 and
# held out 0.865. Only the held-out half's aggregate is ever shown.
ISSUE_36_FLOORS = {"tune": 0.90, "heldout": 0.85}


@pytest.mark.parametrize("split", sorted(ISSUE_36_FLOORS))
def test_issue_36_classes_stay_above_their_floor(demo_stack, split):
    judged = [j for j in load_judgments(UNDERSTANDING) if j.split == split]
    _, figs = score_stack(demo_stack, judged)
    assert figs["overall"]["ndcg@10"] >= ISSUE_36_FLOORS[split], round(figs["overall"]["ndcg@10"], 3)


# Suggestion hit@5 on tests/relevance/suggestions.jsonl (stories, papers, projects and people), measured
# 2026-11-27: 1.0 on both halves (0.205 before suggestions of every kind); the issue's target is 0.95.
SUGGESTION_HIT_FLOOR = 0.95


def test_suggestions_bring_the_meant_item_into_the_first_five(demo_stack):
    from tests.relevance.suggestions import hit_rate, load_suggestions
    from tests.relevance.suggestions import score as score_suggestions

    with demo_stack.client() as client:
        outcomes = score_suggestions(client, load_suggestions())
    missed = [(e.prefix, rows) for e, ok, rows in outcomes if not ok and e.split == "tune"]
    assert hit_rate(outcomes) >= SUGGESTION_HIT_FLOOR, missed
