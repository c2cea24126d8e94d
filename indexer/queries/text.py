"""The text part of a search: what a query means, as one bool query of alternatives (see docs/search.md).

Every clause is a way for a document to match; `minimum_should_match` inside the clauses keeps
partial matches from exploding (a query none of whose words is in the corpus finds nothing):
- words: all bigrams of the folded query in one field (strict, the best matches), the characters as
  a phrase, the whole query as a title phrase;
- segmented words (jieba) across title and body, most of them required, each also as its Taiwan / Hong
  Kong forms; from four Chinese characters the title bigrams leniently, one may be missing (a mistyped
  character);
- Latin words stemmed and split at case and digits (`gpt4` = `GPT-4`, `agents` = `agent`), with
  fuzzy matching for words of five letters or more;
- exact fields: arXiv numbers, people (authors, user names), tag labels, organisers, repositories;
- pinyin: full or initials, as words or as a prefix of the title; homophones of Chinese words;
- the zh↔en glossary: each synonym of a term in the query, with a lower weight: by the group's concept
  id where the index carries it (one term instead of every synonym in every field), else as phrases;
- how the topic sounds (indexer/queries/sounds.py): pinyin typed with spaces, near-homophones, a wrong character;
  and what it meant when it names a glossary term by its sound or misspells it (analysis/meant.py), as a lighter form;
- the query's Taiwan / Hong Kong forms (analysis/regional.py), and for a question asking what, why or how, where a
  topic stands or which one to pick, the stories whose title names the topic once more, those written to answer such
  a question first (indexer/queries/explaining.py); for a request for a model or a tool, the projects on the topic
  without the word 模型 or 工具 (`_projects_for_a_request`)."""

from __future__ import annotations

import re

from analysis.meant import corrected_text, meant_text
from analysis.normalize import CJK, clean, fold
from analysis.pinyin_words import decoded_pinyin
from analysis.regional import is_traditional, regional_forms, word_forms
from analysis.understanding import Understood, understand, without_asking_words, without_software_words
from analysis.vocabulary import concept_id, glossary
from analysis.when import TIME_ZONE, Window
from analysis.words import content_words, is_function_word, is_pinyin_like, pinyin_forms, query_words
from indexer.queries.concepts import broad_ids, group_clause
from indexer.queries.explaining import answers_first, picks_between_two
from indexer.queries.positions import asks_for_topics, most_of, said_by, topic_groups, word_positions
from indexer.queries.sounds import (
    chinese_sound_clauses,
    pinyin_beside_names_clause,
    typed_pinyin_clauses,
    typed_syllables,
)
from kinds.arxiv_ids import ArxivIdError, parse_arxiv

# Bigram fields find whole words; the unigram sub-fields make one-character and in-word queries match.
BIGRAM_FIELDS = ["title^4", "title_cn^3", "summary^1.5", "content", "authors", "address", "company"]
UNIGRAM_FIELDS = ["title.uni^2", "title_cn.uni^1.5", "summary.uni"]
LATIN_FIELDS = ["title.en^3", "summary.en^1.5", "content.en"]
# The segmented words (jieba) of titles and bodies: the words clause (`_words_clause`).
WORDS_FIELDS = ["title_words^3", "body_words"]
# The lenient bigram clause: from four Chinese characters one bigram may be missing, but not one of
# two (`杭州 活动` matched every document with 活动; a typo in four characters leaves two of three).
LENIENT_BIGRAMS = "2<-1 5<75%"
# From this many segmented words the words clauses alone forgive a mistyped character (it breaks one
# word or two, and 2<75% leaves two of six out): no lenient bigram clause and no fuzzy clause then.
WORDS_FORGIVE_A_TYPO = 6
# The query's other words beside a concept: Chinese ones in titles and tags as well, Latin ones also
# in stemmed summaries and segmented bodies (bodies for Chinese words were a costly part at 1M).
CHINESE_REST_FIELDS = ["title_words^2", "tag_labels"]
LATIN_REST_FIELDS = ["title_words^2", "body_words", "tag_labels", "title.en^2", "summary.en"]
# The weight of a query's Taiwan / Hong Kong conversion when it was typed in simplified script (analysis/
# regional.py): 影片 typed so may mean a film as well as a video (视频).
REGIONAL_FORM_OF_SIMPLIFIED = 0.5
# The weight of what a query meant when it names a glossary term by its sound or misspells it (analysis/meant.py).
MEANT_FORM_WEIGHT = 0.5
# The weight of the purpose a choice names (LangGraph 和 AutoGen 哪个更适合做多智能体应用: `Understood.purpose`): it orders
# the texts on the things compared, as a small share of their score.
PURPOSE_WEIGHT = 0.1
# The weight of typed pinyin read as the Chinese words it spells (analysis/pinyin_words.py): below the pinyin's own
# clauses, which find a title by its sound exactly.
DECODED_PINYIN_WEIGHT = 0.3
# Where what a query meant is looked for as a whole: titles and summaries, not bodies, whose bigrams of a broad term
# (大模型) were the costliest part of such a search at 1M (bench/RESULTS.md, eighth session).
MEANT_FIELDS = ["title^4", "title_cn^3", "summary^1.5"]
# Where the other words are looked for beside a concept named in a summary or body (stemmed for Latin ones:
# `llm agent` and `llm agents` find the same documents).
CHINESE_BODY_FIELDS = ["title_words", "body_words", "tag_labels"]
LATIN_BODY_FIELDS = ["title.en", "summary.en", "content.en", "tag_labels"]
# The fixed score of a concept named in a document's summary or body (`body_concepts`).
BODY_CONCEPT_SCORE = 0.1
# The weight of the query's concepts named in a title or tag by any of their terms (`_synonym_clause`). 0.6 until the
# fifth session of issue 36: a paper titled Mixture-of-Experts Training came after stories naming MoE in the title and
# 训练 in the body for `MoE 训练`, as the query's own words count in several clauses; 0.9 lifted such titles (tuning
# 0.938 → 0.942, the main set unchanged), 1.2 put English titles before Chinese ones (tuning 0.939).
SYNONYM_WEIGHT = 0.9
# Added to an item of the kind a query names (论文, 活动, 开源项目): its items before other kinds', whose title word
# and body word outscore a concept match (`VLA 论文` listed a story titled 从论文到代码 first with 3).
KIND_BOOST = 30
# And multiplied by this, so that a text of another kind matching the topic far better still comes after them.
KIND_FACTOR = 3.0
# Added to an event held in the window a query's time words name (明天 北京 活动): before the other events the text
# found, whatever their titles (a 沙龙 named by the glossary's group of 活动 scored 10 more than a 大赛 in the window).
WHEN_BOOST = 30
HIGHLIGHTED_FIELDS = ["title", "title_cn", "summary"]  # indexer/queries/common.py HIGHLIGHT
_LATIN = re.compile(r"[A-Za-z][A-Za-z0-9.+#\-]*")


