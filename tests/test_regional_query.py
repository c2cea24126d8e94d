"""How the search asks for a query's Taiwan / Hong Kong forms (indexer/queries/text.py): typed in traditional
script, the form is what the reader means and gets every clause the typed text gets; typed in simplified script
(资料库 may be a mainland reader's word as well), it gets its words as a whole and its
concepts, not a second set of sound, pinyin and typo clauses, which cost a fifth of such a search at 1M."""

from __future__ import annotations

import json

import pytest

from indexer.queries.text import REGIONAL_FORM_OF_SIMPLIFIED, text_query

SOUNDS = ("title_syllables", '"pinyin"')


def alternatives(query: dict) -> list[dict]:
    return query["bool"]["should"]


def form_alternatives(q: str) -> list[dict]:
    should = alternatives(text_query(q))
    return [c["bool"] for c in should if "bool" in c and "boost" in c["bool"] and "should" in c["bool"]]


def mentions(clause: dict, fields: tuple[str, ...]) -> bool:
    text = json.dumps(clause, ensure_ascii=False)
    return any(field in text for field in fields)


@pytest.mark.parametrize("q", ["资料库设计入门", "网路爬虫教程", "软体工程师"])
def test_a_simplified_query_asks_for_its_forms_by_words_and_concepts_only(q):
    forms = [f for f in form_alternatives(q) if f["boost"] == REGIONAL_FORM_OF_SIMPLIFIED]
    assert forms, "the query has a regional form"
    for form in forms:
        assert not mentions(form, SOUNDS)
        assert any(c.get("multi_match", {}).get("operator") == "and" for c in form["should"])


@pytest.mark.parametrize("q", ["網路爬蟲教程", "軟體工程師"])
def test_a_traditional_query_asks_for_its_forms_with_every_clause(q):
    forms = [f for f in form_alternatives(q) if f["boost"] == 1.0]
    assert forms and all(mentions(form, SOUNDS) for form in forms)


def words_clauses(q: str, ranked: bool) -> list[dict]:
    """The text query's words clauses: those over the segmented words of titles and bodies."""
    should = alternatives(text_query(q)) if not ranked else _ranked_should(q)
    return [
        c
        for c in should
        if "title_words^3" in json.dumps(c)
        and (set(c.get("bool", {})) == {"must", "filter"} or c.get("bool", {}).get("minimum_should_match") == "2<75%")
    ]


def _ranked_should(q: str) -> list[dict]:
    from indexer.queries.text import text_query_and_highlight

    return alternatives(text_query_and_highlight(q, ranked=True)[0])


@pytest.mark.parametrize(
    ("q", "weight"), [("资料库 索引 原理", REGIONAL_FORM_OF_SIMPLIFIED), ("資料庫 索引 原理", 1.0)]
)
@pytest.mark.parametrize("ranked", [True, False])
def test_a_word_and_its_forms_are_one_position_of_one_words_clause(q, weight, ranked):
    """資料庫 (数据库) in one words clause, not a second clause for the forms (which read every body's common words
    twice at 1M); a form of a query typed in simplified script weighs less."""
    [clause] = words_clauses(q, ranked)
    required = clause["bool"]["filter"][0] if ranked else clause
    assert required["bool"]["minimum_should_match"] == "2<75%"
    [position] = [p for p in required["bool"]["should"] if "bool" in p]
    typed, form = position["bool"]["should"]
    assert typed["multi_match"]["query"] == "资料库" and form["multi_match"]["query"] == "数据库"
    assert form["multi_match"]["boost"] == weight
