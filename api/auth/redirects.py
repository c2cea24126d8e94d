"""Where sign-in and sign-out may send the browser back to: a path on this site, or an absolute URL
on one of the configured site origins. Anything else (other hosts, `//host`, `/\\host`, other schemes,
control characters) falls back to the home page: no open redirect."""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit, urlunsplit

HOME = "/"


def _origin(scheme: str, netloc: str) -> str:
    return f"{scheme.lower()}://{netloc.lower()}"


def safe_target(target: str | None, site_origins: list[str]) -> str:
    if not target or len(target) > 2000:
        return HOME
    if any(ch in target for ch in "\\\r\n\t") or any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in target):
        return HOME
    parts = urlsplit(target)
    if not parts.scheme and not parts.netloc:
        return target if target.startswith("/") and not target.startswith("//") else HOME
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc or "@" in parts.netloc:
        return HOME
    allowed = {_origin(*o.split("://", 1)) for o in site_origins if "://" in o}
    return target if _origin(parts.scheme, parts.netloc) in allowed else HOME


def with_query(target: str, **params: str | None) -> str:
    """`target` with `params` (those not None) added to its query string."""
    extra = {k: v for k, v in params.items() if v is not None}
    if not extra:
        return target
    parts = urlsplit(target)
    query = "&".join(q for q in (parts.query, urlencode(extra)) if q)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, parts.fragment))
