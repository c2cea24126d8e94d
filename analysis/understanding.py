"""What a query asks besides its topic (issue 36's query-understanding step, its first part): question and
request words (为什么, 有哪些, 如何, what is, how to…) that no document needs to contain, words that name a
kind of item (活动, 论文, 开源项目, github…), which say where to look rather than what to match, and places
(a city), which stay in the topic and also point at events held there. `understand` splits the first two
off; the search keeps the whole query's clauses (an exact title with such a word still comes first) and
adds the topic's own clauses, limited to the named kind when there is one (杭州 活动: Hangzhou's events,
never everything about Hangzhou).

A question asking what, why or how with no kind word asks for an explanation (`Understood.explaining`): the search
then puts articles on the topic first (indexer/queries/text.py).

Besides those words, the topic loses what narrows nothing on this site: its subject (AI, 人工智能) beside anything
else, and, once projects are named, the words saying "a piece of software" (模型, 框架, `models`). A query typed in
pinyin may end with a kind word typed in pinyin too (ju shen zhi neng huo dong).

The word lists name classes of words a reader types around any topic; none names a topic."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from analysis.normalize import CJK, CJK_RUN
from analysis.syllables import chinese_syllables, split_pinyin
from analysis.vocabulary import glossary
from analysis.when import Window, take_when
from analysis.words import is_function_word

# How a reader asks to learn something or to be told what it is (想学…从哪开始, 介绍一下): explaining questions.
_ZH_ASKING_TO_LEARN = (
    "从哪里开始 从哪开始 从何开始 从哪入手 从何入手 如何入手 怎么入手 如何学习 怎么学习 如何学 怎么学 想学习 想学 想了解 "
    "是干嘛的 干嘛用的 介绍一下 讲讲 零基础学 零基础入门 零基础 小白学 小白入门 小白做 初学者".split()
)
# What a reader asks of any topic at a query's end (多模态大模型的应用场景, 量化的优缺点): an explanation, in words few titles
# hold, so matched like content words they listed any text saying 应用 and 场景 in passing before the articles on the topic.
_ZH_ASKING_ABOUT = "应用场景 使用场景 优缺点 优劣势 优劣 优势 发展趋势 趋势 发展前景 前景 现状 用途 作用 好处 意义 方法 办法 技巧 手段".split()
# How a reader asks where a topic stands now (到什么水平了, 发展得怎么样, 有前途吗): a question about its state, in words no
# title holds.
_ZH_ASKING_STATE = (
    "到什么水平了 到什么水平 到什么程度了 到什么程度 什么水平 什么程度 发展得怎么样 发展怎么样 怎么样了 还有前途吗 有前途吗 "
    "有没有前途 现在 目前 如今".split()
)
# Words a reader ends a question about a topic's state with, which titles hold too (知识蒸馏最新进展盘点, …的未来): taken off
# only at the query's edge, and kept in the whole query's text (`_ANSWERED_IN_TITLES`). Not 动态 inside a query (动态量化).
_ZH_STATE_AT_EDGES = "最新进展 新进展 进展 最新动态 动态 发展 未来".split()
# The state words of `_ZH_ASKING_ABOUT` (…发展趋势, …的前景).
_ZH_STATE_ABOUT = "发展趋势 趋势 发展前景 前景 现状".split()
# How a reader asks what to do about a topic or what it is good for (幻觉怎么办, 向量数据库怎么用, Agent 能干什么): the
# verb after 怎么 (办, 用, 解决) is part of the question, never a word a title holds beside the topic.
_ZH_ASKING_HOW_TO = (
    "怎么办 怎么解决 如何解决 怎样解决 怎么处理 如何处理 怎么用 怎样用 如何用 如何使用 怎么使用 怎么做 怎样做 如何做 "
    "能干什么 能做什么 有什么用 怎么整 怎么弄 怎么搞".split()
    # should / must: 该怎么微调 LLM, 要如何部署 (Taiwan asks so): the modal verb is the question's
    + [f"{modal}{how}" for modal in ("应该", "该", "要") for how in ("怎么", "如何", "怎样")]
    # how to keep a problem away (提示注入怎么防, 幻觉如何缓解): as 怎么解决, the verb is the question's
    + [f"{how}{verb}" for how in ("怎么", "如何", "怎样") for verb in "防范 防止 防御 防 避免 缓解 减少 降低".split()]
)
# How a reader asks to compare (DPO 与 PPO 对比, …的差异): at a query's end. Titles hold them too (…与 CrewAI 对比), so they
# stay in the whole query's text, and ask for an explanation only when two topics are compared (text.py): a pasted
# title ending with one put its projects below every article.
_ZH_COMPARING = "对比 比较 差异 有什么不同 有何不同 有什么差别 有何差别 差别 差在哪里 差在哪 有什么不一样 哪里不一样 不一样 有什么分别".split()
# How a reader asks for good ones, or which to use (有什么好的 Agent 框架, 用哪个开源项目): a recommendation.
_ZH_ASKING_FOR_GOOD_ONES = "有什么好的 有没有好的 有哪些好的 用哪个 用哪些 想找一些 想找些 想找 找一些 找些 好玩的 有趣的 有意思的 推荐几个 推荐一些 有没有推荐的 有什么推荐的 有推荐的".split()
# Where to find or download something (中文语料哪里找, 去哪下载): a request for the thing itself, as 想找 is.
_ZH_ASKING_WHERE_TO_FIND = (
    "哪里找 去哪找 去哪里找 在哪找 在哪里找 哪儿找 到哪找 到哪里找 哪里能找到 哪里可以找到 在哪能找到 哪里下载 去哪下载 "
    "在哪下载 去哪里下载 在哪里下载"
).split()
# How a reader asks when or where a topic fits (什么情况下用 LoRA, LoRA 适合什么场景): an explanation.
_ZH_ASKING_WHEN = (
    "什么情况下用 什么时候用 什么情况下 什么时候 适合什么场景 适用于什么场景 适合哪些场景 适用场景".split()
)
# How a reader asks for something worth reading or for material to learn from (值得读的多模态论文, RAG 的学习资料).
_ZH_ASKING_FOR_READING = "值得读的 值得一读的 值得看的 求一些 学习资料 参考资料 入门资料 书单".split()
# Asking whether someone has gathered the material already (…相关的论文有人整理过吗, 有没有人汇总一下): a request for it.
_ZH_ASKING_WHO_GATHERED = [
    f"{who}{verb}{done}"
    for who in ("有没有人", "有人", "谁")
    for verb in ("整理", "汇总", "总结", "梳理", "收集")
    for done in ("过", "了", "一下")
]
# How a reader asks which one to pick (向量数据库选哪个, 推理框架如何选择): question words. Not a recommendation's sign: the
# articles weighing the choice (…选型, 为什么放弃了原来的…方案) answer it, and a boost for projects put them lower.
# Also which maker is strongest (国产大模型哪家强): the articles comparing them, not a project to use.
_ZH_CHOOSING = "选哪个 选哪家 选什么 怎么选择 如何选择 哪家强 哪家好".split()  # not 怎么选: 怎么选型 keeps 选型
# Yes-no questions (量化会不会掉精度, 有没有必要做蒸馏): asked of the topic, held by no title beside it; an explanation.
_ZH_YES_NO = "会不会 能否 可不可以 还值不值得 值不值得 要不要 有没有必要 有必要吗 有必要 是否有 是否 还值得学 值得学 还值得 是不是".split()
# Asking for the cause (RAG 上线以后效果很差，一般是什么原因): why, as 为什么; an adverb before it is the question's too.
_ZH_ASKING_WHY = [
    f"{adverb}{cause}"
    for adverb in ("一般", "通常", "主要", "可能", "大概", "")
    for cause in ("是什么原因", "什么原因", "原因是什么", "原因有哪些", "的原因是什么")
]
# Words asking for the newest or the most talked-about (最新论文, 热门项目): an order, not text to match; a query naming
# nothing else lists its kind in that order (`Understood.order`, indexer/queries/search.py).
_ORDER_WORDS = {
    "new": "最新的 最新 新出的 近期".split(),
    "hot": "最热门的 最热门 最热的 最热 最火的 最火 热门的 热门".split(),
}
# The same in English (latest world model research, trending rag projects), noted as (en-new) and (en-hot).
_EN_ORDER_WORDS = {
    "new": re.compile(r"\b(?:the\s+)?(?:latest|newest|most\s+recent|recent)\b", re.IGNORECASE),
    "hot": re.compile(r"\b(?:trending|most\s+popular|popular|hottest)\b", re.IGNORECASE),
}
# Question and request words that are not part of a topic's name: taken off wherever they stand.
_ZH_QUESTION = sorted(
    [
        *"为什么说 为什么会 为什么要 为什么 为何 怎么样 怎么 怎样 如何 有哪些 有什么区别 有什么 有没有 是什么意思 什么意思 是什么".split(),
        *"什么是 什么叫 哪个好 哪个更好 哪些 哪个 哪里 求推荐 请问 想问 谁知道 能不能 好不好用 好不好 靠不靠谱".split(),
        *"好用的 好用吗 什么 在哪里 在哪儿 在哪 哪里有 关于 用什么 需要多少 要多少 多少".split(),
        # fillers around a request (大佬们推荐几篇…, 到底是什么): the reader addressing others, or a count, or thanking
        *"到底 大佬们 大佬 各位 请教 求推荐几篇 求推荐几本 推荐几篇 推荐几本 几篇 有没有人 有人知道 谢谢 多谢 麻烦 拜托".split(),
        *"今年 去年 这一年 这两年".split(),  # when the reader asks it, not what about
        *"最好是 最好能 求推荐几个 求推荐一些".split(),  # a wish beside the request (…教程，最好是中文的)
        *"这块 这一块 这个方向 这方面 想看看 看看".split(),  # the area asked about, and a wish to read (…这块有人做吗？想找几篇文献看看)
        *_ZH_CHOOSING,
        *_ZH_ASKING_FOR_GOOD_ONES,
        *_ZH_ASKING_WHERE_TO_FIND,
        *_ZH_ASKING_WHEN,
        *_ZH_ASKING_FOR_READING,
        *_ZH_ASKING_WHO_GATHERED,
        "想做",
        *"何谓 是什么东西 是个什么东西 是个什么 什么东西".split(),  # what is, formally or colloquially
        *"差在哪里 差在哪 有什么分别".split(),  # comparing (`_ZH_COMPARING`) words holding a question's 在哪 or 有什么
        *_ZH_YES_NO,
        *_ZH_ASKING_WHY,
        *_ZH_ASKING_TO_LEARN,
        *_ZH_ASKING_HOW_TO,
        *_ZH_ASKING_STATE,
        *(word for words in _ORDER_WORDS.values() for word in words),
    ],
    key=len,
    reverse=True,
)
# Words that are requests at the edge of a query but part of names inside one (推荐系统, 入门指南): taken off
# only as a query's first or last word, or standing alone between spaces.
_ZH_EDGE = sorted(
    [
        *("推荐一下 推荐 值得做吗 值得 区别 相关的 相关 最近有 最近 入门 一下 靠谱吗 靠谱 好用".split()),
        *("介绍 讲 教程 教学文 教学 学习路线 科普一下 科普文 科普".split()),
        "有",  # of 有…吗 (请问有 RAG 的教学文吗), once 吗 is off: standing alone or at an edge only, never inside a word
        *_ZH_ASKING_ABOUT,
        *_ZH_STATE_AT_EDGES,
        *_ZH_COMPARING,
        "上的",  # left standing alone once a host before it is gone (github 上的…); not 上 (线上 ends with it)
        *("吗 呢 吧 啊".split()),
    ],
    key=len,
    reverse=True,
)
_EN_FILLERS = re.compile(
    r"\b(what\s+(?:is|are|s)|"
    # how to keep a problem away (how do you prevent it, how to mitigate): the verb is the question's, as 怎么防's
    r"how\s+(?:to|do\s+(?:i|you|we)|can\s+(?:i|you|we)|should\s+(?:i|we))\s+"
    r"(?:prevent|avoid|mitigate|reduce|detect|fix|handle|deal\s+with|defend\s+against)|"
    r"how(?:\s+(?:to|do\s+(?:i|you|we)|can\s+(?:i|you|we)|should\s+(?:i|we)|does\s+one|do(?:es)?|is|are))?|"
    r"why\s+(?:is|are|do|does|did|has|have)?|"
    r"when\s+(?:to|should\s+i(?:\s+use)?|do(?:es)?|is|are)|which(?:\s+ones?)?|(?:is|are)\s+better|is\s+there|are\s+there|"
    r"where\s+(?:to|can\s+i|do\s+i|should\s+i)\s+(?:learn|find|start|read\s+about)|"
    r"any|some|good|great|best(?!\s+practices?\b)|recommend(?:ed)?|should\s+i\s+(?:use|learn|try|pick|choose)|"
    r"alternatives?\s+to|"
    # a yes-no question about the topic just named (… and does it really speed up inference): the asking words
    r"(?:and\s+)?(?:does|do|did|is|are|can|will|would)\s+(?:it|they|this|that|these|those)(?:\s+(?:really|actually|still))?|"
    r"really|actually|(?:this|last)\s+year|these\s+days|nowadays|lately)\b",
    re.IGNORECASE,
)
_EN_BEST = re.compile(r"\b(?:best(?!\s+practices?\b)|recommend(?:ed)?|which|alternatives?\s+to)\b", re.IGNORECASE)
# English words asking for an explanation, at a query's end (`MoE explained`, `RAG for beginners`).
_EN_EDGE = re.compile(
    r"\b(?:explained|explanation|for\s+beginners|basics|overview|tutorials?|introduction|intro|use\s+cases?|"
    r"best\s+practices?|tips(?:\s+and\s+tricks)?|pros\s+and\s+cons|in\s+practice)\s*$",
    re.I,
)
# The same at a query's start (`tutorial on graph neural networks`, `intro to RAG`, `explain MoE`).
_EN_LEAD = re.compile(
    r"^\s*(?:(?:an?\s+)?(?:tutorials?|intro(?:duction)?|guides?|primer|overview|tips)\s+(?:on|to|for|of)\s+|explain\s+|"
    r"get(?:ting)?\s+started\s+(?:with|on)\s+|best\s+practices?\s+(?:for|of|in)\s+)",
    re.I,
)
# A preposition left at a query's start once a kind word before it is gone (`papers about …`).
_EN_LEADING_PREPOSITION = re.compile(r"^\s*(?:(?:about|on|regarding)\s+)?(?:(?:a|an|the)\s+)?(?=\S)", re.I)
# Words by which a reader asks to be told what something is, why or how: an explanation (an article) more than a
# paper, a project or an event, when the query names no kind.
_EXPLAINING = frozenset(
    [
        *"为什么说 为什么会 为什么要 为什么 为何 怎么样 怎么 怎样 如何 有什么区别 是什么意思 什么意思 是什么 什么是 什么叫".split(),
        *_ZH_ASKING_WHY,
        *"区别 入门 介绍 教程 教学文 教学 学习路线 科普一下 科普文 科普 (en-explain)".split(),
        *"何谓 是什么东西 是个什么东西 是个什么 什么东西".split(),
        *_ZH_ASKING_ABOUT,
        *_ZH_ASKING_TO_LEARN,
        *_ZH_ASKING_HOW_TO,
        *_ZH_YES_NO,
        *_ZH_ASKING_WHEN,
        "学习资料",
        "入门资料",
        "(en-compare)",
        "(what-is-done)",
        "(what-to-learn)",
        "(pitfalls)",
        "(beginner)",
        "(aspect)",
    ]
)
# Words asking how to learn a topic, or for material to learn it from.
_LEARNING = frozenset(
    [
        "入门",
        "教程",
        "教学文",
        "教学",  # Taiwan and Hong Kong call a tutorial 教學
        "学习路线",
        "学习资料",
        "入门资料",
        *_ZH_ASKING_TO_LEARN,
        "(en-learn)",
        "(what-to-learn)",
        "(beginner)",
    ]
)
# English words asking for material to learn from (`deep learning tutorial`, `course on rl`, `rag for beginners`).
_EN_MATERIAL = re.compile(r"\b(?:tutorials?|courses?|for\s+beginners|intro(?:duction)?\s+to|getting\s+started)\b", re.I)
# Words asking how to do something (the verb stays in the topic: 怎么 训练扩散模型), not how to learn or pick one.
_DOING = frozenset("怎么 如何 怎样 怎么做 如何做 怎样做 怎么用 如何用 如何使用 怎么使用".split())
_EN_DOING = re.compile(r"\bhow\s+(?:to|do\s+(?:i|you|we)|can\s+(?:i|you|we)|should\s+(?:i|we))\b", re.IGNORECASE)
# Words asking which thing to use (a model, a tool, a framework): answered by projects more than by articles, when the
# query names no kind.
_RECOMMENDING = frozenset(
    [
        *"求推荐 推荐一下 推荐 哪个好 哪个更好 用什么 好用的 好不好用 (en-best)".split(),
        *_ZH_ASKING_FOR_GOOD_ONES,
        *_ZH_ASKING_WHERE_TO_FIND,
    ]
)
_WHICH_IS_BETTER = frozenset("哪个好 哪个更好 (en-which-better)".split())
# Words asking how two things differ.
_COMPARING = frozenset(["区别", "有什么区别", *_ZH_COMPARING, "(en-compare)"])
# Asking words that name the kind of article answering them, kept where a title may hold them (入门指南, …的区别).
_ANSWERED_IN_TITLES = frozenset(
    ["入门", "科普", "区别", "有什么区别", "教程", "对比", "比较", *_ZH_STATE_AT_EDGES, *_ZH_STATE_ABOUT]
)
# Words by which a reader asks where a topic stands now (到什么水平了, 最近有什么进展, 发展现状, `state of`): answered by the
# articles reporting on it (周报, 进展, 观察…; indexer/queries/explaining.py) more than by a first explanation.
_ASKING_STATE = frozenset([*_ZH_ASKING_STATE, *_ZH_STATE_AT_EDGES, *_ZH_STATE_ABOUT, "最近", "最近有", "(en-state)"])
_EN_EXPLAINING = re.compile(
    r"\b(?:what\s+(?:is|are|s)|how|why|when\s+(?:to|should\s+i|do(?:es)?|is|are)|where\s+(?:to|can\s+i)\s+learn)\b",
    re.IGNORECASE,
)
# English words comparing two topics (`difference between LoRA and QLoRA`, `RAG vs fine-tuning`): an explanation.
_EN_COMPARING = re.compile(
    r"\b(?:(?:the\s+)?differences?\s+between|compared\s+(?:to|with)|comparison\s+(?:of|between)|pros\s+and\s+cons\s+of)"
    r"(?=\s|$)|(?<=\S\s)(?:vs\.?|versus)(?=\s+\S)|"  # vs between two words only: VS Code is a name
    r"(?<=\S\s)or(?=\s+\S.*\b(?:which|better|should\s+i)\b)",  # or, when the reader asks which (A or B, which one)
    re.IGNORECASE,
)
# English words asking whether a topic is worth the trouble (`is MoE worth it`, `do i need RAG`, `why is RLHF needed`),
# and the auxiliary opening a yes-no question (`can LLMs reason`).
_EN_WORTH = re.compile(
    r"^\s*(?:is|are|does|do|can|should)\s+(?!i\s|there\b)(?=\S+\s+\S)|\b(?:worth\s+it|do\s+i\s+need)\b|"
    r"\b(?:needed|necessary)\s*$",
    re.IGNORECASE,
)
# English words asking how to learn a topic (the best way to learn transformers, learning rag): an explanation, and
# never a recommendation for its `best`.
_EN_LEARNING = re.compile(
    r"^\s*(?:(?:what\s+(?:is|s)\s+)?(?:the\s+)?(?:(?:best|easiest|fastest|quickest)\s+)?ways?\s+to|"
    r"how\s+(?:to|do\s+i|can\s+i|should\s+i|do\s+you|would\s+you))\s+"
    r"(?:learn|understand|study|get\s+(?:started\s+)?(?:with|into))\s+",
    re.IGNORECASE,
)
# `learn`, `learning`, `study` leading a query (learning rag, study deep learning): asking to learn what follows, when
# a glossary topic follows; otherwise the word is part of the topic (learning rate schedule, learning to rank).
_EN_LEADING_LEARN = re.compile(r"^\s*(?:learn(?:ing)?|study(?:ing)?)\s+(?=\S)", re.IGNORECASE)
# English words asking where a topic stands (`state of RAG`, `progress in world models`, `what's new in diffusion`,
# `agent trends`), noted as (en-state). Not `state of the art`, which says how good something is.
_EN_STATE = re.compile(
    r"^\s*(?:the\s+)?(?:state|status|future)\s+of\s+(?!the\s+art\b)|"
    r"\b(?:recent\s+)?(?:progress|advances|developments|trends)\s+(?:in|of|on)\s+|\bwhat(?:\s+is|\s*'?s)\s+new\s+(?:in|with)\s+|"
    r"\s(?:progress|trends|outlook|roadmap)\s*$",
    re.IGNORECASE,
)
# The verb closing a how-question (`how does speculative decoding work`): not part of the topic.
_EN_HOW_WORKS = re.compile(r"^\s*(?P<question>how\b.*?)\s+works?\s*$", re.IGNORECASE)
# Words that name a kind of item, and the kind.
_KIND_WORDS = {
    # Taiwan and Hong Kong kind words are listed as folding writes them (部落格, 贴文, 实体活动, 专案, 储存库): the
    # query is understood folded, before its regional forms (analysis/regional.py) are made.
    "story": [
        *"好文章 好文 文章 博文 博客 帖子 部落格 贴文 网志".split(),
        *"article articles blog blogs".split(),
    ],
    "event": [
        *(
            "线下活动 实体活动 活动 讲座 沙龙 会议 峰会 论坛 工作坊 训练营 黑客松 研讨会 读书会 分享会 公开课 直播课".split()
        ),
        *("比赛 竞赛 大赛 挑战赛 开放日 发布会 招聘会".split()),
        *("聚会 线下聚会 交流会 见面会 大会".split()),  # gatherings (多模态大模型嘅线下聚会)
        *("meetup meetups workshop workshops event events conference conferences hackathon hackathons".split()),
        *("summit forum seminar seminars webinar webinars competition competitions contest".split()),
        *("lecture lectures bootcamp bootcamps salon salons livestream livestreams".split()),
        *("reading group", "reading groups", "study group", "study groups", "open day", "job fair"),
    ],
    "paper": ["论文", "文献", "相关文献", "paper", "papers", "arxiv", "research"],
    # code and model hosts name where projects live (github 上的…, huggingface 上的…)
    "project": [
        *("开源项目 开源专案 开源 项目 专案 仓库 储存库 魔搭 github gitee huggingface modelscope repo repos".split()),
        *("projects project repositories repository".split()),
        # open-source code of a topic (语音合成有什么开源实现): projects
        *("开源实现 开源代码 开源工具 开源框架 开源库 开源软件 开源工具包 开源代码库 开源方案".split()),
        *("开源套件 开源软体 开源程式 开源程式库 开源函式库 开源实作".split()),  # Taiwan's words, folded
        "hugging face",
    ],
}
# Each kind's words longest first (训练营 before 训练), as `_take_kind_words` reads them, lower-cased.
_KIND_WORDS_LONGEST_FIRST = tuple(
    (kind, word.lower()) for kind, words in _KIND_WORDS.items() for word in sorted(words, key=len, reverse=True)
)
_KIND_OF_WORD = {word: kind for kind, word in _KIND_WORDS_LONGEST_FIRST}
# The Chinese kind words, longest first, as one pattern: where they stand in a query (`_modifying_kind_words`).
_CHINESE_KIND_WORD = re.compile(
    "|".join(re.escape(word) for word in sorted((w for w in _KIND_OF_WORD if CJK.match(w)), key=len, reverse=True))
)
# Kind words that modify the topic and can stand anywhere (开源的语音合成模型: open-source ones, i.e. projects),
# unlike 开源 alone at the start, which begins a name (开源数据集).
# Also 开源 after 的 or 有, before what it qualifies (能识别方言的开源语音识别, 文生视频有开源模型吗): an open-source one.
_KIND_MODIFIERS = {"project": ["开源的", "的开源", "有开源", "open-source", "open source"]}
# 开源 opening a run that ends with a word saying "a piece of software" (开源语音识别模型, 开源多模态模型): an open-source
# one, a project; not 开源数据集 or 开源模型 alone, which name what they are.
_OPEN_SOFTWARE = re.compile(
    r"(?:(?<=^)|(?<=\s))开源(?=[^\s]{2,12}?(?:模型|框架|工具包|工具|库|软件|实现|套件)(?:$|\s))"
)
# 开源模型 ending a query after its topic (影片生成 开源模型, 视频生成开源模型): open-source models of that topic, projects. Alone
# or before another word it names a subject (开源模型 Hackathon).
_OPEN_MODELS_AT_THE_END = re.compile(r"(?<=\S)\s*开源模型\s*$")
# Words saying "a tool" ending a query that asks nothing else, standing alone or after a topic (RAG 框架, 提示注入 防护工具,
# 量化工具): the reader wants software, answered by projects. Not 模型: 扩散模型 names a topic.
_TOOL_AT_THE_END = re.compile(
    r"(?:框架|工具包|工具|代码库|套件|toolkit|toolkits|library|libraries|framework|frameworks)$"
)
# (framework of a run: 推理框架 and 深度学习框架 are topics; only a 框架 standing alone asks for one)
# Words that say "a piece of software" (a model, a framework, a tool, a library): beside a topic, once the reader names
# projects (github, 开源), any project on the topic is one, though few describe themselves with the word (hugging face
# 上的 TTS 模型: the TTS projects say 语音合成, never 模型). Taken off as a word of its own (between spaces, or after a Latin
# word: TTS模型), never from inside a name (扩散模型, 推理框架). Not for a question asking which one to use (OCR 用什么
# 模型好): its kind is a boost, and without the word the articles titled with the bare topic outscored the projects.
_SOFTWARE_WORDS = (
    *"模型 框架 工具 工具包 套件 库 代码库 代码 实现 平台 软件 软体 程式库 函式库".split(),
    *"model models framework frameworks tool tools toolkit library libraries implementation implementations code sdk".split(),
)
_CHINESE_SOFTWARE_WORDS = sorted((word for word in _SOFTWARE_WORDS if CJK.match(word)), key=len, reverse=True)
_SOFTWARE_WORD = re.compile(
    r"(?:(?<=^)|(?<=\s)|(?<=[a-z0-9]))(?:"
    + "|".join(sorted(map(re.escape, _SOFTWARE_WORDS), key=len, reverse=True))
    + r")(?=$|\s)",
    re.IGNORECASE,
)
# What a host leaves once the question after it is off: 上 of github 上有哪些 (上的 is an edge word).
_LEFT_OF_A_HOST = re.compile(
    r"(?:(?<=^)|(?<=\s))上(?:(?=$|\s)|的)"
)  # 上, or 上的 run into the topic (github 上的扩散模型)
# Places readers add to look for an event near them.
_PLACES = (
    "北京 上海 深圳 广州 杭州 成都 武汉 南京 西安 苏州 天津 重庆 长沙 合肥 厦门 青岛 香港 台北 新加坡 线上".split()
)
# The same places as readers type them in English or pinyin (meetups in shanghai), a preposition before them included.
# Not xian, a syllable of many words typed as pinyin, nor online: online learning is a topic.
_LATIN_PLACES = {
    "beijing": "北京",
    "shanghai": "上海",
    "shenzhen": "深圳",
    "guangzhou": "广州",
    "hangzhou": "杭州",
    "chengdu": "成都",
    "wuhan": "武汉",
    "nanjing": "南京",
    "xi'an": "西安",
    "suzhou": "苏州",
    "tianjin": "天津",
    "chongqing": "重庆",
    "changsha": "长沙",
    "hefei": "合肥",
    "xiamen": "厦门",
    "qingdao": "青岛",
    "hong kong": "香港",
    "hongkong": "香港",
    "taipei": "台北",
    "singapore": "新加坡",
}
_LATIN_PLACE = re.compile(
    r"(?:\b(?:in|at|near|around)\s+)?\b("
    + "|".join(sorted(map(re.escape, _LATIN_PLACES), key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)
# The site's own subject (this is an AI hub: every item is about AI), which narrows nothing beside another word, a kind
# or a place (北京有什么AI线下活动: the events in Beijing, most of which never write AI), unless it is part of a longer
# glossary term (AI 安全, 生成式 AI, AI日报). Taken off as a Latin word of its own, or as 人工智能 standing alone.
_DOMAIN_WORDS = re.compile(
    r"(?<![a-z0-9])(?:ai|a\.i\.|artificial\s+intelligence)(?![a-z0-9])|人工智能|人工智慧", re.IGNORECASE
)
_DOMAIN_TERM = "ai"  # names the glossary group of the site's subject
# Kind, question and edge words come off in turns until none is left (three covers 北京最近有 CUDA 训练营吗).
_PASSES = 3
# 的 left at the edge of a topic's run of characters by a word taken off (大模型评测的 of 大模型评测的趋势, 的 RAG 方案 of 有什么
# 好的 RAG 方案, 对齐的 of 关于对齐的入门文章); not of a word of two ending with it (目的) or starting with it (的确).
_EDGE_PARTICLES = re.compile(r"(?:(?<=^)|(?<=\s))的(?=[^\s的]{2})|(?<=[^\s的]{2})的(?=$|\s)")
# A verb saying what a session or an article is about, leading a topic that 的 closes before the kind word (讲 RAG 的活动,
# 聊聊智能体的文章): part of the request, never of the topic. Not the words it starts (讲座, 讲解, 说明, 谈判).
_ABOUT_VERB = re.compile(r"^\s*(?:讲解|讲讲|讲|聊聊|聊|谈谈|谈|说说)(?![座解透述师话明判])\s*(?=\S)(?=.*\S\s*的\s*$)")
# Colloquial question words (咋, 啥: 咋部署, 面试问啥) and Cantonese ones as folding writes them (點解 → 点解, 咩係 → 咩系:
# 知识蒸馏系咩, 点样部署 vLLM, 有冇 RAG 项目) in the standard ones every list above is written in. 系 only beside 咩: alone
# it is the 系 of 系统.
_STANDARD_OF = {
    "咋": "怎么",
    "啥": "什么",
    "点解": "为什么",
    "点样": "怎么",
    "有冇": "有没有",
    "有无": "有没有",  # Taiwan's formal 有無
    "边个": "哪个",
    "边啲": "哪些",
    "咩系": "什么是",
    "系咩": "是什么",
    "咩": "什么",
    "乜嘢系": "什么是",
    "咩嘢": "什么",
    "乜嘢": "什么",
    "边度": "哪里",
    "几时": "什么时候",
    "系唔系": "是不是",
    "可唔可以": "可不可以",
    "呢个": "这个",
    "呢啲": "这些",
    "唔该": " ",  # please, thanks: nothing asked
    "唔": "不",  # Cantonese not (好唔好用); only Cantonese writes it
    "嘅": "的",
    # Cantonese words of a question around its topic (揾 find, 睇 read, 啲 some, 喺 in, 冇 none, 咗 done)
    "揾": "找",
    "揾工": "揾工",  # a job hunt (analysis/regional.py reads it), not a search
    "睇": "看",
    "啲": "些",
    "系咪": "是不是",
    "喺": "在",
    "冇": "没有",
    "咗": "了",
    "边间": "哪家",
    "点先": "怎么才",
    "而家": "现在",
    "依家": "现在",
    "唔使": "不用",
    "做紧": "在做",
    **{f"仲{word}": f"还{word}" for word in ("有", "值", "要", "系", "未", "可以", "会")},  # 仲 is still
    **{f"点{verb}": f"怎么{verb}" for verb in ("做", "用", "学", "搞", "开始", "入门", "部署", "训练", "揀", "拣")},
    # 伏 is a trap: 有咩伏 asks what pitfalls there are, 中伏 is falling in
    "有咩伏": "有什么坑",
    "有冇伏": "有没有坑",
    "有什么伏": "有什么坑",
    "中伏": "踩坑",
    "伏位": "坑",
    # Hong Kong's word for recommending, when asked for (有冇推介, 推介下, 求推介); not a 推介会, a product launch
    "有冇推介": "有没有推荐",
    "有无推介": "有没有推荐",
    "有没有推介": "有没有推荐",
    "推介下": "推荐一下",
    "推介一下": "推荐一下",
    "求推介": "求推荐",
    "有咩推介": "有什么推荐的",
    "有什么推介": "有什么推荐的",
}
_COLLOQUIAL = re.compile("|".join(sorted(_STANDARD_OF, key=len, reverse=True)))
# Cantonese `in … (there)` around a place or a device (喺部手机度, 喺香港度): 在….
_CANTONESE_AT = re.compile(r"喺(?:部|台|个)?([^\s喺度]{1,6}?)度")
# Questions asking about an aspect of a topic in everyday words (Agent 落地难在哪, 推理为什么这么贵, 训练要花多少钱): the
# glossary's aspect word (~挑战, ~成本) the articles answering them are titled with (…背后的工程挑战, …的成本账).
_ASPECT_QUESTIONS = {
    # not 为什么难: 大模型评测为什么难做 asks why 评测 is hard, which its explainers answer without the word
    "挑战": "难在哪里 难在哪 难点在哪里 难点在哪 有什么难点 有哪些难点 难点".split(),
    "成本": (
        "为什么这么贵 这么贵 那么贵 太贵了 太贵 贵不贵 有多贵 要花多少钱 花多少钱 要多少钱 多少钱 成本高不高 "
        "越来越便宜 这么便宜 便不便宜 便宜 降价"
    ).split()
    # the same in English (why has LLM inference gotten so much cheaper): a whole word or words
    + [
        f"{change}{much}{price}"
        for change in ("gotten ", "got ", "become ", "becoming ", "getting ", "")
        for much in ("so much ", "much ", "")
        for price in ("cheaper", "more expensive")
    ]
    + "so expensive|cost so much|costs so much".split("|"),
}
_ASPECT_QUESTION = re.compile(
    "|".join(sorted((re.escape(w) for words in _ASPECT_QUESTIONS.values() for w in words), key=len, reverse=True))
)
_ASPECT_OF_QUESTION = {word: aspect for aspect, words in _ASPECT_QUESTIONS.items() for word in words}
# Pitfalls asked of a topic (新手做 RAG 有哪些坑, 微调的坑): an explanation; not the 坑 of 踩坑 or 避坑, which titles hold.
_ASKING_PITFALLS = re.compile(r"(?<![踩避填挖\s])\s*坑\s*(?:(?:要|需要|该|得)?(?:注意|避开|避免|避|小心|留意))?\s*$")
# A beginner opening a question (新手做 RAG 有哪些坑, 新手入门扩散模型): asking to learn. Only at the query's start: titles
# hold 新手 inside them (…入门指南：新手最该知道的 10 件事), and a pasted one keeps it.
_BEGINNER_LEAD = re.compile(r"^\s*新手(?:学习|学|做|玩|入门)?\s*(?=\S\S)")
# A request opening a query (求 RAG 论文, 跪求 Agent 教程): the reader asking for what follows. Not the words it starts
# (求职, 求解, 求导), nor 求推荐 and 求一些, which the lists above take whole.
_REQUEST_LEAD = re.compile(r"^\s*(?:跪求|急求|求助|求救|求)(?![职解和导证]|推荐|一些)\s*(?=\S)")
# The reader's own thing opening a question (我们的 RAG 上线以后效果很差…, 我司的推荐系统): whose it is says nothing of the topic.
# Only with 的 and at the start: a title may begin 我们为什么放弃了….
_OWNER_LEAD = re.compile(r"^\s*(?:我们|咱们|我|俺|我司|本司)(?:公司|团队|组|这边)?的\s*(?=\S\S)")
# Who the texts asked for are for (给产品经理看的, 适合小白读的, 写给新手看的): the readers, as a title names them (写给产品经理的…),
# without the reading verb no title holds.
_READ_BY = re.compile(r"((?:给|适合)[^\s，,。？?！!的]{1,8}?)(?:看|读|阅读|学习)的")
# What a question asks to be done with a topic, at its end (面试一般问什么, 入门先学什么, 周末看什么): a verb before 什么,
# after an adverb or two. An explanation; none of it is a word a title holds beside the topic.
_ASKING_WHAT_IS_DONE = re.compile(r"(?:一般|通常|经常|主要|大概|都|会|要|先|该|应该)*[问考学看读聊讲练]什么\s*$")
# Which of the things named before it is better at something (LangGraph 和 AutoGen 哪个更适合做多智能体应用, 哪个更快): a
# choice, as 哪个更好. What follows is the reader's purpose (`Understood.purpose`): it orders the texts on the things
# compared, and is not asked of them (the article weighing the two rarely names the purpose).
_WHICH_SUITS = re.compile(
    r"(?:哪一个|哪个|哪家|哪种)更?(?:适合|合适|好用|强|快|稳定|稳|便宜|省|准确|准|靠谱|实用|成熟)"
    r"(?:用来做|用于做|拿来做|来做|用来|用于|做)?"
)
# The same asked in English after the things named (GPTQ or AWQ, which one should I pick for 4-bit; vLLM vs SGLang,
# which is better for serving): a choice between them, and what follows `for` its purpose.
_EN_WHICH_SUITS = re.compile(
    r"\bwhich(?:\s+one|\s+of\s+(?:them|the\s+two))?\s+"
    r"(?:is\s+(?:better|faster|best)|should\s+(?:i|we)\s+(?:use|pick|choose|go\s+with|try|learn)|to\s+(?:use|pick|choose))\b"
    r"(?:\s+(?:for|to|when)\s+(?P<purpose>.*\S))?\s*$",
    re.IGNORECASE,
)
# The word between the things a reader weighs in English (GPTQ or AWQ, vLLM vs SGLang).
_EN_OR_BETWEEN = re.compile(r"(?<=\S)\s+(?:or|vs\.?|versus)\s+(?=\S)", re.IGNORECASE)
# `A 还是 B` of a choice between two (PyTorch 还是 JAX 哪个好): the `or` between them, no word of a topic.
_OR_BETWEEN = re.compile(r"(?<=\S)\s*还是\s*(?=\S)")
# A particle closing a clause another follows (…读书会吗？想跟大家…): the first clause's question, as at the query's end.
_PARTICLE_BEFORE_A_BREAK = re.compile(r"[吗呢吧啊呀嘛](?=\s*[?？!！,，。;；]+\s*[^\s?？!！,，。;；])")
# 的 standing alone once the words around it are off (有 RAG 的论文吗？最好是今年的).
_LONE_DE = re.compile(r"(?:(?<=^)|(?<=\s))的(?=$|\s)")
# Papers read or presented at an event the query asks for (读书会…一起读论文, 讲论文的分享会): what it does, not a kind.
_PAPERS_READ = re.compile(r"(?:读|精读|看|讲|聊|分享)论文")
# What `understand` takes off a query that names what the reader wants (a time, the site's subject, the readers, whose
# it is, an order) rather than asks about it (`Understood.asks`); kind words are the query's own (`kind_words`).
_NAMING = frozenset(
    [
        *("(when)", "(domain)", "(readers)", "(owner)", "(en-new)", "(en-hot)"),
        *(word for words in _ORDER_WORDS.values() for word in words),
    ]
)
_PUNCT = re.compile(r"[?？!！,，。.、:：;；\"'“”‘’()（）]+")
_SPACES = re.compile(r"\s+")
_TWO_LATIN_LETTERS = re.compile(r"[a-z]{2}", re.IGNORECASE)


@dataclass(frozen=True)
class Understood:
    core: str  # the topic: the query without question and kind words
    kinds: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    dropped: tuple[str, ...] = field(default=())  # what was taken off
    asks_only: bool = False  # the query is nothing but question and kind words (有哪些活动), searched whole
    kind_words: tuple[str, ...] = ()  # the words that named `kinds` (比赛 of 最近有什么比赛)
    order: str | None = None  # "new" or "hot" when the query asks for the newest or the hottest (最新, 热门)
    when: Window | None = None  # when the events asked for are held (这周末, 明天: analysis/when.py)
    purpose: str = ""  # what the reader will do with the one chosen (`_WHICH_SUITS`): scored, not required

    @property
    def changed(self) -> bool:
        return bool(self.dropped)

    @property
    def asks(self) -> bool:
        """The reader asks a question or makes a request (为什么, 有哪些, 求推荐, `how to`), beyond naming the kinds, the
        place, the time or the order of what they want (机器人 灵巧操作 讲座, 最新 RAG 论文)."""
        return any(word not in _NAMING and word not in self.kind_words for word in self.dropped)

    @property
    def recommending(self) -> bool:
        """The reader asks which thing to use (用什么, 求推荐, 哪个好, `best`) and names no kind of item."""
        return not self.kinds and any(word in _RECOMMENDING for word in self.dropped)

    @property
    def asks_which_is_better(self) -> bool:
        """The reader asks which is better (哪个好, 哪个更好): of two topics named (RAG 和长上下文哪个好) a choice between them,
        answered by the articles weighing it; of one (向量数据库哪个好) a recommendation."""
        return any(word in _WHICH_IS_BETTER for word in self.dropped)

    @property
    def comparing(self) -> bool:
        """The reader asks how two things differ (…有什么区别, 对比, `vs`): an article on either one explains part of it."""
        return any(word in _COMPARING for word in self.dropped)

    @property
    def choosing(self) -> bool:
        """The reader asks which one to pick (选哪个, 如何选择) and names no kind of item but articles."""
        return self._articles_or_any_kind and any(word in _ZH_CHOOSING for word in self.dropped)

    @property
    def asking_state(self) -> bool:
        """The reader asks where a topic stands now (现在到什么水平了, 最近有什么进展, `state of`) and names no kind of item
        but articles."""
        return self._articles_or_any_kind and any(word in _ASKING_STATE for word in self.dropped)

    @property
    def _articles_or_any_kind(self) -> bool:
        """No kind named, or articles only (有没有关于对齐的入门文章): the questions answered by articles."""
        return set(self.kinds) <= {"story"}

    @property
    def doing(self) -> bool:
        """The reader asks how to do something (怎么训练扩散模型, 如何部署, `how to build an agent`): answered by the guides
        and by the tools that do it."""
        return (
            self.explaining
            and not self.learning
            and (any(word in _DOING for word in self.dropped) or "(en-doing)" in self.dropped)
        )

    @property
    def learning(self) -> bool:
        """The reader asks how to learn a topic or for material to learn it from (怎么入门 Transformer, 有哪些…教程, 想学…,
        `learn deep learning`, `tutorial on …`): answered by the explainers and by the projects that teach it."""
        return self.explaining and any(word in _LEARNING for word in self.dropped)

    @property
    def explaining(self) -> bool:
        """The reader asks what, why or how (是什么, 入门, `what is`, `explained`) and names no kind of item but articles."""
        return self._articles_or_any_kind and any(word in _EXPLAINING for word in self.dropped)


def kind_words() -> tuple[str, ...]:
    """Every word naming a kind of item (活动, 论文, 开源项目, github…), as folding writes them."""
    return tuple(word for words in _KIND_WORDS.values() for word in words)


def without_asking_words(text: str, understood: Understood) -> str:
    """`text` without the words `understand` took off it that name a kind (训练营, whose 训练 the glossary would
    read as the concept training) or ask a question (有哪些, 为什么: 哪些 matched titles such as 还有哪些没解决的问题,
    为什么 the titles 为什么说…是下一个风口). Words that name the kind of article that answers stay (入门, 区别): a title
    holding them (知识蒸馏入门指南) answers such a question best."""
    for word in sorted(understood.dropped, key=len, reverse=True):
        if word not in _ANSWERED_IN_TITLES and not word.startswith("("):
            text = re.sub(re.escape(word), " ", text, flags=re.IGNORECASE)
    return " ".join(text.split())


def _take_at_edges(text: str, word: str) -> tuple[str, bool]:
    """`word` off the end of `text` (的开源项目, 值得做吗), or standing alone between spaces; at the start of a
    run of characters or inside one it stays (开源数据集, 推荐系统, 入门指南)."""
    if word.lower() not in text.lower():  # most words of the lists: no pattern to build or run
        return text, False
    pattern = _edge_pattern(word)
    stripped = text.strip()
    if not pattern.search(stripped):
        return text, False
    return pattern.sub(" ", stripped), True


def _take_at_a_run_end(text: str, word: str) -> tuple[str, bool]:
    """A Chinese kind word ending a run of characters that another word follows (分子图生成相关的论文 有人整理过吗, 多模态
    论文 综述): the kind the first clause asks for, as at the query's end."""
    taken, count = _run_end_pattern(word).subn(" ", text)
    return taken, bool(count)


