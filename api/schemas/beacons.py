"""The tracking beacon (spec section 7): a GET whose `data` parameter is base64 (standard or URL-safe,
padding optional) of a JSON object with page info, device info, visitor id, page id, user id/name,
the event type (exposure, duration, click), module/page/action codes and the item ids."""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate, validates_schema
from marshmallow.exceptions import ValidationError

from api.schemas.common import StrictInt

MAX_DATA = 8192  # characters of base64; a beacon is small
MAX_BATCH = 20  # lines of one POST (the UI's navigator.sendBeacon sends up to 20)
MAX_IDS = 50  # ids of one kind per beacon (one screen of cards)
EVENTS = ("exposure", "duration", "click")
CODE = validate.Regexp(r"^[A-Za-z0-9_.:-]{1,64}$")
# Visitor ids are random strings the page keeps (a UUID, a nanoid).
VISITOR = validate.Regexp(r"^[A-Za-z0-9_-]{8,64}$")
# The id lists of a beacon and the kind of item each names.
ID_FIELDS = {"story_ids": "story", "paper_ids": "paper", "event_ids": "event", "project_ids": "project"}


class BeaconArgs(Schema):
    data = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_DATA),
        metadata={"description": "base64 of the beacon JSON (BeaconContent)"},
    )


class PageInfo(Schema):
    class Meta:
        unknown = EXCLUDE

    url = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    title = fields.String(load_default=None, validate=validate.Length(max=300))
    referrer = fields.String(load_default=None, validate=validate.Length(max=2000))


class DeviceInfo(Schema):
    class Meta:
        unknown = EXCLUDE

    platform = fields.String(load_default=None, validate=validate.Length(max=40))
    screen = fields.String(load_default=None, validate=validate.Length(max=20))
    ua = fields.String(load_default=None, validate=validate.Length(max=500))


def _ids() -> fields.List:
    return fields.List(StrictInt(minimum=1), load_default=list, validate=validate.Length(max=MAX_IDS))


class BeaconContent(Schema):
    """What `data` decodes to. Unknown fields are ignored (older and newer pages send more or less)."""

    class Meta:
        unknown = EXCLUDE

    page = fields.Nested(PageInfo, required=True)
    device = fields.Nested(DeviceInfo, load_default=dict)
    visitor_id = fields.String(required=True, validate=VISITOR)
    page_id = fields.String(required=True, validate=CODE)
    user_id = StrictInt(minimum=1, load_default=None, allow_none=True)
    user_name = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=100))
    event = fields.String(required=True, validate=validate.OneOf(EVENTS))
    module_code = fields.String(load_default=None, validate=CODE)
    page_code = fields.String(required=True, validate=CODE)
    action_code = fields.String(load_default=None, validate=CODE)
    duration_ms = StrictInt(minimum=0, maximum=24 * 3600 * 1000, load_default=None)
    story_ids = _ids()
    paper_ids = _ids()
    event_ids = _ids()
    project_ids = _ids()

    @validates_schema
    def _duration_has_time(self, data, **_):
        if data["event"] == "duration" and data.get("duration_ms") is None:
            raise ValidationError("duration needs duration_ms", "duration_ms")


class BeaconResultSchema(Schema):
    accepted = fields.Boolean(
        required=True, metadata={"description": "false when the beacon could not be stored (Redis away); it is dropped"}
    )


class BeaconBatchResultSchema(Schema):
    accepted = fields.Integer(required=True, metadata={"description": "beacons appended to the attention stream"})
    dropped = fields.Integer(
        required=True, metadata={"description": "lines refused (undecodable or invalid) or not stored (Redis away)"}
    )


class RollupQueuedSchema(Schema):
    queued = fields.Boolean(required=True)
