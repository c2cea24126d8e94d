"""Acronyms a text defines (analysis/acronyms.py, issue 36): 全称（缩写） and `Full Name (ABBR)`. Examples of
our own, not judged queries."""

from __future__ import annotations

import pytest

from analysis.acronyms import defined_pairs, glossary_with_pair, glossary_without_pair, merged_glossary, mine


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("本文提出的知识图谱（KG）补全方法", ("KG", "知识图谱")),  # after the last 的, long enough for K, G
        ("状态空间模型（SSM）在长序列上", ("SSM", "状态空间模型")),
        ("介绍了对比学习與狀態空間模型（SSM）", ("SSM", "状态空间模型")),  # after 与; traditional folded
        ("基于可验证奖励的强化学习（RLVR）", ("RLVR", "基于可验证奖励的强化学习")),  # 的 inside the name stays
        ("We train a Vision Transformer (ViT) on", ("ViT", "Vision Transformer")),
        ("a State Space Model (SSM) layer", ("SSM", "State Space Model")),
        ("the Mixture-of-Depths (MoD) router", ("MoD", "Mixture-of-Depths")),  # a small word spells a letter
        ("Contrastive Language-Image Pre-training (CLIP) 模型", ("CLIP", "Contrastive Language-Image Pre-training")),
    ],
)
def test_a_defined_acronym_is_found_with_its_full_name(text, pair):
    assert pair in defined_pairs(text)


@pytest.mark.parametrize(
    "text",
    [
        "see Table (A1)",  # one capital and a digit: a label, not an acronym of these words
        "trained on the data (NLP) yesterday",  # initials that do not spell it
        "结果见附录（B）",  # one letter
        "the (GPU) cluster",
    ],
)
def test_brackets_that_define_nothing_are_left_alone(text):
    assert defined_pairs(text) == []


def test_mining_counts_the_documents_that_define_a_pair():
    texts = ["知识图谱（KG）入门", "我们的知识图谱（KG）与知识图谱（KG）", "没有缩写"]
    assert mine(texts)[("KG", "知识图谱")] == 2


def test_a_pair_joins_the_group_holding_either_term_and_never_makes_a_duplicate():
    glossary = "# 注释\n知识图谱, knowledge graph\n晶格网络, lattice net\n"
    assert glossary_with_pair(glossary, "KG", "知识图谱") == (glossary.replace("graph\n", "graph, KG\n"), "KG")
    assert glossary_with_pair(glossary, "KG", "knowledge graph")[1] == "KG"
    text, added = glossary_with_pair(glossary, "QBS", "Quantum Braid Sampler")
    assert text == glossary + "Quantum Braid Sampler, QBS\n" and added == "Quantum Braid Sampler, QBS"
    assert glossary_without_pair(text, added) == glossary
    both = "知识图谱, KG\n"
    assert glossary_with_pair(both, "kg", "知識圖譜") == (both, None)  # one group holds both (folded)
    apart = "知识图谱, 图谱\nKG, 千克\n"
    assert glossary_with_pair(apart, "KG", "知识图谱") == (apart, None)  # two groups are never merged


def test_the_merged_glossary_reads_the_pairs_as_glossary_with_pair_writes_them():
    glossary = "知识图谱, knowledge graph\n"
    pairs = "KG, 知识图谱\nQBS, Quantum Braid Sampler\nKG, 知识图谱\n"
    assert merged_glossary(glossary, pairs) == "知识图谱, knowledge graph, KG\nQuantum Braid Sampler, QBS\n"
    assert merged_glossary(glossary, "") == glossary
