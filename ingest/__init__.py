"""Ingestion sources: they write to the database (the system of record); the outbox does the rest."""
