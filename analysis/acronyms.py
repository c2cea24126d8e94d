"""Acronyms a text defines (issue 36): 全称（缩写） and `Full Name (ABBR)`, as authors introduce a term.

`defined_pairs(text)` finds (abbreviation, full name) pairs in a document's text. Where the full name starts
is a guess:
- Chinese: the run of characters before the bracket, back to punctuation, markup or a space, cut after the
  last joining word (和, 与, 及, 或, 是, 在…: `Embedding 模型和重排序（Rerank）` → 重排序), and after the last 的
  when what follows is long enough for the abbreviation's letters (我们提出的知识图谱（KG）→ 知识图谱; but
  基于可验证奖励的强化学习（RLVR） stays whole);
- Latin: the words before the bracket whose initials spell the abbreviation, small words (of, for, and…)
  skipped (`Retrieval-Augmented Generation (RAG)`); no pair when they do not.

`python -m analysis.acronyms FILE...` lists the pairs a set of import files (JSON lines) defines, with how many
documents define each and the glossary group it would join, for editors to add to the glossary (/editor
edits it); the review of mined pairs on /editor itself is still to be built."""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterable

from analysis.normalize import fold, plain_text

ABBREVIATION = r"[A-Z][A-Za-z0-9\-]{1,9}"
_CHINESE_DEFINITION = re.compile(rf"([\u3400-\u9fff\-·]{{2,24}})\s*\(({ABBREVIATION})\)")
_LATIN_DEFINITION = re.compile(rf"((?:[A-Za-z][\w\-]*\s+){{0,11}}[A-Za-z][\w\-]*)\s*\(({ABBREVIATION})\)")
# Words that join two things or start a clause: a Chinese full name begins after the last of them.
_JOINING = "和与及或是在把用对将从"
_SMALL_WORDS = {"of", "for", "and", "the", "to", "in", "on", "with", "a", "an", "by", "from", "via"}


def _letters(abbreviation: str) -> str:
    return re.sub(r"[^A-Za-z]", "", abbreviation)


def _looks_like_an_abbreviation(text: str) -> bool:
    # two capitals at least (KG, RLVR, MoE, Sim2Real); a capitalised word (Rerank) is a translation, kept too
    # when the text writes it as one: it names the term in the other language all the same.
    return 2 <= len(text) <= 10 and sum(c.isupper() for c in text) >= 1 and _letters(text) != ""


def _chinese_full_name(run: str, abbreviation: str) -> str | None:
    for joining in _JOINING:
        run = run.rsplit(joining, 1)[-1]
    head, _, tail = run.rpartition("的")
    if head and len(tail) >= 2 * len(_letters(abbreviation)) - 1:
        run = tail
    run = run.strip("-·")
    return run if len(run) >= 2 else None


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
