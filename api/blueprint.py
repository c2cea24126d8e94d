"""The blueprint every API resource uses: flask-smorest's, with a request parser that answers bad
input the spec's way (400, in Chinese) instead of webargs' defaults (422, English, or a 500 when the
JSON is valid but unreadable: a 5,000-digit number, nesting 100,000 deep)."""

from __future__ import annotations

import json
from typing import NoReturn

from flask_smorest import Blueprint
from webargs.flaskparser import FlaskParser, abort

from api.envelope import MSG_BAD_REQUEST


class HubParser(FlaskParser):
    DEFAULT_VALIDATION_STATUS = 400

    def _raw_load_json(self, req):
        try:
            return super()._raw_load_json(req)
        except json.JSONDecodeError:
            raise  # webargs tells an empty body (missing) from a broken one
        except (ValueError, RecursionError) as exc:
            return self._handle_invalid_json_error(exc, req)

    def _handle_invalid_json_error(self, error, req, *args, **kwargs) -> NoReturn:
        abort(400, exc=error, messages={"json": [MSG_BAD_REQUEST]})


class HubBlueprint(Blueprint):
    ARGUMENTS_PARSER = HubParser()
