"""Query understanding (analysis/understanding.py) splits question, kind and place words off a query's
topic, and keeps words that only look like them inside a name. Examples of our own, not judged queries."""

from __future__ import annotations

import pytest

from analysis.normalize import fold
from analysis.understanding import understand, without_asking_words, without_software_words


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("为什么扩散模型生成图片慢", "扩散模型生成图片慢"),
        ("向量数据库有哪些", "向量数据库"),
        ("如何微调小模型", "微调小模型"),
        ("what is mixture of experts", "mixture of experts"),
        ("how to quantize llama", "quantize llama"),
        ("强化学习入门", "强化学习"),
        ("模型蒸馏值得做吗？", "模型蒸馏"),
        ("为啥要剪枝", "剪枝"),
        ("怎样部署推理服务", "部署推理服务"),
        ("联邦学习是什么意思", "联邦学习"),
        ("语音识别模型哪家强", "语音识别模型"),
        ("向量检索靠谱吗", "向量检索"),
        ("有没有好用的标注工具", "标注工具"),
        # 什么 asks wherever it stands (用什么, 做什么, 什么水平); what is left beside the topic only scores
        ("语音识别用什么框架", "语音识别 框架"),  # 用什么 whole: it asks which to use
        ("联邦学习能解决什么问题", "联邦学习能解决 问题"),
        # how a reader asks to learn something, or to be told what it is
        ("想学联邦学习从哪开始", "联邦学习"),
        ("图像分割怎么入手", "图像分割"),
        ("联邦学习是啥", "联邦学习"),
        ("介绍一下图像分割", "图像分割"),
        ("联邦学习学习路线", "联邦学习"),
        ("哪里有模型剪枝的资料", "模型剪枝的资料"),
        ("图像分割标注需要多少数据", "图像分割标注 数据"),  # how much
        # what to do about a topic, what it is good for: the verb after 怎么 belongs to the question
        ("模型训练不收敛怎么办", "模型训练不收敛"),
        ("语音识别噪声大咋办", "语音识别噪声大"),
        ("知识图谱怎么用", "知识图谱"),
        ("数据漂移如何解决", "数据漂移"),
        ("联邦学习能做什么", "联邦学习"),
        ("图像分割有什么用", "图像分割"),
        # comparing, at the end; 对比 inside a name stays (对比学习)
        ("联邦学习 与 集中训练 对比", "联邦学习 与 集中训练"),
        ("两种剪枝方案的差异", "两种剪枝方案"),
        # which one to pick; 怎么选型 keeps 选型, which titles hold
        ("图像分割框架选哪个", "图像分割框架"),
        ("标注工具如何选择", "标注工具"),
        ("标注工具怎么选型", "标注工具 选型"),
        # asking for good ones, for when a topic fits, for reading
        ("有什么好的标注工具", "标注工具"),
        ("做图像分割 用哪个框架", "做图像分割 框架"),
        ("什么情况下用联邦学习", "联邦学习"),
        ("联邦学习适合什么场景", "联邦学习"),
        ("求一些图像分割的学习资料", "图像分割"),
        # yes-no questions
        ("剪枝会不会掉精度", "剪枝 掉精度"),
        ("有没有必要学联邦学习", "学联邦学习"),
    ],
)
def test_question_and_request_words_leave_the_topic(query, core):
    understood = understand(query)
    assert understood.core == core
    assert understood.changed


@pytest.mark.parametrize("query", ["推荐系统", "入门指南 写作", "开源数据集", "检索增强生成", "对比学习", "比较器设计"])
def test_words_inside_a_name_stay(query):
    """推荐 and 入门 begin names (推荐系统, 入门指南); 开源 at the start of 开源数据集 is part of the topic."""
    understood = understand(query)
    assert understood.core == query
    assert not understood.changed
    assert understood.kinds == ()


@pytest.mark.parametrize(
    ("query", "core", "kinds"),
    [
        ("多模态论文", "多模态", ("paper",)),
        ("语音合成的开源项目", "语音合成", ("project",)),
        ("agent 工作坊", "agent", ("event",)),
        ("rag github", "rag", ("project",)),
        ("联邦学习相关文章", "联邦学习", ("story",)),
        ("pruning blog", "pruning", ("story",)),
        ("events about federated learning", "federated learning", ("event",)),  # and the preposition left first
        ("papers on model pruning", "model pruning", ("paper",)),
        ("huggingface 图像分割", "图像分割", ("project",)),  # a code or model host names where projects live
        ("gitee 上的 标注工具", "标注工具", ("project",)),
        ("线上 活动", "线上", ("event",)),  # 线上 is a place, not a host's 上
        # Taiwan kind words, as folding writes them (the query is understood folded)
        ("语音辨识 开源专案", "语音辨识", ("project",)),
        ("台北 实体活动", "台北", ("event",)),  # not 台北 实体 beside the kind word 活动
        ("rag 部落格", "rag", ("story",)),
        ("lora 储存库", "lora", ("project",)),
        ("any good papers on federated learning", "federated learning", ("paper",)),
        ("open source federated learning projects", "federated learning", ("project",)),
        ("open source world model projects", "world model", ("project",)),  # model is part of a glossary name
        ("有没有联邦学习的好文章", "联邦学习", ("story",)),
        ("github 上的联邦学习框架", "联邦学习框架", ("project",)),
        ("联邦学习有什么开源实现", "联邦学习", ("project",)),
        ("federated learning research", "federated learning", ("paper",)),
        ("latest federated learning research", "federated learning", ("paper",)),  # and an order: newest first
        ("is there an open source alternative to labelme", "labelme", ("project",)),
    ],
)
def test_kind_words_become_kinds(query, core, kinds):
    understood = understand(query)
    assert understood.core == core
    assert understood.kinds == kinds


