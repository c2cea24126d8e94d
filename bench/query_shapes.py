"""What each part of the search body costs inside the engine, on a loaded index (issue 12).

    .venv/bin/python bench/query_shapes.py --es http://127.0.0.1:9270 --alias hub-bench-1000000 [--queries 400]
    .venv/bin/python bench/query_shapes.py ... --profile 5     # also: which clauses of the 5 slowest cost most
    .venv/bin/python bench/query_shapes.py ... --dump old.jsonl  # at another commit: the bodies it sends
    .venv/bin/python bench/query_shapes.py ... --baseline old.jsonl --shapes "as sent"  # those beside these

The bench's distinct searches (bench/run.py `query_set`: the judged queries with relevance, relevance +
month, hot, and new + week), each body sent in several shapes, shapes interleaved query by query, with
the request cache off. Figures are the engine's own `took` (ms), per sort and over all, so the shapes
compare on the same queries under the same load. A shape is the body the API sends with one part
changed; the first is the body as sent."""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import percentile  # noqa: E402
from measure import engine_body, index_concepts, query_set  # noqa: E402

from indexer.queries.sounds import SYLLABLES  # noqa: E402
from indexer.queries.text import LENIENT_BIGRAMS, REGIONAL_FORM_OF_SIMPLIFIED, WORDS_FIELDS  # noqa: E402
from kinds import KINDS, SEARCHABLE  # noqa: E402


def as_sent(body: dict, _q: str) -> dict:
    return body


def without_highlight(body: dict, _q: str) -> dict:
    body = copy.deepcopy(body)
    body.pop("highlight", None)
    return body


def without_total(body: dict, _q: str) -> dict:
    body = copy.deepcopy(body)
    body["track_total_hits"] = False
    return body


def total_to_next_page(body: dict, _q: str) -> dict:
    """Counted only as far as paging needs: one hit past this page says there is a next one."""
    body = copy.deepcopy(body)
    body["track_total_hits"] = body["from"] + body["size"] + 1
    return body


def score_only_sort(body: dict, _q: str) -> dict:
    body = copy.deepcopy(body)
    if body["sort"] and body["sort"][0] == "_score":
        body["sort"] = ["_score"]
    return body


def simple_highlight(body: dict, q: str) -> dict:
    """Highlights from a plain match of the query's words on the highlighted fields, not the whole query."""
    from analysis.normalize import fold

    body = copy.deepcopy(body)
    if "highlight" in body:
        fields = list(body["highlight"]["fields"])
        body["highlight"]["highlight_query"] = {"multi_match": {"query": fold(q), "fields": fields}}
    return body


def sorted_text_as_filter(body: dict, _q: str) -> dict:
    """Hot and new lists: the text query as a filter (no scores; cacheable per segment), the
    highlights from the same query given apart."""
    body = copy.deepcopy(body)
    boolean = body["query"]["bool"]
    if body["sort"][0] == "_score" or "must" not in boolean:
        return body
    text = boolean.pop("must")
    boolean["filter"] = [*boolean["filter"], *text]
    body["highlight"] = {**body["highlight"], "highlight_query": text[0]}
    return body


# The glossary concept ids of the index measured (set by main): the bodies use them as the API does.
CONCEPTS: frozenset[str] = frozenset()


def _glossary_clause(q: str, concepts: frozenset[str]) -> dict | None:
    from analysis.normalize import fold
    from analysis.vocabulary import glossary
    from indexer.queries.text import _synonym_clause

    return _synonym_clause(*glossary().concepts(fold(q)), concepts)


def _replace_glossary(body: dict, q: str, replacement: dict | None) -> dict:
    body = copy.deepcopy(body)
    clause = _glossary_clause(q, CONCEPTS)
    should = _text_should(body)
    if clause and clause in should:  # the whole query's glossary clause (the topic's, if any, is left as it is)
        at = should.index(clause)
        if replacement is None:
            del should[at]
        else:
            should[at] = replacement
    return body


