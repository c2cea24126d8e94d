"""Migration 0022: summaries and remote statuses stored with escaped entities are read once, on a real database."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command

from store.migrate import alembic_config


def test_stored_entities_are_read_once_and_fetched_stories_are_left_alone(tmp_path):
    url = f"sqlite:///{tmp_path / 'hub.db'}"
    command.upgrade(alembic_config(url), "0021")
    engine = sa.create_engine(url)
    story = (
        "INSERT INTO stories (id, title, content, summary, story_show_user_name, final_score, remark_count,"
        " view_count, tags, created_at, updated_at, version, source_key) VALUES"
        " (:id, 't', '<p>x</p>', :summary, 1, 0, 0, 0, '[]', '2026-11-27 00:00:00', '2026-11-27 00:00:00', 1, :key)"
    )
    with engine.begin() as db:
        db.execute(sa.text(story), {"id": 1, "summary": "RAG &amp; Agent，x &lt; y，&amp;amp; 原样", "key": None})
        db.execute(sa.text(story), {"id": 2, "summary": "源里的 &lt; 是字面", "key": "rss:a:1"})
        db.execute(
            sa.text(
                "INSERT INTO link_statuses (id, origin, remote_id, content, favourites_count, replies_count,"
                " created_at, updated_at, version, remote_kept) VALUES (1, 'https://m.example', '9', 'A &amp; B', 0, 0,"
                " '2026-11-27 00:00:00', '2026-11-27 00:00:00', 1, 0)"
            )
        )
    command.upgrade(alembic_config(url), "head")
    with engine.connect() as db:
        summaries = dict(db.execute(sa.text("SELECT id, summary FROM stories")).all())
        status = db.execute(sa.text("SELECT content FROM link_statuses")).scalar_one()
    assert summaries == {1: "RAG & Agent，x < y，&amp; 原样", 2: "源里的 &lt; 是字面"}
    assert status == "A & B"
