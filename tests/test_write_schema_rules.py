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