@pytest.mark.parametrize(
    ("query", "core", "kinds"),
    [
        ("成都 论文分享会", "成都 论文", ("event",)),  # a session on papers: an event about papers
        ("项目发布会", "项目", ("event",)),
        ("北京 文章分享会", "北京 文章", ("event",)),
        ("论文 活动", "论文 活动", ("event", "paper")),  # apart, each names a kind (the query is only such words)
    ],
)
def test_a_kind_word_written_before_another_kind_says_what_it_is_about(query, core, kinds):
    understood = understand(query)
    assert understood.kinds == kinds
    assert sorted(understood.core.split()) == sorted(core.split())


def test_a_place_stays_in_the_topic_and_is_known():
    """北京 具身智能 means the subject in Beijing: the place is never dropped, only noted (it boosts events there); 北京 论坛
    is Beijing's forums (论坛 names events)."""
    assert not understand("北京 具身智能").changed
    assert (understand("北京 论坛").core, understand("北京 论坛").kinds) == ("北京", ("event",))
    understood = understand("杭州 大模型 沙龙")
    assert understood.core == "杭州 大模型"
    assert understood.places == ("杭州",)
    assert understood.kinds == ("event",)


def test_a_query_of_only_such_words_keeps_itself():
    """有哪些活动 has no topic left: the query stays whole (nothing is dropped), the kind is still known."""
    understood = understand("有哪些活动")
    assert understood.core == "有哪些活动"
    assert not understood.changed
    assert understood.kinds == ("event",)


def test_punctuation_does_not_stick_to_the_topic():
    assert understand("请问，怎么部署 whisper？").core == "部署 whisper"


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("开源的语音合成模型", "语音合成模型"),
        ("有没有开源的图像分割工具", "图像分割工具"),
        ("open-source speech models", "speech"),  # models: what any project is (below)
    ],
)
def test_open_source_as_a_modifier_asks_for_projects(query, core):
    """开源的 (open-source ones) anywhere names the kind; 开源 at the start of a name stays (开源数据集, above)."""
    understood = understand(query)
    assert understood.core == core
    assert understood.kinds == ("project",)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("transformer explained", "transformer"),
        ("diffusion models for beginners", "diffusion models"),
        ("vector search basics", "vector search"),
        ("how does model pruning work", "model pruning"),  # a how-question's verb leaves too
        ("how attention works", "attention"),
        ("how is rag evaluated", "rag evaluated"),
        # at the start, followed by on, to, for or of
        ("tutorial on vector search", "vector search"),
        ("an intro to model pruning", "model pruning"),
        ("explain attention", "attention"),
        ("when to use model pruning", "use model pruning"),
        ("when does federated learning help", "federated learning help"),
        # comparing two topics, or asking whether one is worth it
        ("differences between pruning and distillation", "pruning and distillation"),
        ("federated learning vs centralized training", "federated learning centralized training"),
        ("is model pruning worth it", "model pruning"),
        ("do i need federated learning", "federated learning"),
        ("why is quantization needed", "quantization"),
        ("can small models reason", "small models reason"),
        # what readers add for practical advice, at either end
        ("federated learning use cases", "federated learning"),
        ("model pruning best practices", "model pruning"),
        ("best practices for federated learning", "federated learning"),
        ("getting started with image segmentation", "image segmentation"),
        ("image segmentation pros and cons", "image segmentation"),
        ("what's federated learning", "federated learning"),  # the apostrophe is read as a space
        ("where to learn image segmentation", "image segmentation"),
        ("how to get started with model pruning", "model pruning"),
    ],
)
def test_an_english_request_for_an_explanation_leaves_the_topic(query, core):
    """Explanation words at the end, and a how-question's words and closing verb."""
    understood = understand(query)
    assert understood.core == core and understood.explaining


@pytest.mark.parametrize(
    "query",
    [
        "explained variance",
        "tutorial datasets",
        "on-device inference",
        "pruning when data is scarce",
        "vs code plugins",
    ],
)
def test_such_words_at_the_start_or_inside_stay(query):
    """At the end, or at the start before on, to, for or of: otherwise they begin a title or a name."""
    assert understand(query).core == query


@pytest.mark.parametrize(
    ("query", "explaining"),
    [
        ("为什么扩散模型生成图片慢", True),
        ("什么是量化", True),
        ("how to quantize llama", True),
        ("强化学习入门", True),
        ("想学图像分割", True),
        ("tutorial on vector search", True),
        ("联邦学习相关文章", False),  # names a kind
        ("向量数据库有哪些", False),  # a list, not an explanation
        ("有没有语音合成的开源项目", False),  # names a kind: the kind decides
        ("如何参加 北京 活动", False),
        ("扩散模型", False),
    ],
)
def test_a_question_asking_what_why_or_how_asks_for_an_explanation(query, explaining):
    assert understand(query).explaining is explaining


@pytest.mark.parametrize(
    ("query", "core", "kinds"),
    [
        ("上海最近有 Triton 训练营吗", "上海 Triton", ("event",)),  # the kind word at the edge once 吗 is off
        ("广州最近有什么沙龙", "广州", ("event",)),  # a word after a place starts a new one
    ],
)
def test_words_come_off_in_turns_until_none_is_left(query, core, kinds):
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, kinds)


