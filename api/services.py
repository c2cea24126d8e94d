"""Access to the configured services from request code (one place to swap them in tests)."""

from __future__ import annotations

from elasticsearch import Elasticsearch
from flask import current_app
from sqlalchemy.orm import Session, sessionmaker

from hub.config import Settings
from indexer.client import get_client
from store.db import session_factory


def settings() -> Settings:
    return current_app.config["HUB_SETTINGS"]


def es_client() -> Elasticsearch:
    return get_client(settings().es_url)


def db_sessions() -> sessionmaker[Session]:
    return session_factory(settings().db_url)
