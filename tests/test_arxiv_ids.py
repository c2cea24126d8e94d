import pytest

from kinds.arxiv_ids import ArxivIdError, parse_arxiv


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2401.01234", ("2401.01234", 1)),
        ("arXiv:2401.01234", ("2401.01234", 1)),
        ("2401.01234v2", ("2401.01234", 2)),
        ("https://arxiv.org/abs/2401.01234v3", ("2401.01234", 3)),
        ("https://arxiv.org/pdf/2401.01234v1", ("2401.01234", 1)),
        ("https://arxiv.org/pdf/2401.01234v4.pdf", ("2401.01234", 4)),
        ("  ARXIV:2401.0123 ", ("2401.0123", 1)),
        ("hep-th/9901001v2", ("hep-th/9901001", 2)),
    ],
)
def test_every_spelling_maps_to_one_number(text, expected):
    assert parse_arxiv(text) == expected


@pytest.mark.parametrize("text", ["", "2401", "arXiv:abc", "https://example.com/abs/2401.01234", "2401.01234v"])
def test_garbage_is_rejected(text):
    with pytest.raises(ArxivIdError):
        parse_arxiv(text)
