"""Glossary concepts at index time (issue 12): documents carry the ids of the glossary groups they
name, and a search asks for a group by its id instead of every synonym in every field. Unit tests of
the matching and the query, then the demo corpus in a real Elasticsearch: the id finds what the
synonyms found, and a group edited after the index was built is still found, by its terms."""

from __future__ import annotations

import pytest
from elasticsearch import Elasticsearch

from analysis.normalize import fold
from analysis.stems import AGENT_MARK, PROPERTY_MARK, latin_stems
from analysis.views import text_views
from analysis.vocabulary import Glossary, concept_id, glossary
from indexer.lifecycle import create_versioned_index, indexed_concepts
from indexer.queries.concepts import concept_term
from indexer.queries.text import text_query
from store import cache_generation
from store.redis_client import redis_client
from tests.support import ES_URL, data_of

LLM = ("大模型", "大语言模型", "llm", "large language model")
RAG = ("检索增强生成", "rag", "retrieval augmented generation")
SMALL = Glossary((LLM, RAG))


def names(ids: list[str]) -> list[str]:
    by_id = {concept_id(group): group[0] for group in SMALL.groups}
    return [by_id[i] for i in ids]


def test_a_chinese_term_is_found_inside_a_title_or_a_tag_but_not_in_the_summary():
    assert names(SMALL.concept_ids([fold("多模态大模型评测")])) == ["大模型", "大模型"]  # a title counts twice
    assert names(SMALL.concept_ids(["周报"], [fold("检索增强生成")])) == ["检索增强生成"]
    assert SMALL.concept_ids(["周报"], [], "本周的大模型新闻") == []


def test_a_summary_or_body_names_its_concepts_once_in_their_own_field():
    # issue 36: the body's concepts are a field of their own, which the search weighs far below `concepts`
    assert names(SMALL.body_concept_ids([fold("本周的大模型新闻"), "notes on retrieval augmented generation"])) == [
        "大模型",
        "检索增强生成",
    ]
    assert names(SMALL.body_concept_ids(["大模型 大语言模型 llm"])) == ["大模型"]  # once, however often
    assert SMALL.body_concept_ids(["fragile leverage", ""]) == []


def test_a_latin_term_is_found_as_stemmed_words_at_case_changes_and_in_the_summary():
    assert names(SMALL.concept_ids(["Large Language Models at scale"])) == ["大模型", "大模型"]
    assert names(SMALL.concept_ids(["JadeRAG: a benchmark"])) == ["检索增强生成", "检索增强生成"]
    assert names(SMALL.concept_ids(["周报"], [], "Notes on LLMs in production")) == ["大模型"]
    # Words, not letters: no 'rag' in storage, no 'llm' in 'allm'.
    assert SMALL.concept_ids(["Storage for allms"], [], "fragile leverage") == []


def test_several_terms_of_a_group_count_once_each():
    found = SMALL.concept_ids([fold("大语言模型（LLM）入门")])
    assert names(found) == ["大模型"] * 4  # two terms (大语言模型, llm), in a title
    assert names(SMALL.concept_ids([fold("LLM 周报")], [fold("大模型")])) == ["大模型"] * 3


def test_an_edited_group_has_a_new_id():
    assert concept_id(LLM) == concept_id(tuple(LLM))
    assert concept_id(LLM) != concept_id((*LLM, "基座模型"))


def test_text_views_give_the_concepts_as_words_the_field_counts():
    views = text_views(["RAG 实战"], ["正文"], tag_labels=["大模型"], summary="About LLM agents")
    ids = views["concepts"].split()
    rag, llm = concept_id(glossary().groups[3]), concept_id(glossary().groups[0])
    assert glossary().groups[3][1] == "rag" and glossary().groups[0][0] == "大模型"
    assert ids.count(rag) == 2 and ids.count(llm) == 2  # 大模型 in a tag, llm in the summary
    assert text_views(["随笔一则"])["concepts"] is None


