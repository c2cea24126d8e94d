"""A search for alternatives to an item it names (api/alternatives_search.py) on the demo corpus: the named item
first, then items of its kind sharing its topic; the tabs count them; a name that is no item is searched as text.
Searched as text, such a query had found the named item alone."""

from __future__ import annotations

from tests.relevance.score import item_key, item_title
from tests.support import data_of


def search(client, q, **params):
    return data_of(client.get("/api/v2/search", query_string={"q": q, "size": 20, **params}))


def test_the_named_item_comes_first_then_items_of_its_kind_on_its_topic(client):
    for q, named, topic in (
        ("LLaMA-Factory 平替", "LLaMA-Factory", "llm"),  # the fine-tuning frameworks (tiny-llm, lotus-llm…)
        ("类似 ComfyUI 的工具", "ComfyUI", "diffusion"),  # the diffusion toolkits
    ):
        found = search(client, q)
        titles = [item_title(item) for item in found["list"]]
        assert titles[0] == named, titles
        assert {item_key(item).split("-")[0] for item in found["list"]} == {"project"}, titles
        assert sum(topic in title for title in titles[1:6]) == 5, titles
        counts = data_of(client.get("/api/v2/total", query_string={"q": q}))
        assert counts["all"] == counts["project"] == found["total"]


def test_a_name_that_is_no_item_is_searched_as_text(client):
    assert search(client, "替代能源")["total"] == 0
    assert search(client, "alternatives to nothingburger-xyz")["total"] == 0
