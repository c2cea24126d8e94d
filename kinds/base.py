"""What a content kind is. Each kind module (story, paper, event, project, person, link) subclasses `Kind`
and says, in one place: how its import lines are validated and written, how a row becomes a search
document, how a stored payload becomes the API's `*_info`, and its feed's defaults and orders."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar

from marshmallow import Schema
from sqlalchemy.orm import Session

from kinds.common import TAG_LIMIT, Record, is_relative, shape_tags
from store import preloaded
from store.discussions import comment_counts
from store.heat import heat_fields, preload_heat
from store.models import Versioned


def doc_id(kind_name: str, key: object) -> str:
    """A document's id (and its `doc_key` field): `<kind>-<key>`, e.g. `story-12`, `paper-2401.01234`."""
    return f"{kind_name}-{key}"


@dataclass(frozen=True)
class FeedSpec:
    """A kind's filtered feed: where it is served, its body's defaults and how each sort orders it.

    `orders` maps the API's sort value to a named order that `indexer/queries/feed.py` builds."""

    path: str
    body_name: str
    summary: str
    sort: str
    time: str | None
    orders: dict[str, str] = field(default_factory=lambda: {"hot": "heat", "new": "newest"})


class Kind:
    name: ClassVar[str]  # the document's `type`, the API's type name
    model: ClassVar[type[Versioned]]
    import_schema: ClassVar[type[Record]]
    output_schema: ClassVar[type[Schema]]  # the `*_info` payload the API returns
    info_key: ClassVar[str | None] = None  # where a feed item carries the payload ('story_info')
    highlight_key: ClassVar[str | None] = None  # the feed item's highlight entry for the title
    feed: ClassVar[FeedSpec | None] = None
    searchable: ClassVar[bool] = True  # part of search, counts and tag filters
    import_order: ClassVar[int] = 10  # lower first: authors before their stories
    preload_series: ClassVar[bool] = False  # the document carries the daily heat series (papers)
    detail_fields: ClassVar[tuple[str, ...]] = ()  # payload fields only the item's page answers, not lists
    discussed: ClassVar[bool] = False  # members discuss its items (store/discussions.py): documents carry comment_count

    @property
    def entity_type(self) -> str:
        """The row's name in the outbox and in import lines."""
        return self.model.outbox_type

    # --- index ---

    def key(self, row: Any) -> str:
        return str(row.id)

    def doc_id(self, key: object) -> str:
        return doc_id(self.name, key)

    def is_listed(self, row: Any) -> bool:
        """False when the row exists but must not be searchable (a deleted story)."""
        return True

    def gone_key(self, entity_id: int) -> str | None:
        """The key of a removed row's document, or None when it cannot be told from the row id."""
        return str(entity_id)

    def preload(self, session: Session, rows: list[Any]) -> list:
        """Load what `document` reads besides the row, for many rows in a few queries. Returns the
        loaded objects: the caller keeps them while it builds documents, so they stay in the session's
        identity map and `document` finds them there without asking the database."""
        ids = [row.id for row in rows]
        preload_heat(session, self.name, ids, series=self.preload_series)
        if self.discussed:
            counts = comment_counts(session, self.name, ids)
            preloaded.keep(session, "comment_count", {(self.name, i): counts.get(i, 0) for i in ids})
        return []

    def comment_count(self, session: Session, row_id: int) -> int:
        """Live replies in the item's discussion: kept by `preload` for a chunk, else counted."""
        count = preloaded.kept(session, "comment_count", (self.name, row_id))
        return count if count is not None else comment_counts(session, self.name, [row_id]).get(row_id, 0)

    def document(self, session: Session, row: Any) -> dict:
        """The search document: searchable fields at the top, the ready payload under `source`."""
        return {
            "type": self.name,
            "item_id": str(row.id),
            "doc_key": self.doc_id(self.key(row)),
            **self.search_fields(session, row),
            # Heat over the last 1/3/7/30 days as the daily rollup published it (store/heat.py).
            **heat_fields(session, self.name, row.id),
            "source": self.payload(session, row),
        }

    def search_fields(self, session: Session, row: Any) -> dict:
        raise NotImplementedError

    def payload(self, session: Session, row: Any) -> dict:
        raise NotImplementedError

    # --- API ---

    def shape(self, payload: dict, hit: dict | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
        """The API's `*_info` from the stored payload: escaped (highlighted) title, tags ordered."""
        info = dict(payload)
        info["tag_names"] = shape_tags(info.get("tag_names"), labels, tag_limit)
        return info

    def item_fields(self, info: dict) -> dict:
        """Kind-specific fields of a feed item besides the payload (story_id, is_event)."""
        return {}

    # --- import ---

    def import_row(self, session: Session, data: dict, raw: dict, now: datetime) -> str:
        """Write one validated import line; returns 'created', 'updated' or 'unchanged'."""
        raise NotImplementedError

    def import_key(self, raw: dict) -> tuple[str, Any] | None:
        """The column and value import_row finds an existing row by, read from the raw line (None when
        the line does not tell), so an import batch reads its existing rows in one query."""
        value = raw.get("id")
        return ("id", value) if isinstance(value, int) and not isinstance(value, bool) else None

    def import_references(self, raw: dict) -> list[tuple[type[Versioned], str, Any]]:
        """Other rows import_row looks up (model, column, value), read with the batch's own rows."""
        return []

    @staticmethod
    def relative_fields(raw: dict) -> tuple[str, ...]:
        """Fields given as relative dates: set when a row is created, kept on re-import."""
        return tuple(k for k, v in raw.items() if is_relative(v))
