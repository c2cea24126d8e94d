"""Issue 36 against the real engine on the demo corpus (written in simplified script): a query typed in
Taiwan or Hong Kong vocabulary, or as pinyin with spaces, finds the simplified documents. Examples of our
own, not judged queries."""

from __future__ import annotations

import pytest

from tests.api.test_search_understanding import search, titles
from tests.support import data_of

pytestmark = pytest.mark.services


def suggest(client, q) -> list[str]:
    items = data_of(client.get("/api/v2/search/stories_title", query_string={"q": q, "type": "stories_title"}))
    return [item["source"]["story_info"]["title"] for item in items]


@pytest.mark.parametrize(
    ("typed", "meant", "first"),
    [
        # 資料庫 is 数据库 in the corpus; 向量 is written alike in both (and must not become 矢量)
        ("向量資料庫", "向量数据库", 5),
        ("AI 晶片與算力", "AI 芯片与算力", 1),  # 晶片 is Taiwan's 芯片
        ("xiang liang shu ju ku", "向量数据库", 5),
        ("xiangliang shuju ku", "向量数据库", 5),
        ("xiang niang su ju ku", "向量数据库", 1),  # n/l and s/sh confused, as a southern reader may type
    ],
)
def test_the_simplified_titles_come_first(client, typed, meant, first):
    found = titles(search(client, typed))
    assert found and all(meant in title for title in found[:first]), found[:first]


def test_spaced_pinyin_finds_the_words_anywhere_in_a_title(client):
    found = titles(search(client, "xiang liang shu ju ku"))
    assert any("向量数据库" in title and not title.startswith("向量数据库") for title in found[:8]), found[:8]


@pytest.mark.parametrize("typed", ["向量資料庫", "xiangliangshuj"])
def test_suggestions_find_the_simplified_titles_anywhere(client, typed):
    found = suggest(client, typed)
    assert found and all("向量数据库" in title for title in found), found
    assert any(not title.startswith("向量数据库") for title in found)
