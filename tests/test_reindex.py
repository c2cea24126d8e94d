"""A full reindex builds a new versioned index, swaps the alias atomically and removes the old index."""

from indexer.lifecycle import indices_behind, load_mapping, mapping_version
from indexer.sync import reindex_all
from tests.support import DEMO_FILES


def test_reindex_swaps_alias_keeps_count_and_removes_old_index(make_stack):
    stack = make_stack("reindex")
    assert stack.import_files(DEMO_FILES).errors == []
    stack.drain()
    es = stack.es()
    es.indices.refresh(index=stack.alias)
    [old_index] = indices_behind(es, stack.alias)
    before = es.count(index=stack.alias)["count"]

    result = reindex_all(stack.sessions(), es, stack.alias)

    [new_index] = indices_behind(es, stack.alias)
    assert new_index == result["index"] != old_index
    assert new_index.startswith(f"{stack.alias}-v{mapping_version(load_mapping())}-")
    assert result["removed"] == [old_index]
    assert not es.indices.exists(index=old_index)
    es.indices.refresh(index=stack.alias)
    assert es.count(index=stack.alias)["count"] == before == result["documents"]
    hits = es.search(index=stack.alias, body={"query": {"match": {"title": "大模型"}}})["hits"]["total"]["value"]
    assert hits > 20