def without_glossary(body: dict, q: str) -> dict:
    """The text query without its zh<->en glossary clause (what the synonyms cost)."""
    return _replace_glossary(body, q, None)


def glossary_by_terms(body: dict, q: str) -> dict:
    """The glossary clause looking for every synonym in every field, as before the `concepts` field."""
    return _replace_glossary(body, q, _glossary_clause(q, frozenset()))


# A shape: (the body as sent, the query text) -> the body to send.
def types_by_exclusion(body: dict, _q: str) -> dict:
    """Every searchable type as the kinds that are not, left out (a few documents) instead of the
    searchable ones let in (every document)."""
    body = copy.deepcopy(body)
    bool_query = body["query"]["bool"]
    for clause in list(bool_query["filter"]):
        if set(clause.get("terms", {}).get("type", ())) == set(SEARCHABLE):
            bool_query["filter"].remove(clause)
            bool_query["must_not"] = [{"terms": {"type": [name for name in KINDS if name not in SEARCHABLE]}}]
    return body


def words_unsplit(body: dict, _q: str) -> dict:
    """The segmented-words clause as one minimum-should-match clause, as before a ranked search of
    three to five words scored it as a disjunction with the requirement as a filter (text._words_clause)."""
    body = copy.deepcopy(body)
    should = body["query"]["bool"].get("must", [{}])[0].get("bool", {}).get("should", [])
    for number, clause in enumerate(should):
        split = clause.get("bool", {})
        if set(split) == {"must", "filter"} and split["filter"][0]["multi_match"]["fields"] == WORDS_FIELDS:
            should[number] = split["filter"][0]
    return body


def lenient_scored_as_any(body: dict, _q: str) -> dict:
    """On a relevance search, the lenient bigram clause (one bigram may be missing) as one plain
    disjunction per field, its `minimum_should_match` kept as a filter per field (a dis_max of the
    fields, as multi_match's best_fields is)."""
    if not body["sort"] or body["sort"][0] != "_score":
        return body
    body = copy.deepcopy(body)
    should = body["query"]["bool"].get("must", [{}])[0].get("bool", {}).get("should", [])
    for number, clause in enumerate(should):
        lenient = clause.get("multi_match", {})
        if lenient.get("minimum_should_match") != LENIENT_BIGRAMS:
            continue
        per_field = []
        for field in lenient["fields"]:
            required = {"match": {field: {"query": lenient["query"], "minimum_should_match": LENIENT_BIGRAMS}}}
            per_field.append(
                {"bool": {"must": [{"match": {field: {"query": lenient["query"]}}}], "filter": [required]}}
            )
        should[number] = {"dis_max": {"queries": per_field, "boost": lenient["boost"]}}
    return body


def _text_should(body: dict) -> list:
    """The top-level alternatives of the text query (the kind and place boosts' inner query when there are any)."""
    text = body["query"]["bool"].get("must", [{}])[0].get("bool", {})
    if "must" in text:  # kind and place boosts around the text query (text.text_query_and_highlight)
        text = text["must"][0].get("bool", {})
    return text.get("should", [])


def _mentions(clause: dict, field: str) -> bool:
    return f'"{field}' in json.dumps(clause)


def without_wrong_characters(body: dict, _q: str) -> dict:
    """The text query without its wrong-character clause (a fixed score over syllable pairs and skips)."""
    body = copy.deepcopy(body)
    should = _text_should(body)
    should[:] = [c for c in should if not ("constant_score" in c and _mentions(c, SYLLABLES))]
    return body


def without_two_wrong(body: dict, _q: str) -> dict:
    """The wrong-character clause with only its allowance of missing pairs (no option per wrong position)."""
    body = copy.deepcopy(body)
    for clause in _text_should(body):
        options = clause.get("constant_score", {}).get("filter", {}).get("bool", {}).get("should")
        if options and _mentions(clause, SYLLABLES):
            options[1:] = []
    return body


