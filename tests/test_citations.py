"""What prose cites: arXiv numbers in a project's text, GitHub repositories in a paper's (kinds/citations.py)."""

from __future__ import annotations

import pytest

from kinds.citations import RESERVED_OWNERS, arxiv_numbers_cited, github_repos_cited


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Official code of arXiv:2401.01234", ["2401.01234"]),
        ("paper: arXiv 2401.01234v2.", ["2401.01234"]),
        ("see ARXIV：2401.01234", ["2401.01234"]),
        ("https://arxiv.org/abs/2401.01234v3", ["2401.01234"]),
        ("(https://arxiv.org/pdf/1706.03762v5.pdf)", ["1706.03762"]),
        ("http://export.arxiv.org/abs/2401.01234", ["2401.01234"]),
        ("arxiv.org/abs/hep-th/9901001v2", ["hep-th/9901001"]),
        ("Old-style cs/0101001 and math.AG/0309136", ["cs/0101001", "math.ag/0309136"]),  # as parse_arxiv keys them
        ("按论文 2310.06825 复现，另见 2401.01234。", ["2310.06825", "2401.01234"]),
        ("论文2310.06825的代码", ["2310.06825"]),
        ("Four-digit serials before 2015: 0704.0001, 1412.6980", ["0704.0001", "1412.6980"]),
        ("2401.01234 again 2401.01234v2 and arXiv:2401.01234", ["2401.01234"]),
        ("- [Paper](https://arxiv.org/abs/2305.14314)\n- 2106.09685", ["2305.14314", "2106.09685"]),
    ],
)
def test_arxiv_numbers_found(text, numbers):
    assert arxiv_numbers_cited(text) == numbers


@pytest.mark.parametrize(
    "text",
    [
        "Released 2023.12.01, updated 2024.10.15",  # dates
        "version 1.2301.12345 of the package",  # a longer dotted number
        "build 12401.01234 and 2401.012345",  # digits either side
        "price 1234.5678 yuan",  # month 34
        "2013.00001",  # month 13
        "2401.1234",  # a four-digit serial after 2015
        "1412.69801",  # a five-digit serial before 2015
        "0612.1234",  # before new-style numbers began
        "v2401.01234 x2401.01234 2401.01234x",  # inside words
        "https://example.com/data/2401.01234",  # a path elsewhere
        "mail me at 2401.01234@example.com",
        "foo/0101001 and https://example.com/hep-th/9901001",  # unknown archive, another host's path
        "arxiv.org/list/cs.CL/recent",
        "",
    ],
)
def test_arxiv_lookalikes_not_found(text):
    assert arxiv_numbers_cited(text) == []


def test_arxiv_several_texts_and_none():
    assert arxiv_numbers_cited(None, "arXiv:2401.01234", "", "2106.09685 arXiv:2401.01234") == [
        "2401.01234",
        "2106.09685",
    ]


@pytest.mark.parametrize(
    ("text", "repos"),
    [
        ("Code: https://github.com/Owner/Name", ["owner/name"]),
        ("Code: https://github.com/owner/name.", ["owner/name"]),
        ("Code at github.com/owner/name, data elsewhere", ["owner/name"]),
        ("(https://github.com/owner/name)", ["owner/name"]),
        ("git clone https://github.com/owner/name.git", ["owner/name"]),
        ("https://www.github.com/owner/name/tree/main/examples", ["owner/name"]),
        ("https://github.com/owner/name#readme", ["owner/name"]),
        ("https://github.com/owner/name?tab=readme", ["owner/name"]),
        ("http://github.com/my-org/fast_attn.v2", ["my-org/fast_attn.v2"]),
        ("代码：https://github.com/owner/name。", ["owner/name"]),
        ("代码见github.com/owner/name的主分支", ["owner/name"]),
        ("GitHub.com/A/B and github.com/a/b.git", ["a/b"]),
        ("two: github.com/a/one and github.com/b/two", ["a/one", "b/two"]),
    ],
)
def test_github_repos_found(text, repos):
    assert github_repos_cited(text) == repos


@pytest.mark.parametrize(
    "text",
    [
        "contact noreply@github.com or someone@github.com/owner",  # addresses
        "https://github.com/owner",  # an account, no repository
        "https://github.com/owner/",
        "github.com/features/copilot and https://github.com/topics/llm",  # GitHub's own pages
        "https://github.com/orgs/acme/repositories",
        "https://github.com/marketplace/actions/checkout, github.com/sponsors/someone",
        "https://gist.github.com/owner/0123abcd",  # other hosts
        "https://owner.github.io/name",
        "https://raw.githubusercontent.com/owner/name/main/README.md",
        "https://notgithub.com/owner/name and https://gitlab.com/owner/name",
        "https://github.com/owner/..",
        "https://github.com/-owner/name",  # an owner never starts with a hyphen
        "",
    ],
)
def test_github_non_repositories_not_found(text):
    assert github_repos_cited(text) == []


def test_reserved_owners_are_lower_case_site_pages():
    assert {"features", "topics", "orgs", "sponsors", "marketplace", "settings"} <= RESERVED_OWNERS
    assert all(name == name.lower() for name in RESERVED_OWNERS)


def test_github_abstract_and_comment_together():
    assert github_repos_cited("We release github.com/a/b.", "Code: https://github.com/A/B and github.com/c/d") == [
        "a/b",
        "c/d",
    ]
