"""Run Alembic migrations programmatically (`hub migrate`) against the database URL the caller gives."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url)
    return config


def upgrade(url: str) -> None:
    command.upgrade(alembic_config(url), "head")


def revision(message: str, url: str) -> None:
    command.revision(alembic_config(url), message=message, autogenerate=True)