@lru_cache(maxsize=256)
def _run_end_pattern(word: str) -> re.Pattern:
    return re.compile(rf"(?<=\S){re.escape(word)}(?=\s+\S)", re.IGNORECASE)


@lru_cache(maxsize=512)
def _edge_pattern(word: str) -> re.Pattern:
    token = rf"(?:(?<=^)|(?<=\s)){re.escape(word)}(?=$|\s)"
    return re.compile(rf"{token}|{re.escape(word)}$", re.IGNORECASE)


def _modifying_kind_words(text: str) -> frozenset[str]:
    """Kind words written directly before a kind word of another kind (论文分享会, 项目发布会): the first says what the
    second is about, a session on papers, and only the second names the kind asked for. Read as kinds, 成都 论文分享会
    asked for papers and events alike, and the topic was Chengdu alone."""
    found = [(match.start(), match.end(), match.group(0)) for match in _CHINESE_KIND_WORD.finditer(text.lower())]
    return frozenset(
        first
        for (_, first_end, first), (second_start, _, second) in zip(found, found[1:], strict=False)
        if first_end == second_start and _KIND_OF_WORD[first] != _KIND_OF_WORD[second]
    )


def _take_kind_words(rest: str, dropped: list[str], kinds: list[str], modifying: frozenset[str] = frozenset()) -> str:
    """`rest` without its kind words (at its edges) and kind modifiers (anywhere), noted in `dropped` and `kinds`;
    not the `modifying` ones (`_modifying_kind_words`), which stay in the topic."""
    lowered = rest.lower()
    for kind, word in _KIND_WORDS_LONGEST_FIRST:
        if word not in lowered or word in modifying:  # most of the list: no pattern to run
            continue
        rest, found = _take_at_edges(rest, word)
        if not found and CJK.match(word):
            rest, found = _take_at_a_run_end(rest, word)
        if found:
            lowered = rest.lower()
            dropped.append(word)
            if kind not in kinds:
                kinds.append(kind)
    if "开源" in rest and (_OPEN_SOFTWARE.search(rest) or _OPEN_MODELS_AT_THE_END.search(rest)):
        dropped.append("开源")
        rest = _OPEN_MODELS_AT_THE_END.sub(" ", _OPEN_SOFTWARE.sub(" ", rest))
        if "project" not in kinds:
            kinds.append("project")
    for kind, words in _KIND_MODIFIERS.items():
        for word in words:
            if word in rest.lower():
                dropped.append(word)
                rest = re.sub(re.escape(word), " ", rest, flags=re.IGNORECASE)
                if kind not in kinds:
                    kinds.append(kind)
    return rest


