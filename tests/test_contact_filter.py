"""Phrases that carry contact data never become hot words (store/hotwords.carries_contact): our own
examples of what a spammer types, and AI words that must stay."""

from __future__ import annotations

import pytest

from store.hotwords import carries_contact, is_junk


@pytest.mark.parametrize(
    "phrase",
    [
        "加V 88886666 领取资料 大模型",
        "加v领取大模型资料",
        "+V 获取提示词",
        "➕微 拿课程",
        "vx: aihub2026",
        "wx aigc_club",
        "微信号 llm_study",
        "qq群 大模型交流",
        "扣扣 123 456 789",
        "私信领取 RAG 教程",
        "私聊我 送显卡",
        "大模型 138-0013-8000",
        "1380 0138 000 课程",
        "联系方式 见主页",
        "手机号 找我",
        "telegram 机器学习群",
        "资料在 aigc-free.top",
        "见 llmclub.cn 免费下载",
        "mail me: ai@example.com",
    ],
)
def test_contact_phrases_are_caught(phrase):
    assert carries_contact(phrase) and is_junk(phrase.lower())


@pytest.mark.parametrize(
    "phrase",
    [
        "GPT-4o",
        "Llama 3.1 405B",
        "Qwen2.5-72B",
        "大模型",
        "RAG 检索增强",
        "YOLOv8",
        "2024 图灵奖",
        "ViT-L/14",
        "C++",
        "Node.js",
    ],
)
def test_ordinary_ai_words_are_not(phrase):
    assert not carries_contact(phrase)