def test_a_query_of_only_asking_words_is_marked():
    assert understand("有哪些活动").asks_only and understand("论文").asks_only
    assert not understand("杭州 活动").asks_only and not understand("强化学习入门").asks_only


@pytest.mark.parametrize(
    ("query", "kept"),
    [
        ("深圳有哪些 AI 活动", "深圳 AI"),  # 有哪些 asks for a list, 活动 names a kind
        ("CUDA 训练营", "CUDA"),  # 训练营 is a kind of event, not the concept 训练
        ("强化学习入门", "强化学习入门"),  # 入门 names the article that answers: a title holding it answers best
        ("推理为什么这么慢", "推理 这么慢"),  # 为什么 in a title is 为什么说…是下一个风口, not an answer
        ("DPO 和 PPO 有什么区别", "DPO 和 PPO 有什么区别"),
    ],
)
def test_asking_words_other_than_explanation_ones_leave_the_glossary_text(query, kept):
    assert without_asking_words(query, understand(query)) == kept


@pytest.mark.parametrize(
    ("query", "recommending"),
    [
        ("图像分割用什么模型好", True),
        ("求推荐标注工具", True),
        ("向量检索哪个好", True),
        ("which speech recognition model", True),
        ("推荐系统", False),  # a name, not a request
        ("图像分割开源项目推荐", False),  # names a kind: the kind decides
        ("图像分割是什么", False),
    ],
)
def test_asking_which_thing_to_use_is_a_recommendation(query, recommending):
    """Answered by projects (a model, a tool) more than by articles: the search boosts them as a named kind."""
    assert understand(query).recommending is recommending


@pytest.mark.parametrize(
    ("query", "core", "kinds", "places"),
    [
        ("上海有什么人工智能沙龙", "上海", ("event",), ("上海",)),  # a place and a kind: the events held there
        ("AI 医疗 论文", "医疗", ("paper",), ()),
        ("artificial intelligence 治理", "治理", (), ()),
        ("人工智慧 医疗 论文", "医疗", ("paper",), ()),  # Taiwan's word for it
    ],
)
def test_the_sites_subject_beside_anything_else_narrows_nothing(query, core, kinds, places):
    """Every item of an AI hub is about AI: beside another word, a kind or a place, AI and 人工智能 are taken off the
    topic (most events in Beijing never write AI in their names)."""
    understood = understand(query)
    assert (understood.core, understood.kinds, understood.places) == (core, kinds, places)
    assert "(domain)" in understood.dropped


@pytest.mark.parametrize(
    "query", ["AI", "人工智能", "AI 安全", "人工智能安全", "AI日报", "生成式 AI 监管", "openai/whisper"]
)
def test_the_sites_subject_stays_alone_or_inside_a_longer_term(query):
    """Alone it is the whole topic; inside a glossary term (AI 安全, 生成式 AI) it names that term's concept; inside a
    name (openai) it is no word of its own."""
    assert understand(query).core == query and "(domain)" not in understand(query).dropped


@pytest.mark.parametrize(
    ("query", "kind_words"),
    [
        ("最近有什么竞赛", ("竞赛",)),
        ("有没有 hackathon", ("hackathon",)),
        ("AI 峰会", ("峰会",)),
        ("webinars", ("webinars",)),
    ],
)
def test_a_query_naming_only_a_kind_of_event_keeps_the_word_that_named_it(query, kind_words):
    """比赛, 竞赛, 峰会, `webinar`… name events; with nothing else (the site's subject aside) the query lists the events,
    and the word orders them (indexer/queries/text._every_item_of)."""
    understood = understand(query)
    assert understood.asks_only and understood.kinds == ("event",) and understood.kind_words == kind_words


@pytest.mark.parametrize(
    ("query", "core", "kinds"),
    [
        ("tu shen jing wang luo lun wen", "tu shen jing wang luo", ("paper",)),
        ("zidongjiashi huodong", "zi dong jia shi", ("event",)),  # with or without spaces
        ("xiang liang shu ju ku kai yuan xiang mu", "xiang liang shu ju ku", ("project",)),  # the longest kind word
        # after Latin names or Chinese words that are the topic, the pinyin kind word alone
        ("vLLM SGLang tui li kuang jia kai yuan", "vLLM SGLang tui li kuang jia", ("project",)),
        ("rag huo dong", "rag", ("event",)),
        ("杭州 jiang zuo", "杭州", ("event",)),
    ],
)
def test_a_kind_word_typed_in_pinyin_at_the_end_names_the_kind(query, core, kinds):
    """A reader typing pinyin types the kind word in pinyin too: it said nothing the titles' sounds hold, so the whole
    query found nothing (yu yin he cheng kai yuan)."""
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, kinds)


@pytest.mark.parametrize("query", ["huo dong", "lun wen", "kai yuan", "deep learning", "anime", "open source"])
def test_pinyin_kind_words_leave_short_and_english_queries_alone(query):
    """A kind word alone is the query, and an English query is never cut."""
    assert understand(query).core == query


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("github 语音识别 模型", "语音识别"),
        ("开源的 NER 工具", "NER"),
        ("gitee 上有哪些 Agent 框架", "Agent"),  # 上 left of the host once 有哪些 is off
        ("ASR模型 开源", "ASR"),  # after a Latin word
        ("huggingface diffusion models", "diffusion"),
    ],
)
def test_words_saying_a_piece_of_software_are_satisfied_by_a_project(query, core):
    """Once projects are named, 模型, 框架, 工具, `models`… is what any project is: few describe themselves with it."""
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, ("project",))


