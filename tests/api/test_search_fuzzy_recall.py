"""Issue 36 against the real engine on a tiny invented corpus (tests/api/data/fuzzy_recall.jsonl): wrong
characters anywhere in a word, one in each of two words, inside spaced queries, pinyin beside characters and
with confused sounds (indexer/queries/sounds.py); a glossary concept named only in a body (analysis/views.py,
`body_concepts`). Every near miss ranks below what holds the query exactly; nonsense finds nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import data_of, loaded_stack

pytestmark = pytest.mark.services

CORPUS = Path(__file__).parent / "data" / "fuzzy_recall.jsonl"
ANNEALING = ("story", 9201)  # 量子退火调度器实战
TYPED_AS_IS = ("story", 9202)  # 量红退火的颜色: holds one of the typos below exactly
PARKING = ("story", 9203)  # 停车场感知方案
TITLE, BODY_CN, BODY_EN = ("story", 9101), ("story", 9102), ("story", 9103)  # 联邦学习 in a title, bodies


@pytest.fixture(scope="module")
def fuzzy_client(make_stack):
    stack = loaded_stack(make_stack, "fuzzy", [CORPUS])
    with stack.client() as client:
        yield client


def keys(client, q: str) -> list[tuple[str, int]]:
    page = data_of(client.get("/api/v2/search", query_string={"q": q, "size": 20}))
    return [(item["type"], item["id"]) for item in page["list"]]


@pytest.mark.parametrize(
    "typed",
    [
        "量红退火",  # a wrong character (another sound) in the middle of a four-character word
        "调红器",  # in the middle of a three-character word
        "量红退火调红器",  # one in each of two words, typed as one run
        "量红退火 调度器",  # inside a spaced query
        "量子退火 调红器",
        "liang zi 退火",  # pinyin beside characters
        "退火 diao du qi",
        "niang zhi tui huo",  # n/l and z/zh confused, toneless
    ],
)
def test_a_near_miss_finds_the_title_it_meant(fuzzy_client, typed):
    assert ANNEALING in keys(fuzzy_client, typed), typed


def test_confused_finals_and_a_syllable_only_they_make(fuzzy_client):
    # tin is no syllable: ting said without its g; chan for chang
    assert keys(fuzzy_client, "tin che chan")[:1] == [PARKING]


def test_the_exact_text_ranks_above_the_near_miss(fuzzy_client):
    found = keys(fuzzy_client, "量红退火")
    assert found.index(TYPED_AS_IS) < found.index(ANNEALING), found


@pytest.mark.parametrize("typed", ["海豚围巾", "量红", "红色 围巾 海豚", "qzxv wpln"])
def test_no_near_miss_for_what_the_corpus_does_not_hold(fuzzy_client, typed):
    assert ANNEALING not in keys(fuzzy_client, typed), typed  # 量红: one of two characters wrong is no word
    if typed != "量红":
        assert keys(fuzzy_client, typed) == [], typed


def test_a_concept_named_only_in_a_body_is_found_below_the_title(fuzzy_client):
    # each body names the concept by the other language's term only; a body holding the typed words
    # themselves (federated learning in 9103) is found by them, as before
    by_synonym = keys(fuzzy_client, "federated learning")
    assert BODY_CN in by_synonym and by_synonym.index(TITLE) < by_synonym.index(BODY_CN), by_synonym
    by_chinese = keys(fuzzy_client, "联邦学习")
    assert BODY_EN in by_chinese and by_chinese.index(TITLE) < by_chinese.index(BODY_EN), by_chinese
