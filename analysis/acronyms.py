"""Acronyms a text defines (issue 36): 全称（缩写） and `Full Name (ABBR)`, as authors introduce a term.

`defined_pairs(text)` finds (abbreviation, full name) pairs in a document's text. Where the full name starts
is a guess:
- Chinese: the run of characters before the bracket, back to punctuation, markup or a space, cut after the
  last joining word or introducing verb (和, 与, 是, 在, 介绍, 提出, 了…: `Embedding 模型和重排序（Rerank）` → 重排序), and after the last 的
  when what follows is long enough for the abbreviation's letters (我们提出的知识图谱（KG）→ 知识图谱; but
  基于可验证奖励的强化学习（RLVR） stays whole);
- Latin: the words before the bracket whose initials spell the abbreviation, small words (of, for, and…)
  skipped (`Retrieval-Augmented Generation (RAG)`); no pair when they do not.

The indexer mines every document it indexes (indexer/acronyms.py, store/acronym_pairs.py); `merged_glossary`
lets the pairs that act join the glossary at query time, and `glossary_with_pair` / `glossary_without_pair` write
an accepted pair into the editors' glossary text (/editor's 缩写 review) and take it out again.
`python -m analysis.acronyms FILE...` lists the pairs a set of import files (JSON lines) defines, with how many
documents define each and the glossary group it would join."""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterable

from analysis.normalize import fold, plain_text
from analysis.vocabulary import marked_line

ABBREVIATION = r"[A-Z][A-Za-z0-9\-]{1,9}"
_CHINESE_DEFINITION = re.compile(rf"([\u3400-\u9fff\-·]{{2,24}})\s*\(({ABBREVIATION})\)")
_LATIN_DEFINITION = re.compile(rf"((?:[A-Za-z][\w\-]*\s+){{0,11}}[A-Za-z][\w\-]*)\s*\(({ABBREVIATION})\)")
# Words that join two things or start a clause (a verb introducing the term, 了 after one): a Chinese full
# name begins after the last of them (本文介绍晶格网络（LN） → 晶格网络).
_JOINING = re.compile("了|介绍|提出|采用|利用|通过|引入|称为|叫做|名为|本文|我们|一种|一个|[和与及或是在把用对将从]")
_SMALL_WORDS = {"of", "for", "and", "the", "to", "in", "on", "with", "a", "an", "by", "from", "via"}


def _letters(abbreviation: str) -> str:
    return re.sub(r"[^A-Za-z]", "", abbreviation)


def _looks_like_an_abbreviation(text: str) -> bool:
    # two capitals at least (KG, RLVR, MoE, Sim2Real); a capitalised word (Rerank) is a translation, kept too
    # when the text writes it as one: it names the term in the other language all the same.
    return 2 <= len(text) <= 10 and sum(c.isupper() for c in text) >= 1 and _letters(text) != ""


def _chinese_full_name(run: str, abbreviation: str) -> str | None:
    run = _JOINING.split(run)[-1].lstrip("的")
    head, _, tail = run.rpartition("的")
    if head and len(tail) >= 2 * len(_letters(abbreviation)) - 1:
        run = tail
    run = run.strip("-·")
    # A Chinese name shorter than the abbreviation's capitals is a clipped guess (使用模型（LLM） → 模型), not a name.
    return run if len(run) >= max(2, sum(c.isupper() for c in abbreviation)) else None


def _latin_full_name(words: list[str], abbreviation: str) -> str | None:
    """The fewest words before the bracket whose initials (each part of a hyphenated word too) spell the
    abbreviation's capitals (ViT: V, T; its letters when it has one capital), matched from the end; a small
    word, or a later part of a hyphenated word, is skipped when its initial is not the letter wanted."""
    capitals = "".join(c for c in abbreviation if c.isupper())
    letters = (capitals if len(capitals) >= 2 else _letters(abbreviation)).lower()
    parts = [
        (index, part, position > 0)
        for index, word in enumerate(words)
        for position, part in enumerate(p for p in word.split("-") if p)
    ]
    wanted = len(letters) - 1
    for index, part, inside_a_word in reversed(parts):
        if part[0].lower() == letters[wanted]:
            wanted -= 1
            if wanted < 0:
                return " ".join(words[index:])
        elif not inside_a_word and part.lower() not in _SMALL_WORDS:
            return None  # a later part of a hyphenated word may go unspelt (Pre-training: P)
    return None


