"""arXiv identifiers: every spelling of one paper maps to one key (the number) plus its version."""

from __future__ import annotations

import re

# New-style ids (YYMM.NNNN or YYMM.NNNNN) and old-style ones (hep-th/9901001), with optional version.
_ID = re.compile(
    r"^(?:https?://(?:www\.)?(?:export\.)?arxiv\.org/(?:abs|pdf)/|arxiv:)?"
    r"(?P<number>\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})"
    r"(?:v(?P<version>\d+))?(?:\.pdf)?/?$",
    re.IGNORECASE,
)


class ArxivIdError(ValueError):
    pass


def parse_arxiv(value: str) -> tuple[str, int]:
    """'arXiv:2401.01234v2' -> ('2401.01234', 2). A missing version counts as 1."""
    match = _ID.match(value.strip())
    if not match:
        raise ArxivIdError(f"not an arXiv number or URL: {value!r}")
    return match["number"].lower() if "/" in match["number"] else match["number"], int(match["version"] or 1)
