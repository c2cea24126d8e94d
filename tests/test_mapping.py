"""The content mapping and its use: ties break on doc_key, never on _id (the test node refuses it);
the mapping holds no dead parts (analysis nobody uses, indexed fields no query reads)."""

from __future__ import annotations

from pathlib import Path

import pytest
from elasticsearch import RequestError
from elasticsearch.helpers import scan

from indexer.lifecycle import load_mapping
from indexer.queries.detail import build_similar
from indexer.queries.feed import build_feed
from indexer.queries.people import build_author_papers, build_global_ranking, build_person_by_arxiv_name
from indexer.queries.search import build_search
from indexer.queries.suggest import build_suggest
from indexer.sync import pending_count

QUERIES_DIR = Path(__file__).resolve().parent.parent / "indexer" / "queries"


def test_the_test_node_refuses_to_sort_on_id(demo_stack):
    # deploy/es.sh sets indices.id_field_data.enabled: false, as Elasticsearch 8 does by default,
    # so a list that breaks ties on _id again fails the suite instead of a production cluster.
    with pytest.raises(RequestError) as refused:
        demo_stack.es().search(index=demo_stack.alias, body={"size": 1, "sort": [{"_id": "desc"}]})
    assert "Fielddata access on the _id field is disallowed" in str(refused.value.info)


def test_every_document_carries_its_id_as_doc_key(demo_stack):
    es = demo_stack.es()
    seen = {
        hit["_id"]: hit["_source"].get("doc_key")
        for hit in scan(es, index=demo_stack.alias, query={"_source": ["doc_key"]}, size=500)
    }
    assert len(seen) == es.count(index=demo_stack.alias)["count"] > 0
    assert {key: value for key, value in seen.items() if key != value} == {}
    types = {key.split("-", 1)[0] for key in seen}
    assert types == {"story", "paper", "event", "project", "person"}
    assert pending_count(demo_stack.sessions()) == 0  # the strict mapping accepted every document


@pytest.mark.parametrize(
    "body",
    [
        build_search("大模型"),
        build_search("", sort="hot"),
        build_search("", sort="new"),
        build_feed("story", "heat"),
        build_feed("story", "newest"),
        build_feed("event", "event_status"),
        build_global_ranking("hot", 1, 20),
        build_global_ranking("new", 1, 20),
        build_person_by_arxiv_name("Ada Lovelace"),
        build_author_papers("Ada Lovelace", 1, 20),
        build_similar("hub-content", "story-1", 5),
        build_suggest("大模"),
    ],
)
def test_lists_break_ties_on_doc_key_last(body):
    last = body["sort"][-1]
    assert isinstance(last, dict) and list(last) == ["doc_key"], body["sort"]
    assert not any(isinstance(key, dict) and "_id" in key for key in body["sort"])


def _walk(properties: dict):
    for name, spec in properties.items():
        yield name, spec
        yield from _walk(spec.get("fields", {}))
        yield from _walk(spec.get("properties", {}))


def test_analysis_defines_only_what_the_mapping_uses():
    body = load_mapping()
    analysis = body["settings"]["analysis"]
    fields = [spec for _, spec in _walk(body["mappings"]["properties"])]
    used_analyzers = {spec[key] for spec in fields for key in ("analyzer", "search_analyzer") if key in spec}
    used_normalizers = {spec["normalizer"] for spec in fields if "normalizer" in spec}
    custom = [analysis["analyzer"][name] for name in used_analyzers] + [
        analysis["normalizer"][name] for name in used_normalizers
    ]
    used_filters = {f for spec in custom for f in spec.get("filter", [])}
    used_char_filters = {f for spec in custom for f in spec.get("char_filter", [])}
    assert set(analysis["analyzer"]) == used_analyzers
    assert set(analysis["normalizer"]) == used_normalizers
    assert set(analysis.get("filter", {})) <= used_filters
    assert set(analysis.get("char_filter", {})) <= used_char_filters
    assert "max_ngram_diff" not in body["settings"]  # no ngram tokenizer or filter
    assert all(spec.get("type") != "completion" for spec in fields)


def test_every_indexed_top_level_field_is_used_by_a_query():
    text = "\n".join(path.read_text(encoding="utf-8") for path in sorted(QUERIES_DIR.glob("*.py")))
    properties = load_mapping()["mappings"]["properties"]
    indexed = [name for name, spec in properties.items() if spec.get("enabled", True) and spec.get("index", True)]
    unused = [name for name in indexed if not any(f'"{name}{end}' in text for end in ('"', ".", "^"))]
    assert unused == []


def test_documents_emit_exactly_the_mapped_fields(demo_stack):
    emitted: set[str] = set()
    for hit in scan(demo_stack.es(), index=demo_stack.alias, query={"query": {"match_all": {}}}, size=500):
        emitted |= set(hit["_source"])
    assert emitted == set(load_mapping()["mappings"]["properties"])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("用 100 行代码理解RLHF 人类反馈", {"rlhf"}),  # Latin written against Chinese, as titles often are
        ("写给产品经理的MoE 科普", {"moe"}),
        ("GPT-4o模型评测", {"gpt-4o", "gpt"}),
    ],
)
def test_the_latin_view_splits_latin_from_chinese_written_against_it(demo_stack, text, words):
    """The stemmed Latin fields (title.en, summary.en, content.en) read a word glued to Chinese characters as its own
    word: 理解RLHF was one token, and an English query found such titles by their other views only."""
    tokens = demo_stack.es().indices.analyze(index=demo_stack.alias, body={"analyzer": "latin", "text": text})
    assert words <= {token["token"] for token in tokens["tokens"]}
