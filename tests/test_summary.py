"""A story's summary made from its content when the writer gave none (analysis/summary.py)."""

from __future__ import annotations

from analysis.summary import summary_from_html

CONTENT = (
    "<h2>背景</h2><p>这是一个关于检索增强的实验。我们比较了三种切分方式！</p>"
    "<ul><li>第一项</li><li>第二项</li></ul>"
    "<pre><code>print('hello')</code></pre><p>结论：小块更好。</p>"
)


def test_blocks_keep_their_boundaries_and_code_is_left_out():
    summary = summary_from_html(CONTENT, 200)
    assert summary == "背景。 这是一个关于检索增强的实验。我们比较了三种切分方式！ 第一项。 第二项。 结论：小块更好。"
    assert "print" not in summary and "背景这是" not in summary and "第一项第二项" not in summary


def test_cut_after_the_last_whole_sentence_that_fits():
    assert (
        summary_from_html(CONTENT, 30) == "背景。 这是一个关于检索增强的实验。我们比较了三种切分方式！"
    )  # 30 characters
    summary = summary_from_html(CONTENT, 29)
    assert summary == "背景。 这是一个关于检索增强的实验。"


def test_one_long_sentence_is_cut_with_an_ellipsis():
    text = "长" * 300
    assert summary_from_html(f"<p>{text}</p>", 120) == "长" * 119 + "…"


def test_english_text_and_entities():
    html = "<p>Retrieval helps &amp; costs little. It scales.</p><h3>Notes</h3>"
    assert summary_from_html(html, 200) == "Retrieval helps & costs little. It scales. Notes"
    assert summary_from_html(html, 35) == "Retrieval helps & costs little."


def test_one_paragraph_is_its_own_summary():
    assert summary_from_html("<p>关于量子退火的正文</p>", 120) == "关于量子退火的正文"


def test_nothing_but_code_gives_an_empty_summary():
    assert summary_from_html("<pre><code>x = 1</code></pre>", 120) == ""
