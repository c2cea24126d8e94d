"""The AI vocabulary: the zh↔en glossary (synonym groups, data/search/glossary.txt, editors extend it)
and extra segmentation words (data/search/words.txt). The glossary's text comes from a source the entry
point names (`use_glossary_source`: the editors' list in the database, store/word_lists.py, on every API
host and worker), else from the file; either is re-read when it changes, so a glossary edit applies to
the next search without a restart or a reindex.

Each group has a concept id (`concept_id`, from its terms): documents carry the ids of the groups
they name (`Glossary.concept_ids`, the `concepts` field), so a search asks for one term instead of
every synonym in every field. An edited group has a new id, which the index does not know until a
rebuild; the search looks for such a group's terms themselves (indexer/queries/text.py)."""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from analysis.normalize import CJK, fold
from analysis.stems import holds_run, latin_stems
from config import glossary_file

DATA = Path(__file__).resolve().parent.parent / "data"
GLOSSARY = glossary_file()  # the setting's one reader (config); a test may point the module elsewhere
WORDS = DATA / "search" / "words.txt"
TAGS = DATA / "tags.json"


def _lines(path: Path) -> list[str]:
    return _text_lines(path.read_text(encoding="utf-8")) if path.is_file() else []


def _text_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


# A line starting with this marks an aspect (成本, cost): a word said of any topic, translated like the others
# but no topic of its own (`Glossary.aspects`).
ASPECT_MARK = "~"
# A line starting with this marks terms that are names of their own (`Glossary.own_names`): the shorter terms inside
# them do not count where they stand. Vector quantization is no model quantization (量化), token merging no tokenizer,
# 训练营 (a bootcamp) no training.
OWN_NAME_MARK = "!"


def marked_line(line: str) -> tuple[str, bool, bool]:
    """A glossary line without its marks, and whether it was marked an aspect and a name of its own (either order)."""
    line = line.strip()
    aspect = own_name = False
    while line[:1] in (ASPECT_MARK, OWN_NAME_MARK):
        aspect = aspect or line[0] == ASPECT_MARK
        own_name = own_name or line[0] == OWN_NAME_MARK
        line = line[1:]
    return line, aspect, own_name


