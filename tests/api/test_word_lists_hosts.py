"""The editors' word lists live in the database, so every host applies an edit within seconds: a glossary
saved on one API host changes the search of another (a real gunicorn process on the same database, Redis
and index), and a block list saved on one app is enforced by a second app instance."""

from __future__ import annotations

import json
import time
import urllib.parse
import urllib.request

import pytest

from store import hotwords
from store.word_lists import CHECK_SECONDS
from tests.support import ROOT, data_of, sign_in, start_gunicorn, tiny_stack, wait_until

EDITOR = 102  # tiny.jsonl: 102 is an editor
SHIPPED_GLOSSARY = ROOT / "data" / "search" / "glossary.txt"


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "word-lists")


def found_on(base: str, q: str) -> list[str]:
    query = urllib.parse.urlencode({"q": q, "model": "story"})
    with urllib.request.urlopen(f"{base}/api/v2/search?{query}", timeout=10) as answer:
        return [hit["story_info"]["title"] for hit in json.load(answer)["data"]["list"]]


def host_copy(folder, name: str):
    """Each host its own copy of the shipped files, as on two machines: nothing can pass through a file."""
    path = folder / name
    path.write_text(SHIPPED_GLOSSARY.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_a_glossary_saved_on_one_host_changes_the_search_of_another(stack, tmp_path):
    there = host_copy(tmp_path, "glossary-b.txt")
    process, other_host = start_gunicorn(stack, tmp_path / "gunicorn.log", HUB_GLOSSARY_FILE=str(there))
    try:
        assert found_on(other_host, "边界试验") == []
        app = stack.app(glossary_file=host_copy(tmp_path, "glossary-a.txt"))
        with app.test_client() as client:
            headers = sign_in(client, EDITOR)
            text = data_of(client.get("/api/v1/editor/glossary"))["text"] + "边界试验, 边界测试\n"
            saved = time.monotonic()
            data_of(client.put("/api/v1/editor/glossary", json={"text": text}, headers=headers))
        wait_until(lambda: found_on(other_host, "边界试验"), timeout=CHECK_SECONDS + 8, interval=0.3)
        assert time.monotonic() - saved < CHECK_SECONDS + 8
        assert all("边界测试" in title for title in found_on(other_host, "边界试验"))
        assert there.read_text(encoding="utf-8") == SHIPPED_GLOSSARY.read_text(encoding="utf-8")
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_block_list_saved_on_one_app_is_enforced_by_another(stack, tmp_path):
    shipped = tmp_path / "blocklist.txt"
    shipped.write_text("# 屏蔽词\n", encoding="utf-8")
    first, second = stack.app(hotwords_blocklist=shipped), stack.app(hotwords_blocklist=shipped)
    elsewhere = second.extensions["hub"].blocklist_source
    assert not hotwords.is_blocked("快来加微信领取", elsewhere)
    with first.test_client() as client:
        headers = sign_in(client, EDITOR)
        data_of(client.put("/api/v1/editor/hotword-blocklist", json={"text": "*加微信*"}, headers=headers))
    wait_until(lambda: hotwords.is_blocked("快来加微信领取", elsewhere), timeout=CHECK_SECONDS + 3, interval=0.2)
    assert shipped.read_text(encoding="utf-8") == "# 屏蔽词\n"  # nothing written to any host's file
