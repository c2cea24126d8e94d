"""Load what text analysis loads lazily (the segmenter's dictionary, the table of invisible
characters, OpenCC's tables, pinyin and its syllables, the glossary), about a second per process,
when a process starts, so that the first search a new web process answers does not wait for it
(api/app.py)."""

from __future__ import annotations

from analysis.pinyin_words import decoded_pinyin
from analysis.regional import regional_forms
from analysis.regional_prefixes import warm as warm_regional_prefixes
from analysis.syllables import split_pinyin
from analysis.vocabulary import glossary
from analysis.words import pinyin_forms


def warm_up() -> None:
    glossary()
    pinyin_forms("預熱大模型\u200b")  # folding (invisible characters, OpenCC), segmenting, pinyin
    regional_forms("預熱")  # the Taiwan and Hong Kong phrase tables
    warm_regional_prefixes()  # the beginnings of Taiwan words, for suggestion prefixes that stop inside one
    split_pinyin("yure", partial_tail=True)  # the syllables pypinyin knows, and their beginnings
    decoded_pinyin("yu re")  # the words typed pinyin spells (about 0.4 s)