@dataclass(frozen=True)
class Glossary:
    groups: tuple[tuple[str, ...], ...]  # folded, lower-cased terms; each group is one meaning
    # Groups marked as aspects: matched in both languages like any group, but counted as a plain word where a
    # search decides whether a topic may widen to one of its concepts (indexer/queries/relax.py): TTS 成本 is a
    # topic and an aspect of it, not two topics.
    aspects: frozenset[tuple[str, ...]] = frozenset()
    # Groups whose terms are names of their own (OWN_NAME_MARK): a document naming one of them does not name, by that
    # term's words, the groups of the shorter terms inside it. The query side needs no rule for it: `concepts` cuts
    # the longest terms out first.
    own_names: frozenset[tuple[str, ...]] = frozenset()

    def topical(self, groups: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
        """`groups` without the aspects."""
        return [group for group in groups if group not in self.aspects]

    @cached_property
    def _longest_first(self) -> list[tuple[str, tuple[str, ...]]]:
        """Every term, and a term mixing a Latin word and Chinese apart (AI 编程) also as run together (AI编程, as readers
        type it: read apart, AI安全 named the site's subject and the word 安全)."""
        terms = [(spelling, g) for g in self.groups for t in g for spelling in dict.fromkeys((t, _run_together(t)))]
        return sorted(terms, key=lambda pair: len(pair[0]), reverse=True)

    def concepts(self, query: str) -> tuple[list[tuple[str, ...]], str]:
        """The glossary groups whose terms occur in `query`, and what is left of the query once the
        found terms are cut out (longest terms first)."""
        folded = fold(query).lower()
        rest, stripped = f" {folded} ", folded  # the padded and bare forms, redone only when a term is cut
        found: list[tuple[str, ...]] = []
        by_first = self._longest_first_by_character
        candidates = sorted((entry for c in set(folded) for entry in by_first.get(c, ())), key=lambda e: e[0])
        for _order, term, group in candidates:
            if _occurs(term, stripped, rest):
                if group not in found:
                    found.append(group)
                rest = rest.replace(term, " ")
                stripped = rest.strip()
        by_stem, rest = self._by_stem(_LATIN_BESIDE_CJK.sub(" ", rest).split())
        found += [group for group in by_stem if group not in found]
        if found and any(CJK.search(word) for word in rest):
            found, rest = self._composed(found, rest)
        return found, " ".join(rest)

    def _composed(self, found: list[tuple[str, ...]], rest: list[str]) -> tuple[list[tuple[str, ...]], list[str]]:
        """A word left over that makes, with a Chinese term of a group found, a term of another group, names that group
        instead (RL 人类反馈: 人类反馈 and 强化学习 make 人类反馈强化学习, a term of RLHF; 多头 注意力 is multi-head attention, 图
        神经网络 a graph neural network): readers type a compound term's parts apart, or one part as its acronym."""
        by_term = self.topic_by_term  # a word and a Chinese term joined are Chinese
        found, rest = list(found), list(rest)
        for word in [w for w in rest if CJK.search(w)]:
            for at, group in enumerate(found):
                whole = next(
                    (
                        by_term[joined]
                        for term in group
                        if CJK.search(term)
                        for joined in (word + term, term + word)
                        if joined in by_term and by_term[joined] != group
                    ),
                    None,
                )
                if whole is not None:
                    found[at] = whole
                    rest.remove(word)
                    break
        return list(dict.fromkeys(found)), rest

    @cached_property
    def topic_by_term(self) -> dict[str, tuple[str, ...]]:
        """Each term of a topical group (not an aspect), and its group."""
        return {term: group for group in self.topical(self.groups) for term in group}

    @cached_property
    def topic_by_key(self) -> dict[str, tuple[str, ...]]:
        """`topic_by_term` by each term without spaces (生成式ai, ai安全): how the query's words joined are compared
        (indexer/queries/positions.py), whatever spacing a mixed term is typed or written with."""
        return {term.replace(" ", ""): group for term, group in self.topic_by_term.items()}

    def _by_stem(self, words: list[str]) -> tuple[list[tuple[str, ...]], list[str]]:
        """The groups that the query's Latin words left over name by their stems, as a document's words name them at
        index time (`concept_ids`): `hallucinate` the group of hallucination, `quantize` of quantization,
        `large language models` of large language model. The longest term first; the other words stay."""
        latin_terms = self._index_terms[1]
        found: list[tuple[str, ...]] = []
        rest: list[str] = []
        at = 0
        while at < len(words):
            stems = [_word_stem(word) for word in words[at : at + _LONGEST_LATIN_RUN]]
            matched = None
            for _order, _term, run, gid in sorted(latin_terms.get(stems[0] or "", []), key=lambda e: -len(e[2])):
                if tuple(stems[: len(run)]) == run:
                    matched = (gid, len(run))
                    break
            if matched is None:
                named = self._hyphenated(words[at])
                found += [group for group in named if group not in found]
                rest += [] if named else [words[at]]
                at += 1
                continue
            group = self._by_id[matched[0]]
            if group not in found:
                found.append(group)
            at += matched[1]
        return found, rest

    def _hyphenated(self, word: str) -> list[tuple[str, ...]]:
        """The groups a hyphenated word names when its parts, read as words, are terms and nothing else:
        `fine-tune` the group of fine-tuning, as a document's `fine-tuned` names it at index time; `gpt-4` none."""
        parts = word.split("-")
        if len(parts) < 2 or not all(_ONE_LATIN_WORD.fullmatch(part) for part in parts):
            return []
        found, rest = self._by_stem(parts)
        return [] if rest else found

    @cached_property
    def _by_id(self) -> dict[str, tuple[str, ...]]:
        return {concept_id(group): group for group in self.groups}

    @cached_property
    def _longest_first_by_character(self) -> dict[str, list[tuple[int, str, tuple[str, ...]]]]:
        """The terms longest first, filed under their first character: a query is only checked for the terms
        starting with one of its characters (reading every term was most of a question's query-building time)."""
        by_first: dict[str, list[tuple[int, str, tuple[str, ...]]]] = {}
        for order, (term, group) in enumerate(self._longest_first):
            by_first.setdefault(term[0], []).append((order, term, group))
        return by_first

    def terms_starting_with(self, character: str) -> list[str]:
        """The terms (mixed ones also run together) that start with `character`, longest first."""
        return [term for _order, term, _group in self._longest_first_by_character.get(character, ())]

    def topical_terms_starting_with(self, character: str) -> list[str]:
        """`terms_starting_with`, without the aspects' terms (指南, 成本: said of any topic)."""
        entries = self._longest_first_by_character.get(character, ())
        return [term for _order, term, group in entries if group not in self.aspects]

    @cached_property
    def latin_terms_by_length(self) -> dict[int, tuple[str, ...]]:
        """The English terms by their number of words (analysis/spelled_concepts.py compares a query's runs of words
        with those of the same length)."""
        by_words: dict[int, list[str]] = {}
        for group in self.groups:
            for term in group:
                words = term.split()
                if term.isascii() and words and LATIN_WORD.fullmatch(words[0]):
                    by_words.setdefault(len(words), []).append(term)
        return {count: tuple(dict.fromkeys(terms)) for count, terms in by_words.items()}

    @cached_property
    def terms(self) -> frozenset[str]:
        """Every term of every group, as the file writes it (folded, lower-cased)."""
        return frozenset(term for group in self.groups for term in group)

    @cached_property
    def joined_latin_terms(self) -> dict[str, str]:
        """The English terms of several words or parts (kv cache, long-context) by their letters run together (kvcache,
        longcontext), as readers type them, unless that is a term itself: `spaced_latin_terms`."""
        joined: dict[str, str] = {}
        for term in sorted(term for term in self.terms if term.isascii()):
            run = re.sub(r"[\s\-]+", "", term)
            if run != term and len(run) >= MIN_JOINED_TERM and run not in self.terms:
                joined.setdefault(run, term)
        return joined

    def spaced_latin_terms(self, text: str) -> str:
        """`text` with each Latin word that is a term of several words run together written as the term (kvcache优化 →
        kv cache优化): the texts write it apart, and as one word it matched nothing."""
        joined = self.joined_latin_terms
        return _LATIN_WORD_RUN.sub(lambda m: joined.get(m.group(0).lower(), m.group(0)), text)

    @cached_property
    def _chinese_terms(self) -> frozenset[str]:
        return frozenset(term for term in self.terms if CJK.search(term) and not _LATINISH.search(term))

    def joined_chinese_terms(self, text: str) -> str:
        """`text` with a Chinese term typed in parts apart (语音 识别, 机器 学习, 向量 数据库) written whole, when a part is no
        term itself: readers put a space where a term's words meet, and read apart they named no concept, matched no
        title phrase, and 机器 学习 listed the robot articles (机器人) before machine learning. Two terms side by side (多模态
        大模型) are two concepts and stay apart."""
        if " " not in text or not CJK.search(text):
            return text
        terms = self._chinese_terms
        return _SPACED_CJK_PARTS.sub(lambda m: _joined_if_term(m, terms), text)

    @cached_property
    def latin_terms_by_shape(self) -> dict[tuple[int, int], tuple[str, ...]]:
        """The English terms by their number of words and of characters (analysis/spelled_concepts.py: a misspelling
        is only compared with the terms its length allows)."""
        by_shape: dict[tuple[int, int], list[str]] = {}
        for count, terms in self.latin_terms_by_length.items():
            for term in terms:
                by_shape.setdefault((count, len(term)), []).append(term)
        return {shape: tuple(terms) for shape, terms in by_shape.items()}

    @cached_property
    def ids(self) -> list[str]:
        """Every group's concept id, in file order."""
        return [concept_id(group) for group in self.groups]

    @cached_property
    def _index_terms(self) -> tuple[list[tuple[str, str]], dict[str, list[tuple[int, str, tuple[str, ...], str]]]]:
        """Chinese terms with their group's id; Latin ones as (glossary order, term, stems, id) for each
        reading of the term, by their first stem (a text is only checked for terms starting with one of
        its stems)."""
        chinese, latin = [], {}
        order = itertools.count()
        for group in self.groups:
            gid = concept_id(group)
            for term in group:
                if term.isascii():
                    for stems in latin_stems(term):
                        if stems:
                            latin.setdefault(stems[0], []).append((next(order), term, stems, gid))
                else:  # a mixed term also run together, as titles write it too (AI编程助手)
                    chinese += [(spelling, gid) for spelling in dict.fromkeys((term, _run_together(term)))]
        return chinese, latin

    def concept_ids(self, titles: Sequence[str], tags: Sequence[str] = (), summary: str | None = None) -> list[str]:
        """The ids of the groups a document names, once for each of their terms found in a tag label
        or (for a Latin term) in the summary and twice for each found in a title: the `concepts` field
        counts them, so a document naming a concept in its title, or by several of its terms, scores
        higher, as when the search looked for each term in each field. A Chinese term is found inside
        the text, a Latin one as consecutive stemmed words (analysis/stems.py). `titles` and `tags`
        are folded."""
        found: list[str] = []
        for texts, weight in ((titles, 2), (tags, 1)):
            texts = [text for text in texts if text]
            readings = [stems for text in self._latin_parts(texts) for stems in latin_stems(text)]
            found += (self._chinese_ids(texts) + self._latin_ids(readings)) * weight
        if summary and _LATINISH.search(summary):  # folding is the costly part: not for a Chinese summary
            found += self._latin_ids(latin_stems(fold(summary)))
        return found

    def body_concept_ids(self, texts: Sequence[str]) -> list[str]:
        """The ids of the groups a summary or body names (folded `texts`), each once: the `body_concepts` field,
        which the search weighs far below `concepts` (issue 36: a paper writing 对比学习 once in its abstract is
        found by 对比学习 or its synonyms, below the papers naming it in their titles)."""
        texts = [text for text in texts if text]
        readings = [stems for text in self._latin_parts(texts) for stems in latin_stems(text)]
        return list(dict.fromkeys(self._chinese_ids(texts) + self._latin_ids(readings)))

    def latin_ids(self, word: str) -> list[str]:
        """The ids of the groups a Latin word names by its stem (`agents` names the group of `agent`)."""
        return self._latin_ids(latin_stems(word))

    @cached_property
    def _own_name_ids(self) -> frozenset[str]:
        return frozenset(concept_id(group) for group in self.own_names)

    @cached_property
    def _mixed_own_names(self) -> re.Pattern | None:
        """The names of their own mixing Latin and Chinese (token 合并), as written and run together, longest first,
        in any case (titles are folded, not lower-cased: their case changes cut Latin words apart)."""
        mixed = {
            spelling
            for group in self.own_names
            for term in group
            if not term.isascii() and _LATINISH.search(term)
            for spelling in (term, _run_together(term))
        }
        names = sorted(mixed, key=len, reverse=True)
        return re.compile("|".join(map(re.escape, names)), re.IGNORECASE) if names else None

    def _latin_parts(self, texts: list[str]) -> list[str]:
        """The `texts` holding Latin words, without the names of their own mixing Latin and Chinese: the Chinese side
        names their group, and their Latin words name nothing else (the `token` of Token 合并 is no tokenizer)."""
        latin = [text for text in texts if _LATINISH.search(text)]
        mixed = self._mixed_own_names
        return [mixed.sub("\n", text) for text in latin] if mixed and latin else latin

    def _chinese_ids(self, texts: list[str]) -> list[str]:
        """One id per Chinese term found inside `texts`, but not a term found only inside a name of its own."""
        if not texts:
            return []
        joined = "\n".join(texts).lower()  # a line break: no term runs from one text into the next
        found = [(term, gid) for term, gid in self._index_terms[0] if term in joined]
        own = [term for term, gid in found if gid in self._own_name_ids]
        if own:
            left = {size: _without_longer(joined, own, size) for size in {len(term) for term, _gid in found}}
            found = [(term, gid) for term, gid in found if term in left[len(term)]]
        return [gid for _term, gid in found]

    def _latin_ids(self, readings: list[tuple[str, ...]]) -> list[str]:
        """One id per Latin term found as consecutive stems in one of the `readings`, but not a term found only inside
        a name of its own (`token merging` names no `tokenizer`)."""
        latin_terms = self._index_terms[1]
        present = {stem for stems in readings for stem in stems}
        # in glossary order, not the set's: the same field in every process
        candidates = sorted(entry for stem in present if stem in latin_terms for entry in latin_terms[stem])
        found = [entry for entry in candidates if any(holds_run(stems, entry[2]) for stems in readings)]
        own_runs = [run for _order, _term, run, gid in found if gid in self._own_name_ids]
        if own_runs:
            left = {size: _without_runs(readings, own_runs, size) for size in {len(run) for _o, _t, run, _g in found}}
            found = [entry for entry in found if any(holds_run(stems, entry[2]) for stems in left[len(entry[2])])]
        return list({term: gid for _order, term, _run, gid in found}.values())  # a term in two readings counts once

    def expansions(self, query: str) -> list[str]:
        """Terms meaning the same as a glossary term found in `query` (the query's own terms left out)."""
        folded = fold(query).lower()
        padded = f" {folded} "
        found: list[str] = []
        for group in self.groups:
            if any(_occurs(term, folded, padded) for term in group):
                found.extend(t for t in group if not _occurs(t, folded, padded) and t not in found)
        return found


def concept_id(group: tuple[str, ...]) -> str:
    """A short id naming the group by its terms: editing a group (a term added, removed, reordered) gives
    it a new id, which documents indexed before the edit do not carry."""
    return "g" + hashlib.sha1("\n".join(group).encode("utf-8"), usedforsecurity=False).hexdigest()[:11]


_LATINISH = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ]")  # before folding, full-width letters too
_LATIN_WORD_RUN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]*(?![A-Za-z0-9])")
# The fewest letters of a term typed with its words run together that is read as the term (kvcache; not `ab`).
MIN_JOINED_TERM = 5