@pytest.mark.parametrize("query", ["扩散模型 开源", "github 推理框架", "图像分割用什么模型好", "大模型 框架"])
def test_software_words_inside_a_name_or_without_projects_stay(query):
    understood = understand(query)
    assert not any(word in understood.dropped for word in ("模型", "框架"))


@pytest.mark.parametrize(
    ("query", "dropped"),
    [
        ("图神经网络的应用场景", "应用场景"),
        ("蒸馏的优缺点", "优缺点"),
        ("人形机器人现状", "现状"),
        ("端侧大模型前景", "前景"),
        ("模型压缩有哪些方法", "方法"),  # the ways to do it: an explanation, not papers titled …方法
    ],
)
def test_what_a_reader_asks_of_any_topic_at_the_end_asks_for_an_explanation(query, dropped):
    """应用场景, 优缺点, 现状, 前景…: words few titles hold, asked of any topic; off the topic, and an explanation first."""
    understood = understand(query)
    assert dropped in understood.dropped and dropped not in understood.core and understood.explaining


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("自动驾驶现在发展得怎么样", "自动驾驶"),
        ("世界模型到什么程度了", "世界模型"),
        ("RAG 还有前途吗", "RAG"),
        ("目前 MoE 训练", "MoE 训练"),
    ],
)
def test_asking_where_a_topic_stands_now_leaves_the_topic(query, core):
    """到什么水平了, 发展得怎么样, 有前途吗, 现在, 目前: words no title holds, asked of any topic's state."""
    understood = understand(query)
    assert (understood.core, understood.asking_state) == (core, True)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("知识图谱最近有什么新进展", "知识图谱"),  # 最近 and 进展 at the edge once 有什么 is off
        ("联邦学习的发展趋势", "联邦学习"),  # no 的 left hanging
        ("强化学习的未来在哪里", "强化学习"),
        ("语音识别 最新动态", "语音识别"),
        ("the state of multimodal models", "multimodal models"),
        ("recent progress in graph neural networks", "graph neural networks"),
        ("what's new in speech synthesis", "speech synthesis"),
        ("agent frameworks roadmap", "agent frameworks"),
    ],
)
def test_asking_what_is_new_or_where_a_topic_goes_asks_for_its_state(query, core):
    """Words asking for a topic's progress, trend or future (进展, 趋势, 未来, `state of`, `progress in`): the articles
    reporting on it answer (indexer/queries/explaining.STATE_TITLE_WORDS); the topic alone is left."""
    understood = understand(query)
    assert (understood.core, understood.asking_state) == (core, True)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("动态量化", "动态量化"),  # 动态 begins a name
        ("知识蒸馏进展盘点", "知识蒸馏进展盘点"),  # inside a title, not at its edge
        ("state of the art speech recognition", "state of the art speech recognition"),
        ("目的是什么", "目的"),  # a word ending with 的 keeps it
    ],
)
def test_state_words_inside_a_name_stay(query, core):
    understood = understand(query)
    assert understood.core == core and not understood.asking_state


@pytest.mark.parametrize(
    ("query", "order", "asks_only"),
    [
        ("最新论文", "new", True),
        ("热门的开源项目", "hot", True),
        ("最火的 hackathon", "hot", True),
        ("最新的 RAG 论文", "new", False),
        ("latest papers", "new", True),  # in English too
        ("trending projects", "hot", True),
        ("most recent pruning papers", "new", False),
    ],
)
def test_asking_for_the_newest_or_the_hottest_is_an_order_not_text(query, order, asks_only):
    """最新 and 热门 found nothing beside a kind word (最新论文: no paper writes 最新); they say how to order the list."""
    understood = understand(query)
    assert (understood.order, understood.asks_only) == (order, asks_only)


@pytest.mark.parametrize(
    ("query", "choosing"),
    [("向量数据库选哪个", True), ("推理框架如何选择", True), ("TTS 选什么", True), ("推理框架哪个好", False)],
)
def test_asking_which_one_to_pick_is_choosing_not_a_recommendation(query, choosing):
    """选哪个 and 如何选择 ask to weigh the options (articles comparing them); 哪个好 asks for a good one (projects)."""
    understood = understand(query)
    assert (understood.choosing, understood.recommending) == (choosing, not choosing)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("为什么会出现模型坍塌", "出现模型坍塌"),  # 为什么会, 为什么要: the question, not 会 beside the topic
        ("为什么要学强化学习", "学强化学习"),
        ("怎么做数据清洗", "数据清洗"),  # 怎么做: how to, as 怎么用
        ("关于联邦学习的入门文章", "联邦学习"),  # 的 after a topic of two characters or more
    ],
)
def test_why_and_how_to_do_come_off_whole(query, core):
    assert understand(query).core == core


def test_a_question_naming_articles_is_still_answered_by_explainers():
    """入门文章 names the kind (articles) and asks for an explanation: the explainers come first among the articles."""
    understood = understand("有没有图像分割的入门文章")
    assert understood.kinds == ("story",) and understood.explaining
    assert not understand("图像分割入门论文").explaining  # papers are not ranked as explainers


@pytest.mark.parametrize(
    ("core", "bare"),
    [
        ("TTS 模型", "TTS"),
        ("语音识别模型", "语音识别"),
        ("向量数据库工具", "向量数据库"),
        ("扩散模型", "扩散模型"),
        ("OCR", "OCR"),
    ],
)
def test_a_request_for_a_piece_of_software_asks_projects_for_the_topic_alone(core, bare):
    """A software word ending a run after a glossary term comes off too (语音识别模型); a term ending with one stays."""
    assert without_software_words(core) == bare