# The words typed in Latin letters ending a query (after its last Chinese character, if any).
_TRAILING_LATIN = re.compile(r"(?:(?<=^)|(?<=[\s\u3400-\u9fff]))[A-Za-z][A-Za-z' ]*$")
# A request typed in pinyin after a kind word (lun wen tui jian): the reader's asking, not the topic's.
_PINYIN_REQUEST = re.compile(r"\s*\b(?:qiu\s?)?tui\s?jian(?:\s?yi\s?xia)?\s*$", re.IGNORECASE)
# The fewest syllables left of a query typed in pinyin once a kind word typed in pinyin is taken off its end.
_MIN_TOPIC_SYLLABLES = 2


@lru_cache(maxsize=1)
def _kind_words_by_sound() -> dict[tuple[str, ...], tuple[str, str]]:
    """The Chinese kind words of two characters or more by their toneless syllables (huo dong → 活动, event)."""
    by_sound: dict[tuple[str, ...], tuple[str, str]] = {}
    for kind, words in _KIND_WORDS.items():
        for word in words:
            if CJK.search(word) and len(word) >= _MIN_TOPIC_SYLLABLES:
                by_sound.setdefault(tuple(chinese_syllables(word)), (word, kind))
    return by_sound


@lru_cache(maxsize=1)
def _kind_word_spellings() -> tuple[str, ...]:
    """The kind words' syllables run together (huodong): a query not ending with one is not cut (most are not)."""
    return tuple("".join(sound) for sound in _kind_words_by_sound())