def defined_pairs(text: str | None) -> list[tuple[str, str]]:
    """The (abbreviation, full name) pairs `text` defines, in order, each once; text folded first (full-width
    brackets become ASCII, traditional characters simplified)."""
    folded = fold(text)
    found: list[tuple[str, str]] = []
    for match in _CHINESE_DEFINITION.finditer(folded):
        run, abbreviation = match.groups()
        full = _chinese_full_name(run, abbreviation)
        if full and _looks_like_an_abbreviation(abbreviation):
            found.append((abbreviation, full))
    for match in _LATIN_DEFINITION.finditer(folded):
        words, abbreviation = match.group(1).split(), match.group(2)
        full = _latin_full_name(words, abbreviation) if sum(c.isupper() for c in abbreviation) >= 2 else None
        if full:
            found.append((abbreviation, full))
    return list(dict.fromkeys(found))


def mine(texts: Iterable[str]) -> Counter:
    """How many of `texts` (one per document) define each pair."""
    counts: Counter = Counter()
    for text in texts:
        counts.update(set(defined_pairs(text)))
    return counts


def _terms(line: str) -> list[str]:
    return [fold(t).lower() for t in marked_line(line)[0].split(",") if fold(t)]


def _is_group(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


def _group_holding(lines: list[str], term: str) -> int | None:
    return next((i for i, line in enumerate(lines) if _is_group(line) and term in _terms(line)), None)


def glossary_with_pair(text: str, abbreviation: str, full: str) -> tuple[str, str | None]:
    """The glossary `text` with the pair in it, and what was added: None (one group holds both already, or the
    two terms are in two different groups, which the pair must not merge), the whole line `full, abbreviation`
    (no group holds either), or the one term appended to the group that holds the other."""
    lines = text.splitlines()
    short, long = fold(abbreviation).lower(), fold(full).lower()
    with_short, with_long = _group_holding(lines, short), _group_holding(lines, long)
    if with_short is not None and with_long is not None:
        return text, None
    if with_short is None and with_long is None:
        line = f"{full}, {abbreviation}"
        return "\n".join([*lines, line]) + "\n", line
    index, term = (with_short, full) if with_short is not None else (with_long, abbreviation)
    lines[index] = f"{lines[index].rstrip()}, {term}"
    return "\n".join(lines) + "\n", term


def glossary_without_pair(text: str, added: str) -> str:
    """`text` without what `glossary_with_pair` added (`added`): the line when it is still there as written,
    else the term from the group holding it; an editor's later changes to other lines stay."""
    lines = text.splitlines()
    if added in (line.strip() for line in lines):
        lines = [line for line in lines if line.strip() != added]
    else:
        term = fold(added).lower()
        for i, line in enumerate(lines):
            if _is_group(line) and term in _terms(line):
                lines[i] = ", ".join(t.strip() for t in line.split(",") if fold(t).lower() != term)
    return "\n".join(lines) + "\n" if lines else ""


def merged_glossary(glossary_text: str, pairs_text: str) -> str:
    """The glossary as the search reads it: `glossary_text` with each pair line of `pairs_text` (`abbr, full`)
    joined in as `glossary_with_pair` would write it (a term added to the group holding the other, else a
    group of its own): one query term never stands in two groups, whose second would go unseen. Each line
    is folded once (this runs when either text changes, on the query path)."""
    lines = glossary_text.splitlines()
    holder = {term: i for i, line in reversed(list(enumerate(lines))) if _is_group(line) for term in _terms(line)}
    for line in pairs_text.splitlines():
        abbreviation, _, full = (part.strip() for part in line.partition(","))
        if not (abbreviation and full):
            continue
        short, long = fold(abbreviation).lower(), fold(full).lower()
        with_short, with_long = holder.get(short), holder.get(long)
        if with_short is not None and with_long is not None:
            continue
        if with_short is None and with_long is None:
            lines.append(f"{full}, {abbreviation}")
            holder[short] = holder[long] = len(lines) - 1
        else:
            index, term, key = (with_short, full, long) if with_short is not None else (with_long, abbreviation, short)
            lines[index] = f"{lines[index].rstrip()}, {term}"
            holder[key] = index
    return "\n".join(lines) + "\n" if lines else ""


def _document_texts(paths: list[str]) -> Iterable[str]:
    import json

    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if line.strip() and not line.startswith("#"):  # the import format's comment lines
                    record = json.loads(line)
                    # a space where each tag was: blocks of HTML must not run into each other (标题</h2><p>正文)
                    yield " ".join(plain_text(v.replace("<", " <")) for v in record.values() if isinstance(v, str))


def main(paths: list[str]) -> None:
    from analysis.vocabulary import glossary

    groups = {term: group for group in glossary().groups for term in group}
    for (abbreviation, full), documents in mine(_document_texts(paths)).most_common():
        group = groups.get(fold(full).lower())
        if group and abbreviation.lower() in group:
            where = "in the glossary already"
        else:
            where = f"add to: {', '.join(group)}" if group else "a new group"
        print(f"{documents:4}  {abbreviation:10} {full:32} {where}")


if __name__ == "__main__":
    main(sys.argv[1:])
