"""Open-source projects (GitHub repositories), one per `owner/name`."""

from __future__ import annotations

from datetime import datetime
from html import escape
from typing import Any

from marshmallow import Schema, fields, validate
from sqlalchemy.orm import Session

from analysis.views import text_views
from kinds.base import FeedSpec, Kind
from kinds.common import TAG_LIMIT, Moment, TaggedRecord, TagSchema, highlight_of, iso
from store.code_links import preload_links, project_papers
from store.models import Project
from store.tags import tag_names
from store.writes import upsert


class ProjectRecord(TaggedRecord):
    repo = fields.String(required=True, validate=validate.Regexp(r"^[\w.-]+/[\w.-]+$", error="expected owner/name"))
    description = fields.String(required=True)
    description_cn = fields.String(load_default=None)
    language = fields.String(load_default=None)
    stars = fields.Integer(required=True, validate=validate.Range(min=0))
    forks = fields.Integer(load_default=0, validate=validate.Range(min=0))
    topics = fields.List(fields.String(), load_default=list)
    created_at = Moment(required=True)
    readme = fields.String(load_default=None, validate=validate.Length(max=200_000))


class ProjectInfoSchema(Schema):
    id = fields.Integer(required=True)
    repo = fields.String(required=True)
    owner = fields.String()
    name = fields.String()
    title_html = fields.String(required=True)
    description = fields.String()
    description_cn = fields.String(allow_none=True)
    language = fields.String(allow_none=True)
    stars = fields.Integer()
    forks = fields.Integer()
    topics = fields.List(fields.String())
    url = fields.String()
    created_at = fields.String()
    tag_names = fields.List(fields.Nested(TagSchema), required=True)


class ProjectKind(Kind):
    name = "project"
    model = Project
    import_schema = ProjectRecord
    output_schema = ProjectInfoSchema
    info_key = "project_info"
    highlight_key = "project_info.repo"
    import_order = 4
    detail_fields = ("papers",)
    feed = FeedSpec(
        path="/v3.1/github/home/list",
        body_name="ProjectListBody",
        summary="Projects: default newest of all time; `hot` = stars and forks.",
        sort="new",
        time=None,
    )

    def preload(self, session: Session, rows: list[Project]) -> list:
        preload_links(session, [], [row.id for row in rows])
        return super().preload(session, rows)

    def search_fields(self, session: Session, project: Project) -> dict:
        owner, _, name = project.repo.partition("/")
        views = text_views(
            [project.repo, f"{owner} {name}"],
            [project.description_cn, project.description, " ".join(project.topics or [])],
            tag_labels=[t["title"] for t in tag_names(project.tags)],
            summary=project.description_cn or project.description,
            heard=[project.description_cn],
            naming=[project.description_cn or project.description, " ".join(project.topics or [])],
        )
        return {
            **views,
            "repo": project.repo,
            "title": project.repo,
            "summary": project.description_cn or project.description,
            "content": " ".join([project.description, " ".join(project.topics or [])]),
            "tags": project.tags,
            "created_at": iso(project.created_at),
            "heat": round(project.stars / 10 + project.forks / 5, 2),
        }

    def payload(self, session: Session, project: Project) -> dict:
        owner, _, name = project.repo.partition("/")
        return {
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
            # The papers it cites or that link it (the detail answer's 论文; lists leave it out).
            "papers": [{**p, "published_at": iso(p["published_at"])} for p in project_papers(session, project.id)],
        }

    def shape(self, payload: dict, hit: dict | None = None, labels=None, tag_limit: int | None = TAG_LIMIT) -> dict:
        info = super().shape(payload, hit, labels, tag_limit)
        info["title_html"] = highlight_of(hit, "title") or escape(info["repo"])
        return info

    def import_key(self, raw: dict) -> tuple[str, Any] | None:
        return ("repo", raw["repo"]) if isinstance(raw.get("repo"), str) else None

    def import_row(self, session: Session, data: dict, raw: dict, now: datetime) -> str:
        return upsert(session, Project, {"repo": data.pop("repo")}, data, self.relative_fields(raw))
