"""Which of a query's segmented words stand together, and which name a topic: the positions the words clause and the
glossary clause count (indexer/queries/text.py). The parts of a glossary term the segmenter splits (检索 增强 生成) and
a run of single characters (踩 雷) are one position; a position that is a glossary term naming a topic (not an aspect
such as 成本) is required among those `2<75%` asks for (`most_of`)."""

from __future__ import annotations

from functools import lru_cache

from analysis.normalize import CJK
from analysis.vocabulary import glossary
from analysis.words import query_words


def word_positions(words: list[str]) -> list[list[str]]:
    """The query's segmented words grouped by what must stand together: the parts of a glossary term the segmenter
    splits (terms of five characters or more stay out of its dictionary, analysis/vocabulary.segmentation_words, so
    that their parts are found apart: 检索增强生成 → 检索 增强 生成), and a run of single Chinese characters (踩雷 →
    踩 雷). Counted one by one, 检索增强生成 踩坑 was satisfied by 检索, 踩 and 坑 in a text on something else (踩坑 is
    one glossary word now)."""
    terms = _split_terms()
    positions: list[list[str]] = []
    at = 0
    while at < len(words):
        end = next(
            (end for end in range(len(words), at + 1, -1) if _key("".join(words[at:end])) in terms),
            at + 1,
        )
        if end == at + 1 and _single_character(words[at]):
            while end < len(words) and _single_character(words[end]):
                end += 1
        positions.append(words[at:end])
        at = end
    return positions


def _single_character(word: str) -> bool:
    return len(word) == 1 and bool(CJK.match(word))


def _key(text: str) -> str:
    """A term or a run of query words as compared here: without spaces and in lower case, since a mixed term is typed
    either way (生成式AI, 生成式 ai; AI 安全, ai安全) and its words are joined without spaces."""
    return text.replace(" ", "").lower()


@lru_cache(maxsize=4)
def _terms_split_in(glossary_groups: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    return frozenset(
        _key(term) for group in glossary_groups for term in group if CJK.search(term) and len(query_words(term)) > 1
    )


def _split_terms() -> frozenset[str]:
    """The glossary's Chinese terms (mixed ones too) that the segmenter splits into more than one word, as `_key`s
    (cached per glossary)."""
    return _terms_split_in(glossary().groups)


def asks_for_topics(count: int, topics: int, *, topics_suffice: bool = False) -> bool:
    """`most_of` requires the topics among `count` choices: three or more, with at least one topic and fewer topics
    than 2<75% asks for (with more, any of them may be missing, as before). A question's topics (`topics_suffice`)
    also when they are as many as 2<75% asks for: 大模型幻觉怎么解决 asks for 大模型 and 幻觉, not for any two of its
    three words (a text on chips whose title says 没解决 and whose summary says 大模型)."""
    needed = int(count * 0.75)
    return count > 2 and (0 < topics < needed or (topics_suffice and topics == needed))


def most_of(
    choices: list[dict],
    required: list[bool],
    boost: float | None = 1.5,
    *,
    topics_suffice: bool = False,
    broad: list[bool] | None = None,
) -> dict:
    """Most of `choices` required (2<75%: all of one or two, two of three, three of four or five…), and among them
    every one marked `required` (a topic of the glossary): 投机解码 开源实现 no longer finds 深度解析开源数据集：原理、实现与局限
    by its two other words. As many are required as before; only which ones may be missing changed.

    `topics_suffice` (the topic of a question, indexer/queries/text.py): the topics alone are required and the other
    words only score, where 2<75% would ask for more than the topics. A reader's question says more than the articles
    answering it (为什么 Agent 容易失败, 人形机器人现在到什么水平了): its topic is what they must hold.

    `broad`: the choices naming a concept the site names everywhere (indexer/concept_shares.py). Beside a narrower
    topic they only score, and the rest is counted without them: 量化 大模型 asks for quantization, and ranks first
    the texts on it that also say 大模型. Alone, or beside plain words only, a broad concept is asked for as any topic."""
    weight = {"boost": boost} if boost is not None else {}
    if broad and any(topic and not wide for topic, wide in zip(required, broad, strict=True)) and any(broad):
        narrow = [(choice, topic) for choice, topic, wide in zip(choices, required, broad, strict=True) if not wide]
        rest = most_of([c for c, _ in narrow], [t for _, t in narrow], None, topics_suffice=topics_suffice)
        scored = [choice for choice, wide in zip(choices, broad, strict=True) if wide]
        return {"bool": {"must": [rest], "should": scored, **weight}}
    if not asks_for_topics(len(choices), sum(required), topics_suffice=topics_suffice):
        return {"bool": {"should": choices, "minimum_should_match": "2<75%", **weight}}
    must = [choice for choice, topic in zip(choices, required, strict=True) if topic]
    should = [choice for choice, topic in zip(choices, required, strict=True) if not topic]
    if topics_suffice:
        return {"bool": {"must": must, "should": should, **weight}}
    needed = int(len(choices) * 0.75)  # what 2<75% asks of three or more
    return {"bool": {"must": must, "should": should, "minimum_should_match": needed - len(must), **weight}}


def topic_groups(positions: list[list[str]]) -> list[tuple[str, ...] | None]:
    """For each position, the glossary group it names when it is a whole term of a topic (not an aspect such as 成本),
    else None."""
    topics = glossary().topic_by_key
    return [topics.get(_key("".join(position))) for position in positions]


# The fewest characters of a Chinese word that a longer term of the query's concept may say (a single character is
# in too many terms: 模 of 大模型).
_SAID_MIN_CHINESE = 2


def said_by(word: str, groups: list[tuple[str, ...] | None]) -> tuple[str, ...] | None:
    """The group among `groups` one of whose longer terms holds `word` (a plain word of the query, no term of its own):
    推荐系统 算法 asks for recommender systems, and 推荐算法 is one of their terms, so a text on them answers it without
    the word 算法; likewise 多模态 模型 (多模态大模型), LLM 模型 (大语言模型), AI 编程 助手 (编程助手). Required as typed, such
    a word outranked the concept (a text titled …算法工程师的观察 that names 推荐系统 once in its body came first)."""
    word = word.lower()
    latin = word.isascii()
    if not latin and len(word) < _SAID_MIN_CHINESE:
        return None
    for group in groups:
        if group is None:
            continue
        for term in group:
            if term == word:
                break  # the word is the group's own term: no other group says it for it
            if (word in term.split()) if latin else (word in term):
                return group
    return None