def test_latin_stems_follow_the_engines_porter_stemmer():
    assert latin_stems("agents") == [("agent",)]
    assert latin_stems("FlashAttention-3") == [("flash", "attent", "3"), ("flashattent", "3")]


@pytest.mark.parametrize(
    ("text", "names", "not_named"),
    [
        ("Vision Transformers at scale", {"变换器"}, set()),
        ("How to transform tabular data", set(), {"变换器"}),  # Porter: transformer → transform
        ("Training a new tokenizer", {"分词器"}, set()),
        ("Tokens per second on one GPU", set(), {"分词器"}),  # tokenizer → token
        ("Interpretable reward models", {"可解释性"}, set()),
        ("Attention explained in 5 minutes", set(), {"可解释性"}),  # explainability → explain
        ("Weekly AI news roundup", {"ai日报"}, set()),
        ("A new benchmark for agents", set(), {"ai日报"}),  # news → new
        ("Why LLMs hallucinate", {"幻觉"}, set()),  # a verb still names its noun
        ("Quantized LLMs on phones", {"量化"}, set()),
    ],
)
def test_a_stem_porter_made_by_taking_an_agent_or_a_property_off_names_only_its_own_forms(text, names, not_named):
    """Porter reads a transformer as `transform`, a tokenizer as `token`, explainability as `explain` and news as `new`:
    every text saying transform, tokens, explained or new named those groups (分词器 listed the articles on MoE, whose
    summaries count tokens). Such stems keep a mark of what was taken off (analysis/stems.py)."""
    known = glossary()
    by_id = {concept_id(group): group[0] for group in known.groups}
    named = {by_id[i] for i in known.concept_ids([fold(text)])}
    assert names <= named and not (not_named & named), named


def _glossary_clause(query: dict) -> dict:
    return query["bool"]["should"][-1]


def test_the_query_asks_for_an_indexed_group_by_its_id_and_for_any_other_by_its_terms():
    group = glossary().concepts("检索增强生成")[0][0]
    by_id = _glossary_clause(text_query("检索增强生成", frozenset([concept_id(group)])))
    named, in_bodies = by_id["bool"]["should"]
    assert named["bool"]["should"][0] == {"term": {"concepts": {"value": concept_id(group), "boost": 3}}}
    # beside it, the group named only in a summary or body, at a small fixed score (issue 36)
    body_term = {"term": {"body_concepts": concept_id(group)}}
    assert body_term in in_bodies["constant_score"]["filter"]["bool"]["should"][0]["bool"]["should"]
    assert in_bodies["constant_score"]["boost"] < 0.6
    by_terms = _glossary_clause(text_query("检索增强生成"))
    assert by_terms["bool"]["should"][0]["bool"]["should"] == [concept_term(term) for term in group]


def _found(es: Elasticsearch, alias: str, query: dict) -> set[str]:
    body = {
        "size": 500,
        "_source": False,
        "query": {"bool": {"must": [query], "must_not": [{"term": {"type": "person"}}]}},
    }
    return {hit["_id"] for hit in es.search(index=alias, body=body)["hits"]["hits"]}


def _holds(name: str, term: str) -> bool:
    """A glossary term inside a longer one: Chinese as characters, Latin as consecutive stemmed words."""
    if not term.isascii():
        return term in name and term != name
    runs = [stems for stems in latin_stems(name)]
    return any(
        len(run) < len(stems) and any(stems[i : i + len(run)] == run for i in range(len(stems)))
        for run in latin_stems(term)
        for stems in runs
    )


def _own_names_holding(group: tuple[str, ...]) -> list[str]:
    """The terms of other groups marked names of their own (!) that hold a term of `group`."""
    return [name for own in glossary().own_names if own != group for name in own if any(_holds(name, t) for t in group)]


