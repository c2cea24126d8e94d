"""The blueprint every API resource uses: flask-smorest's, with a request parser that answers bad
input the spec's way (400, in Chinese) instead of webargs' defaults (422, English, or a 500 when the
JSON is valid but unreadable: a 5,000-digit number, nesting 100,000 deep), and an OpenAPI document
that lists the error statuses every operation can answer (all in the envelope, ErrorEnvelope)."""

from __future__ import annotations

import http
import json
from typing import NoReturn

from flask_smorest import Blueprint
from flask_smorest.utils import resolve_schema_instance
from webargs.flaskparser import FlaskParser, abort
from werkzeug.routing import IntegerConverter

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


# Statuses any operation can answer: Elasticsearch unreachable (503), an unexpected failure (500);
# and, with a JSON body, a body over HUB_MAX_BODY_BYTES (413). Each refers to flask-smorest's
# component of that status, whose schema is the API's ERROR_SCHEMA (the envelope).
ALWAYS = (503, 500)
WITH_BODY = (413,)


def _documented_errors(doc, doc_info, **_):
    responses = doc.setdefault("responses", {})
    statuses = ALWAYS + (WITH_BODY if "requestBody" in doc else ())
    for status in statuses:
        responses.setdefault(status, http.HTTPStatus(status).name)
    return doc


class IdConverter(IntegerConverter):
    """`<id:name>`: a path id of ASCII digits only. werkzeug's `int` matches `\\d+`, which in Python
    also takes full-width and other Unicode digits (`/v1/stories/２３６`); those paths answer 404.
    A subclass of IntegerConverter, so the OpenAPI document still says integer (minimum 0)."""

    regex = r"[0-9]+"


SIGNED_OUT = "anonymous: {code: 403, msg: '请先登录'}"
RATE_LIMITED = "rate limit: {code: 429, msg: '操作太频繁，请稍后再试'}"


class HubBlueprint(Blueprint):
    ARGUMENTS_PARSER = HubParser()

    def write_errors(self, forbidden: str = SIGNED_OUT):
        """Document what every write may answer besides its own errors: 403 (signed out, or not
        allowed) and 429 (rate limited)."""

        def decorate(view):
            return self.alt_response(403, description=forbidden)(self.alt_response(429, description=RATE_LIMITED)(view))

        return decorate

    def arguments(self, schema, **kwargs):
        """flask-smorest's `arguments`, with a schema class made into one instance here, as flask-smorest
        does for response schemas: given the class, webargs builds a new schema for every request
        (copying its fields and their Chinese messages, 0.12 ms of a search, issue 12). Loading keeps
        no state on the schema, so threads can share it."""
        return super().arguments(resolve_schema_instance(schema), **kwargs)

    def register_views_in_doc(self, api, app, spec, *, name, parameters):
        """Documents this blueprint's operations when the document is first read (EnvelopeApi.spec), not
        when the app is made: building it was a third of the CPU time of a test that makes an app."""
        later = getattr(api, "document_later", None)
        document = super().register_views_in_doc
        if later is None:
            document(api, app, spec, name=name, parameters=parameters)
        else:
            later(lambda: document(api, app, spec, name=name, parameters=parameters))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.append(_documented_errors)
        # Recorded first, so the converter is known before this blueprint's rules are added.
        self.record_once(lambda state: state.app.url_map.converters.setdefault("id", IdConverter))
