"""Search operators (issue 36, item 6): `"exact phrase"`, `-word`, `author:`, `tag:`, `type:`, `arxiv:`.

`parse` splits what a reader typed into the free text the search ranks and the operators it applies as
constraints. A quoted phrase stays in the free text too (it is what the reader looks for, so it ranks) and
must also appear as written. Only the six names are operators (and their Chinese names 作者 标签 类型); any
other `word:` is text. What cannot be read (a quote never closed, an operator with nothing after it) is
reported as a problem for the page to explain, and the rest of the query is searched as usual, so a typo in
the syntax never empties the page. The values are resolved against the corpus (tags, kinds, arXiv numbers)
by indexer/queries/operators.py."""

from __future__ import annotations

import re
from dataclasses import dataclass

from analysis.normalize import fold

# Operator names as typed (case-insensitive) -> the operator.
NAMES = {
    "author": "author",
    "作者": "author",
    "tag": "tag",
    "标签": "tag",
    "type": "type",
    "类型": "type",
    "arxiv": "arxiv",
}
_NAME = re.compile(rf"({'|'.join(map(re.escape, NAMES))}):", re.IGNORECASE)
# Quotation marks readers type, all read as the ASCII one (fold already turns the full-width one).
_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "「": '"', "」": '"'})


@dataclass(frozen=True)
class Operator:
    name: str  # author, tag, type, arxiv
    value: str
    negated: bool = False


@dataclass(frozen=True)
class Problem:
    kind: str  # 'unclosed_quote' or 'empty_value'
    text: str  # what the reader typed there


@dataclass(frozen=True)
class ParsedQuery:
    text: str  # the free text, phrases included, without operators and exclusions
    phrases: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()  # -word and -"a phrase"
    operators: tuple[Operator, ...] = ()
    problems: tuple[Problem, ...] = ()

    @property
    def has_syntax(self) -> bool:
        """Whether anything besides plain words was typed (the plain search then runs exactly as before)."""
        return bool(self.phrases or self.excluded or self.operators or self.problems)


def parse(q: str) -> ParsedQuery:
    text = fold(q).translate(_QUOTES)
    words: list[str] = []
    phrases: list[str] = []
    excluded: list[str] = []
    operators: list[Operator] = []
    problems: list[Problem] = []
    i, end = 0, len(text)
    while i < end:
        if text[i].isspace():
            i += 1
            continue
        start = i
        # A minus sign starts an exclusion only at the start of a word and before something (GPT-4 is a word).
        negated = text[i] == "-" and i + 1 < end and not text[i + 1].isspace()
        if negated:
            i += 1
        name = _NAME.match(text, i)
        if name:
            i = name.end()
            while i < end and text[i].isspace():  # author: 王磊, with a space after the colon
                i += 1
        value, i, quoted, unclosed = _value(text, i)
        if unclosed:
            problems.append(Problem("unclosed_quote", text[start:].strip()))
        if name:
            operator = NAMES[name.group(1).lower()]
            if value.strip():
                operators.append(Operator(operator, value.strip(), negated))
            else:
                problems.append(Problem("empty_value", text[start:i].strip() or name.group(0)))
        elif negated:
            if value.strip():
                excluded.append(value.strip())
        elif quoted and not unclosed:
            if value.strip():
                phrases.append(value.strip())
                words.append(value.strip())
        elif value.strip():
            words.append(value.strip())
    return ParsedQuery(" ".join(words), tuple(phrases), tuple(excluded), tuple(operators), tuple(problems))


def _value(text: str, i: int) -> tuple[str, int, bool, bool]:
    """The value at `i`: a quoted span or a word. Returns (value, next index, quoted, quote never closed)."""
    if i < len(text) and text[i] == '"':
        close = text.find('"', i + 1)
        if close < 0:
            # Never closed: the rest is searched as plain words.
            return text[i + 1 :], len(text), True, True
        return text[i + 1 : close], close + 1, True, False
    j = i
    while j < len(text) and not text[j].isspace():
        j += 1
    return text[i:j].replace('"', " ").strip(), j, False, False