# The most words a Latin glossary term has that a query's words are compared with by their stems.
_LONGEST_LATIN_RUN = 5
_ONE_LATIN_WORD = re.compile(r"[a-z]+")
# Where Latin letters and Chinese characters meet (rag系统): the words are read apart.
_LATIN_BESIDE_CJK = re.compile(rf"(?<=[a-z])(?={CJK.pattern})|(?<={CJK.pattern})(?=[a-z])")
_SPACE_BESIDE_CJK = re.compile(rf"(?<=[a-z0-9])\s+(?={CJK.pattern})|(?<={CJK.pattern})\s+(?=[a-z0-9])")
_LATIN_CHARACTER = re.compile(r"[a-z0-9]")
# An English word as a misspelt term's words are read (analysis/spelled_concepts.py), in queries and in the terms.
LATIN_WORD = re.compile(r"[a-z][a-z0-9-]*")


def _without_longer(text: str, names: list[str], shorter: int) -> str:
    """`text` with the `names` longer than `shorter` characters cut out: a term of that length still found there stands
    on its own."""
    for name in sorted(names, key=len, reverse=True):
        if len(name) > shorter:
            text = text.replace(name, "\n")
    return text


def _without_runs(readings: list[tuple[str, ...]], runs: list[tuple[str, ...]], shorter: int) -> list[tuple[str, ...]]:
    """`readings` with every occurrence of the `runs` longer than `shorter` words blanked out (the longest first)."""
    runs = [run for run in runs if len(run) > shorter]
    if not runs:
        return readings
    left = []
    for reading in readings:
        stems = list(reading)
        for run in sorted(runs, key=len, reverse=True):
            size = len(run)
            for at in range(len(stems) - size + 1):
                if tuple(stems[at : at + size]) == run:
                    stems[at : at + size] = [""] * size
        left.append(tuple(stems))
    return left