_ARXIV_IN_TEXT = re.compile(r"(?<![\d.])\d{4}\.\d{4,5}(?:v\d+)?(?![\d.])")


def holds_an_arxiv_number(text: str) -> bool:
    """Whether a query holds an arXiv number (`_arxiv_clause`): it looks a paper up."""
    return _arxiv_clause(text) is not None


def _arxiv_clause(text: str) -> dict | None:
    """Any spelling the importer accepts, or a new-style number inside other words ('arxiv 2403.00910')."""
    try:
        numbers = [parse_arxiv(text)[0]]
    except ArxivIdError:
        numbers = [parse_arxiv(found)[0] for found in _ARXIV_IN_TEXT.findall(text)]
    if not numbers:
        return None
    return {"terms": {"arxiv_id": numbers, "boost": 50}}


def _pinyin_clauses(text: str) -> list[dict]:
    compact = text.replace(" ", "").lower()
    if len(compact) < 2:
        return []
    return [
        {"match": {"pinyin": {"query": text.lower(), "operator": "and", "boost": 2}}},
        {"prefix": {"pinyin_key": {"value": compact, "boost": 1.5}}},
        {"prefix": {"initials_key": {"value": compact, "boost": 1.5}}},
    ]


def text_query(q: str, concepts: frozenset[str] = frozenset(), *, close: bool = False) -> dict:
    """`concepts`: the glossary concept ids every indexed document carries (indexer.lifecycle.indexed_concepts)."""
    return text_query_and_highlight(q, concepts, close=close)[0]


def text_query_and_highlight(
    q: str, concepts: frozenset[str] = frozenset(), *, ranked: bool = False, close: bool = False
) -> tuple[dict, dict]:
    """The text query, and what titles and summaries are highlighted by (`_highlight_query`); the
    query's glossary groups are found once for both. `ranked`: the scores order the page (a relevance
    sort), see `_words_clause`. `close`: only the documents matching the query closely, for a list ordered by heat or
    date (`_clauses`)."""
    text = fold(q)
    traditional = is_traditional(clean(q))
    weight = 1.0 if traditional else REGIONAL_FORM_OF_SIMPLIFIED
    typed = text
    if corrected := corrected_text(text):
        text = corrected  # 端则大模型部署 is searched as 端侧大模型部署; the typed text is a lighter form (below)
    should, groups, understood = _clauses(text, concepts, ranked, weight, close=close)
    if corrected:  # as typed, lighter and asked for as a whole (the regional forms' clauses): a full second set of
        # clauses doubled the time of building such a query
        as_typed = _form_clauses(typed, concepts)[0]
        should.append({"bool": {"should": as_typed, "minimum_should_match": 1, "boost": MEANT_FORM_WEIGHT}})
    kinds, places = list(understood.kinds), list(understood.places)
    forms: list[tuple[tuple[list[dict], list, Understood], float]] = []  # other ways to say it, and their weights
    for form in regional_forms(q):
        # Taiwan and Hong Kong words in mainland words (analysis/regional.py): the converted text is one
        # more way to match, never a replacement, since the conversion tables also turn everyday mainland
        # words (程序, 序列) into others. A query typed in traditional script means the regional words;
        # one in simplified script (程序) more likely means the mainland one, so its form weighs less and
        # is asked for by its words as a whole only (`_form_clauses`).
        if traditional:
            forms.append((_clauses(form, concepts, ranked, weight, close=close), weight))
        else:
            forms.append((_form_clauses(form, concepts), weight))
    meant = _meant_form(text, understood, concepts)
    if (decoded := decoded_pinyin(text)) and not (meant and _spells_the_same(meant[2], decoded)):
        # pinyin read as the words it spells: the topic in summaries and bodies, which carry no syllables. Without
        # clauses forgiving typos or matching sounds, which the typed pinyin's own clauses have; and not when the
        # glossary's reading of the pinyin (the meant form) says it all already: both matched every text on a
        # common topic, and made such a search five times as costly at 1M (bench/RESULTS.md).
        forms.append((_clauses(decoded, concepts, ranked, weight, close=close, forgiving=False), DECODED_PINYIN_WEIGHT))
    for (form_should, form_groups, form_understood), form_weight in forms:
        should.append({"bool": {"should": form_should, "minimum_should_match": 1, "boost": form_weight}})
        groups = list(dict.fromkeys([*groups, *form_groups]))
        kinds += [kind for kind in form_understood.kinds if kind not in kinds]
        places += [place for place in form_understood.places if place not in places]
    if meant:
        should.append(meant[0])
        groups = list(dict.fromkeys([*groups, *meant[1]]))
    answers = None if close else answers_first(understood, concepts)  # it orders; a close list has no scores
    if answers:
        should.append(answers)
    query = {"bool": {"should": should, "minimum_should_match": 1}}
    if understood.asks_only and understood.kinds:
        query = _every_item_of(understood, query, concepts)
    named_kinds = list(kinds)
    if understood.recommending and not picks_between_two(understood):
        # which model or tool to use (OCR 用什么模型好, 求推荐…): projects first, as if the reader had named them
        kinds = ["project"]
    boosts = [
        *_kind_and_place_boosts(kinds, places),
        *_held_when(understood.when, places),
        *_for_the_purpose(understood.purpose, concepts),
    ]
    if boosts:  # they order what the text found; alone they match nothing
        query = {"bool": {"must": [query], "should": boosts}}
    if named_kinds and not close:
        query = _named_kinds_multiplied(query, named_kinds)
    return query, _highlight_query(query, groups, concepts)