def test_the_id_finds_the_documents_the_synonyms_found(demo_stack):
    """On the demo corpus: every story, paper, event and project the terms of a group find in titles,
    tags and summaries carries the group's id."""
    es = Elasticsearch(ES_URL)
    assert indexed_concepts(es, demo_stack.alias) == frozenset(glossary().ids)
    checked = 0
    for group in glossary().groups:
        if group[0] == "视觉语言模型":  # the engine reads `vision-language-action` as holding `vision-language model`
            continue
        if group[0] == "视觉 transformer":  # by terms, its words anywhere in a title: 图 Transformer … 视觉-语言
            continue
        by_terms = _found(es, demo_stack.alias, {"bool": {"should": [concept_term(t) for t in group]}})
        by_id = _found(es, demo_stack.alias, {"term": {"concepts": concept_id(group)}})
        if any(
            AGENT_MARK in stem or PROPERTY_MARK in stem for t in group for stems in latin_stems(t) for stem in stems
        ):
            # the engine's Porter reads `token` as tokenizer; the id, on purpose, does not (analysis/stems.py). A
            # project's description and topics name its concepts too (analysis/views `naming`), where the terms are
            # not looked for.
            assert by_id - described(es, demo_stack.alias, group) <= by_terms, (group, sorted(by_id - by_terms))
            continue
        # A term found inside a name of its own (量化 in 向量量化) names nothing there: those documents may lack the id.
        names = _own_names_holding(group)
        inside = (
            _found(es, demo_stack.alias, {"bool": {"should": [concept_term(t) for t in names]}}) if names else set()
        )
        assert by_terms - inside <= by_id, (group, sorted(by_terms - inside - by_id))
        checked += bool(by_terms)
    assert checked >= 40  # most groups are named somewhere in the demo corpus


def described(es: Elasticsearch, alias: str, group: tuple[str, ...]) -> set[str]:
    """The projects whose description or topics name `group` (by its id), found by the terms or not."""
    query = {"bool": {"filter": [{"term": {"type": "project"}}, {"term": {"concepts": concept_id(group)}}]}}
    return _found(es, alias, query)


def test_an_index_made_without_glossary_ids_reports_none(demo_stack):
    es = Elasticsearch(ES_URL)
    alias = f"{demo_stack.alias}-bare"
    index = create_versioned_index(es, alias, attach=True)
    try:
        es.indices.put_mapping(index=index, body={"_meta": {"version": 6}})  # as an index made before the ids
        assert indexed_concepts(es, alias) == frozenset()
    finally:
        es.indices.delete(index=index)


def test_a_group_edited_after_the_index_was_built_is_found_by_its_terms(demo_stack, tmp_path):
    from analysis import vocabulary

    edited = tmp_path / "glossary.txt"
    text = vocabulary.GLOSSARY.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("检索增强生成"))
    edited.write_text(text.replace(line, line + ", 检索增强式生成"), encoding="utf-8")
    with demo_stack.client() as client:
        before = data_of(client.get("/api/v2/search", query_string={"q": "检索增强式生成", "size": 50}))
    # An app whose glossary (never saved by an editor on this database) is the edited file.
    with demo_stack.app(glossary_file=edited).test_client() as client:
        cache_generation.bump(redis_client(demo_stack.settings().redis_url), demo_stack.alias)  # not the answer above
        group = glossary().concepts("检索增强式生成")[0][0]
        assert concept_id(group) not in indexed_concepts(Elasticsearch(ES_URL), demo_stack.alias)
        after = data_of(client.get("/api/v2/search", query_string={"q": "检索增强式生成", "size": 50}))
    assert before["total"] < after["total"]
    rag = data_of(demo_stack.client().get("/api/v2/search", query_string={"q": "RAG", "size": 50}))
    assert {item["id"] for item in rag["list"]} & {item["id"] for item in after["list"]}


