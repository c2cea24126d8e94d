"""The relaxed pass of a search (issue 36, item 2): when the strict query finds fewer than a page, what else
the reader may have meant, ranked below everything the strict query found (api/relaxed_search.py
asks for it with the strict query as `must_not` and lists it after the strict hits; a pair widened to its concept is
ranked with them instead, `widened_body`).

Step by step, each step only where the strict query already required more:
- fewer required words: of a topic of four words or more, half of them (the strict words clause requires three
  of four), each in titles and bodies or, for a Chinese word, by its sound in titles (a near-homophone: a
  mistyped word the segmenter keeps whole, 往络 of 神经往络, is heard as 网络); typed pinyin of
  eight syllables or more likewise needs half its syllable pairs in a title; weighted above the next steps;
- concepts named by sound (analysis/sounded_concepts.py): a glossary term typed with a near-homophone or one wrong
  character, or as toneless pinyin, asked for as the concept with the topic's other concepts and words, as the
  strict glossary clause asks (most of them required), in titles, tags and bodies: a mistyped term that a
  document writes only in its body is found there; likewise an English term misspelt (halucination: the fuzzy
  clause finds the English titles, the concept also the Chinese ones; analysis/spelled_concepts.py);
- any one glossary concept of a topic of three concepts or words or more (by its concept id or its
  terms), or any of its words that is a tag label: words that name a subject of this corpus. A plain
  word alone never matches here, so a query none of whose content words is a concept or a tag (a
  recipe, a string of letters) finds no more than the strict pass did; two concepts widen to either alone
  (DPO 对齐, AIGC 融资, found nowhere together: the articles on either rather than an empty page; SAE 可解释性, two
  papers: then the other papers on sparse autoencoders and on interpretability), two plain words never (语音 合成 is
  not every text on speech); one concept and
  one plain word (LoRA 显存) widen to the concept when the caller says so (`widen_pair`: unless the strict pass
  found the item the query names, `names_an_item`);
- when nothing was found: the query without its places (`_elsewhere`), and an acronym or name no glossary line holds,
  alone, of the kind the query names (`_names_beside`: TPOT 延迟; a name the corpus never writes finds nothing).

The query's mainland forms are relaxed too when it is typed in traditional script (`_forms`). None when no step
applies."""

from __future__ import annotations

import re
from functools import lru_cache

from analysis.meant import meant_text
from analysis.normalize import CJK, clean, fold
from analysis.regional import is_traditional, regional_forms
from analysis.syllables import chinese_syllables
from analysis.understanding import understand
from analysis.vocabulary import glossary
from analysis.words import is_function_word, query_words
from indexer.queries.concepts import group_clause
from indexer.queries.positions import word_positions
from indexer.queries.sounds import fewer_pairs_clause, fuzzy_pairs_clause, typed_syllables
from indexer.queries.text import WORDS_FIELDS, text_query, with_boosts_of
from store.tags import tags_by_id

# Relax only to this share of a long topic's words (the strict clause requires 2<75%).
FEWER_WORDS = "3<50%"
MIN_WORDS_TO_RELAX = 4
# Typed pinyin of this many syllables or more (about four words, as the words step asks) may match on half its
# pairs; from five, 端侧大模型 typed as pinyin was widened to every title naming 大模型.
MIN_SYLLABLES_TO_RELAX = 8
# Where a relaxed step sits against the strict pass: below it by construction (a second request), and
# the fewer-words step above the any-concept one.
FEWER_WORDS_BOOST = 2.0
MIN_LATIN_TAG_WORD = 3
# Concepts and words a topic needs before any one of them may stand for it.
MIN_UNITS_FOR_ANY = 3
# Names compared beside no glossary concept (LangGraph or AutoGen): any one of them may stand for the query.
MIN_COMPARED = 2
MAX_COMPARED = 3
# Words of a topic (a place counting as one) an event asked for may hold one of (GPU 性能优化 工作坊): two, or it is the
# strict query.
MIN_EVENT_WORDS = 2
# Shortest word that can stand for a subject by itself (one Chinese character or letter cannot).
MIN_WORD_LENGTH = 2
# A Latin word that may stand for the topic when nothing was found with the rest: an acronym or a name (TPOT, YaRN).
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9\-]*")
MIN_NAME_LENGTH = 3
# The strict hits looked at for the item a query names: all of them, since the relaxed pass runs below a page.
NAMES_LOOKED_AT = 20


