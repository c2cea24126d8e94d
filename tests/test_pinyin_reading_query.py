"""How the search asks for typed pinyin read as the words it spells (indexer/queries/text.py, analysis/pinyin_words.py):
one more form of the query, without sound or typo clauses of its own (the typed pinyin has them), and none at all when
the glossary's reading of the pinyin holds the same words; both matched every text on a common topic and made such a
search several times as costly at 1M (bench/RESULTS.md)."""

from __future__ import annotations

import json

import pytest

from indexer.queries.text import DECODED_PINYIN_WEIGHT, text_query

SOUNDS = ("title_syllables", '"pinyin"', "fuzziness")


def reading_forms(q: str) -> list[dict]:
    """The alternatives of the query weighted as the pinyin's reading."""
    found: list[dict] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            inner = node.get("bool")
            if isinstance(inner, dict) and inner.get("boost") == DECODED_PINYIN_WEIGHT:
                found.append(inner)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(text_query(q))
    return found


@pytest.mark.parametrize(
    ("q", "words"),
    [
        ("bing chong hai shi bie", "病虫害识别"),
        ("gu piao jia ge yu ce", "股票价格预测"),
        ("kai yuan shu ju ji", "开源数据集"),
    ],
)
def test_pinyin_of_everyday_words_is_searched_as_those_words_without_sound_clauses(q, words):
    [form] = reading_forms(q)
    text = json.dumps(form, ensure_ascii=False)
    assert words in text
    assert not any(sound in text for sound in SOUNDS)


@pytest.mark.parametrize("q", ["ju shen zhi neng", "ren xing ji qi ren", "lora weitiao jiaocheng"])
def test_pinyin_the_glossary_reads_whole_gets_no_second_reading(q):
    assert reading_forms(q) == []
