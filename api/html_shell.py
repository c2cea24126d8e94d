"""The built index.html with the page's own head: title, description, Open Graph and Twitter tags,
and the site's configuration as JSON (read by the UI at start, so the footer needs no extra call).

Every value is escaped here (titles are user content: `<script>` in a story title stays text), and
the JSON cannot close its script element (`<`, `>` and `&` are written as \\u escapes)."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from markupsafe import escape

from api.services.page_meta import PageMeta

# The build's own title and description are replaced by the page's.
_TITLE = re.compile(r"<title>.*?</title>\s*", re.S | re.I)
_DESCRIPTION = re.compile(r"<meta\s+name=[\"']description[\"'][^>]*>\s*", re.I)
_HEAD_END = re.compile(r"</head>", re.I)
SITE_JSON_ID = "hub-site"


@lru_cache(maxsize=4)
def _template(path: str, mtime: float) -> str:
    html = Path(path).read_text(encoding="utf-8")
    return _DESCRIPTION.sub("", _TITLE.sub("", html))


def absolute(url: str | None, origin: str) -> str | None:
    """An http(s) URL as is, a site path on `origin`; anything else (javascript:, data:) dropped."""
    if not url:
        return None
    if url.startswith("/") and not url.startswith("//"):
        return origin + url
    if re.match(r"^https?://", url, re.I):
        return url
    return None


def _script_json(data: dict) -> str:
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def head_tags(meta: PageMeta, site: dict, origin: str, path: str) -> str:
    name = site["name"]
    title = f"{meta.title} - {name}" if meta.title else name
    description = meta.description or site["description"]
    image = absolute(meta.image, origin)
    pairs = [
        ("property", "og:site_name", name),
        ("property", "og:type", meta.kind),
        ("property", "og:title", meta.title or name),
        ("property", "og:description", description),
        ("property", "og:locale", "zh_CN"),
        ("name", "twitter:card", "summary_large_image" if image else "summary"),
        ("name", "twitter:title", meta.title or name),
        ("name", "twitter:description", description),
    ]
    if meta.status != 404:  # a page that does not exist has no address to share
        pairs.append(("property", "og:url", origin + path))
    if image:
        pairs += [("property", "og:image", image), ("name", "twitter:image", image)]
    lines = [f"<title>{escape(title)}</title>", f'<meta name="description" content="{escape(description)}" />']
    lines += [f'<meta {attr}="{key}" content="{escape(value)}" />' for attr, key, value in pairs]
    lines += [
        f'<link rel="alternate" type="{media_type}" title="{escape(name)}" href="{escape(origin + href)}" />'
        for media_type, name, href in meta.feeds
    ]
    if meta.status == 404:
        lines.append('<meta name="robots" content="noindex" />')
    lines.append(f'<script type="application/json" id="{SITE_JSON_ID}">{_script_json(site)}</script>')
    return "\n    ".join(lines)


def render_shell(index: Path, meta: PageMeta, site: dict, origin: str, path: str) -> str:
    html = _template(str(index), index.stat().st_mtime)
    tags = head_tags(meta, site, origin, path)
    head_end = _HEAD_END.search(html)
    if head_end is None:  # a shell without a head (tests write minimal ones): tags go first
        return f"{tags}\n{html}"
    return f"{html[: head_end.start()]}    {tags}\n  {html[head_end.start() :]}"