# Question and request words a reader typing pinyin types in pinyin too (sheng cheng shi AI bei an zen me zuo, wei shen
# me da mo xing hui huan jue): at the end of the pinyin words, or opening a query typed all in pinyin.
_PINYIN_ASKING_AT_THE_END = "怎么做 怎么用 怎么学 怎么办 怎么 如何 有哪些 有什么 有没有 是什么 入门 教程 哪个好".split()
_PINYIN_ASKING_FIRST = "为什么 什么是 如何 怎么 怎样 有没有 求推荐".split()


@lru_cache(maxsize=1)
def _asking_words_by_sound() -> tuple[dict[tuple[str, ...], str], dict[tuple[str, ...], str]]:
    """The pinyin question words by their toneless syllables: those ending a query, and those opening one."""
    return (
        {tuple(chinese_syllables(word)): word for word in _PINYIN_ASKING_AT_THE_END},
        {tuple(chinese_syllables(word)): word for word in _PINYIN_ASKING_FIRST},
    )


def _take_pinyin_asking_words(rest: str, dropped: list[str]) -> str:
    """`rest` without the question words typed in pinyin at the end of its pinyin words or opening a query typed all
    in pinyin (`_PINYIN_ASKING_AT_THE_END`, `_PINYIN_ASKING_FIRST`), noted in `dropped` as their Chinese words. At least
    two syllables of topic stay, or the topic written before them."""
    text = rest.strip()
    run = _TRAILING_LATIN.search(text)
    words = run.group(0).split() if run else []
    pinyin = _pinyin_at_the_end(words)
    if run is None or pinyin is None:
        return _take_pinyin_asking_first(text, dropped)
    start, cut = pinyin
    head = f"{text[: run.start()]}{' '.join(words[:start])} ".lstrip()
    fewest = 0 if head.strip() else _MIN_TOPIC_SYLLABLES
    at_the_end, _first = _asking_words_by_sound()
    taken = False
    lengths = sorted({len(sound) for sound in at_the_end}, reverse=True)
    # one after another (… shi shen me you mei you ru men jiao cheng)
    while found := next(
        (length for length in lengths if len(cut) - length >= fewest and tuple(cut[-length:]) in at_the_end), None
    ):
        dropped.append(at_the_end[tuple(cut[-found:])])
        cut, taken = cut[:-found], True
    text = f"{head}{' '.join(cut)}".strip() if taken else text
    return _take_pinyin_asking_first(text, dropped)