def _named_kinds_multiplied(query: dict, kinds: list[str]) -> dict:
    """The items of the kinds a query names (论文, 项目, 活动) scored `KIND_FACTOR` times: the constant boost orders them
    first among loose matches, but a text of another kind naming the whole topic in its title (a paper titled with the
    concept of `vla 项目`) outscored it several times over."""
    function = {"filter": {"terms": {"type": kinds}}, "weight": KIND_FACTOR}
    return {"function_score": {"query": query, "functions": [function], "boost_mode": "multiply"}}


def _spells_the_same(meant: str, decoded: str) -> bool:
    """Whether the glossary's reading of a query's pinyin holds every character of the pinyin read as words, asking
    words aside (`微调 教程 lora` and `lora 微调教程`)."""
    topic = without_asking_words(decoded, understand(decoded))
    return sorted(meant.replace(" ", "").lower()) == sorted(topic.replace(" ", "").lower())


def _meant_form(text: str, understood: Understood, concepts: frozenset[str]) -> tuple[dict, list, str] | None:
    """A glossary term typed by its sound or misspelt (多智能替, halucination) as the glossary writes it, one lighter
    form of the query (analysis/meant.py), and its groups: the term's concept leads to the documents naming it
    otherwise (多 Agent, 幻觉), which the typed text's sound clauses never reach. Of the text without its kind and
    asking words: 入门 of 向量数剧库入门 still ranks the entry guide first."""
    topic = without_asking_words(text, understood)
    meant = meant_text(topic, typed_syllables(topic))
    if not meant:
        return None
    groups, rest = glossary().concepts(meant)
    whole = {"multi_match": {"query": meant, "fields": MEANT_FIELDS, "type": "best_fields", "operator": "and"}}
    should = [whole, *filter(None, [_synonym_clause(groups, rest, concepts)])]
    return {"bool": {"should": should, "minimum_should_match": 1, "boost": MEANT_FORM_WEIGHT}}, groups, meant


def _every_item_of(understood: Understood, text: dict, concepts: frozenset[str]) -> dict:
    """A query naming a kind and nothing else (有哪些活动, 最近有什么比赛, AI 论文) asks for the items of that kind: all of
    them, ordered by the query's text and by titles naming what its kind word means (the glossary's group of 比赛 holds
    大赛 and hackathon). Searched as text alone, 有哪些活动 found only the articles titled 还有哪些没解决的问题."""
    groups, _rest = glossary().concepts(" ".join(understood.kind_words))
    ordering = [text, *(group_clause(group, concepts) for group in groups)]
    return {"bool": {"filter": [{"terms": {"type": list(understood.kinds)}}], "should": ordering}}