def test_synonyms_found_by_the_id_are_still_highlighted(client):
    page = data_of(client.get("/api/v2/search", query_string={"q": "检索增强生成", "size": 50}))
    titles = [
        title
        for item in page["list"]
        for key, titles in item["highlight"].items()
        if key.endswith("title")
        for title in titles
    ]
    assert any("<em>RAG</em>" in title for title in titles), titles
    assert any("<em>检索增强生成</em>" in title for title in titles), titles


def test_a_line_marked_with_a_tilde_is_an_aspect():
    from analysis.vocabulary import _parsed, _text_lines

    parsed = _parsed(_text_lines("~成本, cost, costs\n语音合成, TTS\n# ~a comment, not a group\n"))
    cost, speech = ("成本", "cost", "costs"), ("语音合成", "tts")
    assert parsed.groups == (cost, speech) and parsed.aspects == frozenset({cost})
    assert parsed.topical([cost, speech]) == [speech]
    assert set(parsed.concepts("TTS cost")[0]) == {cost, speech}


def test_a_term_inside_a_name_of_its_own_does_not_name_its_group():
    """Vector quantization is no model quantization (量化), proximal policy optimization no policy (政策法规), token
    merging no tokenizer, a bootcamp (训练营) no training: a line marked ! holds names of their own. Counted as their
    words, a search for 量化 listed the vector-quantization papers beside the model-quantization ones, and 分词器 the
    token-merging papers. A longer term holding one of them (视觉语言模型 holds 视觉 of the ! group of 计算机视觉) still
    names its own group, and a text naming the shorter term elsewhere still names it."""
    from analysis.vocabulary import _parsed, _text_lines

    parsed = _parsed(
        _text_lines(
            "量化, quantization, 模型量化\n!向量量化, vector quantization, VQ\n政策法规, policy, regulation\n"
            "!近端策略优化, proximal policy optimization, PPO\n!~工作坊, 训练营, workshop\n训练, training\n"
            "!计算机视觉, computer vision, 视觉\n视觉语言模型, vision language model, VLM\n"
            "!令牌合并, token 合并, token merging\n分词器, tokenizer\n"
        )
    )
    quantization, vq, policy, ppo, workshop, training, vision, vlm, merging, tokenizer = parsed.groups
    assert parsed.own_names == frozenset({vq, ppo, workshop, vision, merging})
    assert parsed.aspects == frozenset({workshop})

    def named(*titles: str) -> set[str]:
        by_id = {concept_id(group): group[0] for group in parsed.groups}
        return {by_id[i] for i in parsed.concept_ids([fold(t) for t in titles])}

    assert named("Rethinking Vector Quantization for Retrieval") == {"向量量化"}
    assert named("向量量化在检索中的应用") == {"向量量化"}
    assert named("Proximal Policy Optimization for LLMs") == {"近端策略优化"}
    assert named("AI 训练营报名") == {"工作坊"}
    assert named("视觉语言模型综述") == {"计算机视觉", "视觉语言模型"}
    # the shorter term standing on its own, beside the name or without it
    assert named("向量量化与模型量化") == {"向量量化", "量化"}
    assert named("Vector quantization meets post-hoc quantization") == {"向量量化", "量化"}
    assert named("AI policy after proximal policy optimization") == {"政策法规", "近端策略优化"}
    assert named("训练营里的训练技巧") == {"工作坊", "训练"}
    # a name mixing Latin and Chinese, in a paper's Chinese title (the `token` of Token 合并 is no tokenizer's stem)
    assert named("Token 合并何时有助于长上下文建模") == {"令牌合并"}
    assert named("Token合并与 Tokenizer 的取舍") == {"令牌合并", "分词器"}
    assert set(map(concept_id, [merging])) == set(parsed.body_concept_ids([fold("Token 合并何时有效")]))
    # a query is read the same way: the longest terms first
    assert parsed.concepts("向量量化")[0] == [vq]