# Runs of Chinese characters separated by spaces (语音 识别, 向量 数据库 入门): the candidates for a term typed
# in parts.
_SPACED_CJK_PARTS = re.compile(rf"{CJK.pattern}+(?:\s+{CJK.pattern}+)+")


def _joined_if_term(match: re.Match, terms: frozenset[str]) -> str:
    """The parts of `match` with the spaces taken out between those that make a term together, a part being no term."""
    parts = match.group(0).split()
    out: list[str] = []
    at = 0
    while at < len(parts):
        for size in (3, 2):
            window = parts[at : at + size]
            if len(window) == size and "".join(window) in terms and not all(part in terms for part in window):
                out.append("".join(window))
                at += size
                break
        else:
            out.append(parts[at])
            at += 1
    return " ".join(out)


def _word_stem(word: str) -> str | None:
    """A plain Latin word's stem (analysis/stems.py), or None for anything else (a Chinese word, `gpt-4`)."""
    if not _ONE_LATIN_WORD.fullmatch(word):
        return None
    [stems, *_] = latin_stems(word)
    return stems[0] if len(stems) == 1 else None


def _run_together(term: str) -> str:
    """A term mixing Latin and Chinese without the spaces between them (ai 编程 → ai编程)."""
    return _SPACE_BESIDE_CJK.sub("", term)


