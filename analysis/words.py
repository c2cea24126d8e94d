"""Chinese word segmentation (jieba's, through analysis/segment.py, with the AI vocabulary) and pinyin
(pypinyin), for the `*_words` and `*_pinyin` fields. Index time uses the search mode (a long word and
its parts: 大模型 → 模型, 大模型), query time the precise mode, so a query word always meets its
indexed form. Index time and query time go through the same segmenter.

Each function folds its text (analysis/normalize.py); the `*_folded` variants take text already
folded, so a document's views fold each text once."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pypinyin import Style, load_phrases_dict
from pypinyin.converter import UltimateConverter
from pypinyin.core import Pinyin

from analysis.normalize import CJK, fold
from analysis.segment import words


class _RememberingConverter(UltimateConverter):
    """pypinyin's lazy_pinyin converter (its defaults), remembering. pypinyin converts each piece of its
    own segmentation (a phrase, a character, a run of other text) on its own, so remembering the
    conversion of a piece changes no result; words repeat across documents far more than texts do,
    and converting cost about a fifth of a document's analysis."""

    @lru_cache(maxsize=65_536)  # noqa: B019 (one converter lives as long as the process anyway)
    def _remembered(self, words: str, style: Style, heteronym: bool, errors: str, strict: bool) -> list:
        return super().convert(words, style, heteronym, errors, strict)

    def convert(self, words, style, heteronym, errors, strict, **kwargs):
        if kwargs or not isinstance(errors, str):
            return super().convert(words, style, heteronym, errors, strict, **kwargs)
        # Callers only read the list (Pinyin.pinyin extends its own list with the items).
        return self._remembered(words, style, heteronym, errors, strict)


READINGS = Path(__file__).resolve().parent.parent / "data" / "search" / "readings.txt"


def _load_readings(path: Path = READINGS) -> None:
    """Teach pypinyin the readings of data/search/readings.txt (微调 wei tiao) before it converts anything: its
    phrases are global, and the converter below remembers what it converted."""
    phrases = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        word, *syllables = line.split()
        if len(syllables) != len(word):
            raise ValueError(f"{path.name}: {word} has {len(word)} characters and {len(syllables)} syllables")
        phrases[word] = [[syllable] for syllable in syllables]
    load_phrases_dict(phrases)


_load_readings()
lazy_pinyin = Pinyin(_RememberingConverter()).lazy_pinyin


def index_words(text: str | None) -> str:
    """Space-separated words of `text` for indexing (search mode: long words and their parts)."""
    return index_words_folded(fold(text))


def index_words_folded(folded: str) -> str:
    return " ".join(words(folded, search=True))


def query_words(text: str) -> list[str]:
    return words(fold(text))


# Function words: particles, prepositions, conjunctions and pronouns that hold a sentence together and name no
# topic. Nearly every body has them (的 is in almost all), so a clause asking for them reads almost every
# document's postings and finds nothing more: at 1M they made the words clause of a pasted title or a question
# the costliest part of its search (bench/RESULTS.md).
FUNCTION_WORDS = frozenset(
    "的 地 得 了 着 过 之 其 和 与 及 或 而 并 且 是 在 对 把 被 从 向 于 为 以 也 都 就 还 又 很 该 这 那 "
    "这个 那个 这些 那些 一个 一些 一下 我 你 他 她 它 我们 你们 他们 吗 呢 吧 啊 会 能 要 可以 做 "
    "a an the of to and or in on at by for with from as is are be was were it its this that these those "
    "when while if".split()
)


def is_function_word(word: str) -> bool:
    return word.casefold() in FUNCTION_WORDS


def content_words(found: list[str]) -> list[str]:
    """`found` (segmented words) without the function words, or all of them when that would leave none."""
    kept = [word for word in found if not is_function_word(word)]
    return kept or found


def pinyin_forms(text: str | None) -> str:
    """For each Chinese word of `text`: its full pinyin and its initials ('多模态' → 'duomotai dmt'),
    and for the whole text both joined up, so a typed prefix of the title finds it."""
    return pinyin_forms_folded(fold(text))


def pinyin_forms_folded(folded: str) -> str:
    forms: list[str] = []
    for word in words(folded):
        if CJK.search(word):
            forms.extend(_word_forms(word))
    return " ".join(dict.fromkeys(f.lower() for f in forms if f.isascii() and f.isalpha()))


@lru_cache(maxsize=131_072)
def _word_forms(word: str) -> tuple[str, str]:
    # A word's pinyin and initials depend on the word alone, and words repeat across titles: pypinyin's
    # own segmentation of each word, even with its conversions remembered, was a third of building a
    # story (issue 12).
    return "".join(lazy_pinyin(word)), "".join(lazy_pinyin(word, style=Style.FIRST_LETTER))


def pinyin_key(text: str | None) -> str:
    """The whole text in pinyin without spaces ('大模型评测' → 'damoxingpingce'), for prefix matches."""
    return pinyin_key_folded(fold(text))


def pinyin_key_folded(folded: str) -> str:
    return "".join(p for p in pinyin_pieces(folded) if p.isascii()).lower().replace(" ", "")[:200]


@lru_cache(maxsize=64)
def pinyin_pieces(folded: str) -> tuple[str, ...]:
    """lazy_pinyin of a title, remembered for the few calls that follow: a document's pinyin key and its
    syllables (analysis/syllables.py) read the same pieces, and pypinyin's own segmentation of the text
    is not remembered by the converter."""
    return tuple(lazy_pinyin(folded))


def initials_key(text: str | None) -> str:
    """The initials of the whole text's Chinese characters ('大模型评测' → 'dmxpc'), for prefix matches."""
    return initials_key_folded(fold(text))


def initials_key_folded(folded: str) -> str:
    letters = lazy_pinyin("".join(CJK.findall(folded)), style=Style.FIRST_LETTER)
    return "".join(letters).lower()[:100]


def is_pinyin_like(query: str) -> bool:
    """Latin letters only (spaces allowed): the query may be pinyin."""
    compact = fold(query).replace(" ", "")
    return bool(compact) and compact.isascii() and compact.isalpha()
