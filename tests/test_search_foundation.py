"""The first search path on the demo corpus: highlights, mixed queries, escaping, bad input."""

import re


def search(client, q, **params):
    response = client.get("/api/v2/search", query_string={"q": q, **params})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["code"] == 0
    return body["data"]


def test_chinese_query_highlights_the_whole_term(client):
    data = search(client, "大模型", model="story")
    titles = [item["story_info"]["title_html"] for item in data["list"]]
    assert len(titles) == 20 and data["total"] > 20
    assert all("<em>大模型</em>" in t for t in titles[:10]), titles[:10]


def test_mixed_query_matches_a_title_with_both_terms(client):
    data = search(client, "GPT-4 多模态")
    top = data["list"][0]["source"]["title"]
    assert "GPT-4" in top and "多模态" in top
    assert "<em>多模态</em>" in data["list"][0]["source"]["title_html"]


def test_script_in_a_title_comes_back_escaped(client):
    data = search(client, "绕过过滤 script")
    item = next(i for i in data["list"] if i["id"] == 9001)
    html = item["story_info"]["title_html"]
    assert "<script" not in html
    plain = re.sub(r"</?em>", "", html)
    assert "&lt;script&gt;alert(1)&lt;" in plain
    assert plain.count("<") == 0


def test_query_over_100_characters_is_refused_with_the_envelope(client):
    response = client.get("/api/v2/search", query_string={"q": "大" * 101})
    assert response.status_code == 400
    body = response.get_json()
    assert body["code"] == 400 and body["msg"] == "搜索内容不能超过100个字符"


def test_exactly_100_characters_after_trimming_is_fine(client):
    response = client.get("/api/v2/search", query_string={"q": "  " + "模" * 100 + "  "})
    assert response.status_code == 200 and response.get_json()["code"] == 0


def test_malformed_page_is_refused_with_the_envelope(client):
    for page in ("abc", "0", "-3", "1.5"):
        response = client.get("/api/v2/search", query_string={"q": "大模型", "page": page})
        assert response.status_code == 400, page
        assert response.get_json() == {"code": 400, "data": response.get_json()["data"], "msg": "页码必须是正整数"}


def test_no_match_is_an_empty_list(client):
    data = search(client, "zzqxjvkw")
    assert data["list"] == [] and data["total"] == 0 and data["hasNextPage"] is False


def test_unknown_api_path_answers_the_envelope(client):
    response = client.get("/api/v9/nothing")
    assert response.status_code == 404
    assert response.get_json()["code"] == 404


def test_healthz_reports_every_service(client):
    response = client.get("/healthz")
    body = response.get_json()
    assert response.status_code == 200
    assert {k: v["ok"] for k, v in body["checks"].items()} == {"database": True, "redis": True, "elasticsearch": True}
