"""Replies as the discussion API answers them (api/schemas/discussions.py ReplySchema), for one viewer:
authors, parents, quotes, likes and mentioned members read in a few queries for the whole page."""

from __future__ import annotations

from sqlalchemy import select

from api.services.access import is_editor
from api.services.reply_text import mentioned_names, reply_html
from kinds.common import iso
from store import discussions as threads
from store.link import flags_of
from store.models import LinkStatus, Paper, Story, User


def item_key(kind: str, item) -> str:
    """The key the item's page takes: a story's number, a paper's arXiv number."""
    return str(item.id) if kind == "story" else item.arxiv_id


class ReplyView:
    iso = staticmethod(iso)

    def __init__(self, db, viewer: User | None):
        self.db, self.viewer = db, viewer

    def _statuses(self, ids: set[int]) -> dict[int, LinkStatus]:
        ids = {i for i in ids if i}
        return {row.id: row for row in self.db.scalars(select(LinkStatus).where(LinkStatus.id.in_(ids)))} if ids else {}

    def _users(self, rows) -> dict[int, User]:
        ids = {row.user_id for row in rows if row.user_id}
        return {user.id: user for user in self.db.scalars(select(User).where(User.id.in_(ids)))} if ids else {}

    def _members(self, rows) -> dict[str, int]:
        names = {name for row in rows if row.deleted_at is None for name in mentioned_names(row.content)}
        if not names:
            return {}
        found = self.db.execute(select(User.name, User.id).where(User.name.in_(names)).order_by(User.id.desc())).all()
        return dict(found)  # the oldest account of a name wins (later rows overwrite)

    def replies(self, rows: list[LinkStatus], children: int) -> list[dict]:
        """Level-1 rows with up to `children` of their replies inlined (0: none, as for level 2)."""
        inlined: dict[int, list[LinkStatus]] = {}
        counts: dict[int, int] = {}
        tops = [row for row in rows if row.top_id is None]
        if tops:
            counts = threads.children_counts(self.db, [row.id for row in tops])
            if children:
                for row in tops:
                    inlined[row.id] = (
                        threads.children_page(self.db, row.id, 0, children)[0] if counts.get(row.id) else []
                    )
        everyone = rows + [child for kids in inlined.values() for child in kids]
        related = self._statuses({r.in_reply_to_id for r in everyone} | {r.quote_id for r in everyone})
        users = self._users(everyone + list(related.values()))
        members = self._members(everyone)
        viewer_id = self.viewer.id if self.viewer else None
        liked, _marked = flags_of(self.db, viewer_id, [r.id for r in everyone])
        reported = threads.reported_by(self.db, viewer_id, [r.id for r in everyone])
        context = (related, users, members, liked, reported)
        return [
            {
                **self._one(row, context),
                "children": [self._one(child, context) for child in inlined.get(row.id, [])],
                "children_count": counts.get(row.id, 0) if row.top_id is None else 0,
            }
            for row in rows
        ]

    def _name(self, row: LinkStatus | None, users: dict[int, User]) -> str | None:
        if row is None or row.deleted_at is not None:
            return None
        user = users.get(row.user_id) if row.user_id else None
        return user.name if user else row.author_name

    def _one(self, row: LinkStatus, context) -> dict:
        related, users, members, liked, reported = context
        deleted = row.deleted_at is not None
        user = users.get(row.user_id) if row.user_id else None
        author = None
        if not deleted:
            author = (
                {"id": user.id, "name": user.name, "avatar_url": user.avatar_url}
                if user
                else {"id": None, "name": row.author_name, "avatar_url": row.author_avatar}
            )
        parent = related.get(row.in_reply_to_id)
        reply_to = None
        if row.top_id is not None and parent is not None and parent.id != row.top_id:
            reply_to = {"id": str(parent.id), "author_name": self._name(parent, users)}
        quoted = related.get(row.quote_id) if row.quote_id else None
        quote = None
        if quoted is not None and not deleted:
            gone = quoted.deleted_at is not None
            quote = {
                "id": str(quoted.id),
                "author_name": self._name(quoted, users),
                "excerpt": "" if gone else threads.excerpt(quoted.content),
                "deleted": gone,
            }
        mine = bool(self.viewer and row.user_id == self.viewer.id)
        return {
            "id": str(row.id),
            "author": author,
            "text": "" if deleted else row.content,
            "html": "" if deleted else reply_html(row.content, members),
            "created_at": iso(row.created_at),
            "like_count": row.favourites_count,
            "liked": row.id in liked,
            "reported": row.id in reported,
            "mine": mine,
            "can_delete": not deleted and (mine or bool(self.viewer and is_editor(self.viewer))),
            "deleted": deleted,
            "reply_to": reply_to,
            "quote": quote,
            "children": [],
            "children_count": 0,
        }

    def items_of(self, rows: list[LinkStatus]) -> dict[tuple[str, int], tuple[str, str]]:
        """(kind, id) → (page key, title) of the items the rows discuss."""
        out: dict[tuple[str, int], tuple[str, str]] = {}
        for kind, model in (("story", Story), ("paper", Paper)):
            ids = {row.item_id for row in rows if row.item_kind == kind}
            for item in self.db.scalars(select(model).where(model.id.in_(ids))) if ids else []:
                title = item.title if kind == "story" else (item.title_cn or item.title)
                out[(kind, item.id)] = (item_key(kind, item), title)
        return out


__all__ = ["ReplyView", "item_key"]