def without_content_bigrams(body: dict, _q: str) -> dict:
    """The first clause (every bigram of the query in one field) without the bodies' bigrams."""
    body = copy.deepcopy(body)
    for clause in _text_should(body):
        fields = clause.get("multi_match", {}).get("fields", [])
        if "content" in fields and clause["multi_match"].get("operator") == "and":
            fields.remove("content")
    return body


def without_regional_forms(body: dict, _q: str) -> dict:
    """The text query without the alternatives of its Taiwan / Hong Kong forms (a query typed in simplified script
    has them at half weight: text.REGIONAL_FORM_OF_SIMPLIFIED)."""
    body = copy.deepcopy(body)
    should = _text_should(body)
    should[:] = [c for c in should if c.get("bool", {}).get("boost") != REGIONAL_FORM_OF_SIMPLIFIED]
    return body


def _is_lenient(clause: dict) -> bool:
    return clause.get("multi_match", {}).get("minimum_should_match") == LENIENT_BIGRAMS


def without_lenient(body: dict, _q: str) -> dict:
    """The text query without its lenient bigram clause (one bigram of four characters or more may be missing)."""
    body = copy.deepcopy(body)
    should = _text_should(body)
    should[:] = [c for c in should if not _is_lenient(c)]
    return body


def lenient_on_titles(body: dict, _q: str) -> dict:
    """The lenient bigram clause over titles only, not summaries."""
    body = copy.deepcopy(body)
    for clause in _text_should(body):
        if _is_lenient(clause):
            clause["multi_match"]["fields"] = [f for f in clause["multi_match"]["fields"] if f != "summary"]
    return body


def _phrases_as_conjunctions(clause):
    """`clause` with the title and tag-label phrases turned into every-bigram matches (no positions read)."""
    if isinstance(clause, list):
        return [_phrases_as_conjunctions(c) for c in clause]
    if not isinstance(clause, dict):
        return clause
    multi = clause.get("multi_match", {})
    if multi.get("type") == "phrase" and multi.get("fields") == ["title^2", "title_cn"]:
        return {"multi_match": {**{k: v for k, v in multi.items() if k != "type"}, "operator": "and"}}
    tags = clause.get("match_phrase", {}).get("tag_labels")
    if isinstance(tags, dict):
        return {"match": {"tag_labels": {**tags, "operator": "and"}}}
    return {key: _phrases_as_conjunctions(value) for key, value in clause.items()}


def phrases_as_conjunctions(body: dict, _q: str) -> dict:
    """The title phrase and the tag-label phrase as every bigram in the field, without positions."""
    body = copy.deepcopy(body)
    body["query"] = _phrases_as_conjunctions(body["query"])
    return body


def without_sounds(body: dict, _q: str) -> dict:
    """The text query without any clause over the titles' syllables (near-homophones, wrong characters, typed
    pinyin)."""
    body = copy.deepcopy(body)
    should = _text_should(body)
    should[:] = [c for c in should if not _mentions(c, SYLLABLES)]
    return body


SHAPES: dict[str, Callable[[dict, str], dict]] = {
    "as sent": as_sent,
    "no highlight": without_highlight,
    "no total (track_total_hits false)": without_total,
    "total up to the next page": total_to_next_page,
    "relevance: _score only (no tie-breaks)": score_only_sort,
    "highlight from a plain match": simple_highlight,
    "hot/new: text as a filter": sorted_text_as_filter,
    "no glossary clause": without_glossary,
    "glossary by its terms": glossary_by_terms,
    "types by exclusion": types_by_exclusion,
    "words clause unsplit": words_unsplit,
    "lenient scored as any": lenient_scored_as_any,
    "no wrong-character clause": without_wrong_characters,
    "wrong characters: allowance only": without_two_wrong,
    "no bigrams of bodies": without_content_bigrams,
    "no regional forms": without_regional_forms,
    "no sound clauses": without_sounds,
    "no lenient bigrams": without_lenient,
    "lenient bigrams on titles only": lenient_on_titles,
    "title and tag phrases as conjunctions": phrases_as_conjunctions,
}


