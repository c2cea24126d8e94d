"""What free text cites: arXiv numbers (a project's description or README) and GitHub repositories (a
paper's abstract or arXiv comment). Both read prose, so both would rather miss a citation than invent one:
a bare number must be a possible arXiv number, a GitHub path must name a repository, not a site page."""

from __future__ import annotations

import re

from kinds.arxiv_ids import ArxivIdError, parse_arxiv

# Old-style archives (before April 2007); a bare `word/1234567` counts only with one of these names.
_OLD_ARCHIVES = (
    "acc-phys|adap-org|alg-geom|ao-sci|astro-ph|atom-ph|bayes-an|chao-dyn|chem-ph|cmp-lg|comp-gas|cond-mat|cs|"
    "dg-ga|funct-an|gr-qc|hep-ex|hep-lat|hep-ph|hep-th|math|math-ph|mtrl-th|nlin|nucl-ex|nucl-th|patt-sol|"
    "physics|plasm-ph|q-alg|q-bio|quant-ph|solv-int|supr-con"
)
_ARXIV = re.compile(
    r"(?<![A-Za-z0-9_.@/-])"  # not inside a longer number, word, address or path
    r"(?:(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/|arxiv[:：]\s?)?"
    rf"(?P<number>(?P<yymm>\d{{4}})\.(?P<serial>\d{{4,5}})|(?:{_OLD_ARCHIVES})(?:\.[A-Z]{{2}})?/(?P<old>\d{{7}}))"
    r"(?P<version>v\d+)?"
    r"(?![A-Za-z0-9_@-]|\.\d)",  # 2023.12.01 is a date, 1.2301.12345 a version, x@y an address
    re.IGNORECASE,
)


def _possible(match: re.Match) -> bool:
    """New-style numbers began in April 2007 (0704) with four-digit serials, five from 2015 (1501) on;
    old-style ones ran from August 1991 to March 2007."""
    yymm = match["yymm"] or match["old"][:4]
    year, month = int(yymm[:2]), int(yymm[2:])
    if not 1 <= month <= 12:
        return False
    if match["old"]:
        return year >= 91 or yymm <= "0703"
    serial_digits = 5 if yymm >= "1501" else 4
    return yymm >= "0704" and len(match["serial"]) == serial_digits


def arxiv_numbers_cited(*texts: str | None) -> list[str]:
    """The arXiv numbers (no version) the texts cite, in order of first mention."""
    found: dict[str, None] = {}
    for text in texts:
        for match in _ARXIV.finditer(text or ""):
            if not _possible(match):
                continue
            try:
                found[parse_arxiv(match["number"])[0]] = None
            except ArxivIdError:
                continue
    return list(found)


# GitHub's own pages share the owner slot with accounts: github.com/features/copilot is no repository.
RESERVED_OWNERS = frozenset(
    "about account apps blog codespaces collections contact customer-stories enterprise events explore features "
    "git-guides github-copilot issues join login logout marketplace new nonprofit notifications orgs organizations "
    "pricing pulls readme resources search security sessions settings site solutions sponsors team topics "
    "trending users".split()
)
_REPO = re.compile(
    r"(?<![A-Za-z0-9_.@-])"  # not gist.github.com, api.github.com, someone@github.com or notgithub.com
    r"(?:https?://)?(?:www\.)?github\.com/"
    r"(?P<owner>[a-z0-9](?:[a-z0-9-]{0,38}))/(?P<name>[a-z0-9_.-]{1,100})",
    re.IGNORECASE,
)


def _repo_name(raw: str) -> str | None:
    # Prose puts a full stop after an address; clones add .git.
    name = raw.rstrip(".")
    name = name.removesuffix(".git").removesuffix(".GIT").rstrip(".")
    return name if name and name not in {".", ".."} else None


def github_repos_cited(*texts: str | None) -> list[str]:
    """The repositories (`owner/name`, lower case) the texts link, in order of first mention."""
    found: dict[str, None] = {}
    for text in texts:
        for match in _REPO.finditer(text or ""):
            owner, name = match["owner"].lower(), _repo_name(match["name"])
            if name is None or owner in RESERVED_OWNERS:
                continue
            found[f"{owner}/{name.lower()}"] = None
    return list(found)
