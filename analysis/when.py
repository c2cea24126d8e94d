"""When a reader asks for events to be held (这周末有什么 AI 讲座, 明天 北京 活动, `meetups this weekend`): the time
words of a query naming events, as a window the events' dates may overlap (indexer/queries/text.py ranks those held
in it first). Not text to match: no event's name says 这周末, so as words they found nothing, and the whole query
found nothing with them.

Windows are the engine's date math, rounded in China's time (the site's readers'), so 今天 ends at their midnight."""

from __future__ import annotations

import re
from dataclasses import dataclass

TIME_ZONE = "+08:00"


@dataclass(frozen=True)
class Window:
    start: str  # the engine's date math (now/d), inclusive
    end: str  # exclusive


_TODAY = Window("now/d", "now/d+1d")
_TOMORROW = Window("now/d+1d", "now/d+2d")
_THIS_WEEK = Window("now", "now/w+1w")  # from now: not what ended this morning
_THIS_WEEKEND = Window("now/w+5d", "now/w+7d")  # weeks start on Monday: Saturday and Sunday
_NEXT_WEEK = Window("now/w+1w", "now/w+2w")
_NEXT_WEEKEND = Window("now/w+12d", "now/w+14d")
_THIS_MONTH = Window("now", "now/M+1M")
_NEXT_MONTH = Window("now/M+1M", "now/M+2M")
_SOON = Window("now", "now+30d")

# Chinese time words, longest first where one holds another (这周末 before 这周, 下周末 before 下周).
_CHINESE = {
    **dict.fromkeys("今天 今日 今晚 当天".split(), _TODAY),
    **dict.fromkeys("明天 明日 明晚".split(), _TOMORROW),
    **dict.fromkeys("这周末 本周末 这个周末 周末".split(), _THIS_WEEKEND),
    **dict.fromkeys("下周末 下个周末".split(), _NEXT_WEEKEND),
    **dict.fromkeys("这周 本周 这一周 这星期 本星期".split(), _THIS_WEEK),
    **dict.fromkeys("下周 下星期 下个星期 下一周".split(), _NEXT_WEEK),
    **dict.fromkeys("这个月 本月 这月".split(), _THIS_MONTH),
    **dict.fromkeys("下个月 下月".split(), _NEXT_MONTH),
    **dict.fromkeys("最近 近期 近日 即将 马上 快要".split(), _SOON),
}
_ENGLISH = {
    "today": _TODAY,
    "tonight": _TODAY,
    "tomorrow": _TOMORROW,
    "this weekend": _THIS_WEEKEND,
    "next weekend": _NEXT_WEEKEND,
    "this week": _THIS_WEEK,
    "next week": _NEXT_WEEK,
    "this month": _THIS_MONTH,
    "next month": _NEXT_MONTH,
    "upcoming": _SOON,
    "coming up": _SOON,
    "soon": _SOON,
}
_PATTERN = re.compile(
    "|".join(
        [
            *(re.escape(word) for word in sorted(_CHINESE, key=len, reverse=True)),
            *(rf"\b{re.escape(word)}\b" for word in sorted(_ENGLISH, key=len, reverse=True)),
        ]
    ),
    re.IGNORECASE,
)


def take_when(text: str) -> tuple[str, Window | None]:
    """`text` without its time words, and the window the first of them names; (text, None) when it has none."""
    found = _PATTERN.search(text)
    if not found:
        return text, None
    word = found.group(0).lower()
    window = _CHINESE.get(word) or _ENGLISH[word]
    return _PATTERN.sub(" ", text), window


__all__ = ["TIME_ZONE", "Window", "take_when"]
