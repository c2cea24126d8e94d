"""The search operators' parser (analysis/operators.py) and how values resolve (indexer/queries/operators.py)."""

from __future__ import annotations

from analysis.operators import Operator, Problem, parse
from indexer.queries.operators import resolve


def test_plain_words_are_not_syntax():
    for q in ("知识蒸馏", "GPT-4 多模态", "C++ 教程", "http://example.com/a", "state-of-the-art"):
        parsed = parse(q)
        assert not parsed.has_syntax, q
    assert resolve("GPT-4 多模态").text == "GPT-4 多模态"


def test_a_quoted_phrase_is_required_and_still_ranked():
    parsed = parse('"知识蒸馏" 入门')
    assert parsed.phrases == ("知识蒸馏",) and parsed.text == "知识蒸馏 入门"
    assert parse("“知识 蒸馏”").phrases == ("知识 蒸馏",)


def test_minus_excludes_a_word_or_a_phrase_only_at_a_word_start():
    parsed = parse('大模型 -RAG -"多模态 API" GPT-4')
    assert parsed.excluded == ("RAG", "多模态 API") and parsed.text == "大模型 GPT-4"
    assert parse("a - b").excluded == ()


def test_the_six_operators_in_english_or_chinese_any_case():
    parsed = parse('Author："Lei Wang" tag:大模型 TYPE:论文 arxiv:2609.01260 作者:王磊 类型:项目 扩散')
    assert parsed.operators == (
        Operator("author", "Lei Wang"),
        Operator("tag", "大模型"),
        Operator("type", "论文"),
        Operator("arxiv", "2609.01260"),
        Operator("author", "王磊"),
        Operator("type", "项目"),
    )
    assert parsed.text == "扩散"
    assert parse("author: 王磊").operators == (Operator("author", "王磊"),)
    assert parse("-type:paper 扩散").operators == (Operator("type", "paper", negated=True),)
    assert not parse("note:这不是操作符").operators


def test_what_cannot_be_read_is_a_problem_and_the_rest_is_searched():
    parsed = parse('"未闭合 引号')
    assert parsed.problems == (Problem("unclosed_quote", '"未闭合 引号'),) and parsed.text == "未闭合 引号"
    parsed = parse("扩散 author:")
    assert parsed.problems == (Problem("empty_value", "author:"),) and parsed.text == "扩散"


def test_values_resolve_to_kinds_tags_and_numbers():
    ops = resolve("type:论文,project tag:RAG arxiv:arXiv:2609.01260v1")
    assert ops.types == ["paper", "project"] and not ops.help
    assert {"term": {"tags": "rag"}} in ops.filters and {"term": {"arxiv_id": "2609.01260"}} in ops.filters
    assert resolve("tag:llm").filters == [{"term": {"tags": "llm"}}]


def test_bad_values_become_help_in_chinese_and_never_empty_the_query():
    ops = resolve("type:视频 扩散")
    assert ops.types == [] and "不是内容类型" in ops.help[0] and ops.text == "扩散"
    ops = resolve("tag:不存在的标签")
    assert "没有名为“不存在的标签”的标签" in ops.help[0] and ops.text == "不存在的标签" and not ops.filters
    assert "arXiv 编号" in resolve("arxiv:12345").help[0]
    assert "缺少内容" in resolve("author:").help[0]
    assert "引号没有成对" in resolve('"abc').help[0]


def test_the_tab_wins_over_a_different_type():
    ops = resolve("type:论文 扩散")
    assert ops.kinds(None) == ["paper"] and ops.kinds("paper") == ["paper"] and not ops.help
    assert ops.kinds("story") == ["story"] and "type:" in ops.help[0]
    assert resolve("-type:论文 扩散").kinds(None) is None
    assert resolve("-type:论文 扩散").clauses()["must_not"] == [{"terms": {"type": ["paper"]}}]
