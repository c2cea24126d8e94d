"""Suggestions as the user types (issue 36): one row per story, paper, project, event or person.

Every row keeps the spec's shape (`source.story_info.title` and `highlight['story_info.title'][0]`, the
title of whatever kind) and adds what the dropdown needs besides: `type`, the kind, and `url`, where
choosing it goes (the item's page on the hub; a project's repository)."""

from __future__ import annotations

from html import escape

from analysis.normalize import fold
from analysis.pinyin_marks import EM, marked_by_pinyin
from analysis.words import is_pinyin_like
from kinds.common import highlight_of

# The hub's page of an item of each kind (ui/src/lib/paths.ts); a project opens its repository.
PAGES = {"story": "/view/{id}", "paper": "/paper/{id}", "event": "/activities/{id}", "person": "/users/{id}"}
# The field a row shows as its title, where it is not `title`: what the suggestion matched (an event is searched by its
# name; its title is the line under it).
SHOWN_AS = {"project": "repo", "person": "name", "event": "name"}


def suggestion(hit: dict, typed: str = "") -> dict:
    """`typed`: what the reader typed; typed pinyin marks the characters it spells, which the engine's highlighter
    cannot (it matched the title's pinyin fields, analysis/pinyin_marks.py)."""
    kind = hit["_source"]["type"]
    info = hit["_source"]["source"]
    title, html = _title(kind, info, hit)
    if EM not in html and is_pinyin_like(typed):
        html = marked_by_pinyin(title, fold(typed)) or html
    url = info.get("url") if kind == "project" else PAGES[kind].format(id=info["id"])
    return {
        "source": {"story_info": {"id": info["id"], "title": title}},
        "highlight": {"story_info.title": [html]},
        "type": kind,
        "url": url,
    }


def _title(kind: str, info: dict, hit: dict) -> tuple[str, str]:
    """The title shown and its highlighted HTML: a paper's Chinese title when that is what matched."""
    if kind == "paper" and info.get("title_cn"):
        matched_cn = highlight_of(hit, "title_cn.uni")
        if matched_cn or not highlight_of(hit, "title.uni"):
            return info["title_cn"], matched_cn or escape(info["title_cn"])
    title = info.get(SHOWN_AS.get(kind, "title")) or info["title"]
    return title, highlight_of(hit, "title.uni") or escape(title)
