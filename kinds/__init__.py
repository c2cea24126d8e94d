"""The registry of content kinds. Everything that handles "any kind" (the outbox drain, reindex,
import, feed routes, the search shaper, the API's item schema) looks the kind up here.

Adding a kind: see "Adding a content kind" in docs/architecture.md."""

from __future__ import annotations

from kinds import code_links  # noqa: F401 (registers the paper/code join with the store's writes)
from kinds.base import FeedSpec, Kind, doc_id
from kinds.event import EventKind
from kinds.link import LinkKind
from kinds.paper import PaperKind
from kinds.person import PersonKind
from kinds.project import ProjectKind
from kinds.story import StoryKind

# In the order the API lists them (search tabs, counts).
KINDS: dict[str, Kind] = {
    kind.name: kind for kind in (StoryKind(), PaperKind(), EventKind(), ProjectKind(), LinkKind(), PersonKind())
}
# Kinds that search, counts and tag filters cover.
SEARCHABLE: tuple[str, ...] = tuple(name for name, kind in KINDS.items() if kind.searchable)
_BY_ENTITY: dict[str, Kind] = {kind.entity_type: kind for kind in KINDS.values()}


def kind(name: str) -> Kind:
    return KINDS[name]


def for_entity(entity_type: str) -> Kind:
    """The kind of an outbox entry or import line ('user' is the person kind)."""
    return _BY_ENTITY[entity_type]


def entity_types() -> list[str]:
    """Import and reindex order: authors before the stories that point at them."""
    return [k.entity_type for k in sorted(KINDS.values(), key=lambda k: k.import_order)]


def with_feeds() -> list[Kind]:
    return [k for k in KINDS.values() if k.feed is not None]


def searchable_kinds() -> list[Kind]:
    return [KINDS[name] for name in SEARCHABLE]


__all__ = ["KINDS", "SEARCHABLE", "FeedSpec", "Kind", "doc_id", "entity_types", "for_entity", "kind", "with_feeds"]
