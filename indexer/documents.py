"""Document builders: one database row -> one Elasticsearch document.

Each document keeps at the top level only what a query, sort, filter or aggregation uses (plus the
paper's `hotness_series`, stored but not indexed) and, under `source`, the ready-to-render payload
the API returns (story_info, event_info, paper_info, project_info, person_info), so reads never
touch the database. `doc_key` repeats the document id as a keyword: lists break ties on it,
because sorting on `_id` needs fielddata, which Elasticsearch 8 refuses and 7.x keeps on the heap."""

from __future__ import annotations

from datetime import UTC, datetime

from store.models import Event, Paper, Project, Story, User
from store.tags import tag_names


def iso(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:  # SQLite returns naive UTC
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def doc_id(entity_type: str, key: object) -> str:
    return f"{entity_type}-{key}"


def story_heat(story: Story) -> float:
    # Interactions weigh more than views; views are plentiful and cheap.
    return round(story.final_score * 2 + story.remark_count * 3 + story.view_count / 50, 2)


def story_document(story: Story, author: User | None) -> dict:
    shown = story.story_show_user_name and author is not None
    info = {
        "id": story.id,
        "title": story.title,
        "summary": story.summary,
        "cover_url": story.cover_url,
        "created_at": iso(story.created_at),
        "user_id": author.id if shown else None,
        "user_name": author.name if shown else None,
        "user_avatar": author.avatar_url if shown else None,
        "is_expert": bool(shown and author.is_expert),
        "story_show_user_name": story.story_show_user_name,
        "source_id": story.source_id,
        "final_score": story.final_score,
        "remark_count": story.remark_count,
        "view_count": story.view_count,
        "tag_names": tag_names(story.tags),
    }
    return {
        "doc_key": doc_id("story", story.id),
        "type": "story",
        "item_id": str(story.id),
        "title": story.title,
        "summary": story.summary,
        "content": story.content,
        "tags": story.tags,
        "created_at": iso(story.created_at),
        "heat": story_heat(story),
        "user_id": str(story.user_id) if story.user_id else None,
        # Anonymous stories stay out of the people leaderboard (the author asked not to be shown).
        "anonymous": not shown,
        "source": info,
    }


def paper_document(paper: Paper) -> dict:
    info = {
        "id": paper.id,
        "arxiv_id": paper.arxiv_id,
        "arxiv_version": paper.arxiv_version,
        "title": paper.title,
        "title_cn": paper.title_cn,
        "abstract": paper.abstract,
        "summary_cn": paper.summary_cn,
        "authors": paper.authors,
        "published_at": iso(paper.published_at),
        "hotness": paper.hotness,
        "url": f"https://arxiv.org/abs/{paper.arxiv_id}v{paper.arxiv_version}",
        "pdf_url": f"https://arxiv.org/pdf/{paper.arxiv_id}v{paper.arxiv_version}",
        "tag_names": tag_names(paper.tags),
    }
    return {
        "doc_key": doc_id("paper", paper.arxiv_id),
        "type": "paper",
        "item_id": str(paper.id),
        "arxiv_id": paper.arxiv_id,
        "title": paper.title,
        "title_cn": paper.title_cn,
        "summary": paper.summary_cn or paper.abstract,
        "content": paper.abstract,
        "authors": paper.authors,
        "tags": paper.tags,
        "created_at": iso(paper.published_at),
        "heat": float(paper.hotness),
        # [[yyyy-MM-dd, n], ...]: stored, not indexed, so the trends read stays index-only.
        "hotness_series": [[str(day), int(value)] for day, value in (paper.hotness_series or [])],
        "source": info,
    }


def event_document(event: Event) -> dict:
    info = {
        "id": event.id,
        "name": event.name,
        "title": event.title,
        "brief": event.brief,
        "image_url": event.image_url,
        "address": event.address,
        "company": event.company,
        "start_time": iso(event.start_time),
        "end_time": iso(event.end_time),
        "time_desc": event.time_desc,
        "button_msg": event.button_msg,
        "icon_msg": event.icon_msg,
        "tag_names": tag_names(event.tags),
    }
    return {
        "doc_key": doc_id("event", event.id),
        "type": "event",
        "item_id": str(event.id),
        "title": event.name,
        "summary": event.brief,
        "content": " ".join(filter(None, [event.title, event.brief, event.company])),
        "address": event.address,
        "tags": event.tags,
        "created_at": iso(event.created_at),
        "start_time": iso(event.start_time),
        "end_time": iso(event.end_time),
        "heat": 0.0,
        "source": info,
    }


def project_document(project: Project) -> dict:
    owner, _, name = project.repo.partition("/")
    info = {
        "id": project.id,
        "repo": project.repo,
        "owner": owner,
        "name": name,
        "description": project.description,
        "description_cn": project.description_cn,
        "language": project.language,
        "stars": project.stars,
        "forks": project.forks,
        "topics": project.topics,
        "url": f"https://github.com/{project.repo}",
        "created_at": iso(project.created_at),
        "tag_names": tag_names(project.tags),
    }
    return {
        "doc_key": doc_id("project", project.id),
        "type": "project",
        "item_id": str(project.id),
        "title": project.repo,
        "summary": project.description_cn or project.description,
        "content": " ".join([project.description, " ".join(project.topics or [])]),
        "tags": project.tags,
        "created_at": iso(project.created_at),
        "heat": round(project.stars / 10 + project.forks / 5, 2),
        "source": info,
    }


def person_document(user: User) -> dict:
    info = {
        "id": user.id,
        "name": user.name,
        "avatar_url": user.avatar_url,
        "score": user.score,
        "arxiv_name": user.arxiv_name,
        "is_expert": user.is_expert,
        "activity_count": len(user.activity_sheet or []),
    }
    return {
        "doc_key": doc_id("person", user.id),
        "type": "person",
        "item_id": str(user.id),
        "title": user.name,
        "created_at": iso(user.created_at),
        "heat": float(user.score),
        "arxiv_name": user.arxiv_name,
        "source": info,
    }
