"""The hub's built-in link service called in-process, as `LinkApi` (api/services/link_client.py).

The hub used to call its own service over HTTP on the host the request named, so a forged `Host`
header chose where the server connected. Now the hub calls the service's functions directly: no
socket, no timeout to hold a request thread, and the errors are the service's own Chinese wording."""

from __future__ import annotations

from api.services.link_client import LinkServiceError
from linkservice import statuses as service
from linkservice.statuses import LinkError


class InProcessLink:
    @staticmethod
    def _run(call, *args):
        try:
            return call(*args)
        except LinkError as exc:
            raise LinkServiceError(exc.status, exc.message) from exc

    def status(self, status_id: str, token: str | None = None) -> dict:
        return self._run(service.status, str(status_id), token)

    def context(self, status_id: str, token: str | None = None) -> dict:
        return self._run(service.context, str(status_id), token)

    def post_status(self, token: str, text: str, in_reply_to_id: str | None = None) -> dict:
        form = {"status": text, **({"in_reply_to_id": in_reply_to_id} if in_reply_to_id else {})}
        return self._run(service.post, token, form)

    def delete_status(self, status_id: str, token: str) -> dict:
        return self._run(service.delete, str(status_id), token)

    def verify_credentials(self, token: str) -> dict:
        return self._run(service.verify_credentials, token)


__all__ = ["InProcessLink"]
