"""Search operators against the engine on the demo corpus (issue 36, item 6): "phrase", -word, author:, tag:,
type:, arxiv:, and what cannot be read shown as help beside results, never as an empty page or an error."""

from __future__ import annotations

from tests.support import data_of


def search(client, q, **params):
    return data_of(client.get("/api/v2/search", query_string={"q": q, "size": 50, **params}))


def titles(page):
    return [i.get(f"{i['type']}_info", {}).get("title") or "" for i in page["list"]]


def test_a_plain_search_reads_no_syntax_and_says_how_long_it_took(client):
    page = search(client, "知识蒸馏")
    assert page["query_help"] == [] and isinstance(page["took"], float) and 0 <= page["took"] < 5


def test_a_quoted_phrase_must_stand_as_written(client):
    assert any("Reward hacking" in t for t in titles(search(client, '"reward hacking"')))
    assert not any("Reward hacking" in t for t in titles(search(client, '"hacking reward"')))
    assert search(client, '"知识蒸馏"')["total"] <= search(client, "知识蒸馏")["total"]


def test_minus_leaves_out_a_word(client):
    assert any("入门" in t for t in titles(search(client, "知识蒸馏")))
    left = titles(search(client, "知识蒸馏 -入门"))
    assert left and not any("入门" in t for t in left)


def test_author_finds_a_story_author_and_a_paper_author(client):
    page = search(client, "author:吃瓜算法工程师")
    assert page["total"] >= 5 and {i["story_info"]["user_name"] for i in page["list"]} == {"吃瓜算法工程师"}
    found = search(client, 'author:"Leo Sun"')["list"]  # a paper author, and a member of the hub
    papers = [i["paper_info"] for i in found if i["type"] == "paper"]
    assert len(papers) >= 10 and all("Leo Sun" in p["authors"] for p in papers)
    assert all(i["story_info"]["user_name"] == "Leo Sun" for i in found if i["type"] == "story")


def test_tag_and_type_narrow_the_results_and_the_tab_counts(client):
    page = search(client, "tag:RAG 大模型")
    assert page["list"] and all("rag" in [t["id"] for t in i[f"{i['type']}_info"]["tag_names"]] for i in page["list"])
    page = search(client, "type:论文 扩散")
    assert page["list"] and {i["type"] for i in page["list"]} == {"paper"}
    counts = data_of(client.get("/api/v2/total", query_string={"q": "type:论文 扩散"}))
    assert counts["paper"] == counts["all"] > 0 and counts["story"] == 0
    assert "paper" not in {i["type"] for i in search(client, "-type:paper 扩散")["list"]}


def test_arxiv_finds_the_paper_in_any_spelling(client):
    for q in ("arxiv:2609.01260", "arxiv:2609.01260v1", "arxiv:https://arxiv.org/abs/2609.01260"):
        page = search(client, q)
        assert page["total"] == 1 and page["list"][0]["paper_info"]["arxiv_id"] == "2609.01260", q


def test_what_cannot_be_read_is_help_beside_results(client):
    for q in ("type:视频 扩散", '"扩散模型', "扩散 author:", "tag:不存在的标签 扩散", "arxiv:12345 扩散"):
        page = search(client, q)
        assert page["query_help"], q
        assert page["list"], q
    # only a broken operator: the newest items, with the help, never an empty page
    page = search(client, "author:")
    assert page["query_help"] and page["list"]
