"""Time words of a query naming events (analysis/when.py), and how understanding takes them off."""

from __future__ import annotations

import pytest

from analysis.understanding import understand
from analysis.when import take_when


@pytest.mark.parametrize(
    ("text", "rest", "start"),
    [
        ("这周末 讲座", "讲座", "now/w+5d"),  # the weekend, not the week it holds
        ("下周末 黑客松", "黑客松", "now/w+12d"),
        ("明天 北京", "北京", "now/d+1d"),
        ("hackathons next week", "hackathons", "now/w+1w"),
        ("upcoming workshops", "workshops", "now"),
    ],
)
def test_time_words_name_a_window(text, rest, start):
    left, window = take_when(text)
    assert (" ".join(left.split()), window.start) == (rest, start)


def test_text_without_time_words_has_no_window():
    assert take_when("大模型推理加速") == ("大模型推理加速", None)
    assert take_when("weekend")[1] is None  # a word alone, not `this weekend`


@pytest.mark.parametrize(
    ("query", "core", "asks_only"),
    [
        ("下周 深圳 具身智能 活动", "深圳 具身智能", False),
        ("今晚有什么直播课", "今晚有什么直播课", True),  # nothing but a kind: every item of it, soonest first
        ("近期 RAG meetup", "RAG", False),
    ],
)
def test_a_query_naming_events_loses_its_time_words(query, core, asks_only):
    understood = understand(query)
    assert (understood.core, understood.asks_only, understood.when is not None) == (core, asks_only, True)


def test_time_words_stay_where_no_event_is_asked_for():
    """本周 of a weekly's title (大模型评测周报：本周值得关注的…) is text to match."""
    understood = understand("本周值得关注的更新")
    assert understood.when is None and "本周" in understood.core
