"""How the search asks for a query's Taiwan / Hong Kong forms (indexer/queries/text.py): typed in traditional
script, the form is what the reader means and gets every clause the typed text gets; typed in simplified script
(向量 is written alike in both, 矢量 is only the conversion table's), it gets its words as a whole and its
concepts, not a second set of sound, pinyin and typo clauses, which cost a fifth of such a search at 1M."""

from __future__ import annotations

import json

import pytest

from indexer.queries.text import REGIONAL_FORM_OF_SIMPLIFIED, text_query

SOUNDS = ("title_syllables", '"pinyin"')


def form_alternatives(q: str) -> list[dict]:
    should = text_query(q)["bool"]["should"]
    return [c["bool"] for c in should if "bool" in c and "boost" in c["bool"] and "should" in c["bool"]]


def mentions(clause: dict, fields: tuple[str, ...]) -> bool:
    text = json.dumps(clause, ensure_ascii=False)
    return any(field in text for field in fields)


@pytest.mark.parametrize("q", ["向量数据库入门", "网路爬虫教程", "软体工程师"])
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
