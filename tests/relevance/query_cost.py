"""What issue 36's query-time steps add to building a search, in Python, per query (no engine involved).

`python -m tests.relevance.query_cost` times each step's own work on queries of our own (not judged ones),
typed in simplified and in traditional script, and the whole text query with and without the steps
(bench/RESULTS.md, "Issue 36: query-time cost"). The target is well under 1 ms at p50."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from analysis.meant import corrected_text, meant_text
from analysis.normalize import clean, fold
from analysis.regional import is_traditional, regional_forms, word_by_word_forms
from analysis.understanding import understand
from analysis.words import query_words
from indexer.queries import text
from indexer.queries.sounds import chinese_sound_clauses, suggest_pinyin_clause, typed_pinyin_clauses, typed_syllables

QUERIES = {
    "simplified": ["大模型推理加速", "向量数据库 入门", "多模态 论文", "强化学习 机器人", "llm agent"],
    "traditional": ["軟體工程", "網路爬蟲 教學", "伺服器部署", "向量資料庫", "演算法競賽"],
    "pair typos": ["量话工具", "剪只大模型 论文", "蒸流小模型入门", "端则部署", "扩撒模型 入门"],
    "pinyin": ["xiang liang shu ju ku", "zhishitupu", "suan li", "llm agent", "shen jing wang"],
    "questions": [
        "为什么需要模型剪枝",
        "如何部署向量数据库",
        "how does attention work",
        "什么是世界模型",
        "rag explained",
    ],
    "typos": ["多智能替", "知识征馏入门", "halucination", "zhi shi zheng liu", "向量数剧库"],
}


def _regional(q: str) -> None:
    is_traditional(clean(q))
    regional_forms(q)
    text._words_clause(query_words(fold(q)), True, 1.0)  # the words clause with each word's regional forms


def _regional_suggest(q: str) -> None:
    regional_forms(q)
    word_by_word_forms(fold(q))


STEPS: dict[str, Callable[[str], object]] = {
    "regional forms (search)": _regional,
    "regional forms (suggest)": _regional_suggest,
    "typed pinyin (search)": lambda q: typed_pinyin_clauses(fold(q)),
    "typed pinyin (suggest)": lambda q: suggest_pinyin_clause(fold(q)),
    "sound-alikes (Chinese)": lambda q: chinese_sound_clauses(fold(q)),
    "understanding (questions, kinds)": lambda q: understand(fold(q)),
    "what it meant (sound, spelling)": lambda q: meant_text(fold(q), typed_syllables(fold(q))),
    "two characters typed wrong": lambda q: corrected_text(fold(q)),
}


def p50_microseconds(step: Callable[[str], object], queries: list[str], rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        for q in queries:
            start = time.perf_counter()
            step(q)
            samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1e6


def _whole_query(q: str) -> None:
    text.text_query_and_highlight(q, ranked=True)


def main() -> None:
    for group, queries in QUERIES.items():
        _whole_query(queries[0])  # load the segmenter and the converters outside the timing
        for name, step in STEPS.items():
            print(f"{group:12} {name:28} p50 {p50_microseconds(step, queries, 2000):7.1f} µs")
        print(f"{group:12} {'whole text query':28} p50 {p50_microseconds(_whole_query, queries, 300):7.1f} µs")


if __name__ == "__main__":
    main()
