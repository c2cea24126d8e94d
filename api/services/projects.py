"""A project's page: its payload with every tag and the papers joined to it (store/code_links.py)."""

from __future__ import annotations

import kinds
from api.context import reader
from api.envelope import MSG_NOT_FOUND, ApiError
from api.read_cache import read_through
from api.services.attention import record_view

PROJECT = kinds.kind("project")


def project_detail(project_id: int) -> dict:
    def read() -> dict:
        doc = reader().get(PROJECT.doc_id(project_id), ["source"])
        if doc is None:
            raise ApiError(404, MSG_NOT_FOUND)
        return PROJECT.shape(doc["source"], tag_limit=None)

    info = read_through({"id": project_id}, read)
    record_view(PROJECT.name, project_id)  # after the read: unknown projects (404) are not counted
    return info
