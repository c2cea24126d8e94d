"""Events: listed live first, then upcoming, then ended; their badge and button follow the clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from html import escape

from dateutil import parser as date_parser
from marshmallow import Schema, ValidationError, fields, validate
from sqlalchemy.orm import Session

from analysis.views import text_views
from kinds.base import FeedSpec, Kind
from kinds.common import TAG_LIMIT, ImageUrl, Moment, TaggedRecord, TagSchema, WebUrl, highlight_of, iso
from store.models import Event
from store.tags import tag_names
from store.writes import upsert

EVENT_AHEAD = timedelta(days=2 * 365)
EVENT_BACK = timedelta(days=10 * 365)


class EventRecord(TaggedRecord):
    id = fields.Integer(required=True, validate=validate.Range(min=1))
    name = fields.String(required=True, validate=validate.Length(min=1, max=300))
    title = fields.String(load_default=None)
    brief = fields.String(required=True)
    image_url = ImageUrl(load_default=None, allow_none=True)
    live_url = WebUrl(load_default=None, allow_none=True)
    address = fields.String(load_default=None)
    company = fields.String(load_default=None)
    # Events may be announced ahead: up to two years out, and as far back as ten years.
    start_time = Moment(required=True, ahead=EVENT_AHEAD, back=EVENT_BACK)
    end_time = Moment(required=True, ahead=EVENT_AHEAD, back=EVENT_BACK)
    time_desc = fields.String(load_default=None)
    button_msg = fields.String(load_default=None)
    icon_msg = fields.String(load_default=None)
    created_at = Moment(required=True)
    capacity = fields.Integer(load_default=None, validate=validate.Range(min=0))


class TicketSchema(Schema):
    """The caller's ticket for an event (spec section 3: Ticket)."""

    encode_oder_id = fields.String(required=True, metadata={"description": "the QR code's content"})
    tick_name = fields.String(required=True, metadata={"description": "attendee name"})
    name = fields.String(required=True, metadata={"description": "event name (plain text)"})
    time_desc = fields.String(allow_none=True)
    address = fields.String(allow_none=True)
    mobile = fields.String(allow_none=True)
    email = fields.String(allow_none=True)
    created_at = fields.String(required=True)


class EventInfoSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True, metadata={"description": "escaped HTML, highlighted when searched"})
    oldName = fields.String(required=True, metadata={"description": "plain name"})
    ac_name = fields.String()
    ac_img = fields.String(allow_none=True)
    title = fields.String(allow_none=True)
    title_html = fields.String(required=True)
    brief = fields.String(allow_none=True)
    image_url = fields.String(allow_none=True)
    live_url = fields.String(
        allow_none=True, metadata={"description": "the live stream: 观看直播 opens it while the event runs"}
    )
    address = fields.String(allow_none=True)
    company = fields.String(allow_none=True)
    start_time = fields.String(required=True)
    end_time = fields.String(required=True)
    time_desc = fields.String(allow_none=True)
    button_msg = fields.String(allow_none=True)
    icon_msg = fields.String(allow_none=True, metadata={"description": "报名中 | 直播 | null"})
    color_status = fields.String(required=True, metadata={"description": "open | live | ended"})
    tag_names = fields.List(fields.Nested(TagSchema), required=True)
    order_status = fields.Integer(
        allow_none=True, metadata={"description": "1 when the signed-in caller has signed up, else null"}
    )
    order_info = fields.Nested(TicketSchema, allow_none=True, metadata={"description": "the caller's ticket"})


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


class EventKind(Kind):
    name = "event"
    model = Event
    import_schema = EventRecord
    output_schema = EventInfoSchema
    info_key = "event_info"
    highlight_key = "event_info.name"
    import_order = 3
    feed = FeedSpec(
        path="/v1/events",
        body_name="EventListBody",
        summary="Events: `new` (最新, the page's default) = live first, then upcoming (soonest first), then ended "
        "(latest first); `hot` (最热) = the rolled-up heat, then the cumulative heat, then newest. `time` filters "
        "on when the event was published.",
        sort="new",
        time=None,
        orders={"hot": "heat", "new": "event_status"},
    )

    def search_fields(self, session: Session, event: Event) -> dict:
        views = text_views(
            [event.name],
            [event.title, event.brief, event.company, event.address],
            tag_labels=[t["title"] for t in tag_names(event.tags)],
            summary=event.brief,
        )
        return {
            **views,
            "company": event.company,
            "title": event.name,
            # The talk's own title beside the event's name (ICLR 2027 投稿经验分享: 审稿人视角的写作与 rebuttal 建议), in the
            # field a paper's Chinese title uses: suggestions and title matches read it too.
            "title_cn": event.title,
            "summary": event.brief,
            "content": " ".join(filter(None, [event.title, event.brief, event.company])),
            "address": event.address,
            "tags": event.tags,
            "created_at": iso(event.created_at),
            "start_time": iso(event.start_time),
            "end_time": iso(event.end_time),
            "heat": 0.0,
        }

    def payload(self, session: Session, event: Event) -> dict:
        return {
            "id": event.id,
            "name": event.name,
            "title": event.title,
            "brief": event.brief,
            "image_url": event.image_url,
            "live_url": event.live_url,
            "address": event.address,
            "company": event.company,
            "start_time": iso(event.start_time),
            "end_time": iso(event.end_time),
            "time_desc": event.time_desc,
            "button_msg": event.button_msg,
            "icon_msg": event.icon_msg,
            "tag_names": tag_names(event.tags),
        }

    def shape(self, payload: dict, hit: dict | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
        info = super().shape(payload, hit, labels, tag_limit)
        info.update(event_status(info))
        info["oldName"] = info["name"]
        info["ac_name"] = info["name"]
        info["ac_img"] = info.get("image_url")
        info["name"] = highlight_of(hit, "title") or escape(info["name"])
        info["title_html"] = info["name"]
        return info

    def item_fields(self, info: dict) -> dict:
        return {"is_event": True}

    def import_row(self, session: Session, data: dict, raw: dict, now: datetime) -> str:
        start, end = data["start_time"], data["end_time"]
        if end < start:
            raise ValidationError({"end_time": ["end_time is before start_time"]})
        keep = self.relative_fields(raw)
        # Without a time_desc the API derives one from the times in the configured zone (api/event_flags.py).
        return upsert(session, Event, {"id": data.pop("id")}, data, keep)