def _clauses(
    text: str,
    concepts: frozenset[str],
    ranked: bool,
    form_weight: float = REGIONAL_FORM_OF_SIMPLIFIED,
    *,
    close: bool = False,
    forgiving: bool = True,
) -> tuple[list[dict], list, Understood]:
    """The alternatives for one folded text: the clauses of the list in the module's docstring, and the
    topic's own beside them when query understanding took words off (analysis/understanding.py).
    `form_weight`: of a word's Taiwan / Hong Kong form in the words clause (`_words_clause`).

    `close`: without the clauses that forgive a typo or a missing word (the forgiving and sound-alike ones, a concept
    named only in a body, a question's topics alone): ranked by relevance they come after every close match, but a
    list ordered by heat or date has no score to put them last, and 大模型评测 matched half of a million documents (the
    titles holding 大模型 by the wrong-character clause's allowance), its hottest first. A query that finds less than a
    page so is followed by the relaxed pass (api/relaxed_search.py), which has the sound-alike steps.

    `forgiving=False`: without them either, for a text already read as the words the reader meant (typed pinyin's
    reading): the typed text's own clauses forgive and sound it, and a second set doubled such a search at 1M."""
    words = query_words(text)
    understood = understand(text)
    groups, rest = glossary().concepts(without_asking_words(text, understood))
    # With question or kind words taken off, the topic's own words clause (below) stands for this one: both
    # credited a paper titled with the topic twice (docs/search.md).
    should: list[dict] = [
        *_as_a_whole(text),
        *([] if understood.changed else [_words_clause(content_words(words), ranked, form_weight, concepts)]),
        {"match_phrase": {"people": {"query": text, "boost": 4}}},
        {"term": {"people.raw": {"value": text.lower(), "boost": 8}}},
        {"match_phrase": {"tag_labels": {"query": text, "boost": 2}}},
        {"term": {"repo": {"value": text.lower(), "boost": 20}}},
    ]
    chinese = len(CJK.findall(text))
    if chinese < 3:
        # One or two characters, or a character inside a word: only the single-character fields
        # find them. Longer Chinese is found by the bigram clauses above; the characters of a common
        # word as a phrase over every title and summary were a tenth of a search at 1M (issue 12).
        should.append({"multi_match": {"query": text, "fields": UNIGRAM_FIELDS, "type": "phrase", "slop": 0}})
    if not understood.changed and not close and forgiving:
        should.extend(_forgiving(text))
    arxiv = _arxiv_clause(text)
    if arxiv:
        should.append(arxiv)
    if is_pinyin_like(text):
        should.extend(_pinyin_clauses(text))
    # How the topic sounds (indexer/queries/sounds.py): pinyin typed with or without spaces, near-homophones,
    # one wrong character; on the topic alone when question or kind words were taken off (芯片与栓力入门).
    sounds = (
        [
            *typed_pinyin_clauses(understood.core),
            *filter(None, [pinyin_beside_names_clause(understood.core)]),
            *([] if close else chinese_sound_clauses(understood.core)),
        ]
        if forgiving
        else []
    )
    if not understood.changed:
        should.extend(sounds)
    # of the text without its kind and asking words (above): a question's topic, as the core's below
    synonyms = _synonym_clause(
        groups,
        rest,
        concepts,
        topics_suffice=understood.asks and not close,
        bodies=not close,
        asked=_groups_asked(understood),
    )
    if synonyms:
        should.append(synonyms)
    projects = _projects_for_a_request(understood, ranked, form_weight, concepts)
    if projects:
        should.append(projects)
    if understood.changed:
        # The topic without its question, kind and place words (analysis/understanding.py): its own
        # clauses beside the whole query's, so 怎么用 LoRA 微调 finds what 用 LoRA 微调 finds, while an
        # exact title holding such a word still matches the clauses above first.
        core_groups, core_rest = glossary().concepts(understood.core)
        core = [
            {
                "multi_match": {
                    "query": understood.core,
                    "fields": BIGRAM_FIELDS,
                    "type": "best_fields",
                    "operator": "and",
                }
            },
            _words_clause(
                query_words(understood.core),
                ranked,
                form_weight,
                concepts,
                topics_suffice=understood.asks and not close,
            ),
        ]
        core_synonyms = _synonym_clause(core_groups, core_rest, concepts, topics_suffice=not close, bodies=not close)
        if core_synonyms:
            core.append(core_synonyms)
        if not close and forgiving:
            core.extend(_forgiving(understood.core))
        core.extend(sounds)
        if understood.kinds:
            # a kind word is satisfied by the item's kind: 杭州 活动 finds Hangzhou's events, not every
            # document naming Hangzhou
            kinds_only = {"terms": {"type": list(understood.kinds)}}
            should.append({"bool": {"should": core, "minimum_should_match": 1, "filter": [kinds_only]}})
        else:
            if understood.explaining or understood.asking_state:
                # A question asking what, why, how or where a topic stands is answered by what is written on it more
                # than by an event named after it: the topic's bigrams in one field, which a short name holds whole
                # and scores high (多模态大模型的应用场景 listed the meetup named 多模态大模型 first), are not an event's.
                core[0] = {"bool": {"must": [core[0]], "must_not": [{"term": {"type": "event"}}]}}
            should.extend(core)
        groups = list(dict.fromkeys([*groups, *core_groups]))
    return should, groups, understood


def _projects_for_a_request(
    understood: Understood, ranked: bool, form_weight: float, concepts: frozenset[str]
) -> dict | None:
    """A request for a model or a tool (TTS 模型推荐) is answered by projects, few of which call themselves 模型: the
    topic without that word (analysis/understanding.without_software_words), for projects (the kind the request
    boosts), as if the reader had named them. None for any other query, or a topic without such a word."""
    if not understood.recommending:
        return None
    bare = without_software_words(understood.core)
    if bare == understood.core:
        return None
    groups, rest = glossary().concepts(bare)
    words = _words_clause(query_words(bare), ranked, form_weight, concepts, topics_suffice=True)
    synonyms = _synonym_clause(groups, rest, concepts, topics_suffice=True)
    projects = {"term": {"type": "project"}}
    return {"bool": {"should": [words, *filter(None, [synonyms])], "minimum_should_match": 1, "filter": [projects]}}