def took(session: requests.Session, es: str, alias: str, body: dict) -> float:
    answer = session.post(f"{es}/{alias}/_search", params={"request_cache": "false"}, json=body, timeout=60)
    answer.raise_for_status()
    return float(answer.json()["took"])


def clause_costs(session: requests.Session, es: str, alias: str, body: dict) -> list[tuple[float, str]]:
    """The engine's profile of one search: time per top-level `should` clause of the text query (ms)."""
    answer = session.post(f"{es}/{alias}/_search", json={**body, "profile": True}, timeout=60).json()
    costs = []
    for shard in answer["profile"]["shards"]:
        for query in shard["searches"][0]["query"]:
            for child in query.get("children", []):
                for clause in child.get("children", []):
                    costs.append((clause["time_in_nanos"] / 1e6, clause["description"][:110]))
    return sorted(costs, reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--es", default="http://127.0.0.1:9270")
    parser.add_argument("--alias", required=True)
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--shapes", default=",".join(SHAPES), help="comma-separated shape names")
    parser.add_argument("--profile", type=int, default=0, help="profile the N slowest searches as sent")
    parser.add_argument("--dump", type=Path, help="write the bodies as sent, one JSON line per search, and stop")
    parser.add_argument("--baseline", type=Path, help="bodies another commit wrote with --dump: one more shape")
    args = parser.parse_args()
    shapes = [name for name in args.shapes.split(",") if name]
    session = requests.Session()
    global CONCEPTS
    CONCEPTS = index_concepts(args.es, args.alias)
    chosen = query_set(args.queries)
    if args.dump:
        lines = [json.dumps(engine_body(query, CONCEPTS), ensure_ascii=False) for query in chosen]
        args.dump.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return
    if args.baseline:
        # A change to the query code compared on the same searches in one run (p99 moves ±15 ms between runs).
        baseline = [json.loads(line) for line in args.baseline.read_text(encoding="utf-8").splitlines()]
        if len(baseline) < len(chosen):
            parser.error(f"{args.baseline} holds {len(baseline)} bodies, fewer than --queries {len(chosen)}")
        shapes.append("baseline")
    for query in chosen[-40:]:  # warm-up
        took(session, args.es, args.alias, engine_body(query, CONCEPTS))
    found: dict[str, dict[str, list[float]]] = {name: {} for name in shapes}
    slowest: list[tuple[float, dict]] = []
    for number, query in enumerate(chosen):
        body = engine_body(query, CONCEPTS)
        order = shapes[number % len(shapes) :] + shapes[: number % len(shapes)]
        for name in order:
            shaped = baseline[number] if name == "baseline" else SHAPES[name](body, query["q"])
            spent = took(session, args.es, args.alias, shaped)
            found[name].setdefault(query["sort"], []).append(spent)
            found[name].setdefault("all", []).append(spent)
            if name == "as sent":
                slowest.append((spent, query))
    print("| shape | sort | searches | took p50 / p95 / p99 ms | mean ms |")
    print("| --- | --- | --- | --- | --- |")
    for name in shapes:
        for sort, values in found[name].items():
            figures = " / ".join(f"{percentile(values, share):.0f}" for share in (0.5, 0.95, 0.99))
            print(f"| {name} | {sort} | {len(values)} | {figures} | {statistics.mean(values):.1f} |")
    for spent, query in sorted(slowest, key=lambda pair: -pair[0])[: args.profile]:
        print(f"\n{spent:.0f} ms: {query}")
        for cost, description in clause_costs(session, args.es, args.alias, engine_body(query, CONCEPTS))[:6]:
            print(f"  {cost:8.1f} ms  {description}")


if __name__ == "__main__":
    main()
