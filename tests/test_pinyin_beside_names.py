"""Pinyin typed beside a name or an English word (`vllm bu shu`, `pytorch bian yi you hua`): the name where words are
looked for and the pinyin's syllables in a title (analysis/syllables.pinyin_beside_names). Our own examples."""

from __future__ import annotations

import pytest

from analysis.meant import meant_text
from analysis.syllables import pinyin_beside_names


@pytest.mark.parametrize(
    ("typed", "names", "syllables"),
    [
        ("vllm bu shu", ["vllm"], ["bu", "shu"]),
        ("lora weitiao", ["lora"], ["wei", "tiao"]),  # pinyin run together
        ("gguf liang hua ge shi", ["gguf"], ["liang", "hua", "ge", "shi"]),
        ("flash attention 2 yuan li", ["flash", "attention", "2"], ["yuan", "li"]),
    ],
)
def test_pinyin_beside_a_name_is_read_as_the_name_and_the_syllables(typed, names, syllables):
    assert pinyin_beside_names(typed) == (names, syllables)


@pytest.mark.parametrize(
    "typed",
    [
        "bian yi you hua",  # pinyin alone: typed_syllables reads it
        "mixture of experts",  # English only
        "how to use you",  # one short English word that is a syllable is not pinyin typed
        "llm 微调",  # characters: not this reading
        "bu vllm shu",  # the pinyin is one run
    ],
)
def test_anything_else_is_not_read_so(typed):
    assert pinyin_beside_names(typed) is None


@pytest.mark.parametrize(
    ("typed", "written"), [("vllm bu shu", "vllm 推理部署"), ("pytorch bian yi you hua", "编译优化")]
)
def test_the_titles_written_so_are_found(client, typed, written):
    from tests.support import data_of, info_of

    page = data_of(client.get("/api/v2/search", query_string={"q": typed, "size": 20}))
    titles = [info_of(item).get("title", "") for item in page["list"]]
    assert titles and all(written.lower() in title.lower() for title in titles[:3]), titles


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("awq mo xing liang hua gongju", "模型量化 工具 awq"),  # glossary terms, then a word saying software
        ("langgraph zhi neng ti kuang jia", "智能体 框架 langgraph"),
        ("pytorch bian yi you hua", None),  # not glossary terms: the syllables are looked for in titles instead
    ],
)
def test_glossary_terms_typed_as_pinyin_beside_a_name_are_what_it_meant(typed, meant):
    assert meant_text(typed, None) == meant
