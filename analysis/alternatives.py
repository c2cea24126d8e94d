"""A query asking for alternatives to an item it names (`alternative to whisper`, `vllm 平替`, 类似 LangGraph 的项目): the
name. Such a query is answered by the named item and the items of its kind sharing its topic (api/alternatives.py);
searched as text it found the named item alone, since no other item's text names it."""

from __future__ import annotations

import re

# The longest name read as an item's (a repository, a model, a title's few words): a longer text is a sentence.
MAX_NAME_CHARACTERS = 40
MAX_NAME_WORDS = 4

_KINDS_EN = r"(?:projects?|tools?|librar(?:y|ies)|frameworks?|models?|repos?|repositories)"
_KINDS_ZH = r"(?:开源项目|项目|工具|框架|模型|库|仓库)"
_ASKING_ZH = r"(?:有没有|有什么|有哪些|求|推荐)?"
_ENDING_ZH = r"(?:吗|呢|有哪些|推荐|推荐一下)?"

_PATTERNS = (
    # alternatives to whisper, any good alternative for vllm?, open source replacements for langchain
    re.compile(
        r"^(?:(?:are\s+there|is\s+there|any|some|good|best|open[-\s]?source|free)\s+)*"
        r"(?:alternatives?|replacements?|substitutes?)\s+(?:to|for)\s+(?P<name>.+?)$",
        re.IGNORECASE,
    ),
    # whisper alternatives
    re.compile(r"^(?P<name>.+?)\s+(?:alternatives?|replacements?)$", re.IGNORECASE),
    # projects like langgraph, tools similar to vllm
    re.compile(rf"^(?:(?:open[-\s]?source\s+)?{_KINDS_EN}\s+)(?:like|similar\s+to)\s+(?P<name>.+?)$", re.IGNORECASE),
    # vllm 平替, whisper 的替代品, 有没有 ComfyUI 的替代方案
    re.compile(rf"^{_ASKING_ZH}\s*(?P<name>.+?)\s*的?\s*(?:平替|替代品|替代方案|替代项目|替代工具){_ENDING_ZH}$"),
    # 类似 LangGraph 的项目, 有没有像 vllm 这样的工具
    re.compile(rf"^{_ASKING_ZH}\s*(?:类似|像)\s*(?P<name>.+?)\s*(?:这样|一样)?的\s*{_KINDS_ZH}{_ENDING_ZH}$"),
    # 替代 whisper 的开源项目
    re.compile(rf"^{_ASKING_ZH}\s*(?:可以)?替代\s*(?P<name>.+?)\s*的\s*{_KINDS_ZH}{_ENDING_ZH}$"),
)
_PUNCTUATION_AT_EDGES = re.compile(r"^[\s?？!！。.,，]+|[\s?？!！。.,，]+$")


def alternatives_to(text: str) -> str | None:
    """The item a query asks alternatives to (folded `text`), or None: not such a query, or a name too long to be one."""
    text = _PUNCTUATION_AT_EDGES.sub("", text)
    for pattern in _PATTERNS:
        found = pattern.match(text)
        if found:
            name = found.group("name").strip()
            if name and len(name) <= MAX_NAME_CHARACTERS and len(name.split()) <= MAX_NAME_WORDS:
                return name
    return None


__all__ = ["alternatives_to"]