@pytest.mark.parametrize(
    ("query", "places", "core"),
    [
        ("workshops in hangzhou", ("杭州",), "杭州"),
        ("beijing agent meetup", ("北京",), "北京 agent"),
        ("online learning", (), "online learning"),  # a topic, not the place 线上
    ],
)
def test_a_city_typed_in_english_is_the_place(query, places, core):
    understood = understand(query)
    assert (understood.places, understood.core) == (places, core)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("the easiest way to learn diffusion models", "diffusion models"),
        ("learning reinforcement learning", "reinforcement learning"),
        ("零基础入门知识图谱", "知识图谱"),
        ("各位大佬推荐几篇世界模型论文", "世界模型"),
        ("RAG 到底是什么", "RAG"),
    ],
)
def test_how_a_reader_asks_to_learn_or_addresses_others_comes_off(query, core):
    understood = understand(query)
    assert understood.core == core


@pytest.mark.parametrize(
    ("query", "learning"),
    [
        ("怎么入门 Transformer", True),
        ("有哪些从零学大模型的实战教程", True),
        ("想学强化学习从哪开始", True),
        ("deep learning tutorial", True),
        ("rag for beginners", True),
        ("how do i get into computer vision", True),  # a how-to question about learning, not doing
        ("how should i study graph neural networks", True),
        ("how to fine-tune llama", False),  # doing
        ("什么是知识蒸馏", False),  # what it is: the explainers, not the material to learn from
        ("为什么 RAG 上线后效果不好", False),
        ("deep learning", False),  # no question
    ],
)
def test_a_question_asking_how_to_learn_a_topic_is_known(query, learning):
    assert understand(query).learning is learning


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("learning rag", "rag"),  # asking to learn a topic of the glossary
        ("study reinforcement learning", "reinforcement learning"),
        ("learning rate schedule", "learning rate schedule"),  # no topic follows: the word is the topic's
        ("learning to rank", "learning to rank"),  # a glossary term of its own
    ],
)
def test_a_leading_learning_asks_to_learn_only_before_a_topic(query, core):
    assert understand(query).core == core


@pytest.mark.parametrize(
    ("query", "core", "kinds"),
    [
        ("讲智能体安全的讲座", "智能体安全", ("event",)),
        ("聊聊 多模态 的文章", "多模态", ("story",)),
        ("讲解扩散模型的文章", "扩散模型", ("story",)),
        ("讲座回放", "讲座回放", ()),  # no kind word closes a topic: nothing comes off
        ("讲师 的活动", "讲师", ("event",)),  # a word the verb starts stays
    ],
)
def test_a_verb_saying_what_a_session_is_about_comes_off(query, core, kinds):
    understood = understand(query)
    assert (understood.core.replace(" 的", ""), understood.kinds) == (core, kinds)


@pytest.mark.parametrize(
    ("query", "core", "learning"),
    [
        ("多模态岗位面试一般问啥", "多模态岗位面试", False),  # colloquial 啥, and what an interview asks
        ("转行做推荐系统要先学什么", "转行做推荐系统", True),  # what to learn first
        ("强化学习 咋入门", "强化学习", True),
        ("Agent 部署咋整", "Agent 部署", False),
        ("学什么", "学什么", False),  # nothing else: the words stay
    ],
)
def test_colloquial_questions_read_as_the_standard_ones(query, core, learning):
    understood = understand(query)
    assert (understood.core, understood.learning) == (core, learning)


@pytest.mark.parametrize(
    ("query", "core", "learning"),
    [
        ("新手做知识图谱有哪些坑", "知识图谱", True),  # a beginner asking for the pitfalls
        ("微调的坑", "微调", False),
        ("RAG 踩坑", "RAG 踩坑", False),  # 踩坑 is a title's word
        ("多模态入门：新手最该知道的事", "多模态入门 新手最该知道的事", False),  # 新手 inside a pasted title stays
    ],
)
def test_pitfalls_and_beginners_ask_for_an_explanation(query, core, learning):
    understood = understand(query)
    assert (understood.core.replace(" 的", ""), understood.learning) == (core, learning)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("影像辨識 開源套件", "影像辨识"),  # Taiwan's open-source package, folded
        ("OCR 开源工具包", "OCR"),
        ("Agent 开源方案", "Agent"),
    ],
)
def test_open_source_software_words_name_projects(query, core):
    understood = understand(fold(query))
    assert (understood.core, understood.kinds) == (core, ("project",))


@pytest.mark.parametrize(
    ("typed", "core", "comparing"),
    [
        ("咩係多模態", "多模态", False),  # Cantonese: what is
        ("點解要做對齊", "做对齐", False),  # why
        ("點樣微調 Qwen", "微调 Qwen", False),  # how
        ("SFT 跟 RLHF 差在哪", "SFT 跟 RLHF", True),  # a comparison in Taiwan's words
        ("剪枝同蒸餾有咩分別", "剪枝同蒸馏", True),
        ("向量检索和全文检索的差别", "向量检索和全文检索", True),
    ],
)
def test_cantonese_and_regional_questions_read_as_mainland_ones(typed, core, comparing):
    understood = understand(fold(typed))
    assert (understood.core, understood.comparing) == (core, comparing)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("多模态落地难在哪里", "多模态落地 挑战"),  # what makes it hard: the articles on its challenges
        ("向量数据库为什么这么贵", "向量数据库 成本"),
        ("微调一个模型要花多少钱", "微调一个模型 成本"),
        ("向量数据库为什么越来越便宜", "向量数据库 成本"),
    ],
)
def test_everyday_questions_about_an_aspect_ask_for_the_aspect(query, core):
    understood = understand(query)
    assert (understood.core, understood.explaining) == (core, True)


