"""analysis.normalize.fold: what every query and indexed text goes through first."""

from __future__ import annotations

import pytest

from analysis.normalize import fold


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
