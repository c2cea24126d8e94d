"""What a query's topic meant when it names glossary terms by their sound or misspells them (issue 36, items 2 and
4): the topic with those terms written as the glossary writes them. The strict query searches this text as one more,
lighter form (indexer/queries/text.py: 多智能替 finds the stories writing 多 Agent, which only the concept leads to);
the relaxed pass searches it in full (indexer/queries/relax.py)."""

from __future__ import annotations

from analysis.normalize import CJK, CJK_RUN
from analysis.sounded_concepts import (
    MIN_SYLLABLES,
    Sounded,
    concepts_in_characters,
    concepts_in_pinyin,
    may_hold_a_mistyped_pair,
)
from analysis.spelled_concepts import meant_spelling
from analysis.syllables import pinyin_beside_names
from analysis.vocabulary import Glossary, glossary


def meant_text(topic: str, syllables: list[str] | None, *, guessing: bool = False) -> str | None:
    """The topic with the glossary terms it names by sound or misspells written as the glossary writes them (typed
    pinyin that is nothing but such terms: those terms), or None when it names none. `topic` is folded already
    (analysis.normalize.fold); `syllables`: its typed pinyin (indexer/queries/sounds.typed_syllables), None when it is
    not typed as sounds. `guessing`: for the relaxed pass, which lists its hits below the strict ones, a word of two
    characters standing alone is read as the term sounding exactly like it too (analysis/sounded_concepts.py)."""
    known = glossary()
    if syllables and not CJK.search(topic):
        terms = concepts_in_pinyin(syllables, known) or (
            guessing and concepts_in_pinyin(syllables, known, partial=True)
        )
        return " ".join(terms) if terms else None
    if beside := _pinyin_terms_beside_names(topic, known):
        return beside
    spelt = meant_spelling(topic.lower(), known)  # a misspelt English term: halucination, difussion model
    meant, changed = (spelt, True) if spelt else (topic, False)
    for run in dict.fromkeys(CJK_RUN.findall(topic)):
        found = concepts_in_characters(run, known, two_alone=guessing)
        if found:
            meant, changed = meant.replace(run, _with_terms(run, found)), True
    return meant if changed else None


def _with_terms(run: str, found: list[Sounded]) -> str:
    """`run` with each window `found` (in order, none overlapping) written as the glossary term it names."""
    parts, at = [], 0
    for sounded in found:
        parts += [run[at : sounded.start], sounded.term]
        at = sounded.end
    return "".join([*parts, run[at:]])


def corrected_text(text: str) -> str | None:
    """`text` (folded) with its two-character glossary terms typed one character wrong where the segmenter knows no word
    (端则大模型部署: 端侧), as the search reads it; None when it has none. Unlike the longer terms `meant_text` finds, which
    the forgiving clauses reach by their other characters, such a pair is a word the query loses: the typed text let
    every text on the rest (大模型部署) outrank the texts on what was meant."""
    known = glossary()
    corrected, changed = text, False
    for run in dict.fromkeys(CJK_RUN.findall(text)):
        if len(run) <= MIN_SYLLABLES or not may_hold_a_mistyped_pair(run, known):
            continue
        pairs = [found for found in concepts_in_characters(run, known) if found.no_word]
        if pairs:
            corrected, changed = corrected.replace(run, _with_terms(run, pairs)), True
    return corrected if changed else None


# Words saying "a piece of software" typed as pinyin after a topic's (mo xing liang hua gong ju GPTQ): kept as the
# Chinese word, so the topic's pinyin alone must be glossary terms.
_SOFTWARE_BY_SOUND = {
    ("gong", "ju", "bao"): "工具包",
    ("gong", "ju"): "工具",
    ("kuang", "jia"): "框架",
    ("ruan", "jian"): "软件",
    ("ping", "tai"): "平台",
    ("dai", "ma"): "代码",
}


def _pinyin_terms_beside_names(topic: str, known: Glossary) -> str | None:
    """Pinyin typed beside a name (`gptq mo xing liang hua`, `mo xing liang hua gongju GPTQ`) that is nothing but
    glossary terms, and perhaps a word saying "software" after them: the terms as the glossary writes them, that word,
    then the names. None for anything else."""
    found = pinyin_beside_names(topic)
    if found is None:
        return None
    names, syllables = found
    after = ""
    for sounds, word in _SOFTWARE_BY_SOUND.items():
        if len(syllables) > len(sounds) and tuple(syllables[-len(sounds) :]) == sounds:
            syllables, after = syllables[: -len(sounds)], word
            break
    terms = concepts_in_pinyin(syllables, known)
    return " ".join([*terms, *filter(None, [after]), *names]) if terms else None