@pytest.mark.parametrize(
    ("query", "core", "purpose"),
    [
        ("CrewAI 和 AutoGen 哪个更适合做多 Agent 协作", "CrewAI 和 AutoGen", "多 Agent 协作"),
        ("知识蒸馏还是剪枝 哪个更适合端侧部署呢", "知识蒸馏 剪枝", "端侧部署"),
        ("vLLM 和 SGLang 哪个更快", "vLLM 和 SGLang", ""),
        ("推理框架哪个更好用", "推理框架", ""),
    ],
)
def test_which_suits_a_purpose_is_a_choice_and_the_purpose_is_apart(query, core, purpose):
    """The purpose after 哪个更适合 was part of the topic, so the article weighing the two, which never names it, ranked
    below texts on the purpose alone."""
    understood = understand(query)
    assert (understood.core, understood.purpose, understood.asks_which_is_better) == (core, purpose, True)


def test_or_between_two_of_a_choice_is_no_word_of_the_topic():
    assert understand("PyTorch 还是 JAX 哪个好").core == "PyTorch JAX"
    assert understand("大模型被高估还是被低估").core == "大模型被高估还是被低估"  # no choice asked: a title's words


def test_a_choice_between_two_names_is_no_request_for_a_tool():
    from indexer.queries.explaining import picks_between_two

    assert picks_between_two(understand("CrewAI 和 AutoGen 哪个适合"))
    assert not picks_between_two(understand("Agent 框架哪个好"))


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("Agent 总是失败是什么原因", "Agent 总是失败"),
        ("大模型幻觉的原因是什么", "大模型幻觉"),
        ("loss 不下降 通常是什么原因", "loss 不下降"),
    ],
)
def test_asking_for_the_cause_is_asking_why(query, core):
    """原因 stayed a word of the topic, required beside it, and the question was not read as asking for an explanation."""
    understood = understand(query)
    assert (understood.core, understood.explaining) == (core, True)


@pytest.mark.parametrize(
    ("query", "core"),
    [("我们的推荐系统冷启动怎么做", "推荐系统冷启动"), ("我司的 Agent 老是死循环", "Agent 老是死循环")],
)
def test_the_readers_own_thing_opening_a_question_is_not_its_topic(query, core):
    assert understand(query).core == core


def test_a_title_opening_with_we_keeps_it():
    assert understand("我们为什么放弃了原来的方案").core.startswith("我们")


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("开源语音识别模型", "语音识别模型"),
        ("中文 开源多模态模型", "中文 多模态模型"),
        ("开源图神经网络框架", "图神经网络框架"),
    ],
)
def test_open_source_opening_a_run_that_ends_with_software_asks_for_projects(query, core):
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, ("project",))


@pytest.mark.parametrize(("query", "core"), [("语音识别 开源模型", "语音识别"), ("视频生成开源模型", "视频生成")])
def test_open_source_models_after_a_topic_are_its_projects(query, core):
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, ("project",))


@pytest.mark.parametrize("query", ["开源数据集", "开源模型", "开源大模型", "开源模型 生态", "国产开源大模型"])
def test_open_source_naming_what_it_is_stays_a_topic(query):
    assert understand(query).kinds == ()


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("RAG 框架", "RAG"),
        ("量化工具", "量化"),
        ("LoRA 微调 工具包", "LoRA 微调"),
        ("vector search library", "vector search"),
    ],
)
def test_a_tool_word_ending_a_plain_query_asks_for_projects(query, core):
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, ("project",))


@pytest.mark.parametrize("query", ["推理框架", "深度学习框架", "Agent 框架 对比", "有哪些好用的量化工具"])
def test_a_tool_word_of_a_topic_or_of_a_question_is_no_kind(query):
    """推理框架 is a topic; a question (对比, 有哪些) has its own reading of what it asks for."""
    assert "(tool)" not in understand(query).dropped


def test_which_is_better_asks_for_a_choice_of_two_and_a_recommendation_of_one():
    from indexer.queries.explaining import picks_between_two

    two, one = understand("知识蒸馏和剪枝哪个好"), understand("推理框架哪个好")
    assert picks_between_two(two) and not picks_between_two(one)
    assert one.recommending


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("diffusion models reading group", "diffusion models"),
        ("agent bootcamp", "agent"),
        ("rlhf lectures", "rlhf"),
    ],
)
def test_english_event_words_name_events(query, core):
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, ("event",))


