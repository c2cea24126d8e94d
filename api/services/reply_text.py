"""A discussion reply's HTML from its plain text: everything escaped, then http(s) addresses made links
and @名字 linked to the member's page when the name is a member's. Built from escaped pieces only, and
passed through the sanitiser anyway, so no markup a member typed ever reaches a page."""

from __future__ import annotations

import re
from html import escape

import nh3

# An address runs to the first space, quote, angle bracket or full-width punctuation.
URL = re.compile(r"https?://[^\s<>\"'，。！？、；：）】》「」]+", re.IGNORECASE)
MENTION = re.compile(r"@([\w.\-]{1,50})")
TOKENS = re.compile(f"(?P<url>{URL.pattern})|(?P<mention>{MENTION.pattern})", re.IGNORECASE)
TRAILING = ".,;:!?)]"


def mentioned_names(text: str) -> list[str]:
    names = [match.group(1).rstrip(".-") for match in MENTION.finditer(text)]
    return list(dict.fromkeys(name for name in names if name))


def _link(url: str) -> str:
    return f'<a href="{escape(url)}" rel="nofollow noopener ugc" target="_blank">{escape(url)}</a>'


def _piece(match: re.Match, members: dict[str, int]) -> str:
    if match.group("url"):
        url = match.group("url")
        kept = url.rstrip(TRAILING)
        return _link(kept) + escape(url[len(kept) :])
    raw = match.group("mention")
    name = raw[1:].rstrip(".-")
    rest = raw[1 + len(name) :]
    if name in members:
        return f'<a href="/users/{members[name]}" class="mention">@{escape(name)}</a>{escape(rest)}'
    return escape(raw)


def reply_html(text: str, members: dict[str, int]) -> str:
    """`members`: name → member id of the names that resolve (the caller looks them up in one query)."""
    out: list[str] = []
    last = 0
    for match in TOKENS.finditer(text):
        out.append(escape(text[last : match.start()]))
        out.append(_piece(match, members))
        last = match.end()
    out.append(escape(text[last:]))
    html = "".join(out).replace("\r\n", "\n").replace("\n", "<br>")
    return nh3.clean(
        html,
        tags={"a", "br"},
        attributes={"a": {"href", "class", "target"}},
        url_schemes={"http", "https"},
        link_rel="nofollow noopener ugc",
    )


__all__ = ["mentioned_names", "reply_html"]
