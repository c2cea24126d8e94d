"""The `hub` command line (hub/cli.py): migrate, import, drain, reindex, seed and the rest, each building what
it needs from `config.Settings` (the settings themselves live in config/)."""