def _occurs(term: str, folded: str, padded: str) -> bool:
    # Latin terms must stand as words ('rag' is not in 'storage'); Chinese terms are substrings, and a mixed one's
    # Latin start a word's start (not the `ai` of openai编程).
    if term not in folded:  # most terms: not even a substring (checked in C), so they cannot occur
        return False
    if term[0].isascii() and term[0].isalnum() and not term.isascii():
        return any(
            folded.startswith(term, i) and (i == 0 or not _LATIN_CHARACTER.match(folded[i - 1]))
            for i in range(len(folded) - len(term) + 1)
        )
    if term.isascii():
        return f" {term} " in padded or any(
            folded[i : i + len(term)] == term
            and (i == 0 or not folded[i - 1].isalnum())
            and (i + len(term) == len(folded) or not folded[i + len(term)].isalnum())
            for i in range(len(folded) - len(term) + 1)
        )
    return term in folded


_lock = threading.Lock()
_cache: dict[str, tuple[object, Glossary]] = {}
# (stamp, text) of the glossary, named by the entry point (None: the file). The stamp changes with the text.
_source: Callable[[], tuple[object, str]] | None = None


def use_glossary_source(source: Callable[[], tuple[object, str]] | None) -> None:
    """Where `glossary()` reads its text from in this process (the API and the worker name the editors'
    list in the database); None: the file."""
    global _source
    _source = source


