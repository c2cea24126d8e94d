"""What the link service needs from the site that mounts it, and nothing more: the database, the
lifetime of the tokens it issues, the site's signed-in user (for the consent page) and where that user
signs in. The hub gives these in api/app.py; the service never imports the hub's API."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import current_app
from sqlalchemy.orm import Session, sessionmaker

from store.models import User

EXTENSION = "hub_link_service"


@dataclass(frozen=True)
class LinkHost:
    sessions: Callable[[], sessionmaker[Session]]
    token_days: Callable[[], int]
    signed_in_user: Callable[[], User | None]
    sign_in_url: Callable[[str], str]  # the URL that signs the user in, then returns to the given path


def host() -> LinkHost:
    """The host of the app handling this request (two apps in one process keep theirs apart)."""
    return current_app.extensions[EXTENSION]


def db():
    """A new session on the host's database."""
    return host().sessions()()