def test_a_querys_latin_words_name_a_group_by_their_stems_as_a_documents_do():
    """At index time a document's Latin words name a group by their stems (`concept_ids`); a query's words did only
    as typed, so `why do llms hallucinate` named no hallucination and listed every explainer on LLMs. The words
    left over are now read by their stems too, the longest term first."""
    pruning = ("剪枝", "pruning")
    explaining = ("可解释性", "explainability")
    small = Glossary((LLM, RAG, pruning, explaining))
    groups, rest = small.concepts("how to prune large language models")
    assert groups == [pruning, LLM] and rest == "how to"
    assert small.concepts("rag系统")[0] == [RAG]  # a Latin word beside Chinese characters, not cut from it
    # a term naming a property shares the stem of a verb that means something else
    assert small.concepts("pruning explained") == ([pruning], "explained")
    assert small.concepts("storage") == ([], "storage")


def test_a_hyphenated_word_names_a_group_by_its_parts_stems():
    """A document's `fine-tuned` names the group of fine-tuning at index time (its parts are stemmed apart); a
    query's `fine-tune` named nothing, so `how to fine-tune llm` listed every explainer on LLMs. A hyphenated word
    whose parts read as terms and nothing else names their groups; one that does not stays a word."""
    tuning = ("微调", "fine-tuning")
    supervised = ("自监督学习", "self-supervised learning")
    small = Glossary((LLM, tuning, supervised))
    assert small.concepts("how to fine-tune llm") == ([LLM, tuning], "how to")
    assert small.concepts("fine-tuned models") == ([tuning], "models")
    assert small.concepts("self-supervised learning")[0] == [supervised]
    assert small.concepts("gpt-4 fine-tune") == ([tuning], "gpt-4")  # parts naming no term: the word stays
    assert small.concepts("state-of-the-art") == ([], "state-of-the-art")


def test_words_readers_say_instead_of_the_terms_name_the_same_concepts():
    """Colloquial names (胡说八道 for hallucination, 智驾 for autonomous driving, 语音转文字 for speech recognition, 向量库 for
    a vector database) are glossary terms: a query typed with them asks for the concept (data/search/glossary.txt)."""
    for colloquial, term in [
        ("大模型胡说八道", "幻觉"),
        ("智驾方案", "自动驾驶"),
        ("语音转文字", "语音识别"),
        ("向量库", "向量数据库"),
        ("多 Agent 协作", "多智能体"),  # the corpus's own name for multi-agent
        ("AI 新闻", "ai日报"),  # news: the digests (AI 新闻 found nothing)
    ]:
        groups, _rest = glossary().concepts(colloquial)
        assert any(term in group for group in groups), (colloquial, groups)


def test_a_term_mixing_latin_and_chinese_is_found_run_together_too():
    """Readers type AI安全 and AI编程助手 as often as AI 安全: read apart, the site's subject and the word 安全 were found
    instead of the concept. A document's title running them together names the concept too."""
    groups, _rest = glossary().concepts("ai安全 对齐")
    assert any("ai 安全" in group for group in groups) and not any("ai" in group for group in groups)
    assert not any("ai 编程" in group for group in glossary().concepts("openai编程")[0])  # not inside a word
    ai_coding = next(group for group in glossary().groups if "ai 编程" in group)
    assert concept_id(ai_coding) in glossary().concept_ids([fold("AI编程助手实测")])


def test_serving_and_training_terms_the_bodies_write_in_chinese_have_their_english_names():
    """前缀缓存, 连续批处理, 门控网络…: articles explain them in Chinese only, so `prefix caching` found nothing."""
    for english, chinese in [
        ("prefix caching", "前缀缓存"),
        ("paged attention", "分页注意力"),
        ("message passing", "消息传递"),
    ]:
        groups, _rest = glossary().concepts(english)
        assert any(chinese in group for group in groups), (english, groups)