def _forgiving(text: str) -> list[dict]:
    """The clauses of one text that forgive a typo or let a word be missing: title bigrams with one missing, the
    pinyin of its Chinese words (homophones), its Latin words with most of them required and fuzzily. Built from
    the topic alone when question or kind words were taken off (`_clauses`): from the whole question, the
    question's own bigrams (哪些 of 有哪些) and English words (`how`, `evaluate`) counted towards what they ask
    for, and a text titled 还有哪些没解决的问题 matched 深圳有哪些 AI 活动."""
    words = query_words(text)
    chinese = len(CJK.findall(text))
    out: list[dict] = []
    # without function words (a, an, on, the…), which nearly every English text holds: with them most of `run an llm on a
    # phone` was found in any English title with an LLM
    latin = " ".join(word for word in _LATIN.findall(text) if not is_function_word(word))
    # Forgiving the Chinese words of a mixed query never forgives its Latin ones (they have their fuzzy clause): the
    # lenient bigrams of SAE 可解释性 let `sae` be the one token missing, and the homophones have no Latin words.
    latin_too = {"multi_match": {"query": latin, "fields": LATIN_FIELDS, "operator": "and"}} if latin else None
    if chinese > 3 and len(words) < WORDS_FORGIVE_A_TYPO:
        # One mistyped or missing character still finds the rest (向量数剧库 → 向量数…). Not for three
        # characters: one of their two bigrams alone (模型 of 大模型) is in a large share of a big
        # corpus and was the costliest clause of such a search at 1M (issue 12); their typos are
        # mostly homophones, which the pinyin clause below finds (大模形 → 大模型). Nor from six words (a
        # pasted title): the words clause forgives the typo, and this clause was a sixth of such a search.
        # In titles only: over summaries one bigram of such a topic alone (自动 of 自动驾驶) found a large share
        # of a big corpus, half of such a search at 1M, and a summary's typo'd topic is what the relaxed
        # pass and the words clause find (bench/RESULTS.md).
        lenient = {
            "multi_match": {
                "query": text,
                "fields": ["title", "title_cn"],
                "minimum_should_match": LENIENT_BIGRAMS,
                "boost": 0.3,
            }
        }
        out.append({"bool": {"must": [lenient], "filter": [latin_too]}} if latin_too else lenient)
    if chinese >= 3:
        # Homophones: the pinyin of each Chinese word (a typo by the pinyin IME picks a homophone). The pinyin
        # field holds the Chinese words only: without the Latin words beside it, KG 大模型 found every title with
        # 大模型 by its sound alone, ranked among the answers.
        homophones = {"match": {"pinyin": {"query": pinyin_forms(text), "operator": "and", "boost": 0.5}}}
        out.append({"bool": {"must": [homophones], "filter": [latin_too]}} if latin_too else homophones)
    if latin and not chinese:
        out.append(
            {
                "multi_match": {
                    "query": latin,
                    "fields": LATIN_FIELDS,
                    "type": "cross_fields",
                    "minimum_should_match": "2<75%",
                }
            }
        )
        if len(words) < WORDS_FORGIVE_A_TYPO:
            # A misspelt word (difusion). From six words the clause above forgives it already, and fuzzy
            # matching every word of a pasted English title was a sixth of such a search at 1M (issue 12).
            # Over the words as written (the bigram fields keep a Latin word whole), not their stems: the
            # stemmer cuts a word and its typo differently (speculative → specul, speculatve → speculatv, three
            # edits apart), so such a typo found nothing.
            out.append(
                {
                    "multi_match": {
                        "query": latin,
                        "fields": ["title^2", "summary"],
                        "fuzziness": "AUTO:5,8",
                        "prefix_length": 1,
                        "minimum_should_match": "2<75%",
                        "boost": 0.5,
                    }
                }
            )
    return out


def _as_a_whole(text: str) -> list[dict]:
    """The text's bigrams all in one field (the best matches), and the text as a title phrase."""
    return [
        {"multi_match": {"query": text, "fields": BIGRAM_FIELDS, "type": "best_fields", "operator": "and"}},
        {"multi_match": {"query": text, "fields": ["title^2", "title_cn"], "type": "phrase", "boost": 3}},
    ]


def _form_clauses(form: str, concepts: frozenset[str]) -> tuple[list[dict], list, Understood]:
    """The lighter alternatives of a regional form of a query typed in simplified script: the form's bigrams in one
    field, as a title phrase, and its glossary concepts. Its words one by one are in `_words_clause`; its
    sounds, pinyin and typos are the typed text's own (向量 typed means 向量, not how 矢量 sounds). A full second set
    of clauses was a fifth of such a search at 1M (bench/RESULTS.md)."""
    groups, rest = glossary().concepts(form)
    should = _as_a_whole(form)
    synonyms = _synonym_clause(groups, rest, concepts)
    if synonyms:
        should.append(synonyms)
    return should, groups, understand(form)


def with_boosts_of(text: dict, query: dict) -> dict:
    """`query` ordered by the kind and place boosts of a text query (`text_query`), when it has any: the relaxed
    pass lists events before other kinds for 杭州 RAG 工作坊 as the strict pass does."""
    if "function_score" in text:  # the named kinds multiplied (`_named_kinds_multiplied`), around the boosts
        scored = text["function_score"]
        return {"function_score": {**scored, "query": with_boosts_of(scored["query"], query)}}
    wrapper = text.get("bool", {})
    if set(wrapper) != {"must", "should"}:
        return query
    return {"bool": {"must": [query], "should": wrapper["should"]}}


def _kind_and_place_boosts(kinds: list[str], places: list[str]) -> list[dict]:
    """Items of the named kind, and events held in the named place, first among what the text found."""
    boosts: list[dict] = []
    if kinds:
        boosts.append({"terms": {"type": kinds, "boost": KIND_BOOST}})
    for place in places:
        boosts.append({"match_phrase": {"address": {"query": place, "boost": 3}}})
    return boosts


