"""The run log of the content sources: per source its last run and its 5 most recent failures.

Kept in Redis, not in a table: it is operational state for the editors' page, not content. A capped
list (LPUSH + LTRIM) keeps exactly the newest five failures with one round trip and no clean-up job,
the worker and the API already share Redis, and losing the log (a Redis flush) loses no content and
heals with the next run. Keys are namespaced by the index alias, like the hot words, so two stacks
(tests, a second site) never see each other's runs:

- `hub:sources:<ns>:last:<source>`: the last run as JSON;
- `hub:sources:<ns>:failures:<source>`: a list of JSON failures, newest first, at most `KEEP_FAILURES`."""

from __future__ import annotations

import json

import redis

KEEP_FAILURES = 5


class RunLog:
    def __init__(self, client: redis.Redis, namespace: str):
        self.client = client
        self.namespace = namespace

    def _key(self, part: str, source: str) -> str:
        return f"hub:sources:{self.namespace}:{part}:{source}"

    def record(self, source: str, run: dict) -> None:
        """Store `run` as the source's last run; a run whose status is not 'ok' is also a failure."""
        pipe = self.client.pipeline()
        pipe.set(self._key("last", source), json.dumps(run, ensure_ascii=False))
        if run.get("status") != "ok":
            failure = {"at": run.get("finished_at"), "reason": run.get("error") or run.get("status")}
            pipe.lpush(self._key("failures", source), json.dumps(failure, ensure_ascii=False))
            pipe.ltrim(self._key("failures", source), 0, KEEP_FAILURES - 1)
        pipe.execute()

    def last_run(self, source: str) -> dict | None:
        raw = self.client.get(self._key("last", source))
        return json.loads(raw) if raw else None

    def failures(self, source: str) -> list[dict]:
        return [json.loads(raw) for raw in self.client.lrange(self._key("failures", source), 0, KEEP_FAILURES - 1)]

    def clear(self, source: str) -> None:
        self.client.delete(self._key("last", source), self._key("failures", source))


__all__ = ["KEEP_FAILURES", "RunLog"]
