"""The Flask API under /api: app factory, one blueprint per resource, schemas, envelope and errors."""
