"""A question asking what, why or how with no kind named (analysis/understanding.Understood.explaining) asks for an
explanation: the articles on its topic first, and among them those written to explain (a 科普, an 入门 guide, a
piece that `explains`). One more alternative of the text query (indexer/queries/text.py). The same for a question
asking where a topic stands (the reports on it: a weekly, the latest progress) and for one asking which to pick (the
articles weighing the choices): `answers_first`."""

from __future__ import annotations

import re

from analysis.understanding import Understood
from analysis.vocabulary import concept_id, glossary
from analysis.words import is_function_word, query_words
from indexer.queries.concepts import broad_ids, group_clause, named_in_title

# The kinds that explain a topic, and the weight of their title naming it.
EXPLAINING_KINDS = ("story",)
EXPLAINING_WEIGHT = 2.0
# A title naming the topic by its concepts (知识蒸馏 for `knowledge distillation`) scores them this much more, which
# puts it level with a title in the query's own words.
EXPLAINING_CONCEPT_WEIGHT = 3.0
# Words by which a title says it explains its subject, whatever the subject: an introduction, a primer, a guide, a
# walk through how it works. Chinese ones as the title's segmented words, English ones stemmed (`explained` =
# `explain`): neither is a highlighted field, so a title's 科普 is not marked for a query that never typed it. Not 原理
# (深度解析…：原理、实现与局限): deep dives then came before the first looks a what-is question asks for; two lists, a
# first look for what and how it works for why and how, ranked the judged questions worse than one (docs/search.md).
EXPLAINER_TITLE_WORDS = (
    "科普 读懂 入门 详解 图解 解读 理解 指南 教程 浅谈 初探 从零开始 新手",
    "explained explainer introduction intro primer guide tutorial basics beginners principles walkthrough practical",
)
# Words by which a title says it reports where its subject stands (a weekly, the latest progress, an observer's view,
# what is next or still unsolved), for a question asking so (analysis/understanding.Understood.asking_state).
STATE_TITLE_WORDS = (
    "进展 最新进展 周报 月报 盘点 观察 风口 趋势 现状 前景 未来 展望 动态 高估 低估 一步",
    "state progress trends roundup weekly outlook future next",
)
# Words by which a title says it weighs the choices (a selection, a comparison, a benchmark of the options, a team's
# account of dropping one), for a question asking which one to pick (analysis/understanding.Understood.choosing).
CHOOSING_TITLE_WORDS = (
    "选型 对比 比较 横评 方案 评测 取舍 放弃",
    "compared comparison versus vs benchmarked choosing",
)
# Added to an explaining title naming the topic (before EXPLAINING_WEIGHT): among the articles on a topic, whose
# scores differ by their titles' lengths, the one written to explain comes first, and above papers titled with the
# question's own English words.
EXPLAINER_SCORE = 25.0


def explanations_first(
    topic: str,
    concepts: frozenset[str],
    either: bool = False,
    title_words: tuple[str, str] = EXPLAINER_TITLE_WORDS,
    projects: bool = False,
    tools: bool = False,
) -> dict:
    """The kinds that explain a topic, when their title names it (all its bigrams, or most of its concepts), score
    that title match once more, so articles on the topic come before papers and projects naming it, and a title
    saying it explains (`explainer_title`) adds a fixed score. One more alternative of the text query (it finds
    nothing the topic's own clauses do not), where the engine can skip documents by their best possible score: a
    constant added to every story reordered nothing (a title naming the topic scores tens of points), and a factor on
    the whole score (`function_score`) or an optional clause beside the text query kept the engine from skipping and
    doubled a broad question's time at 1M (bench/RESULTS.md). `either`: a comparison (RLHF 和 DPO 的区别), which an
    article on either of its concepts explains in part; few titles name both, and the projects named after one came
    first. `title_words`: the words by which a title says it answers (STATE_TITLE_WORDS for a question asking where
    the topic stands)."""
    groups, rest = glossary().concepts(topic)
    if groups and _broad_beside_names(groups, rest, concepts):
        groups = []  # the title must hold the topic's own words: 大模型 alone is no topic of the question
    in_own_words = {"multi_match": {"query": topic, "fields": ["title", "title_cn"], "operator": "and"}}
    named = [in_own_words]
    # The title itself names the topic (a concept id is also on documents whose tags or summaries name it).
    titled = (
        {
            "bool": {
                "should": [named_in_title(group) for group in groups],
                "minimum_should_match": 1 if either else "2<75%",
            }
        }
        if groups
        else in_own_words
    )
    if groups:
        # Most of its concepts named in the title, scored by them only, as much as a title naming the topic in the
        # query's own words: an English question about a concept then ranks the Chinese articles naming it (知识蒸馏
        # for knowledge distillation) with the papers titled in English. The question's other words are not asked for
        # (为什么 Agent 容易失败: the articles on agents), as the topic's words clause asks only for its topics. In the
        # title, not by the concept id alone: a story whose summary or tags name one of two concepts (怎么评测大模型:
        # a 评测 of another topic whose summary says 大模型) is not an explanation of the question's topic.
        parts = [group_clause(group, concepts) for group in groups]
        named.append({"bool": {"filter": [titled], "should": parts, "boost": EXPLAINING_CONCEPT_WEIGHT}})
    articles = {
        "bool": {
            "filter": [{"terms": {"type": list(EXPLAINING_KINDS)}}],
            "must": [{"bool": {"should": named, "minimum_should_match": 1}}],
            "should": [explainer_title(titled, title_words)],
            "boost": EXPLAINING_WEIGHT,
        }
    }
    if not groups or not projects:
        # The projects' alternative only where they answer (how to do it, how to learn it): a clause scoring up to an
        # explanation's 25 over few documents keeps the engine from skipping the rest, and doubled 为什么 RAG 上线后效果不好
        # at 1M (42 -> 95 ms).
        return articles
    projects = _tutorial_projects(groups, concepts, either, tools)
    return {"bool": {"should": [articles, projects]}} if projects else articles


