"""Search operators as engine clauses (issue 36, item 6; the syntax is analysis/operators.py).

`resolve` reads an operator's value against what the index knows (a tag by its label or id, a kind by its
name in English or Chinese, an arXiv number in any spelling) and turns every problem into a line of help in
Chinese. A value that cannot be resolved is dropped as a constraint; an unknown tag's words are searched as
text instead, so the page is never emptied by the syntax. `clauses` gives the filters, required phrases and
exclusions the search and the counts both add."""

from __future__ import annotations

from dataclasses import dataclass, field

from analysis.normalize import fold
from analysis.operators import Operator, ParsedQuery, parse
from analysis.vocabulary import glossary
from kinds.arxiv_ids import ArxivIdError, parse_arxiv
from store.tags import tags_by_id

# How a kind may be typed after type: (the UI's labels: 文章 论文 活动 项目).
KIND_NAMES = {
    "story": ("story", "stories", "article", "articles", "post", "文章"),
    "paper": ("paper", "papers", "论文"),
    "event": ("event", "events", "活动"),
    "project": ("project", "projects", "repo", "项目"),
}
_KIND_OF = {name: kind for kind, names in KIND_NAMES.items() for name in names}
# Where a phrase must stand or an excluded word must not: titles, summaries and bodies in both analyses.
TEXT_FIELDS = ["title", "title_cn", "summary", "content", "title.en", "summary.en", "content.en"]
EXCLUDED_FIELDS = [*TEXT_FIELDS, "tag_labels", "people"]
EXAMPLES = "type:文章、type:论文、type:活动 或 type:项目"


@dataclass
class Operators:
    text: str
    parsed: ParsedQuery
    types: list[str] = field(default_factory=list)
    not_types: list[str] = field(default_factory=list)
    filters: list[dict] = field(default_factory=list)
    must: list[dict] = field(default_factory=list)
    must_not: list[dict] = field(default_factory=list)
    help: list[str] = field(default_factory=list)

    def kinds(self, model: str | None) -> list[str] | None:
        """The kinds to search: the tab's (`model`) within those type: names, when they agree."""
        if model:
            if self.types and model not in self.types:
                self.help.append(f"type: 与当前所选的类型不同，已按所选类型“{_label(model)}”显示")
            return [model]
        return [k for k in self.types if k not in self.not_types] or None

    def clauses(self) -> dict:
        """bool parts to merge into the search's query (besides the kinds)."""
        not_types = [{"terms": {"type": self.not_types}}] if self.not_types else []
        return {"filter": self.filters, "must": self.must, "must_not": [*self.must_not, *not_types]}


def resolve(q: str) -> Operators:
    """The operators of `q` and the text left to search, with a glossary term typed as one word written apart
    (kvcache → kv cache: analysis/vocabulary.Glossary.spaced_latin_terms) and a Chinese one typed in parts written whole
    (语音 识别 → 语音识别: Glossary.joined_chinese_terms)."""
    parsed = parse(q)
    if not parsed.has_syntax:
        return Operators(_as_the_glossary_writes(q), parsed)  # plain words: searched as typed
    ops = Operators(_as_the_glossary_writes(parsed.text), parsed)
    ops.help += [_problem_help(p.kind, p.text) for p in parsed.problems]
    ops.must += [_phrase(phrase) for phrase in parsed.phrases]
    ops.must_not += [_phrase(word, EXCLUDED_FIELDS) for word in parsed.excluded]
    for op in parsed.operators:
        _apply(ops, op)
    if ops.types and ops.not_types and not set(ops.types) - set(ops.not_types):
        ops.help.append("type: 和 -type: 排除了所有类型，已忽略 -type:")
        ops.not_types = []
    return ops


def _apply(ops: Operators, op: Operator) -> None:
    clause: dict | None = None
    if op.name == "type":
        kinds = [_KIND_OF.get(v.strip().lower()) for v in op.value.replace("，", ",").split(",") if v.strip()]
        if None in kinds or not kinds:
            ops.help.append(f"“type:{op.value}”不是内容类型，可以写 {EXAMPLES}")
            return
        (ops.not_types if op.negated else ops.types).extend(k for k in kinds if k)
        return
    if op.name == "tag":
        tag = _tag_id(op.value)
        if tag is None:
            ops.help.append(f"没有名为“{op.value}”的标签，已按普通文字搜索")
            if not op.negated:
                ops.text = f"{ops.text} {op.value}".strip()
            return
        clause = {"term": {"tags": tag}}
    elif op.name == "arxiv":
        try:
            clause = {"term": {"arxiv_id": parse_arxiv(op.value)[0]}}
        except ArxivIdError:
            ops.help.append(f"“arxiv:{op.value}”不是 arXiv 编号，应写成 arxiv:2401.01234 这样")
            return
    elif op.name == "author":
        clause = {
            "bool": {
                "should": [
                    {"match_phrase": {"people": fold(op.value)}},
                    {"term": {"people.raw": fold(op.value)}},
                ],
                "minimum_should_match": 1,
            }
        }
    if clause is not None:
        (ops.must_not if op.negated else ops.filters).append(clause)


def _phrase(text: str, fields: list[str] = TEXT_FIELDS) -> dict:
    return {"multi_match": {"query": text, "type": "phrase", "fields": fields}}


def _tag_id(value: str) -> str | None:
    """A tag by its id or its label, exactly (case and script folded); else the one tag whose label holds it."""
    wanted = fold(value).casefold()
    tags = tags_by_id()
    for tag_id, tag in tags.items():
        if wanted in (tag_id.casefold(), fold(tag["label"]).casefold()):
            return tag_id
    holding = [tag_id for tag_id, tag in tags.items() if wanted in fold(tag["label"]).casefold()]
    return holding[0] if len(holding) == 1 else None


def _problem_help(kind: str, text: str) -> str:
    if kind == "unclosed_quote":
        return f'引号没有成对（{text}），已按普通文字搜索；精确短语请写成 "完整短语"'
    return f"“{text}”后面缺少内容，例如 author:王磊、tag:大模型、type:论文、arxiv:2401.01234"


def _label(kind: str) -> str:
    return KIND_NAMES[kind][-1]


def _as_the_glossary_writes(text: str) -> str:
    known = glossary()
    return known.joined_chinese_terms(known.spaced_latin_terms(text))