@pytest.mark.parametrize(
    ("typed", "core", "kinds"),
    [
        ("求 多模態 相關論文", "多模态", ("paper",)),  # a request opening the query
        ("跪求 Agent 教程", "Agent", ()),
        ("有無 RAG 研討會", "RAG", ("event",)),  # Taiwan's formal 有無
        ("是否有知識蒸餾的開源實作", "知识蒸馏", ("project",)),
        ("請問有 Agent 的教學文嗎", "Agent", ()),
        ("該怎麼部署 vLLM", "部署 vLLM", ()),
        ("何謂 MoE", "MoE", ()),
        ("Agent 是什麼東西", "Agent", ()),
        ("求职 大模型", "求职 大模型", ()),  # a word 求 starts stays
    ],
)
def test_requests_and_questions_as_taiwan_writes_them(typed, core, kinds):
    understood = understand(fold(typed))
    assert (understood.core.replace(" 的", ""), understood.kinds) == (core, kinds)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("能生成长视频的开源模型", "能生成长视频"),  # 的开源: an open-source one (模型 says "software")
        ("语音合成有开源方案吗", "语音合成 方案"),  # 有开源
        ("开源数据集", "开源数据集"),  # 开源 starting a name stays
    ],
)
def test_open_source_after_de_or_you_names_projects(query, core):
    understood = understand(query)
    assert understood.core == core
    assert understood.kinds == (("project",) if core != query else ())


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("vllm or sglang, which one is better", "vllm sglang"),  # or, asking which: a comparison
        ("pytorch or jax which should i use", "pytorch jax"),
        ("text or image generation", "text or image generation"),  # no question: or is the topic's
    ],
)
def test_or_between_names_asking_which_compares_them(query, core):
    understood = understand(query)
    assert (understood.core, understood.comparing) == (core, core != query)


@pytest.mark.parametrize(
    ("typed", "core"),
    [
        ("乜嘢係知識蒸餾", "知识蒸馏"),  # what is
        ("MoE 係唔係已經過時", "MoE 已经过时"),  # is it or not
        ("可唔可以用 QLoRA 微調", "用 QLoRA 微调"),
        ("呢個 RAG 框架好唔好用", "这个 RAG 框架"),
        ("想問有冇講多模態嘅文章，唔該", "多模态"),  # asking politely for articles on a topic
        ("有沒有人推薦 Agent 框架", "Agent 框架"),
        ("有人知道 vLLM 怎麼部署嗎", "vLLM 部署"),
        ("幾時有具身智能講座", "具身智能"),  # 有 before a glossary topic, in a question
        ("有监督学习 教程", "有监督学习"),  # 有 starting a word that is no term stays
    ],
)
def test_more_cantonese_and_spoken_questions(typed, core):
    assert understand(fold(typed)).core == core


def test_which_maker_is_strongest_stays_a_choice_of_makers():
    """哪家强 is a choosing word (the articles comparing the makers), not which of two things suits a purpose."""
    understood = understand("国产大模型哪家强")
    assert (understood.choosing, understood.purpose, "哪个更好" in understood.dropped) == (True, "", False)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        (
            "what is speculative decoding and does it really speed up inference",
            "speculative decoding speed up inference",
        ),
        ("can it run on a phone", "run on a phone"),
    ],
)
def test_an_english_yes_no_question_about_the_topic_is_asking_words(query, core):
    """`and does it really` stayed in the topic, its words required beside it."""
    assert understand(query).core == core


@pytest.mark.parametrize(
    ("query", "core", "kind"),
    [
        ("zhi shi zheng liu lun wen tui jian", "zhi shi zheng liu", "paper"),  # a request typed after the kind word
        ("深圳 duo mo tai huo dong", "深圳 duo mo tai", "event"),  # pinyin after a place typed in characters
        ("duo mo tai meetup huo dong", "duo mo tai", "event"),  # once the English kind word before it is off
    ],
)
def test_a_kind_word_typed_in_pinyin_is_read_at_the_end_of_the_pinyin_words(query, core, kind):
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, (kind,))


def test_an_english_query_ending_with_no_pinyin_is_never_cut():
    assert understand("attention is all you need").kinds == ()
    assert understand("bei jing tui jian").core == "bei jing tui jian"  # no kind word: the request stays


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("what is reward hacking and how do you prevent it", "reward hacking"),
        ("how can we mitigate hallucination", "hallucination"),
    ],
)
def test_english_verbs_of_keeping_a_problem_away_are_the_questions(query, core):
    """As 怎么防: `prevent` stayed in the topic, required of Chinese articles that never write it."""
    understood = understand(query)
    assert (understood.core, understood.explaining) == (core, True)


@pytest.mark.parametrize(("query", "core"), [("语音合成 有冇推介", "语音合成"), ("OCR 模型推介下", "OCR 模型")])
def test_hong_kongs_word_for_recommending_asks_for_a_recommendation(query, core):
    understood = understand(query)
    assert (understood.core, understood.recommending) == (core, True)
    assert understand("推介会").core == "推介会"  # a product launch, asked for by name


@pytest.mark.parametrize(
    ("query", "core", "purpose"),
    [
        ("TensorRT or ONNX Runtime, which one should I use for edge devices", "TensorRT ONNX Runtime", "edge devices"),
        ("PyTorch vs JAX which is better", "PyTorch JAX", ""),
    ],
)
def test_english_which_one_after_two_names_is_a_choice_between_them(query, core, purpose):
    """As 哪个更适合: a choice answered by the articles weighing it, not a request for a tool (`which` had put every
    quantization project before the article comparing the two formats)."""
    understood = understand(query)
    assert (understood.core, understood.purpose, understood.asks_which_is_better) == (core, purpose, True)
    assert not understand("which one should I learn first").asks_which_is_better  # nothing named to choose from


