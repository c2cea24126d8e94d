"""The site's own facts the UI shows on every page (footer, titles): GET /api/v1/site."""

from __future__ import annotations

from marshmallow import Schema, fields


class GroupSchema(Schema):
    name = fields.String(required=True, metadata={"description": "who to add, e.g. 社区小助手"})
    qr_url = fields.String(required=True, metadata={"description": "the assistant's contact link, shown as a QR code"})


class SiteSchema(Schema):
    name = fields.String(required=True, metadata={"description": "the product name ({product})"})
    description = fields.String(required=True)
    phone = fields.String(required=True, metadata={"description": "contact phone ({phone})"})
    email = fields.String(required=True, metadata={"description": "contact e-mail ({email})"})
    icp = fields.String(required=True, metadata={"description": "ICP filing number"})
    icp_url = fields.String(required=True)
    guidelines_url = fields.String(required=True, metadata={"description": "community guidelines"})
    link_base_url = fields.String(
        required=True, metadata={"description": "the link service's base (Mastodon client API under <base>/api/v1)"}
    )
    group = fields.Nested(GroupSchema, required=True, metadata={"description": "community-group invite"})
