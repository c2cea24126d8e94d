"""Elasticsearch hits -> the spec's feed items {is_event, story_id, id, source, story_info, event_info}.

Highlighted titles come from Elasticsearch's HTML encoder (escaped, only <em> added); a title without
a highlight is escaped here, so `title_html` is always safe to render."""

from __future__ import annotations

from datetime import UTC, datetime
from html import escape

from dateutil import parser as date_parser

from api.user_flags import ANONYMOUS_FLAGS

TAG_LIMIT = 5
ANONYMOUS_NAME = "匿名"


def _merge_marks(html: str) -> str:
    # Adjacent matches (unigram hits) read better as one mark: <em>大</em><em>模</em> -> <em>大模</em>.
    return html.replace("</em><em>", "")


def highlight_of(hit: dict, field: str) -> str | None:
    fragments = hit.get("highlight", {}).get(field)
    return _merge_marks(fragments[0]) if fragments else None


def shape_tags(tags: list[dict] | None, labels: list[str] | None = None, limit: int | None = TAG_LIMIT) -> list[dict]:
    """Tags matching the current `label` filter first (marked highlighted), then the rest; at most `limit`."""
    wanted = set(labels or [])
    tags = tags or []
    first = [{**t, "highlighted": True} for t in tags if t["id"] in wanted]
    rest = [{**t, "highlighted": False} for t in tags if t["id"] not in wanted]
    shaped = first + rest
    return shaped[:limit] if limit else shaped


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


def story_info(info: dict, title_hl: str | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
    info = dict(info)
    info["title_html"] = title_hl or escape(info["title"])
    # The spec's rule: no user name, avatar or id -> the author shows as '匿名'.
    anonymous = not (info.get("user_name") and info.get("user_avatar") and info.get("user_id"))
    info["is_anonymous"] = anonymous
    info["author_name"] = ANONYMOUS_NAME if anonymous else info["user_name"]
    info["tag_names"] = shape_tags(info.get("tag_names"), labels, tag_limit)
    info.update(ANONYMOUS_FLAGS)
    return info


def event_info(info: dict, name_hl: str | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
    info = dict(info)
    info.update(event_status(info))
    info["oldName"] = info["name"]
    info["ac_name"] = info["name"]
    info["ac_img"] = info.get("image_url")
    info["name"] = name_hl or escape(info["name"])
    info["title_html"] = info["name"]
    info["tag_names"] = shape_tags(info.get("tag_names"), labels, tag_limit)
    return info


def paper_info(info: dict, hit: dict | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
    info = dict(info)
    hit = hit or {}
    info["title_html"] = highlight_of(hit, "title") or escape(info["title"])
    cn = highlight_of(hit, "title_cn")
    info["title_cn_html"] = cn or (escape(info["title_cn"]) if info.get("title_cn") else None)
    info["tag_names"] = shape_tags(info.get("tag_names"), labels, tag_limit)
    return info


def project_info(info: dict, title_hl: str | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
    info = dict(info)
    info["title_html"] = title_hl or escape(info["repo"])
    info["tag_names"] = shape_tags(info.get("tag_names"), labels, tag_limit)
    return info


def hit_to_item(hit: dict, labels: list[str] | None = None) -> dict:
    doc = hit["_source"]
    entity_type = doc["type"]
    raw = doc["source"]
    title_hl = highlight_of(hit, "title")
    item = {
        "type": entity_type,
        "id": raw["id"],
        "is_event": entity_type == "event",
        "story_id": None,
        "story_info": None,
        "event_info": None,
        "paper_info": None,
        "project_info": None,
        "highlight": {},
    }
    if entity_type == "story":
        info = story_info(raw, title_hl, labels)
        item["story_id"] = info["id"]
        item["story_info"] = info
        item["highlight"]["story_info.title"] = [info["title_html"]]
    elif entity_type == "event":
        info = event_info(raw, title_hl, labels)
        item["event_info"] = info
        item["highlight"]["event_info.name"] = [info["name"]]
    elif entity_type == "paper":
        info = paper_info(raw, hit, labels)
        item["paper_info"] = info
        item["highlight"]["paper_info.title"] = [info["title_html"]]
    else:
        info = project_info(raw, title_hl, labels)
        item["project_info"] = info
        item["highlight"]["project_info.repo"] = [info["title_html"]]
    summary_hl = highlight_of(hit, "summary")
    if summary_hl:
        item["highlight"]["summary"] = [summary_hl]
    item["source"] = info
    return item


def page_of(result: dict, page: int, size: int, labels: list[str] | None = None) -> dict:
    """{list, total, page, size, hasNextPage} from one search response."""
    total = result["hits"]["total"]["value"]
    items = [hit_to_item(hit, labels) for hit in result["hits"]["hits"]]
    return {"list": items, "total": total, "page": page, "size": size, "hasNextPage": page * size < total}
