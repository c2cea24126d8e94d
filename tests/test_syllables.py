"""Titles as toneless syllables and typed pinyin cut into syllables (analysis/syllables.py,
indexer/queries/sounds.py; issue 36). Examples of our own, not judged queries."""

from __future__ import annotations

import pytest

from analysis.syllables import chinese_syllables, split_pinyin, title_syllables
from analysis.views import text_views
from analysis.words import _load_readings, lazy_pinyin, pinyin_forms
from indexer.queries.sounds import suggest_pinyin_clause, typed_pinyin_clauses
from indexer.queries.suggest import build_suggest


@pytest.mark.parametrize(
    ("typed", "cut"),
    [
        ("xiang liang shu ju ku", ["xiang", "liang", "shu", "ju", "ku"]),
        ("xiangliangshujuku", ["xiang", "liang", "shu", "ju", "ku"]),
        ("Suan Li", ["suan", "li"]),
        ("xian", ["xian"]),  # the fewest syllables: one, not xi an
        ("xi an", ["xi", "an"]),  # spaces decide
        ("fangan", ["fan", "gan"]),  # as pinyin reads it without an apostrophe
        ("lue", ["lve"]),  # ü after l, as pypinyin writes it
    ],
)
def test_typed_pinyin_is_cut_into_syllables(typed, cut):
    assert split_pinyin(typed) == cut


@pytest.mark.parametrize("typed", ["llm agent", "transformer", "chain", "gpt4", "向量"])
def test_other_text_is_not_pinyin(typed):
    assert split_pinyin(typed) is None


def test_a_prefix_may_end_inside_a_syllable():
    assert split_pinyin("xiangliangsh", partial_tail=True) == ["xiang", "liang", "sh"]
    assert split_pinyin("xiangliangsh") is None


def test_a_title_becomes_its_syllables_in_order():
    assert title_syllables("AI 芯片与算力") == "ai xin pian yu suan li"
    assert chinese_syllables("芯片 GPU 算力") == ["xin", "pian", "suan", "li"]
    views = text_views(["知识图谱入门", "Knowledge graphs"], [])
    assert views["title_syllables"] == ["zhi shi tu pu ru men", "knowledge graphs"]


def test_typed_pinyin_is_its_syllable_pairs_anywhere_in_a_title_and_fuzzy_ones_below():
    exact, fuzzy = typed_pinyin_clauses("suan li")
    assert exact == {"match": {"title_syllables.pairs": {"query": "suan li", "boost": 2, "operator": "and"}}}
    assert fuzzy["match"]["title_syllables.fuzzy"]["boost"] < 2
    assert typed_pinyin_clauses("suan") == []  # one syllable is any of hundreds of characters
    assert typed_pinyin_clauses("llm agent") == []


def test_suggestions_from_several_syllables_typed():
    clause = suggest_pinyin_clause("xiangliangsh")
    assert clause["match_phrase_prefix"]["title_syllables"]["query"] == "xiang liang sh"
    assert clause in build_suggest("xiangliangsh")["query"]["bool"]["should"]
    assert suggest_pinyin_clause("xi") is None


def test_a_chinese_query_is_also_looked_for_by_its_sounds():
    from indexer.queries.sounds import chinese_sound_clauses

    whole, one_wrong = chinese_sound_clauses("向量苏据库")
    assert whole["match"]["title_syllables.fuzzy"] == {"query": "xiang liang su ju ku", "boost": 0.5, "operator": "and"}
    # one wrong syllable is two of its four pairs missing (wherever it is); a fixed score below the whole sounds'
    allowing = one_wrong["constant_score"]["filter"]["match"]["title_syllables.fuzzy"]
    assert allowing["minimum_should_match"] == "2<-1 3<-2"
    assert one_wrong["constant_score"]["boost"] <= 0.5


def test_short_or_mixed_queries_get_no_sound_clauses():
    from indexer.queries.sounds import chinese_sound_clauses

    assert chinese_sound_clauses("芯片") == []  # two characters: a sound-alike pair is everywhere
    assert chinese_sound_clauses("GPU 芯片") == []  # not Chinese only
    assert len(chinese_sound_clauses("芯 片")) == 0
    assert len(chinese_sound_clauses("语言 模型")) == 1  # runs of two: no wrong character in either


