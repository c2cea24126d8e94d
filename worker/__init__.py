"""Celery app and tasks: thin wrappers around indexer/ and store/."""
