"""The content mapping and its use: ties break on doc_key, never on _id (the test node refuses it)."""

from __future__ import annotations

import pytest
from elasticsearch import RequestError
from elasticsearch.helpers import scan

from indexer.queries.detail import build_similar
from indexer.queries.feed import build_feed
from indexer.queries.people import build_author_papers, build_global_ranking, build_person_by_arxiv_name
from indexer.queries.search import build_search
from indexer.queries.suggest import build_suggest


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


@pytest.mark.parametrize(
    "body",
    [
        build_search("大模型"),
        build_search("", sort="hot"),
        build_search("", sort="new"),
        build_feed("story", sort="hot"),
        build_feed("event", sort="hot"),
        build_feed("event", sort="new"),
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
