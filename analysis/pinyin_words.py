"""Pinyin typed for Chinese words, read back as the words (issue 36): `suan fa bei an` → 算法备案.

Titles carry their syllables (analysis/syllables.py), so typed pinyin finds a title that sounds like it; summaries
and bodies carry none, and a topic they alone name (算法备案 in the body of an article on AI rules) was out of reach
of a reader typing pinyin. Reading the pinyin as the words it most likely spells, as an input method does, gives the
query one more form in Chinese characters, searched everywhere the typed Chinese is (indexer/queries/text.py).

The words: the site's own vocabulary first (the glossary's Chinese terms, 多模态, 具身智能; the segmenter's extra words
and tag labels; the mainland words of data/search/regional.txt), then the common words of
jieba's dictionary (MIT), each syllable sequence by its most frequent word, in `data/search/pinyin_words.txt`
(`python -m analysis.pinyin_words` writes it). A run of syllables is cut into the fewest words covering the most
syllables; a syllable no word of two or more holds is left out (too many characters sound alike)."""

from __future__ import annotations

import math
import re
import sys
from functools import lru_cache
from pathlib import Path

from analysis.normalize import CJK, CJK_RUN
from analysis.regional import field_word_pairs
from analysis.syllables import chinese_syllables, split_pinyin
from analysis.vocabulary import glossary, segmentation_words

WORDS = Path(__file__).resolve().parent.parent / "data" / "search" / "pinyin_words.txt"
# jieba's words of two to four characters at least this frequent: common words, not its rare names.
_FEWEST_USES = 20
_LONGEST_WORD = 8  # syllables: the longest glossary terms (自然语言处理, 检索增强生成)
# A run of Latin words, each pinyin or not (checked below), between other text; not the letters of a name holding
# digits (sim2real, 4-bit).
_LATIN_RUN = re.compile(r"(?<![A-Za-z0-9-])[A-Za-z]+(?:\s+[A-Za-z]+)*(?![A-Za-z0-9-])")
# A word typed in capitals (AI, GPTQ) is an acronym, even when it is a syllable too.
_CAPITALS = re.compile(r"[A-Z]{2,}")


# How often the site's own words count as used, beside jieba's counts (算法 455, 知识 8254): above every common word.
_SITE_WORD_USES = 1_000_000


@lru_cache(maxsize=1)
def _words_by_sound() -> dict[tuple[str, ...], tuple[str, float]]:
    """Toneless syllables → the word they most likely spell and the log of its uses: the site's words over the common
    ones."""
    by_sound: dict[tuple[str, ...], tuple[str, float]] = {}
    for line in WORDS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            sound, word, uses = line.split("\t")
            by_sound[tuple(sound.split())] = (word, math.log(int(uses)))
    site_words = [
        *segmentation_words(),  # the extra words and tag labels
        *(mainland for _regional, mainland in field_word_pairs()),  # 数据清洗, not the clearer 数据清晰
        *(run for term in glossary().terms for run in CJK_RUN.findall(term)),  # 生成式 of 生成式 AI
    ]
    for word in site_words:
        if len(word) >= 2:
            by_sound[tuple(chinese_syllables(word))] = (word, math.log(_SITE_WORD_USES))
    return by_sound


def words_of_syllables(syllables: list[str]) -> list[str | None] | None:
    """The words `syllables` spell, in order, None where a syllable is left out (`sheng cheng shi suan fa` → 生成, None,
    算法): the cut covering the most syllables with words of two or more, then the fewest words, then the most used
    ones (算法, not 失算); None when no word is found."""
    known = _words_by_sound()
    count = len(syllables)
    # best[i]: (syllables covered, -words, summed log uses, words) for syllables[:i]
    best: list[tuple[int, int, float, list[str | None]]] = [(0, 0, 0.0, [])] + [(-1, 0, 0.0, [])] * count
    for end in range(1, count + 1):
        covered, fewer, uses, found = best[end - 1]  # the syllable before `end` left out
        candidate = (covered, fewer, uses, found if found and found[-1] is None else [*found, None])
        for length in range(2, min(_LONGEST_WORD, end) + 1):
            spelled = known.get(tuple(syllables[end - length : end]))
            if spelled is None:
                continue
            before = best[end - length]
            option = (before[0] + length, before[1] - 1, before[2] + spelled[1], [*before[3], spelled[0]])
            if option[:3] > candidate[:3]:
                candidate = option
        best[end] = candidate
    found = best[count][3]
    return found if any(found) else None


def decoded_pinyin(text: str) -> str | None:
    """`text` (folded) with each run of pinyin read as the words it spells (`sheng cheng shi AI suan fa bei an` → 生成
    AI 算法备案); None when it holds no run of two syllables or more that spells a word. Latin words that are not pinyin
    (AI, GPTQ) stay as typed."""
    if not any(char.isascii() and char.isalpha() for char in text):
        return None
    changed = False

    def read(match: re.Match) -> str:
        nonlocal changed
        out: list[str] = []
        pinyin: list[str] = []
        for word in [*match.group(0).split(), None]:
            cut = split_pinyin(word) if word and not _CAPITALS.fullmatch(word) else None
            if cut:
                pinyin += cut
                continue
            if len(pinyin) >= 2 and (spelled := words_of_syllables(pinyin)):
                runs = "".join(part or " " for part in spelled).split()  # a left-out syllable parts the words
                out.append(" ".join(runs))
                changed = True
            elif pinyin:
                out.append(" ".join(pinyin))
            pinyin = []
            if word:
                out.append(word)
        return f" {' '.join(out)} "

    decoded = " ".join(_LATIN_RUN.sub(read, text).split())
    return decoded if changed else None


def _write(path: Path = WORDS) -> None:
    """Write `data/search/pinyin_words.txt` from jieba's dictionary: each syllable sequence and its most used word."""
    import jieba

    dictionary = Path(jieba.__file__).resolve().parent / "dict.txt"
    best: dict[str, tuple[int, str]] = {}
    for line in dictionary.read_text(encoding="utf-8").splitlines():
        word, uses, *_rest = line.split()
        if not (2 <= len(word) <= 4 and int(uses) >= _FEWEST_USES and all(CJK.match(char) for char in word)):
            continue
        sound = " ".join(chinese_syllables(word))
        if sound.count(" ") + 1 == len(word) and (sound not in best or best[sound][0] < int(uses)):
            best[sound] = (int(uses), word)
    header = (
        "# Toneless syllables, the word they most likely spell and its count of uses, tab-separated: jieba's dictionary\n"
        f"# (MIT), its words of two to four characters used {_FEWEST_USES} times or more. Written by\n"
        "# `python -m analysis.pinyin_words`.\n"
    )
    body = "".join(f"{sound}\t{word}\t{uses}\n" for sound, (uses, word) in sorted(best.items()))
    path.write_text(header + body, encoding="utf-8")


if __name__ == "__main__":
    _write(Path(sys.argv[1]) if len(sys.argv) > 1 else WORDS)
