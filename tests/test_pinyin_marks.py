"""Marking the characters that typed pinyin spells in a suggestion's title (analysis/pinyin_marks.py)."""

from __future__ import annotations

import pytest

from analysis.pinyin_marks import marked_by_pinyin


@pytest.mark.parametrize(
    ("title", "typed", "html"),
    [
        ("图像分割入门", "tu xiang fen ge", "<em>图像分割</em>入门"),  # spaced syllables
        ("图像分割入门", "txfg", "<em>图像分割</em>入门"),  # initials
        ("图像分割入门", "tuxiangf", "<em>图像分</em>割入门"),  # the last syllable in part
        ("从零实现图像分割", "shixian", "从零<em>实现</em>图像分割"),  # inside a title
        ("写给新人的长上下文指南", "changshang", "写给新人的<em>长上</em>下文指南"),  # read in context: chang
        ("Notes 图像 <分割>", "fenge", "Notes 图像 &lt;<em>分割</em>&gt;"),  # the rest escaped
        ("xian 先验", "xianyan", "xian <em>先验</em>"),  # a syllable, not x + ian of the next character
    ],
)
def test_the_run_the_letters_spell_is_marked(title, typed, html):
    assert marked_by_pinyin(title, typed) == html


@pytest.mark.parametrize(("title", "typed"), [("图像分割", "zz"), ("图像分割", ""), ("Image segmentation", "tu")])
def test_nothing_is_marked_when_no_run_spells_the_letters(title, typed):
    assert marked_by_pinyin(title, typed) is None
