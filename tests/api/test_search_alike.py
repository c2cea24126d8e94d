"""The texts like the best hit (issue 36, item 2: api/relaxed_search._then_alike, indexer/queries/alike.py): a query
whose words find fewer than a page, strict and relaxed, is followed by the texts sharing its best hit's concepts and
tags, after every text its words found, up to a page in all, in the list and in the tabs' counts. Our own examples."""

from __future__ import annotations

import pytest

import api.relaxed_search as relaxed_search
from tests.support import data_of, info_of

# Few texts say 显存碎片 beside vLLM; the serving engines and the articles on vLLM say it otherwise.
FEW = "vllm 显存碎片"


def search(client, q, **params):
    return data_of(client.get("/api/v2/search", query_string={"q": q, **params}))


def keys(page):
    return [(item["type"], item["id"]) for item in page["list"]]


def names(item) -> str:
    info = info_of(item)
    return " ".join(filter(None, [info.get("title"), info.get("title_cn"), info.get("repo"), info.get("name")]))


def test_a_query_finding_few_is_followed_by_the_texts_like_its_best_hit(client, words_only):
    own = search(client, FEW, size=21)  # the word passes alone (another size: not a cached answer)
    assert 0 < own["total"] < 5, own["total"]
    relaxed_search.ALIKE_BELOW = relaxed_search.RELAX_BELOW  # `words_only` puts it back after the test
    page = search(client, FEW, size=20)
    assert page["total"] == relaxed_search.RELAX_BELOW == len(page["list"])
    assert keys(page)[: own["total"]] == keys(own)  # after every text the words found
    after = [names(item) for item in page["list"][own["total"] :]]
    assert sum("vllm" in name.lower() for name in after) >= 3, after
    assert not any("显存碎片" in name for name in after), after
    counts = data_of(client.get("/api/v2/total", query_string={"q": FEW}))
    assert counts["all"] == page["total"] and sum(counts[kind] for kind in counts if kind != "all") == counts["all"]


def test_the_texts_like_it_page_on_without_repeats(client):
    first, second = (search(client, FEW, size=12, page=number) for number in (1, 2))
    assert first["hasNextPage"] and not second["hasNextPage"]
    assert first["total"] == second["total"] == len(first["list"]) + len(second["list"])
    assert not set(keys(first)) & set(keys(second))
    assert keys(first) + keys(second) == keys(search(client, FEW, size=20))


def test_a_named_item_comes_first_and_the_items_like_it_follow(client):
    """A repository typed by its name is the answer, and the texts on RAG like it follow it, never before it."""
    page = search(client, "panda-rag", size=20)
    assert page["total"] == relaxed_search.RELAX_BELOW
    assert page["list"][0]["project_info"]["repo"] == "agentverse-org/panda-rag"
    on_rag = [any(word in names(item).lower() for word in ("rag", "retrieval", "检索")) for item in page["list"][1:]]
    assert sum(on_rag) >= 10, [names(item) for item in page["list"][1:]]


@pytest.mark.parametrize("q", ["2609.09562", "arxiv 2403.00910"])
def test_a_paper_looked_up_by_its_number_is_alone(client, q):
    page = search(client, q, size=20)
    assert page["total"] == 1 == data_of(client.get("/api/v2/total", query_string={"q": q}))["all"]


def test_a_list_ordered_by_heat_holds_what_the_words_find_only(client):
    """Ordered by heat there is no score to put the texts like the best hit after the matches."""
    hot = search(client, FEW, size=20, sort="hot")
    assert 0 < hot["total"] < 5 and all("显存" in names(item) or "vllm" in names(item).lower() for item in hot["list"])


@pytest.mark.parametrize("q", ["红烧肉 家常 做法 菜谱", "qzxv wpln", "周末 钓鱼 装备 推荐"])
def test_no_subject_of_the_corpus_still_finds_nothing(client, q):
    assert search(client, q, size=20)["total"] == 0


def test_each_tab_lists_the_items_of_its_kind_its_count_counts(client):
    """A tab lists its kind's items of the filled list, in that order, as many as the tabs' counts say."""
    whole = keys(search(client, FEW, size=20))
    counts = data_of(client.get("/api/v2/total", query_string={"q": FEW}))
    for kind in ("story", "paper", "event", "project"):
        tab = search(client, FEW, model=kind, size=20)
        assert tab["total"] == counts[kind] == len(tab["list"]), kind
        assert keys(tab) == [key for key in whole if key[0] == kind], kind
    assert sum(counts[kind] > 0 for kind in ("story", "paper", "event", "project")) >= 3, counts


def test_the_page_says_nothing_of_how_it_was_filled(client):
    answer = client.get("/api/v2/search", query_string={"q": FEW, "size": 20}).get_json()
    assert set(answer["data"]) >= {"list", "total", "page", "size", "hasNextPage"}
    assert not any("alike" in key for key in answer["data"])


def test_a_query_only_its_relaxed_pass_answers_is_followed_by_the_texts_like_that_answer(client, words_only):
    """No text holds both torch.compile and 显存泄漏, and the relaxed pass finds a few on PyTorch's compiler: the texts
    like the best of those follow them, as the tabs count them."""
    q = "torch.compile 显存泄漏"
    relaxed_search.RELAX_BELOW, relaxed_search.ALIKE_BELOW = 0, 0  # `monkeypatch` (in `words_only`) restores both
    assert search(client, q, size=19)["total"] == 0  # the strict pass alone finds nothing
    relaxed_search.RELAX_BELOW = 20
    relaxed = search(client, q, size=21)
    assert 0 < relaxed["total"] < 5
    relaxed_search.ALIKE_BELOW = 20
    page = search(client, q, size=20)
    assert page["total"] == 20 and keys(page)[: relaxed["total"]] == keys(relaxed)
    assert data_of(client.get("/api/v2/total", query_string={"q": q}))["all"] == 20
