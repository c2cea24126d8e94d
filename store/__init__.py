"""The system of record: SQLAlchemy models, sessions, writes with their outbox entries."""