def _for_the_purpose(purpose: str, concepts: frozenset[str]) -> list[dict]:
    """What the reader will do with the thing they choose (多智能体应用 of LangGraph 和 AutoGen 哪个更适合做多智能体应用): its
    concepts anywhere in a text, or its words in a title or summary, as a boost of the texts on the things compared."""
    if not purpose:
        return []
    groups, _rest = glossary().concepts(purpose)
    words = {"multi_match": {"query": purpose, "fields": ["title", "title_cn", "summary"], "operator": "and"}}
    named = [group_clause(group, concepts, bodies=True) for group in glossary().topical(groups)]
    return [{"bool": {"should": [words, *named], "boost": PURPOSE_WEIGHT}}]


def _held_when(window: Window | None, places: list[str]) -> list[dict]:
    """Events running or starting in the window the query's time words name (这周末, 明天: analysis/when.py) first
    among what the text found; the others stay listed, after them. With a place named, only those held there: the place
    comes before the date (成都下周有AI招聘会吗 listed a Suzhou event of next week above Chengdu's job fair of the week
    after)."""
    if window is None:
        return []
    held = [
        {"term": {"type": "event"}},
        {"range": {"start_time": {"lt": window.end, "time_zone": TIME_ZONE}}},
        {"range": {"end_time": {"gte": window.start, "time_zone": TIME_ZONE}}},
    ]
    if places:
        at = [{"match_phrase": {"address": place}} for place in places]
        held.append({"bool": {"should": at, "minimum_should_match": 1}})
    return [{"constant_score": {"filter": {"bool": {"filter": held}}, "boost": WHEN_BOOST}}]


# Words of a query whose segmented-words clause is scored as a plain disjunction on a ranked search.
RANKED_ANY_WORDS = range(3, 6)


def _words_clause(
    words: list[str],
    ranked: bool,
    form_weight: float = REGIONAL_FORM_OF_SIMPLIFIED,
    concepts: frozenset[str] = frozenset(),
    *,
    topics_suffice: bool = False,
) -> dict:
    """The segmented words across title and body, most of them required: 2<75% (all of one or two,
    two of three, three of four or five...), counted by position (`word_positions`): the parts of a long glossary
    term (检索 增强 生成) or a run of single characters (踩 雷) are one position, all of it required. A word with
    Taiwan / Hong Kong forms (analysis/regional.word_forms) is matched as typed or as any of them, those at
    `form_weight` (`_by_position`): 核心程式 is 核心 (a mainland word too, which the whole-text conversion turns into
    内核) and 程式 (程序).

    On a ranked search of three to five positions the clause is scored as a plain disjunction and the
    requirement kept as a non-scoring filter: the same documents with the same scores, but a
    disjunction lets the engine skip blocks of documents whose best possible score cannot reach the
    page, which a minimum-should-match clause (Lucene 8) cannot; it scored every body holding two of
    `具身智能 落地 经验` (588,000 of 1M) and was most of the slowest searches' time (issue 12). With
    one or two words every word is required anyway; from six words on, a disjunction matches nearly
    every document, and with a field sort there are no scores to skip by: in these cases the
    disjunction and the filter together measured slower than the one clause (bench/query_shapes.py,
    shape `words clause unsplit`; bench/RESULTS.md)."""
    positions = word_positions(words)
    forms = [word_forms(position[0]) if len(position) == 1 else () for position in positions]
    topics = topic_groups(positions)
    topical = sum(group is not None for group in topics)
    # A question's other words that are all function words (知识蒸馏和量化: 和 joins the two topics a comparison asks
    # about) leave the topics as 2<75% counts them: either of them, with 和 in a body, answers as before.
    topics_suffice = topics_suffice and any(
        group is None and not all(is_function_word(word) for word in position)
        for position, group in zip(positions, topics, strict=True)
    )
    if (
        any(forms)
        or len(positions) < len(words)
        or any(_function_positions(positions))
        or asks_for_topics(len(positions), topical, topics_suffice=topics_suffice)
    ):
        return _by_position(positions, forms, topics, ranked, form_weight, concepts, topics_suffice=topics_suffice)
    clause = {
        "multi_match": {
            "query": " ".join(words),
            "fields": WORDS_FIELDS,
            "type": "cross_fields",
            "minimum_should_match": "2<75%",
            "boost": 1.5,
        }
    }
    if not ranked or len(words) not in RANKED_ANY_WORDS:
        return clause
    scored = {key: value for key, value in clause["multi_match"].items() if key != "minimum_should_match"}
    return {"bool": {"must": [{"multi_match": scored}], "filter": [clause]}}


