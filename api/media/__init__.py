"""Pictures members upload (story images and covers): checked, re-encoded and stored (api/media/)."""
