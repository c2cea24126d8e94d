"""The Elasticsearch client's JSON, by orjson: every search body and bulk line is encoded and every
answer decoded by it (the standard library's decoding of a 20-hit answer with highlights, and its
encoding of the drain's bulk lines, were measurable shares of a search and of indexing, issue 12).

The client's own `default` still turns dates, decimals and UUIDs into JSON the way it did."""

from __future__ import annotations

from typing import Any

import orjson
from elasticsearch.exceptions import SerializationError
from elasticsearch.serializer import JSONSerializer

OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS


class OrjsonSerializer(JSONSerializer):
    def loads(self, s: str | bytes) -> Any:
        try:
            return orjson.loads(s)
        except orjson.JSONDecodeError as exc:
            raise SerializationError(s, exc) from exc

    def dumps(self, data: Any) -> str:
        if isinstance(data, str):  # already JSON (a bulk body the caller joined)
            return data
        try:
            return orjson.dumps(data, default=self.default, option=OPTIONS).decode("utf-8")
        except TypeError:  # an integer past 64 bits (orjson's limit), or a type nothing can encode
            return super().dumps(data)