_TEACHING: dict[str, tuple[object, list]] = {}


def _teaching_groups() -> list:
    """The glossary groups among EXPLAINER_TITLE_WORDS (教程 / tutorial, 指南 / guide): a project tagged or described so
    says it teaches. Looked up once per glossary (about a millisecond)."""
    known = glossary()
    cached = _TEACHING.get("groups")
    if cached is None or cached[0] is not known:
        cached = (known, known.concepts(" ".join(EXPLAINER_TITLE_WORDS))[0])
        _TEACHING["groups"] = cached
    return cached[1]


def _tutorial_projects(groups: list, concepts: frozenset[str], either: bool, tools: bool = False) -> dict | None:
    """Projects that teach the topic (a repository of notebooks, a course) explain it as an article does: their
    description names it (`body_concepts`) and they say they teach (a tag, topic or description naming the glossary's
    教程 / tutorial or 指南 / guide: `_teaching_groups`, by concept ids, which costs little at 1M; the same words as body
    text were a tenth of an explaining question's time there). Scored as an explaining title is."""
    parts = [group_clause(group, concepts) for group in groups]
    # named by the description itself (`body_concepts`): a repository's owner (moe-works) names nothing it teaches
    described = [{"term": {"body_concepts": concept_id(group)}} for group in groups if concept_id(group) in concepts]
    if not described:
        return None
    about = {"bool": {"should": described, "minimum_should_match": 1 if either else "2<75%"}}
    teaching = _teaching_groups()
    if not teaching:
        return None
    teaches = {"bool": {"should": [group_clause(group, concepts) for group in teaching], "minimum_should_match": 1}}
    # a how-to question (`tools`): any project doing it answers, those that teach it first
    required = [{"term": {"type": "project"}}, about, *([] if tools else [teaches])]
    return {
        "bool": {
            "filter": required,
            "should": [
                {"bool": {"should": parts, "boost": EXPLAINING_CONCEPT_WEIGHT}},
                {"constant_score": {"filter": teaches, "boost": EXPLAINER_SCORE}},
            ],
            "boost": EXPLAINING_WEIGHT,
        }
    }


def _broad_beside_names(groups: list[tuple[str, ...]], rest: str, concepts: frozenset[str]) -> bool:
    """Every concept of a question's topic is one the site names everywhere (大模型), beside Latin words no glossary
    term holds (how to prevent XSS when rendering LLM output: XSS, rendering, output…): the explainers and tools of the
    broad concept (every 大模型 primer) are no answer to it. Not beside Chinese words only (从零学大模型的实战: the
    tutorials on 大模型 answer it)."""
    broad = broad_ids(concepts)
    if not broad or not all(concept_id(group) in broad for group in groups):
        return False
    return any(word.isascii() and word.isalnum() and not is_function_word(word) for word in query_words(rest))


def explainer_title(titled: dict, title_words: tuple[str, str] = EXPLAINER_TITLE_WORDS) -> dict:
    """A title naming the topic (`titled`) and holding one of `title_words` (Chinese, English), as a fixed score."""
    chinese, english = title_words
    says_it_explains = {
        "bool": {
            "should": [{"match": {"title_words": {"query": chinese}}}, {"match": {"title.en": {"query": english}}}]
        }
    }
    return {"constant_score": {"filter": {"bool": {"filter": [says_it_explains, titled]}}, "boost": EXPLAINER_SCORE}}


def answers_first(understood: Understood, concepts: frozenset[str]) -> dict | None:
    """The articles answering the kind of question asked, first (one more alternative of the text query): for where a topic
    stands (人形机器人现在到什么水平了) the reports on it; for which one to pick (向量数据库选哪个) the ones weighing the
    choices, of either topic when two are named; for what, why or how, or how two differ, the explanations."""
    core = understood.core
    if understood.asking_state:
        return explanations_first(core, concepts, title_words=STATE_TITLE_WORDS)
    if understood.choosing or picks_between_two(understood):
        return explanations_first(core, concepts, either=names_two_topics(core), title_words=CHOOSING_TITLE_WORDS)
    if understood.explaining or (understood.comparing and names_two_topics(core)):
        projects = understood.doing or understood.learning
        return explanations_first(
            core, concepts, either=understood.comparing, projects=projects, tools=understood.doing
        )
    return None


def picks_between_two(understood: Understood) -> bool:
    """Which of two named topics or names is better (RAG 和长上下文哪个好, PyTorch 还是 JAX 哪个好): a choice, not a request
    for a tool."""
    core = understood.core
    return understood.asks_which_is_better and (names_two_topics(core) or _names_two_names(core))


# Names set apart by `and`, `or` or a space (LangGraph 和 AutoGen): what a choice between names compares.
_BETWEEN_NAMES = re.compile(r"\s*(?:和|与|跟|或者|或|、|\s+(?:and|or|vs\.?)\s+|\s)\s*", re.IGNORECASE)


def _names_two_names(text: str) -> bool:
    """Two or three Latin names and nothing else in `text` (vLLM 和 SGLang)."""
    parts = [part for part in _BETWEEN_NAMES.split(text) if part]
    return 2 <= len(parts) <= 3 and all(part.isascii() and part.isalnum() for part in parts)


def names_two_topics(text: str) -> bool:
    """Two glossary topics (not aspects) in `text`: what a comparison (剪枝与知识蒸馏对比) compares."""
    known = glossary()
    return len(known.topical(known.concepts(text)[0])) >= 2
