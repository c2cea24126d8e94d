"""analysis.normalize.fold: what every query and indexed text goes through first."""

from __future__ import annotations

import json
import random
import sys
import unicodedata
from pathlib import Path

import pytest

from analysis.normalize import fold, nfkc, plain_text


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("機器學習與臺灣的語音合成", "机器学习与台湾的语音合成"),  # traditional → simplified (OpenCC t2s)
        ("ＧＰＴ－４　發佈了", "GPT-4 发布了"),  # full width → half width (NFKC), spaces collapsed
        ("大\u200b模型\ufeff", "大模型"),  # invisible characters dropped
        ("Transformer 架構", "Transformer 架构"),
        ("", ""),
    ],
)
def test_fold(text, folded):
    assert fold(text) == folded


def _reference_nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def test_nfkc_agrees_with_unicodedata_on_every_character():
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        assert nfkc(char) == _reference_nfkc(char), hex(code)


@pytest.mark.parametrize(
    "text",
    [
        "Ａ\u0301",  # a full-width letter and a combining accent: Á, as NFKC composes it
        "＜\u0338",  # full-width < and a combining long solidus: ≮
        "ｅ\u0308ｆ\u0327",
        "第１２３期　（直播）：ＧＰＴ－４ｏ，ｖＬＬＭ？",
        "\u3000\uff01\uff5e\uff5f\uff60",  # the edges of the mapped range, and just past them
        "ﬁ ㍿ ① ¼ ｶﾞ",  # compatibility forms NFKC handles itself
    ],
)
def test_nfkc_agrees_with_unicodedata_on_mixed_text(text):
    assert nfkc(text) == _reference_nfkc(text)


def test_nfkc_agrees_with_unicodedata_on_the_demo_corpus_and_random_text():
    texts = [
        value
        for path in sorted(Path(__file__).parent.parent.joinpath("data", "demo").glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("{")
        for value in json.loads(line).values()
        if isinstance(value, str)
    ]
    assert len(texts) > 1000
    # Random strings over full-width forms, combining marks, CJK, ASCII and other compatibility characters.
    alphabet = [chr(c) for c in [*range(0xFF00, 0xFF70), *range(0x0300, 0x0370), *range(0x4E00, 0x4E40)]]
    alphabet += list("abcXYZ<>=! ，。") + [chr(c) for c in (0x3000, 0x2126, 0x212B, 0xFB01, 0x3231, 0x00BD)]
    rng = random.Random(12)
    texts += ["".join(rng.choices(alphabet, k=rng.randint(1, 12))) for _ in range(20_000)]
    assert [nfkc(text) for text in texts] == [_reference_nfkc(text) for text in texts]


@pytest.mark.parametrize(
    ("html", "text"),
    [
        ("RAG & Agent 入门，x < y 时", "RAG & Agent 入门，x < y 时"),  # plain text typed as a summary stays itself
        ("<p>用 <code>&lt;script&gt;</code> 做演示 &amp; 说明</p>", "用 <script> 做演示 & 说明"),  # entities read
        ("<b>摘要</b><script>alert(3)</script> 文字", "摘要 文字"),  # a script element goes with its content
        (
            "本文复现了一个把 <script> 标签带进页面的案例，并给出建议",
            "本文复现了一个把 <script> 标签带进页面的案例，并给出建议",
        ),
        ("<style>p {}</style>正文和 <style> 标签", "正文和 <style> 标签"),  # closed: dropped; never closed: a mention
    ],
)
def test_plain_text_reads_entities_and_keeps_a_mentioned_tag(html, text):
    assert plain_text(html) == text
