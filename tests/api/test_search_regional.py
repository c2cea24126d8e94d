"""Issue 36 against the real engine on the demo corpus (written in simplified script): a query typed in
Taiwan or Hong Kong vocabulary, or as spaced pinyin, finds the simplified documents. Examples of our own."""

from __future__ import annotations

import pytest

from tests.api.test_search_understanding import search, titles

pytestmark = pytest.mark.services


def suggest(client, q) -> list[str]:
    from tests.support import data_of

    items = data_of(client.get("/api/v2/search/stories_title", query_string={"q": q, "type": "stories_title"}))
    return [item["source"]["story_info"]["title"] for item in items]


def test_a_taiwan_word_finds_the_mainland_titles(client):
    """資料庫 is 数据库 in the corpus; 向量 is written alike in both (and must not become 矢量)."""
    found = titles(search(client, "向量資料庫"))
    assert found and all("向量数据库" in title for title in found[:5]), found[:5]


def test_a_taiwan_word_typed_in_traditional_script_finds_its_mainland_form(client):
    found = titles(search(client, "AI 晶片與算力"))
    assert found and "AI 芯片与算力" in found[0], found[:3]


def test_suggestions_from_a_traditional_prefix_find_the_simplified_titles(client):
    found = suggest(client, "向量資料庫")
    assert found and all("向量数据库" in title for title in found), found