def _by_position(
    positions: list[list[str]],
    forms: list[tuple[str, ...]],
    topics: list[tuple[str, ...] | None],
    ranked: bool,
    form_weight: float,
    concepts: frozenset[str] = frozenset(),
    *,
    topics_suffice: bool = False,
) -> dict:
    """The words clause by position: each position its words (all required) or one of the word's regional forms (a
    form may be several segmented words, all required), most positions required and among them the topics (`topics`:
    the glossary group a position names, positions.topic_groups), split as `_words_clause` splits it. One clause: a
    second words clause for the forms beside the first read every body's common words twice, and was two thirds of a
    search such as 向量数据库的五个常见误区 at 1M (bench/RESULTS.md)."""

    def word(text: str, boost: float) -> dict:
        match = {"query": " ".join(query_words(text)), "fields": WORDS_FIELDS, "type": "cross_fields"}
        return {"multi_match": {**match, "operator": "and", "boost": boost}}

    alternatives = [
        [word(" ".join(typed), 1.0), *(word(form, form_weight) for form in own)]
        for typed, own in zip(positions, forms, strict=True)
    ]
    choices = [
        options[0] if len(options) == 1 else {"bool": {"should": options, "minimum_should_match": 1}}
        for options in alternatives
    ]
    function = _function_positions(positions)
    if any(function):
        # A function word (的, 在, 和) is in nearly every Chinese text: it still counts towards the words required (an
        # English text holds none), but is never scored. Scored, the 的 of 高吞吐的大模型推理框架 was scored in 313,000
        # bodies, most of such a search's 400 ms at 1M (bench/RESULTS.md). Counted as there in any text, it let a
        # project described in English match `CrewAI 和 AutoGen …` by AutoGen alone.
        choices = [_unscored(choice) if own else choice for choice, own in zip(choices, function, strict=True)]
        alternatives = [options for options, own in zip(alternatives, function, strict=True) if not own]
    # A topic is there as typed or by another of its group's terms (RAG检索增强: a paper writing only 检索增强生成),
    # which satisfies the position without scoring: the glossary clause scores synonyms.
    choices = [_or_its_group(choice, group, concepts) for choice, group in zip(choices, topics, strict=True)]
    # A plain word that a longer term of the query's concept holds (算法 of 推荐系统 算法: 推荐算法) is there when the
    # concept is (positions.said_by).
    choices = [
        choice if group is not None else _or_its_group(choice, said_by(" ".join(position), topics), concepts)
        for choice, group, position in zip(choices, topics, positions, strict=True)
    ]
    required = most_of(
        choices, [group is not None for group in topics], topics_suffice=topics_suffice, broad=_broad(topics, concepts)
    )
    if not ranked or len(positions) not in RANKED_ANY_WORDS:
        return required
    scored = {"bool": {"should": [option for options in alternatives for option in options], "boost": 1.5}}
    return {"bool": {"must": [scored], "filter": [required]}}


def _unscored(clause: dict) -> dict:
    """`clause` as a match of no score: read, never scored."""
    return {"constant_score": {"filter": clause, "boost": 0}}


def _function_positions(positions: list[list[str]]) -> list[bool]:
    """Which positions are function words only, when some are and others not; none when all are."""
    function = [all(is_function_word(word) for word in position) for position in positions]
    return function if not all(function) else [False] * len(positions)


def _or_its_group(choice: dict, group: tuple[str, ...] | None, concepts: frozenset[str]) -> dict:
    """A topic's position as typed, or its group named anywhere (a fixed score of 0: matching, not scoring)."""
    if group is None:
        return choice
    named = _unscored(group_clause(group, concepts, bodies=True))
    return {"bool": {"should": [choice, named]}}


def _synonym_clause(
    groups: list[tuple[str, ...]],
    rest: str,
    indexed: frozenset[str] = frozenset(),
    *,
    topics_suffice: bool = False,
    bodies: bool = True,
    asked: frozenset[tuple[str, ...]] = frozenset(),
) -> dict | None:
    """The query with each glossary term widened to its group: every concept (a group, or a word
    left over) is one alternative set, and most of the concepts must match, so a synonym never
    widens a two-concept query into either concept alone. A group the index carries is one term on
    `concepts` (documents name it in a title, a tag or, for a Latin term, the summary: the same places
    as the phrases below); looking for each synonym in each field was the costliest part of a broad
    search at 1M (issue 12). A group edited since the index was built is looked for by its terms.
    `groups` and `rest`: the query's glossary groups and its other words (Glossary.concepts). `topics_suffice`: of a
    question's topic, whose topics are required beside other words as in its words clause (`positions.most_of`).
    `asked`: the groups the question's own words name (`_groups_asked`), counted as aspects are when no other topic is
    named.

    Beside it, the same concepts named only in summaries or bodies (`body_concepts`) with the other words
    anywhere, as a small fixed score: a document that writes a synonym or acronym of the query's concept only
    in its body is found, below those naming it in a title, and the documents the query's own words found are
    not reordered (scored, it lifted bodies above titles holding the query's words). Not with `bodies` false."""
    if not groups:
        return None
    # Mostly titles and tags: the clauses above match the query's own words everywhere, and each
    # synonym as a phrase over every summary (大语言模型, large language model) made this clause the
    # costliest part of a broad search at 1M (issue 12, bench/query_shapes.py).
    # The other words beside the concepts, without function words (a concept stands for the topic already).
    # A run of single characters (踩 雷 of 踩雷) is one of them: counted apart, 踩 and 雷 outvoted the concept.
    words = [" ".join(p) for p in word_positions([w for w in query_words(rest) if not is_function_word(w)])]
    concepts = [group_clause(group, indexed) for group in groups]
    saying = [said_by(word, list(groups)) for word in words]  # the words a term of the query's concepts holds
    for word, group in zip(words, saying, strict=True):
        fields = LATIN_REST_FIELDS if word.isascii() else CHINESE_REST_FIELDS
        typed = {"multi_match": {"query": word, "fields": fields, **_all_of_a_run(word)}}
        concepts.append(_or_its_group(typed, group, indexed))
    # The topics among the concepts are required as in the words clause (`positions.most_of`); aspects (成本) are not,
    # nor what the question asks for (`asked`: the 教程 of 入门) when it is all the topics there are (知识真馏 入门).
    # Beside another topic it stays one: 大模型 alone, a broad concept, matched a large share of a million texts.
    topical = [group not in glossary().aspects for group in groups]
    if all(group in asked for group, topic in zip(groups, topical, strict=True) if topic):
        topical = [topic and group not in asked for group, topic in zip(groups, topical, strict=True)]
    topics = topical + [False] * len(words)
    topics_suffice = topics_suffice and bool(words)
    broad = _broad(list(groups), indexed) + [False] * len(words)
    named = most_of(concepts, topics, boost=SYNONYM_WEIGHT, topics_suffice=topics_suffice, broad=broad)
    if not bodies or not any(concept_id(group) in indexed for group in groups):
        return named
    inside = [group_clause(group, indexed, bodies=True) for group in groups]
    inside += [
        _or_its_group(_body_word(word, indexed), group, indexed) for word, group in zip(words, saying, strict=True)
    ]
    in_bodies = most_of(inside, topics, boost=None, topics_suffice=topics_suffice, broad=broad)
    return {
        "bool": {
            "should": [named, {"constant_score": {"filter": in_bodies, "boost": BODY_CONCEPT_SCORE}}],
            "minimum_should_match": 1,
        }
    }