def relaxed_query(
    q: str, concepts: frozenset[str] = frozenset(), *, widen_pair: bool = False, nothing_found: bool = False
) -> dict | None:
    """`widen_pair`: a topic of one concept and one plain word may widen to the concept (`is_a_pair`); the caller
    says so unless the strict pass found the item the query names (`names_an_item`). `nothing_found`: the strict
    pass found nothing, and a place in the query may be dropped (`_elsewhere`). A query holding Taiwan or Hong Kong
    words is relaxed in its mainland forms too (analysis/regional.py), as the strict query searches them: 邊緣運算 部署
    names the glossary's 边缘计算 only in its mainland form."""
    steps: list[dict] = []
    for form in _forms(q):
        steps += [step for step in _steps(form, concepts, widen_pair, nothing_found) if step not in steps]
    if not steps:
        return None
    return {"bool": {"should": steps, "minimum_should_match": 1}}


def _forms(q: str) -> list[str]:
    """The query, and its mainland forms when it is typed in traditional script: the phrase tables also turn everyday
    mainland words into others (程序 → 进程), which the strict query weighs below the typed text and this pass, listing
    what else may be meant, would not."""
    return [q, *regional_forms(q)] if is_traditional(clean(q)) else [q]


def _steps(q: str, concepts: frozenset[str], widen_pair: bool, nothing_found: bool) -> list[dict]:
    understood = understand(fold(q))
    topic = understood.core
    words = [w for w in query_words(topic) if len(w) >= MIN_WORD_LENGTH]
    groups, units = _units(topic)
    steps: list[dict] = []
    syllables = typed_syllables(topic)
    if syllables:  # typed as sounds: its words are syllables, found in titles as pairs
        if len(syllables) >= MIN_SYLLABLES_TO_RELAX:
            steps.append(fewer_pairs_clause(syllables, FEWER_WORDS, FEWER_WORDS_BOOST))
    elif fewer := _fewer_words(topic):
        steps.append(fewer)
    by_sound = _concepts_by_sound(topic, syllables, concepts)
    if by_sound:
        steps.append(by_sound)
    if units >= MIN_UNITS_FOR_ANY or (widen_pair and _pair(groups, units)) or len(groups) > 1:
        # one concept and one plain word few documents hold beside it (LoRA 显存, TTS 成本): the concept's documents
        steps += [group_clause(group, concepts, bodies=True) for group in groups]
        tags = [tag for word in words if (tag := _tag_named(word))]
        if tags:
            steps.append({"terms": {"tags": list(dict.fromkeys(tags))}})
    if (
        (understood.comparing or understood.asks_which_is_better)
        and not groups
        and MIN_COMPARED <= len(words) <= MAX_COMPARED
    ):
        # two or three names compared (LangGraph or AutoGen, which one): few texts name both, and each alone answers
        steps.append({"multi_match": {"query": " ".join(words), "fields": WORDS_FIELDS}})
    if "event" in understood.kinds and (either := _events_holding_either(words, understood.places)):
        steps.append(either)
    if nothing_found and (elsewhere := _elsewhere(fold(q), understood.places, concepts)):
        steps.append(elsewhere)
    if nothing_found and units > 1 and (names := _names_beside(topic, groups)):
        # of the kind the query names, as its strict clauses (广州 CUDA 训练营: the CUDA events held elsewhere, by the
        # place's step, and no article on CUDA)
        kinds = {"terms": {"type": list(understood.kinds)}}
        steps.append({"bool": {"must": [names], "filter": [kinds]}} if understood.kinds else names)
    return steps


def _events_holding_either(words: list[str], places: tuple[str, ...]) -> dict | None:
    """Events asked for on a topic of two words or more, or of one beside a place (GPU 性能优化 工作坊, 北京 AI 安全 活动):
    an event holding one of the topic's words, those held in the place first (the strict query's boosts). An event's
    name is a few words (CUDA 性能优化训练营), rarely all of the reader's; papers and projects, many more and described
    at length, are not widened so (one of 视频 生成 listed every generation project). The place is no word of the topic
    (广州 CUDA 训练营: not every event in Guangzhou, the CUDA ones held elsewhere). None for a topic of one word alone."""
    topic = [word for word in words if word not in places and not is_function_word(word)]
    if not topic or len(topic) + bool(places) < MIN_EVENT_WORDS:
        return None
    either = {"multi_match": {"query": " ".join(topic), "fields": WORDS_FIELDS}}
    return {"bool": {"must": [either], "filter": [{"term": {"type": "event"}}]}}