def test_wrong_characters_anywhere_one_per_run():
    from indexer.queries.sounds import chinese_sound_clauses

    # three characters: only the middle one may be wrong, its two neighbours as one skip token
    _, three = chinese_sound_clauses("大模行")
    assert three["constant_score"]["filter"] == {"match": {"title_syllables.skips": "da mo xing"}}
    # a spaced query: each run required, each with its own allowance
    _, spaced = chinese_sound_clauses("神红网络 模型")
    runs = spaced["constant_score"]["filter"]["bool"]["filter"]
    assert len(runs) == 2 and runs[1] == {
        "match": {"title_syllables.fuzzy": {"query": "mo xing", "boost": 1, "operator": "and"}}
    }
    middle = {
        "bool": {
            "filter": [
                {"match": {"title_syllables.skips": "shen hong wang"}},
                {"match": {"title_syllables.fuzzy": {"query": "wang luo", "boost": 1, "operator": "and"}}},
            ]
        }
    }
    assert middle in runs[0]["bool"]["should"]
    # two wrong in one run of six to eight, apart: both bridged
    _, two = chinese_sound_clauses("神红网络模形")
    both = two["constant_score"]["filter"]["bool"]["should"]
    assert len(both) == 1 + 10  # two pairs missing (any one wrong), or two wrong ones apart


def _pairs_required(count: int, spec: str) -> int:
    """How many of `count` clauses Elasticsearch requires for a `minimum_should_match` of conditions (`2<-1 3<-2`)."""
    required = count
    for condition in spec.split():
        above, value = condition.split("<")
        if count > int(above):
            required = count + int(value) if value.startswith("-") else int(value)
    return required


@pytest.mark.parametrize("n", range(5, 9))
def test_one_wrong_syllable_anywhere_is_within_the_pairs_allowed_missing(n):
    """Why runs of five to eight syllables need no option per wrong position: a wrong syllable leaves every pair not
    touching it, which the allowance of missing pairs accepts."""
    from indexer.queries.sounds import ONE_WRONG_PAIRS

    pairs = n - 1
    for wrong in range(n):
        left = [k for k in range(pairs) if wrong not in (k, k + 1)]
        assert len(left) >= _pairs_required(pairs, ONE_WRONG_PAIRS), (n, wrong)
    # and four syllables do need them: a wrong middle one leaves one pair of three
    assert 3 - 2 < _pairs_required(3, ONE_WRONG_PAIRS)


@pytest.mark.parametrize(
    ("typed", "syllables"),
    [
        ("shen jin tin", ["shen", "jin", "tin"]),  # tin: ting said without g, a syllable of no character
        ("suang", ["suang"]),  # shuang with s, not su ang
        ("zhi shi 图谱", ["zhi", "shi", "tu", "pu"]),  # pinyin beside characters
        ("AI 芯片", None),  # a Latin word beside characters is not pinyin
        ("llm agent", None),
    ],
)
def test_typed_syllables_with_confused_sounds_and_characters(typed, syllables):
    from indexer.queries.sounds import typed_syllables

    assert typed_syllables(typed) == syllables


def test_words_read_as_data_search_readings_says():
    assert lazy_pinyin("LoRA微调实践") == ["LoRA", "wei", "tiao", "shi", "jian"]
    assert "changshangxiawen csxw" in pinyin_forms("大模型长上下文评测")
    assert lazy_pinyin("调度") == ["diao", "du"]  # words pypinyin knows keep its reading


def test_a_reading_must_give_one_syllable_per_character(tmp_path):
    bad = tmp_path / "readings.txt"
    bad.write_text("# comment\n\n微调 wei\n", encoding="utf-8")
    with pytest.raises(ValueError, match="微调"):
        _load_readings(bad)


def test_heard_texts_join_the_sound_views_only():
    views = text_views(["owner/open-infer"], ["支持投机解码的推理引擎"], heard=["支持投机解码的推理引擎"])
    assert "tuili tl yinqing yq" in views["pinyin"] and any("yin qing" in s for s in views["title_syllables"])
    assert "推理" not in views["title_words"]  # a body text still, for words and concepts


def test_a_glossary_term_typed_right_keeps_its_ends():
    from indexer.queries.sounds import chinese_sound_clauses

    # the whole query one term typed right: nothing to forgive, only its sounds
    assert len(chinese_sound_clauses("卷积神经网络")) == 1
    # a term at the start, typed right: two missing pairs there must be one wrong syllable (a pair or the skip holds)
    _, one_wrong = chinese_sound_clauses("向量数据库入门")
    allowing, *options = one_wrong["constant_score"]["filter"]["bool"]["should"]
    guard = allowing["bool"]["filter"][1]["bool"]["should"]
    assert {"match": {"title_syllables.skips": "xiang liang shu"}} in guard and len(guard) == 3
    # a typo in the term itself: no term typed right, the allowance as before
    _, typo = chinese_sound_clauses("向量苏据库")
    assert "match" in typo["constant_score"]["filter"]