def test_a_term_of_several_words_typed_as_one_is_written_apart():
    """kvcache, longcontext: readers run a term's words together; the texts write them apart."""
    from analysis.vocabulary import glossary

    known = glossary()
    assert known.spaced_latin_terms("kvcache优化") == "kv cache优化"
    assert known.spaced_latin_terms("LongContext 评测") == "long context 评测"
    assert known.spaced_latin_terms("rag moe deepseek") == "rag moe deepseek"  # words of their own stay
    assert known.spaced_latin_terms("kvcaches") == "kvcaches"  # only a whole word


def test_a_compound_terms_parts_typed_apart_name_the_compound():
    """Readers type a compound term's parts apart, or one of them as its acronym: RL 人类反馈 is RLHF (人类反馈 and
    强化学习, a term of RL's group, make 人类反馈强化学习), 多头 注意力 multi-head attention. Read as the parts' groups,
    RL 人类反馈 asked for RL beside the plain words 人类反馈 and listed the articles on AI alignment."""
    rl = ("强化学习", "reinforcement learning", "rl")
    rlhf = ("人类反馈强化学习", "rlhf", "reinforcement learning from human feedback")
    attention = ("注意力", "attention")
    mha = ("多头注意力", "multi-head attention", "mha")
    known = Glossary((rl, rlhf, attention, mha, LLM))
    assert known.concepts("RL 人类反馈") == ([rlhf], "")
    assert known.concepts("强化学习 人类反馈") == ([rlhf], "")
    assert known.concepts("多头 注意力") == ([mha], "")
    assert known.concepts("attention 多头") == ([mha], "")
    # a word that makes no term with them stays a word
    assert known.concepts("RL 机器人") == ([rl], "机器人")
    assert known.concepts("大模型 人类反馈") == ([LLM], "人类反馈")


def test_rl_and_human_feedback_typed_apart_find_what_rlhf_names(demo_stack):
    es = Elasticsearch(ES_URL)
    [rlhf], _rest = glossary().concepts("RLHF")
    named = {"term": {"concepts": concept_id(rlhf)}}
    naming_rlhf = {hit["_id"] for hit in es.search(index=demo_stack.alias, query=named, size=200)["hits"]["hits"]}
    body = build_search_for("RL 人类反馈", indexed_concepts(es, demo_stack.alias))  # as the API asks: by the ids
    found = [hit["_id"] for hit in es.search(index=demo_stack.alias, body=body)["hits"]["hits"]]
    assert naming_rlhf and naming_rlhf <= set(found), sorted(naming_rlhf - set(found))
    assert set(found[: len(naming_rlhf)]) == naming_rlhf  # and first


def build_search_for(q: str, concepts: frozenset[str] = frozenset()) -> dict:
    from indexer.queries.search import build_search

    return build_search(q, sort="relevance", size=100, concepts=concepts)


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("语音 识别", "语音识别"),
        ("机器 学习 深度 学习", "机器学习 深度学习"),
        ("向量 数据库 入门", "向量数据库 入门"),
        ("知识 蒸馏", "知识蒸馏"),  # 蒸馏 is a term, 知识 is not
        ("多模态 大模型", "多模态 大模型"),  # two terms: two concepts
        ("杭州 活动", "杭州 活动"),  # no term
        ("RAG 显存", "RAG 显存"),
    ],
)
def test_a_chinese_term_typed_in_parts_is_written_whole(typed, written):
    assert glossary().joined_chinese_terms(typed) == written


def test_a_chinese_term_typed_in_parts_is_searched_as_the_term(client):
    """机器 学习 listed the robot articles (机器人) first and found a fifth of what 机器学习 finds: read apart, the parts
    named no concept and matched no title phrase."""

    def page(q: str) -> tuple[list, int]:
        data = data_of(client.get("/api/v2/search", query_string={"q": q, "size": 10}))
        return [(item.get("type"), item.get("id")) for item in data["list"]], data["total"]

    for typed, whole in (("机器 学习", "机器学习"), ("语音 识别", "语音识别")):
        assert page(typed) == page(whole), typed