def _groups_asked(understood: Understood) -> frozenset[tuple[str, ...]]:
    """The glossary groups the question's own words name (入门 of 知识真馏 入门: the 教程 group), kept in the whole text
    where titles hold them (入门指南) but no topic of it: required there, they let a topic typed wrong go (every tutorial
    project was listed for 知识真馏 入门, by 入门 alone)."""
    words = [word for word in understood.dropped if not word.startswith("(")]
    return frozenset(glossary().concepts(" ".join(words))[0]) if words else frozenset()


def _broad(groups: list[tuple[str, ...] | None], concepts: frozenset[str]) -> list[bool]:
    """Which of `groups` (None: a position naming none) the site names so widely that they only score beside a
    narrower topic (indexer/concept_shares.py)."""
    broad = broad_ids(concepts)
    return [group is not None and concept_id(group) in broad for group in groups]


def _all_of_a_run(word: str) -> dict:
    """A position of several words (踩 雷) needs all of them; a single word keeps its analyzer's own reading."""
    return {"operator": "and"} if " " in word else {}


def _body_word(word: str, indexed: frozenset[str]) -> dict:
    """A word beside a concept named in a body: the word itself, or, for a Latin word naming a glossary group by
    its stem (`agents`), that group in a body as well, so the plural finds what the singular finds."""
    fields = LATIN_BODY_FIELDS if word.isascii() else CHINESE_BODY_FIELDS
    clause = {"multi_match": {"query": word, "fields": fields, **_all_of_a_run(word)}}
    ids = [gid for gid in glossary().latin_ids(word) if gid in indexed] if word.isascii() else []
    if not ids:
        return clause
    named = [{"terms": {"concepts": ids}}, {"terms": {"body_concepts": ids}}]
    return {"bool": {"should": [clause, *named], "minimum_should_match": 1}}


def _highlight_query(query: dict, groups: list[tuple[str, ...]], indexed: frozenset[str]) -> dict:
    """What titles and summaries are highlighted by: the parts of `query` that look in those fields
    (`_on_highlighted_fields`), and, for a group asked for by its concept id (which marks no words), its
    synonyms as phrases. Only the hits on the page are highlighted, so this costs nothing per match."""
    own = _on_highlighted_fields(query)
    terms = [term for group in groups if concept_id(group) in indexed for term in group]
    synonyms = [{"multi_match": {"query": term, "fields": HIGHLIGHTED_FIELDS, "type": "phrase"}} for term in terms]
    return {"bool": {"should": [*([own] if own else []), *synonyms]}}


_LEAF_QUERIES = ("match", "match_phrase", "match_phrase_prefix", "term", "terms", "prefix", "fuzzy", "wildcard")


def _on_highlighted_fields(clause: dict) -> dict | None:
    """`clause` with only what looks in a highlighted field (title, title_cn, summary), or None.

    The highlighter marks a field's words by the query's clauses on that very field (its default
    `require_field_match`) and re-reads its query for every hit and field: without the text query's
    clauses over other fields, a search at 1M took 0.26 ms less on average, of about 2 ms of
    highlighting (issue 12). The marks are the same: tests/api/test_highlight_query.py compares them."""
    [(kind, body)] = clause.items()
    if kind == "bool":
        kept = [
            found
            for occur in ("must", "should", "filter")
            for sub in body.get(occur, [])
            if (found := _on_highlighted_fields(sub)) is not None
        ]
        return {"bool": {"should": kept}} if kept else None
    if kind == "multi_match":
        fields = [field for field in body["fields"] if field.split("^")[0] in HIGHLIGHTED_FIELDS]
        return {"multi_match": {**body, "fields": fields}} if fields else None
    if kind == "function_score":  # the named kinds multiplied: the query inside
        return _on_highlighted_fields(body["query"])
    if kind == "constant_score":  # the sound-alike clauses (indexer/queries/sounds.py)
        inner = _on_highlighted_fields(body["filter"])
        return {"constant_score": {**body, "filter": inner}} if inner else None
    if kind in _LEAF_QUERIES:
        return clause if next(iter(body)) in HIGHLIGHTED_FIELDS else None
    return clause  # a query this does not know: kept whole, as before