def _names_beside(topic: str, groups: list) -> dict | None:
    """The topic's Latin words that no glossary term holds (an acronym or a name: TPOT, YaRN, SmoothQuant), any one of
    them in titles or bodies, when nothing held them with the rest (TPOT 延迟: the articles on TPOT never write 延迟). A
    name the corpus writes is a subject of its own, unlike a plain Chinese word (红烧肉 做法 still finds nothing), and
    one it never writes finds nothing either. None when the topic has no such word or is only such words."""
    known = {term for group in groups for term in group}
    names = [
        word
        for word in dict.fromkeys(_NAME.findall(topic))
        if len(word) >= MIN_NAME_LENGTH and word.lower() not in known and not is_function_word(word.lower())
    ]
    if not names or not _NAME.sub("", topic).strip():
        return None
    return {"multi_match": {"query": " ".join(names), "fields": WORDS_FIELDS}}


def _elsewhere(text: str, places: tuple[str, ...], concepts: frozenset[str]) -> dict | None:
    """The query without its places, when nothing was found with them and something else is left of its topic: no
    CUDA 训练营 in 北京, so the ones held elsewhere or online (a place narrows a search that finds something: 北京
    论坛 lists Beijing's forums only). None for a topic that is only a place (杭州 活动: not every event)."""
    if not places:
        return None
    rest = text
    for place in places:
        rest = rest.replace(place, " ")
    rest = " ".join(rest.split())
    if not rest or understand(rest).asks_only:
        return None
    return text_query(rest, concepts)


def beyond_its_kinds(q: str, concepts: frozenset[str] = frozenset()) -> dict | None:
    """The topic of a query naming the kinds it asks for, searched in every kind: for when neither the strict nor the
    relaxed pass found any item of those kinds holding it (声音克隆 开源: the projects say voice cloning in English
    only, while articles write 声音克隆), so the reader sees what the site has on it, under the kinds' boosts, rather
    than nothing. A topic none of whose words the corpus holds still finds nothing. None for a query naming no kind,
    or a place (`_elsewhere` relaxes that within the kind: the CUDA camps held elsewhere, not the articles on CUDA)."""
    understood = understand(fold(q))
    if not understood.kinds or understood.places or understood.asks_only or not understood.core.strip():
        return None
    return text_query(understood.core, concepts)


def _units(topic: str) -> tuple[list, int]:
    """The topic's glossary groups that name a topic (not an aspect such as 成本), and how many concepts, aspects and
    other words (of two characters or more) it has."""
    known = glossary()
    groups, rest = known.concepts(topic)
    return known.topical(groups), len(groups) + len(_plain_words(rest))


def _plain_words(text: str) -> list[str]:
    """The words of two characters or more in `text`, a run of single characters the segmenter cut apart counting as
    one, as the words clause counts it (positions.word_positions): 踩雷 is cut into 踩 and 雷, yet the reader typed one
    word, so RAG 踩雷 is a concept and a word, as RAG 误区 is."""
    positions = ["".join(position) for position in word_positions(query_words(text))]
    return [word for word in positions if len(word) >= MIN_WORD_LENGTH]


def is_a_pair(q: str) -> bool:
    """The topic is one glossary concept and one plain word or aspect (`TTS 成本`), which `widen_pair` may widen; in
    a mainland form of its Taiwan or Hong Kong words too (邊緣運算 部署)."""
    return any(_pair(*_units(understand(fold(form)).core)) for form in _forms(q))


def _pair(groups: list, units: int) -> bool:
    return len(groups) == 1 and units == 2


def pair_word_count_body(q: str, up_to: int) -> dict | None:
    """A count (`up_to`) of the texts holding the plain word of a pair (`is_a_pair`: GNN 过平滑, OCR 评测), or None when
    the pair's other unit is an aspect (TTS 成本) or the query no pair (api/relaxed_search.relaxed_for)."""
    for form in _forms(q):
        groups, rest = glossary().concepts(understand(fold(form)).core)
        words = _plain_words(rest)
        if len(glossary().topical(groups)) == 1 and len(groups) == 1 and len(words) == 1:
            match = {
                "multi_match": {"query": words[0], "fields": WORDS_FIELDS, "type": "cross_fields", "operator": "and"}
            }
            return {"query": match, "size": 0, "track_total_hits": up_to}
    return None


def names_body(strict: dict) -> dict:
    """The few documents (fewer than a page) a strict search body found, with what names them and their kind
    (`named_item`)."""
    return {"query": strict["query"], "size": NAMES_LOOKED_AT, "_source": ["title", "repo", "people", "type"]}