@pytest.mark.parametrize(
    ("query", "core", "kinds"),
    [
        ("知识图谱补全相关的论文，有人整理过吗", "知识图谱补全", ("paper",)),
        ("联邦学习论文 有没有人汇总一下", "联邦学习", ("paper",)),
        ("多模态讲座 报名", "多模态 报名", ("event",)),
    ],
)
def test_a_kind_word_ending_a_clause_names_the_kind(query, core, kinds):
    """A kind word ending the first of two clauses was read as text, and the whole query found nothing."""
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, kinds)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("想搵啲講擴散模型嘅教學", "扩散模型"),  # 揾 find, 啲 some, 教學 a tutorial
        ("而家學 Agent 仲值唔值得", "学 Agent"),  # 而家 now, 仲 still
        ("喺部手機度跑 LLM", "在手机 跑 LLM"),  # 喺…度: on
        ("微調 LLM 有咩伏要避", "微调 LLM"),  # 伏: a pitfall
    ],
)
def test_cantonese_words_around_a_topic_are_the_question(query, core):
    assert understand(fold(query)).core == core
    assert understand(fold("想搵工")).core == "想揾工"  # a job hunt, the word regional.py reads


@pytest.mark.parametrize(
    ("query", "core", "asked"),
    [
        ("zhi shi tu pu zen me zuo", "zhi shi tu pu", "怎么做"),
        ("Agent ping ce you na xie", "Agent ping ce", "有哪些"),
        ("wei shen me kuo san mo xing hen man", "kuo san mo xing hen man", "为什么"),
        ("zenme weitiao Qwen", "wei tiao Qwen", "怎么"),
        ("dui bi xue xi shi shen me you mei you ru men jiao cheng", "dui bi xue xi", "教程"),
    ],
)
def test_question_words_typed_in_pinyin_are_the_question(query, core, asked):
    understood = understand(query)
    assert (understood.core, asked in understood.dropped) == (core, True)
    assert understand("ru he").core == "ru he"  # nothing but the question: searched whole


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("why has GPU training gotten so much more expensive", "GPU training 成本"),
        ("why is fine-tuning so expensive", "fine-tuning 成本"),
        ("今年向量数据库为什么这么便宜", "向量数据库 成本"),
        ("best agent frameworks this year", "agent frameworks"),
    ],
)
def test_asking_about_cost_or_when_is_no_word_of_the_topic(query, core):
    """English words of price are the cost aspect, as 为什么这么贵 is, and the year the reader asks in (今年, this year)
    is no word a text on the topic holds: why has LLM inference gotten so much cheaper this year ranked the inference
    primers above the article on falling costs."""
    assert understand(query).core == core


@pytest.mark.parametrize(
    ("query", "core", "kinds"),
    [
        ("有没有线上的强化学习读书会呢？想和大家一起精读论文", "线上 强化学习 想和大家一起精读", ("event",)),
        ("联邦学习这块有人做过吗？想找几篇相关文献看看", "联邦学习 有人做过", ("paper",)),
        ("杭州有没有具身智能的线下聚会", "杭州 具身智能", ("event",)),
        ("有 Agent 的论文吗？最好是今年的", "Agent", ("paper",)),
    ],
)
def test_the_clauses_of_a_chatty_question_keep_their_kind(query, core, kinds):
    """A particle closing the first clause (…读书会呢？) no longer hides its kind word; papers read at the event asked for
    are what it does, not a second kind; 文献 is papers and 聚会 an event; the area asked about (这块) and a wish
    (最好是, 看看) are no words of the topic. The reading group had been read as a request for papers."""
    understood = understand(query)
    assert (understood.core, understood.kinds) == (core, kinds)


@pytest.mark.parametrize(
    ("query", "core"),
    [("transformer 科普", "transformer"), ("科普一下 向量数据库", "向量数据库"), ("扩散模型科普文", "扩散模型")],
)
def test_a_popular_science_piece_asked_for_is_an_explanation(query, core):
    """科普 asks for an article explaining the topic, as 入门 does: mixture of experts 科普 listed the papers titled with
    Mixture-of-Experts above the 科普 article, the word being read as one more of the topic's."""
    understood = understand(query)
    assert (understood.core, understood.explaining) == (core, True)
    if query.endswith(" 科普"):
        assert "科普" in without_asking_words(query, understood)  # a title may hold it (…混合专家模型科普)


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("给产品经理看的大模型科普", "给产品经理的大模型"),
        ("适合小白读的强化学习入门", "适合小白的强化学习"),
        ("求推荐几本给新手学习的深度学习教程", "给新手的深度学习"),
    ],
)
def test_the_readers_a_text_is_for_are_named_without_the_reading_verb(query, core):
    """A title names its readers (写给产品经理的…), never the reader's verb (看, 读): required beside the audience, 看 kept the
    articles written for product managers out of 给产品经理看的 AI 科普."""
    assert understand(query).core == core


@pytest.mark.parametrize(
    ("query", "core"),
    [
        ("中文语料去哪下载", "中文语料"),
        ("语音合成模型 哪里能找到", "语音合成模型"),
        ("多模态数据集在哪里找", "多模态数据集"),
    ],
)
def test_asking_where_to_find_a_thing_asks_for_the_thing(query, core):
    """哪里找 and 去哪下载 ask for the thing itself, as 想找 does: 找 and 下载 were left in the topic as words to match."""
    understood = understand(query)
    assert understood.core == core
    assert understood.recommending


@pytest.mark.parametrize(
    ("query", "asks"),
    [
        ("机器人 灵巧操作 讲座", False),
        ("最新 RAG 论文", False),
        ("下周 上海 大模型 meetup", False),
        ("北京 AI 活动", False),
        ("有哪些 RAG 论文", True),
        ("为什么 Agent 容易失败", True),
        ("求推荐 TTS 模型", True),
    ],
)
def test_naming_what_one_wants_is_no_question(query, asks):
    """Kind, place, time and order words name what the reader wants; a question or a request asks about it. Only a
    question's topic may be found by its glossary topics alone (indexer/queries/text.py)."""
    assert understand(query).asks is asks
