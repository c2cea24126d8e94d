"""The site's configured facts (footer, names) as the UI and the HTML shell receive them."""

from __future__ import annotations

from config import Settings


def site_info(settings: Settings) -> dict:
    return {
        "name": settings.site_name,
        "description": settings.site_description,
        "phone": settings.contact_phone,
        "email": settings.contact_email,
        "icp": settings.icp_number,
        "icp_url": settings.icp_url,
        "guidelines_url": settings.guidelines_url,
        # Where the UI's link feed calls go (the built-in service's path on this host unless configured).
        "link_base_url": settings.link_base_url or settings.link_service_prefix,
        "group": {"name": settings.group_assistant_name, "qr_url": settings.group_assistant_url},
    }
