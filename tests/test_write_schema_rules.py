"""The write bodies' limits and messages, as the UI's forms read them from the OpenAPI document (issue 35)."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from api.schemas.writes import MSG_SUMMARY_TOO_LONG, SUMMARY_MAX, StoryBody


def _story(**over):
    return {"title": "t", "content": "<p>x</p>", **over}


def test_summary_is_limited_as_the_document_says():
    assert StoryBody().load(_story(summary="字" * SUMMARY_MAX))["summary"] == "字" * SUMMARY_MAX
    with pytest.raises(ValidationError) as refused:
        StoryBody().load(_story(summary="字" * (SUMMARY_MAX + 1)))
    assert refused.value.messages == {"summary": [MSG_SUMMARY_TOO_LONG]}


def test_tags_are_still_counted_after_de_duplication():
    # the documented maxItems is not a List validator: repeated ids count once, as before
    assert StoryBody().load(_story(tags=["llm"] * 6))["tags"] == ["llm"] * 6


def test_fields_carry_their_messages_for_the_document():
    fields = StoryBody().fields
    assert fields["title"].metadata["x_messages"] == {"required": "请填写标题", "maxLength": "标题不能超过200个字符"}
    assert fields["tags"].metadata["maxItems"] == 5


def test_a_tag_groups_own_limit_is_the_servers_too(monkeypatch):
    """The tag picker's per-group limits (data/tags.json) are enforced by the API as well, with the picker's
    words. The shipped limits are all at least the total of 5, so a group of limit 2 is staged here."""
    from api.schemas import writes
    from store.tags import tag_groups, tags_by_id

    hot = tag_groups()[0]
    staged = [{**hot, "limit": 2}, *tag_groups()[1:]]
    monkeypatch.setattr(writes, "tag_groups", lambda: staged)
    three = [t["id"] for t in hot["children"][:3]]
    assert all(tags_by_id()[t]["group_id"] == hot["id"] for t in three)
    assert StoryBody().load(_story(tags=three[:2]))["tags"] == three[:2]
    with pytest.raises(ValidationError) as refused:
        StoryBody().load(_story(tags=three))
    assert refused.value.messages == {"tags": [f"{hot['title']}最多选择2个标签"]}
    monkeypatch.undo()
    assert StoryBody().load(_story(tags=three))["tags"] == three  # the shipped limit (5) allows them
