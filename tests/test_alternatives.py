"""Reading a request for alternatives to a named item (analysis/alternatives.py), in English and Chinese."""

from __future__ import annotations

import pytest

from analysis.alternatives import alternatives_to


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("alternatives to llama.cpp", "llama.cpp"),
        ("any good alternative for comfyui?", "comfyui"),
        ("open source replacements for langchain", "langchain"),
        ("autogen alternatives", "autogen"),
        ("tools similar to peft", "peft"),
        ("LLaMA-Factory 平替", "LLaMA-Factory"),
        ("有没有 ComfyUI 的替代方案", "ComfyUI"),
        ("类似 ComfyUI 的工具", "ComfyUI"),
        ("有没有像 vllm 这样的推理框架", None),  # 推理框架 is not a kind word: a topic, not a name's end
        ("替代 whisper 的开源项目", "whisper"),
    ],
)
def test_the_named_item_is_read(query, name):
    assert alternatives_to(query) == name


@pytest.mark.parametrize(
    "query",
    ["替代能源", "whisper", "大模型评测", "alternative data sources for training large language models at scale today"],
)
def test_other_queries_name_no_item(query):
    assert alternatives_to(query) is None
