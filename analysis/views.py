"""The extra views of a document's text that Elasticsearch cannot compute itself: segmented words,
pinyin of the title, people and tag labels. Kinds add them to their search fields."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from analysis.normalize import CJK, clean, fold, to_simplified
from analysis.regional import document_forms
from analysis.syllables import title_syllables
from analysis.vocabulary import glossary
from analysis.words import index_words_folded, initials_key_folded, pinyin_forms_folded, pinyin_key_folded


def text_views(
    titles: Iterable[str | None],
    body: Iterable[str | None] = (),
    people: Iterable[str | None] = (),
    tag_labels: Iterable[str] = (),
    summary: str | None = None,
    heard: Iterable[str | None] = (),
    naming: Iterable[str | None] = (),
) -> dict:
    """`summary` is where a Latin glossary term is also looked for (besides titles and tag labels). `heard`: texts
    that name the item besides its titles and are found by their sound too (pinyin typed with or without spaces,
    homophone typos), but weigh as body text otherwise: a project's Chinese description, since its title is the
    repository's name (tui li yin qing finds the projects describing themselves as 推理引擎). `naming`: texts that
    say what the item is where its title cannot (a project's description and topics): each concept they name is
    carried once in `concepts`, as a tag would put it there, unless a title or tag names it already. A project
    describing itself as 大模型量化工具 is about quantization as much as an article titled so."""
    titles, regional_titles = _folded_with_regional([t for t in titles if t])  # folded once, not per view
    sounded = [*titles, *(fold(text) for text in heard if text)]
    body_text, regional_body = _folded_with_regional([" ".join(b for b in body if b)])
    tag_labels = list(tag_labels)
    main = titles[0] if titles else ""
    named = [*titles, *regional_titles]
    concepts = glossary().concept_ids(titles, [_folded_label(label) for label in tag_labels], summary)
    described = glossary().concept_ids([], [fold(text) for text in naming if text])
    concepts += [c for c in dict.fromkeys(described) if c not in concepts]
    # Every kind puts its summary in the body too: both are read for concepts once, folded.
    inside = [*body_text, *regional_body] if any(body_text) else ([fold(summary)] if summary else [])
    body_concepts = glossary().body_concept_ids(inside)
    # A concept the title names in both spellings counts once: a Taiwan title must not outweigh its peers.
    concepts += [c for c in glossary().concept_ids(regional_titles, [], None) if c not in concepts]
    return {
        "title_words": " ".join(index_words_folded(t) for t in named),
        "body_words": " ".join(index_words_folded(b) for b in [*body_text, *regional_body]),
        "pinyin": " ".join(pinyin_forms_folded(t) for t in sounded),
        "title_syllables": [syllables for syllables in map(title_syllables, sounded) if syllables] or None,
        **_title_keys(main, titles[1:]),
        "people": [fold(p) for p in people if p] or None,
        "tag_labels": tag_labels or None,
        "concepts": " ".join(concepts) or None,
        "body_concepts": " ".join(body_concepts) or None,
    }


def name_views(name: str | None) -> dict:
    """A person's name as the suggestions look for it: pinyin with or without spaces, and initials."""
    folded = fold(name or "")
    return {
        "pinyin": pinyin_forms_folded(folded) or None,
        "title_syllables": [syllables] if (syllables := title_syllables(folded)) else None,
        **_title_keys(folded, []),
    }


def _title_keys(main: str, others: list[str]) -> dict:
    """The main title's pinyin and initials keys, and those of a second title written in Chinese (a paper's
    title_cn), so typed pinyin and initials find a paper by its Chinese title too."""
    pinyin = [pinyin_key_folded(main)] + [pinyin_key_folded(t) for t in others if CJK.search(t)]
    initials = [initials_key_folded(main)] + [initials_key_folded(t) for t in others if CJK.search(t)]
    pinyin, initials = [k for k in dict.fromkeys(pinyin) if k], [k for k in dict.fromkeys(initials) if k]
    return {
        "pinyin_key": (pinyin[0] if len(pinyin) == 1 else pinyin) or None,
        "initials_key": (initials[0] if len(initials) == 1 else initials) or None,
    }


def _folded_with_regional(texts: list[str]) -> tuple[list[str], list[str]]:
    """Each text folded, and, for a text written in traditional script, its Taiwan / Hong Kong words in
    mainland words as well (軟體 → 软件, analysis/regional.py): the words views carry both, so a document
    written in Taiwan is found by the mainland word and by its own."""
    folded: list[str] = []
    regional: list[str] = []
    for text in texts:
        cleaned = clean(text)
        folded.append(to_simplified(cleaned))
        regional.extend(document_forms(cleaned, folded[-1]))
    return folded, regional


@lru_cache(maxsize=4096)
def _folded_label(label: str) -> str:
    return fold(label)  # tag labels come from one small tree: each is folded once per process