def _take_pinyin_asking_first(text: str, dropped: list[str]) -> str:
    """`text` without a question word typed in pinyin opening it (zen me bu shu vLLM, ru he 微调 llama), when the
    words it opens with are pinyin and something is left after it."""
    lead = re.match(r"[A-Za-z][A-Za-z ]*", text)
    if not lead:
        return text
    words = lead.group(0).split()
    end = next((index for index in range(len(words), 0, -1) if split_pinyin(" ".join(words[:index]))), None)
    if end is None:
        return text
    cut = split_pinyin(" ".join(words[:end])) or []
    after = " ".join(words[end:]) + text[lead.end() :]
    _at_the_end, first = _asking_words_by_sound()
    for length in sorted({len(sound) for sound in first}, reverse=True):
        left = len(cut) - length
        if (left >= _MIN_TOPIC_SYLLABLES or (after.strip() and left >= 0)) and (word := first.get(tuple(cut[:length]))):
            dropped.append(word)
            return f"{' '.join(cut[length:])} {after}".strip()
    return text


def _pinyin_at_the_end(words: list[str]) -> tuple[int, list[str]] | None:
    """Where the pinyin words ending `words` start, after the Latin names leading them (GPTQ AWQ liang hua gong ju kai
    yuan), and their syllables; None when the last word is no pinyin."""
    for start in range(len(words)):
        if cut := split_pinyin(" ".join(words[start:])):
            return start, cut
    return None


