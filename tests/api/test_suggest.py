"""GET /api/v2/search/stories_title: prefix and in-word title suggestions."""

from __future__ import annotations

import pytest

from tests.support import data_of, error_of


def suggest(client, q):
    return data_of(client.get("/api/v2/search/stories_title", query_string={"q": q, "type": "stories_title"}))


def test_chinese_prefix(client):
    items = suggest(client, "大模")
    assert 0 < len(items) <= 10
    for item in items:
        assert "大模" in item["source"]["story_info"]["title"]
        assert "<em>大模</em>" in item["highlight"]["story_info.title"][0]
    # Titles that start with the typed text come first.
    assert items[0]["source"]["story_info"]["title"].startswith("大模")


def test_english_prefix_is_case_insensitive(client):
    items = suggest(client, "transf")
    assert items
    for item in items:
        assert "transf" in item["source"]["story_info"]["title"].lower()
        assert "<em>Transformer" in item["highlight"]["story_info.title"][0]


def test_in_word_match(client):
    items = suggest(client, "评测周")
    titles = [i["source"]["story_info"]["title"] for i in items]
    assert any("评测周" in t and not t.startswith("评测周") for t in titles), titles


def test_suggestions_are_escaped(client):
    items = suggest(client, "提示注")
    html = next(i for i in items if i["source"]["story_info"]["id"] == 9002)["highlight"]["story_info.title"][0]
    assert "<img" not in html and "&lt;img" in html


def test_empty_and_unknown(client):
    assert suggest(client, "  ") == []
    assert suggest(client, "qqxzvvqq") == []


def test_validation(client):
    error_of(client.get("/api/v2/search/stories_title", query_string={"q": "x" * 101}), 400)
    body = error_of(client.get("/api/v2/search/stories_title", query_string={"q": "大模", "type": "other"}), 400)
    assert body["msg"] == "不支持的请求类型"


# Suggestions for every kind (issue 36): papers by title, projects by repository, people by name.


def rows_of(items):
    return [(i["type"], i["source"]["story_info"]["title"], i["url"]) for i in items]


def test_a_paper_by_its_chinese_title_opens_its_page(client):
    rows = rows_of(suggest(client, "零样本语音合成"))
    kind, title, url = next(r for r in rows if r[0] == "paper")
    assert title.startswith("FlashDrive：零样本语音合成") and url.startswith("/paper/")


def test_a_paper_by_spaced_pinyin_and_traditional_script(client):
    assert any(k == "paper" and "自博弈足以" in t for k, t, _ in rows_of(suggest(client, "zi bo yi zu")))
    assert any(k == "paper" and "幻觉检测" in t for k, t, _ in rows_of(suggest(client, "幻覺檢")))


def test_a_project_by_its_repository_opens_the_repository(client):
    rows = rows_of(suggest(client, "whisp"))
    assert ("project", "openai/whisper", "https://github.com/openai/whisper") in rows


def test_a_person_by_name_pinyin_and_initials(client):
    for typed in ("林子", "linzih", "lin zi han", "lzh"):
        rows = rows_of(suggest(client, typed))
        assert any(k == "person" and t == "林子涵" and u.startswith("/users/") for k, t, u in rows[:5]), (typed, rows)


def test_an_event_by_its_name_pinyin_and_traditional_script_opens_its_page(client):
    """Events are a kind of the hub too: 多模态大 is the start of the event 多模态大模型 Meetup, which no story title holds,
    so nothing was suggested. The row shows the event's name (what the search matches) and opens its page."""
    for typed in ("多模态大", "duo mo tai da mo", "具身智能前沿論"):
        rows = rows_of(suggest(client, typed))
        events = [(title, url) for kind, title, url in rows if kind == "event"]
        assert events and all(url.startswith("/activities/") for _, url in events), (typed, rows)
        assert any(title.startswith(typed[:2]) or "多模态大模型" in title for title, _ in events), (typed, events)


def test_every_row_keeps_the_spec_shape(client):
    for item in suggest(client, "模型"):
        assert item["type"] in {"story", "paper", "project", "event", "person"}
        assert item["highlight"]["story_info.title"][0]
        assert isinstance(item["source"]["story_info"]["id"], int)


def test_typed_pinyin_marks_the_characters_it_spells(client):
    """The engine finds these titles through their pinyin fields, so its highlighter marked nothing; the characters
    the letters spell are marked now (analysis/pinyin_marks.py), for full pinyin, spaced syllables and initials."""
    for typed, marked in (
        ("duo mo tai", "<em>多模态</em>"),
        ("lzh", "<em>林子涵</em>"),
        ("xiangliang", "<em>向量</em>"),
    ):
        html = [item["highlight"]["story_info.title"][0] for item in suggest(client, typed)]
        assert html and any(marked in h for h in html), (typed, html)
        assert all("<em>" in h for h in html if any("\u4e00" <= c <= "\u9fff" for c in h)), (typed, html)


def test_a_traditional_prefix_stopping_inside_a_taiwan_word_suggests_the_mainland_titles(client):
    """語音辨 (of 語音辨識, Taiwan's 语音识别) suggested nothing until the word was typed whole."""
    titles = [title for _kind, title, _url in rows_of(suggest(client, "語音辨"))]
    assert titles and all("语音识别" in title for title in titles[:3]), titles


@pytest.mark.parametrize(
    ("acronym", "named"), [("VQ", "向量量化"), ("OVD", "开放词汇目标检测"), ("ToMe", "Token 合并")]
)
def test_an_acronym_typed_whole_suggests_the_titles_naming_it_otherwise(client, acronym, named):
    """The papers write Vector Quantization and 向量量化, never VQ: the acronym suggested nothing."""
    titles = [title for _kind, title, _url in rows_of(suggest(client, acronym))]
    assert titles and all(named in title for title in titles[:3]), titles


def test_an_event_is_suggested_by_its_talks_title_too(client):
    """An event's own title (审稿人视角的写作与 rebuttal 建议 under the name ICLR 2027 投稿经验分享) suggested nothing."""
    rows = rows_of(suggest(client, "审稿人视"))
    assert rows and all(kind == "event" and "ICLR 2027 投稿经验分享" in title for kind, title, _url in rows), rows
