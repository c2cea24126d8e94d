"""The extra views of a document's text that Elasticsearch cannot compute itself: segmented words,
pinyin of the title, people and tag labels. Kinds add them to their search fields."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from analysis.normalize import fold
from analysis.vocabulary import glossary
from analysis.words import index_words_folded, initials_key_folded, pinyin_forms_folded, pinyin_key_folded


def text_views(
    titles: Iterable[str | None],
    body: Iterable[str | None] = (),
    people: Iterable[str | None] = (),
    tag_labels: Iterable[str] = (),
    summary: str | None = None,
) -> dict:
    """`summary` is where a Latin glossary term is also looked for (besides titles and tag labels)."""
    titles = [fold(t) for t in titles if t]  # folded once here, not once per view
    tag_labels = list(tag_labels)
    main = titles[0] if titles else ""
    concepts = glossary().concept_ids(titles, [_folded_label(label) for label in tag_labels], summary)
    return {
        "title_words": " ".join(index_words_folded(t) for t in titles),
        "body_words": index_words_folded(fold(" ".join(b for b in body if b))),
        "pinyin": " ".join(pinyin_forms_folded(t) for t in titles),
        "pinyin_key": pinyin_key_folded(main) or None,
        "initials_key": initials_key_folded(main) or None,
        "people": [fold(p) for p in people if p] or None,
        "tag_labels": tag_labels or None,
        "concepts": " ".join(concepts) or None,
    }


@lru_cache(maxsize=4096)
def _folded_label(label: str) -> str:
    return fold(label)  # tag labels come from one small tree: each is folded once per process