def _take_pinyin_kind_word(rest: str, dropped: list[str], kinds: list[str]) -> str:
    """`rest` without a kind word typed in pinyin at the end of its pinyin words (`_pinyin_kind_word`), noted in
    `dropped` and `kinds`."""
    typed_kind = _pinyin_kind_word(rest.strip())
    if typed_kind is None:
        return rest
    rest, word, kind = typed_kind
    dropped.append(word)
    if kind not in kinds:
        kinds.append(kind)
    return rest


def _pinyin_kind_word(text: str) -> tuple[str, str, str] | None:
    """A query whose last words are typed in pinyin and end with a kind word typed in pinyin (ju shen zhi neng huo dong,
    yuyinhecheng kaiyuan, 深圳 duo mo tai huo dong), perhaps with a request after it (shi jie mo xing lun wen tui jian):
    (the query without the kind word, the kind word, its kind); None for anything else. The words after the last
    Chinese character must all be pinyin, so an English query is never cut."""
    run = _TRAILING_LATIN.search(text)
    if not run:
        return None
    head, tail = text[: run.start()], _PINYIN_REQUEST.sub("", run.group(0)).strip()
    if not tail.replace(" ", "").lower().endswith(_kind_word_spellings()):
        return None
    words = tail.split()
    pinyin = _pinyin_at_the_end(words)
    if pinyin is None:
        return None
    start, cut = pinyin
    head = f"{head}{' '.join(words[:start])} " if start else head
    # A topic written before the pinyin words may be the whole topic (深圳 huo dong, LoRA lun wen).
    fewest = 0 if head.strip() else _MIN_TOPIC_SYLLABLES
    by_sound = _kind_words_by_sound()
    for length in sorted({len(sound) for sound in by_sound}, reverse=True):
        if len(cut) - length >= fewest and len(cut) >= length and (found := by_sound.get(tuple(cut[-length:]))):
            return f"{head}{' '.join(cut[:-length])}", *found
    return None


