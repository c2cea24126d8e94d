"""Shared configuration and the `hub` command line."""