def names_an_item(q: str, hits: list[dict]) -> bool:
    """A hit's whole name is the query: its title, its repository or the repository's name (quartz-rag), a person.
    The reader typed a name and the strict pass found it, so widening its words (every RAG project after
    quartz-rag) would only bury the answer."""
    return named_item(q, hits) is not None


def named_item(q: str, hits: list[dict]) -> dict | None:
    """The first of `hits` whose whole name is `q` (`names_an_item`), or None."""
    wanted = _name_key(q)
    for hit in hits:
        source = hit.get("_source", {})
        repo = source.get("repo") or ""
        people = source.get("people") or []
        names = [
            source.get("title") or "",
            repo,
            repo.partition("/")[2],
            *([people] if isinstance(people, str) else people),
        ]
        if any(name and _name_key(name) == wanted for name in names):
            return hit
    return None


def _name_key(text: str) -> str:
    return " ".join(fold(text).casefold().split())


def _fewer_words(topic: str) -> dict | None:
    """Half the topic's words (four or more), each in title or body words or, for a Chinese word, by its sound in
    a title (near-homophones folded: `title_syllables.fuzzy`)."""
    units = [w for w in query_words(topic) if len(w) >= MIN_WORD_LENGTH]
    if len(units) < MIN_WORDS_TO_RELAX:
        return None
    alternatives: list[dict] = []
    for unit in units:
        own = {"multi_match": {"query": unit, "fields": WORDS_FIELDS}}
        sounds = chinese_syllables(unit) if all(CJK.match(c) for c in unit) else []
        if len(sounds) >= MIN_WORD_LENGTH:
            alternatives.append({"bool": {"should": [own, fuzzy_pairs_clause(sounds)], "minimum_should_match": 1}})
        else:
            alternatives.append(own)
    return {"bool": {"should": alternatives, "minimum_should_match": FEWER_WORDS, "boost": FEWER_WORDS_BOOST}}


def _concepts_by_sound(topic: str, syllables: list[str] | None, concepts: frozenset[str]) -> dict | None:
    """The topic as it sounds it was meant: the glossary terms it names by sound (analysis/sounded_concepts.py)
    written as the glossary writes them, searched as a strict query is (indexer/queries/text.py), so the relaxed
    hits rank as the corrected query's would; None when it names none."""
    meant = meant_text(topic, syllables, guessing=True)
    return text_query(meant, concepts) if meant else None


def _tag_named(word: str) -> str | None:
    """The tag whose whole label, or a whole word of it, is `word` (RAG, 智能体 of Agent 智能体), or None."""
    return _tag_words().get(word.casefold())


@lru_cache(maxsize=1)
def _tag_words() -> dict[str, str]:
    named: dict[str, str] = {}
    for tag_id, tag in tags_by_id().items():
        label = fold(tag["label"]).casefold()
        for word in dict.fromkeys([label, *label.split()]):
            # a Latin part as short as `ai` (AI 编程) names no subject by itself
            if len(word) >= (MIN_LATIN_TAG_WORD if word.isascii() else MIN_WORD_LENGTH):
                named.setdefault(word, tag_id)
    return named


def relaxed_search_body(strict: dict, relaxed: dict, start: int, size: int) -> dict:
    """The relaxed pass of a built search body: the same filters, operators, sort and highlighting, the
    documents the relaxed query finds that the strict text query did not, `size` of them from `start`."""
    query = strict["query"]["bool"]
    text, *rest = query["must"]
    must = [with_boosts_of(text, relaxed), *rest]
    return {
        **strict,
        "from": start,
        "size": size,
        "query": {"bool": {**query, "must": must, "must_not": [*query.get("must_not", []), text]}},
    }


def of_kinds(body: dict, kinds: tuple[str, ...], *, among: bool) -> dict:
    """A search body limited to documents of `kinds` (`among`) or of any other kind."""
    query = body["query"]["bool"]
    kind = {"terms": {"type": list(kinds)}}
    if among:
        return {**body, "query": {"bool": {**query, "filter": [*query.get("filter", []), kind]}}}
    return {**body, "query": {"bool": {**query, "must_not": [*query.get("must_not", []), kind]}}}


def widened_body(strict: dict, relaxed: dict) -> dict:
    """A search or counts body (build_search, build_counts) finding what the strict text query or the relaxed one
    finds, scored together: the tabs' counts as the list shows them, and the list of a pair widened to its concept
    (api/relaxed_search.py)."""
    query = strict["query"]["bool"]
    text, *rest = query["must"]
    either = {"bool": {"should": [text, with_boosts_of(text, relaxed)], "minimum_should_match": 1}}
    return {**strict, "query": {"bool": {**query, "must": [either, *rest]}}}