def _without_english_asking_words(rest: str, dropped: list[str]) -> str:
    """`rest` without English question, comparison, explanation and order words, noted in `dropped`."""
    rest, learning = _EN_LEARNING.subn(" ", rest)
    if not learning and (lead := _EN_LEADING_LEARN.match(rest)) and _starts_with_a_topic(rest[lead.end() :], rest):
        rest, learning = rest[lead.end() :], 1
    if learning or _EN_MATERIAL.search(rest):
        dropped.append("(en-learn)")
    if learning:
        dropped.append("(en-explain)")
    for name, pattern in _EN_ORDER_WORDS.items():
        rest, found = pattern.subn(" ", rest)
        if found:
            dropped.append(f"(en-{name})")
    rest, state = _EN_STATE.subn(" ", rest)
    if state:
        dropped.append("(en-state)")
    if _EN_EXPLAINING.search(rest):
        dropped.append("(en-explain)")
    rest = _EN_HOW_WORKS.sub(r"\g<question>", rest)
    if _EN_BEST.search(rest):
        dropped.append("(en-best)")
    rest, comparing = _EN_COMPARING.subn(" ", rest)
    if comparing:
        dropped.append("(en-compare)")
    rest, worth = _EN_WORTH.subn(" ", rest)
    if worth and "(en-explain)" not in dropped:
        dropped.append("(en-explain)")
    if _EN_DOING.search(rest):
        dropped.append("(en-doing)")
    rest, count = _EN_FILLERS.subn(" ", rest)
    count += worth
    rest, edge = _EN_EDGE.subn(" ", rest)
    rest, lead = _EN_LEAD.subn(" ", rest)
    edge += lead
    rest = _EN_LEADING_PREPOSITION.sub(" ", rest)
    if count:
        dropped.append("(en)")
    if edge and "(en-explain)" not in dropped:
        dropped.append("(en-explain)")
    return rest


def _starts_with_a_topic(after: str, whole: str) -> bool:
    """Whether `after` (what follows a leading `learning`) begins with a glossary topic that `whole` does not hold as
    part of a longer term (learning to rank is a term: its `learning` stays)."""
    known = glossary()
    whole_groups, _rest = known.concepts(whole)
    after_groups, _rest = known.concepts(after)
    return bool(after_groups) and all(group in after_groups for group in whole_groups)