def _parsed(lines: list[str]) -> Glossary:
    groups, aspects, own_names = [], [], []
    for marked in lines:
        line, aspect, own_name = marked_line(marked)
        terms = tuple(dict.fromkeys(fold(t).lower() for t in line.split(",") if fold(t)))
        if len(terms) > 1:
            groups.append(terms)
            if aspect:
                aspects.append(terms)
            if own_name:
                own_names.append(terms)
    return Glossary(tuple(groups), frozenset(aspects), frozenset(own_names))


def glossary(path: Path | None = None) -> Glossary:
    source = _source if path is None else None
    if source is not None:
        stamp, text = source()
        key = f"source:{id(source)}"  # two apps of one process may read two databases
        cached = _cache.get(key)
        if cached and cached[0] == stamp:
            return cached[1]
        with _lock:
            value = _parsed(_text_lines(text))
            _cache[key] = (stamp, value)
            return value
    path = path or GLOSSARY  # read at call time: a test (or an entry point) may point the module elsewhere
    try:  # one stat a call: the search reads the glossary a dozen times a query
        mtime = path.stat().st_mtime_ns
    except OSError:
        mtime = 0
    cached = _cache.get(str(path))
    if cached and cached[0] == mtime:
        return cached[1]
    with _lock:
        value = _parsed(_lines(path))
        _cache[str(path)] = (mtime, value)
        return value


def segmentation_words() -> list[str]:
    """Words jieba must keep whole: glossary terms, tag labels and the extra word list."""
    words = [t for group in glossary().groups for t in group if not t.isascii()]
    words += _lines(WORDS)
    for group in json.loads(TAGS.read_text(encoding="utf-8"))["groups"]:
        for tag in group["children"]:
            words += [part for part in fold(tag["label"]).split(" ") if not part.isascii()]
    # Long compounds (多模态大模型) stay out: a query word must also be found where its parts stand apart.
    return sorted({fold(w) for w in words if 2 <= len(fold(w)) <= 4})
