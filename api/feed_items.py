"""Elasticsearch hits -> the spec's feed items {is_event, story_id, id, source, story_info, event_info}.

Highlighted titles come from Elasticsearch's HTML encoder (escaped, only <em> added); a title without
a highlight is escaped here, so `title_html` is always safe to render."""
from __future__ import annotations

from datetime import UTC, datetime
from html import escape

from dateutil import parser as date_parser


def _merge_marks(html: str) -> str:
    # Adjacent matches (unigram hits) read better as one mark: <em>大</em><em>模</em> -> <em>大模</em>.
    return html.replace("</em><em>", "")


def _highlight(hit: dict, field: str) -> str | None:
    fragments = hit.get("highlight", {}).get(field)
    return _merge_marks(fragments[0]) if fragments else None


def event_status(info: dict, now: datetime | None = None) -> dict:
    """Badge and button from the event's times: '报名中' before it starts, '直播' while it runs."""
    now = now or datetime.now(UTC)
    start = date_parser.isoparse(info["start_time"])
    end = date_parser.isoparse(info["end_time"])
    if now < start:
        status = {"icon_msg": "报名中", "button_msg": "立即报名", "color_status": "open"}
    elif now <= end:
        status = {"icon_msg": "直播", "button_msg": "观看直播", "color_status": "live"}
    else:
        status = {"icon_msg": None, "button_msg": "查看回放", "color_status": "ended"}
    status["icon_msg"] = info.get("icon_msg") if now < end and info.get("icon_msg") else status["icon_msg"]
    return status


def hit_to_item(hit: dict) -> dict:
    doc = hit["_source"]
    info = dict(doc["source"])
    entity_type = doc["type"]
    title_hl = _highlight(hit, "title")
    item = {"type": entity_type, "id": info["id"], "is_event": entity_type == "event", "story_id": None,
            "story_info": None, "event_info": None, "paper_info": None, "project_info": None,
            "highlight": {}}
    if entity_type == "story":
        info["title_html"] = title_hl or escape(info["title"])
        item["story_id"] = info["id"]
        item["story_info"] = info
        item["highlight"]["story_info.title"] = [info["title_html"]]
    elif entity_type == "event":
        info.update(event_status(info))
        info["oldName"] = info["name"]
        info["ac_name"] = info["name"]
        info["ac_img"] = info.get("image_url")
        info["name"] = title_hl or escape(info["name"])
        info["title_html"] = info["name"]
        item["event_info"] = info
        item["highlight"]["event_info.name"] = [info["name"]]
    elif entity_type == "paper":
        info["title_html"] = title_hl or escape(info["title"])
        cn = _highlight(hit, "title_cn")
        info["title_cn_html"] = cn or (escape(info["title_cn"]) if info.get("title_cn") else None)
        item["paper_info"] = info
        item["highlight"]["paper_info.title"] = [info["title_html"]]
    elif entity_type == "project":
        info["title_html"] = title_hl or escape(info["repo"])
        item["project_info"] = info
        item["highlight"]["project_info.repo"] = [info["title_html"]]
    summary_hl = _highlight(hit, "summary")
    if summary_hl:
        item["highlight"]["summary"] = [summary_hl]
    item["source"] = info
    return item