def understand(text: str) -> Understood:
    """`text`: the folded query. The core keeps at least one word: a query that is only question or kind
    words (有哪些活动) keeps them, and the kind still boosts."""
    if "喺" in text:
        text = _CANTONESE_AT.sub(r" 在\1 ", text)
    rest = _COLLOQUIAL.sub(lambda match: _STANDARD_OF[match.group(0)], text)
    rest = _PUNCT.sub(" ", _PARTICLE_BEFORE_A_BREAK.sub("", rest))
    dropped: list[str] = []
    if asked := _ASKING_WHAT_IS_DONE.search(rest):
        dropped.append("(what-to-learn)" if asked.group(0).rstrip()[-3] in "学练" else "(what-is-done)")
        rest = rest[: asked.start()]
    if asked := _ASKING_PITFALLS.search(rest):
        dropped.append("(pitfalls)")
        rest = rest[: asked.start()]
    if asked := _ASPECT_QUESTION.search(rest):
        aspect = _ASPECT_OF_QUESTION[asked.group(0)]
        dropped += [asked.group(0), "(aspect)"]
        rest = f"{rest[: asked.start()]} {aspect} {rest[asked.end() :]}"
    purpose = ""
    if (asked := _WHICH_SUITS.search(rest)) and rest[: asked.start()].strip() and asked.group(0) not in _ZH_CHOOSING:
        dropped.append("哪个更好")
        purpose = _SPACES.sub(" ", _EDGE_PARTICLES.sub(" ", rest[asked.end() :])).strip().rstrip("吗呢吧啊").strip()
        rest = rest[: asked.start()]
    if "which" in rest.lower() and (asked := _EN_WHICH_SUITS.search(rest)):
        rest, purpose = _which_of_the_named(rest, asked, dropped) or (rest, purpose)
    if request := _REQUEST_LEAD.match(rest):
        dropped.append("求")
        rest = rest[request.end() :]
    if owner := _OWNER_LEAD.match(rest):
        dropped.append("(owner)")
        rest = rest[owner.end() :]
    if beginner := _BEGINNER_LEAD.match(rest):
        dropped.append("(beginner)")
        rest = rest[beginner.end() :]
    rest, readers = _READ_BY.subn(r"\1的", rest)
    if readers:
        dropped.append("(readers)")
    kinds: list[str] = []
    if _TWO_LATIN_LETTERS.search(rest):  # most Chinese queries: no pinyin to read
        rest = _take_pinyin_asking_words(rest, dropped)
    rest = _take_pinyin_kind_word(rest, dropped, kinds)
    # A place stays in the topic (北京 论坛 means forums in Beijing, not every forum); it also boosts
    # events held there.
    if _TWO_LATIN_LETTERS.search(rest):  # a place typed in English or pinyin is the place (meetups in shanghai)
        rest = _LATIN_PLACE.sub(lambda m: f" {_LATIN_PLACES[m.group(1).lower()]} ", rest)
    places = [place for place in _PLACES if place in rest]
    for place in places:  # a word after a place starts a new one (北京最近有 → 北京 最近有)
        rest = rest.replace(place, f" {place} ")
    # Again while anything comes off: a kind word stands at the edge once the question word after it is gone
    # (训练营吗 → 训练营).
    modifying = _modifying_kind_words(rest)
    for _ in range(_PASSES):
        before = rest
        rest = _take_kind_words(rest, dropped, kinds, modifying)
        rest = _take_pinyin_kind_word(rest, dropped, kinds)  # once a place or a kind word before it is off
        if (kinds or any(word in _LEARNING for word in dropped)) and (verb := _ABOUT_VERB.match(rest)):
            dropped.append(verb.group(0).strip())
            rest = rest[verb.end() :]
        for word in _ZH_QUESTION:
            if word in rest:
                dropped.append(word)
                rest = rest.replace(word, " ")
        lowered = rest.lower()
        for word in _ZH_EDGE:
            if word not in lowered:
                continue
            rest, found = _take_at_edges(rest, word)
            if found:
                lowered = rest.lower()
                dropped.append(word)
        if rest == before:
            break
    if any(word in _WHICH_IS_BETTER or word in _ZH_CHOOSING for word in dropped):
        rest = _OR_BETWEEN.sub(" ", rest)
    if "event" in kinds and "paper" in kinds and _PAPERS_READ.search(text):
        kinds.remove("paper")
    when = None
    if "event" in kinds:  # events held today, this weekend, soon: a window of dates, not words of a name
        rest, when = take_when(rest)
        when = when or take_when(text)[1]  # 最近 may be gone already, as an edge word
        if when:
            dropped.append("(when)")
    if _TWO_LATIN_LETTERS.search(rest):  # most Chinese queries: no English question to look for
        rest = _without_english_asking_words(rest, dropped)
    core = _SPACES.sub(" ", rest).strip()
    if dropped and core.startswith("有") and _names_a_term_first(core[1:]):
        core = core[1:].strip()  # 有 of a question before a glossary topic (几时有多模态讲座); not 有监督学习, no term
    if dropped:  # a particle left at a run's edge by a word taken off (大模型评测的趋势 → 大模型评测的)
        core = _SPACES.sub(" ", _EDGE_PARTICLES.sub(" ", core)).strip() or core
        core = _without_english_function_words_at_edges(core)
        core = _SPACES.sub(" ", _LONE_DE.sub(" ", core)).strip() or core
    if not kinds and not dropped and (without_tool := _asks_for_a_tool(core)):
        dropped.append("(tool)")
        kinds.append("project")
        core = without_tool
    if "project" in kinds:
        core = _without_software_words(_LEFT_OF_A_HOST.sub("", core).strip(), dropped)
    without_domain = _without_domain_words(core)
    if without_domain != core and (without_domain or kinds or places):
        core = without_domain
        dropped.append("(domain)")
    if dropped and all(is_function_word(word) for word in core.split()):
        core = ""  # nothing but a particle left beside what was taken off (下周的 meetup: 的)
    kind_words = tuple(word for word in dropped if any(word in words for words in _KIND_WORDS.values()))
    order = next(
        (name for name, words in _ORDER_WORDS.items() if f"(en-{name})" in dropped or any(w in dropped for w in words)),
        None,
    )
    if when is not None:
        order = None  # 近期 of events asks when they are held (the window's boost), not for the newest listed
    if not core:
        return Understood(
            text, tuple(kinds), tuple(places), asks_only=True, kind_words=kind_words, order=order, when=when
        )
    return Understood(
        core,
        tuple(kinds),
        tuple(places),
        tuple(dropped),
        kind_words=kind_words,
        order=order,
        when=when,
        purpose=purpose,
    )


def _which_of_the_named(rest: str, asked: re.Match, dropped: list[str]) -> tuple[str, str] | None:
    """The things named before an English `which one should I pick` (`_EN_WHICH_SUITS`), set apart by `or` or `vs`,
    and the purpose after its `for`; None when fewer than two are named (which one should I learn first)."""
    named = rest[: asked.start()]
    if not _EN_OR_BETWEEN.search(named):
        return None
    dropped += ["(en-compare)", "(en-which-better)"]
    purpose = _SPACES.sub(" ", asked.group("purpose") or "").strip()
    return _EN_OR_BETWEEN.sub(" ", named), purpose


def _asks_for_a_tool(core: str) -> str | None:
    """`core` without the word saying "a tool" that ends it (`_TOOL_AT_THE_END`), standing alone (RAG 框架) or ending a
    run of characters that is no glossary term (防护工具, 量化工具; not 推理框架, a topic of its own); None when it has no
    such word."""
    found = _TOOL_AT_THE_END.search(core.lower())
    if not found:
        return None
    before = core[: found.start()]
    if before.endswith(" "):
        return before.strip() or None
    run = before.split(" ")[-1]
    if len(run) < 2 or not CJK.match(run[-1]) or found.group(0) == "框架":
        return None
    if core.split(" ")[-1].lower() in glossary().terms:
        return None
    return before.strip()


def _names_a_term_first(text: str) -> bool:
    """`text` starts with a glossary term (多模态讲座, RAG 教程)."""
    groups, _rest = glossary().concepts(text)
    lowered = text.lower()
    return any(lowered.startswith(term.lower()) for group in groups for term in group)


def without_software_words(core: str) -> str:
    """`core` without the words saying "a piece of software" (TTS 模型 → TTS), as a query naming projects is read: what
    a project answering a request for one (TTS 模型推荐) must hold, since few describe themselves with the word. Here
    also one ending a run of characters after a glossary term (语音识别模型 → 语音识别), unless the run is a term itself
    (扩散模型)."""
    terms = glossary().terms

    def trailing(match: re.Match) -> str:
        run = match.group(0)
        for word in _CHINESE_SOFTWARE_WORDS:
            if run.endswith(word) and run not in terms and run[: -len(word)] in terms:
                return run[: -len(word)]
        return run

    return _without_software_words(CJK_RUN.sub(trailing, core), [])


def _without_english_function_words_at_edges(core: str) -> str:
    """An English function word left at the core's start or end by words taken off beside it (`or` of any workshops or
    meetups in shanghai); the core as it is when nothing else would be left."""
    words = core.split(" ")
    # not a syllable of pinyin beside another (bei an of … suan fa bei an: 备案)
    while (
        len(words) > 1 and words[0].isascii() and is_function_word(words[0]) and not split_pinyin(" ".join(words[:2]))
    ):
        words = words[1:]
    while (
        len(words) > 1
        and words[-1].isascii()
        and is_function_word(words[-1])
        and not split_pinyin(" ".join(words[-2:]))
    ):
        words = words[:-1]
    return " ".join(words)


def _without_software_words(core: str, dropped: list[str]) -> str:
    """`core` without the words saying "a piece of software" (`_SOFTWARE_WORDS`), noted in `dropped`, when something
    is left of it and it names the same glossary topics: `model` of `world model` is part of a name, as 模型 of 扩散模型
    (open source world model projects was read as `world projects` and found nothing)."""
    found = [match.group(0) for match in _SOFTWARE_WORD.finditer(core)]
    rest = _SPACES.sub(" ", _SOFTWARE_WORD.sub(" ", core)).strip()
    if not found or not rest:
        return core
    known = glossary()
    if set(known.topical(known.concepts(rest)[0])) != set(known.topical(known.concepts(core)[0])):
        return core
    dropped += found
    return rest


def _without_domain_words(core: str) -> str:
    """`core` without the site's subject (`_DOMAIN_WORDS`) where it stands alone: not inside a longer glossary term,
    which the glossary finds first (AI 安全 is its own group, so the subject's group is not among the groups found)."""
    if not _DOMAIN_WORDS.search(core):
        return core
    groups, _rest = glossary().concepts(core)
    if not any(_DOMAIN_TERM in group for group in groups):
        return core
    return _SPACES.sub(" ", _DOMAIN_WORDS.sub(" ", core)).strip()


__all__ = ["Understood", "understand", "without_asking_words", "without_software_words"]
