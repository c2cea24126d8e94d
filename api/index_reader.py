"""The API's read layer over the index alias: search, count, get, mget and a shaped page.

Routes and services call this instead of the Elasticsearch client, so the alias, the source
filtering and the 404 rule live in one place."""

from __future__ import annotations

from elasticsearch import Elasticsearch, NotFoundError

from api.feed_items import page_of


class IndexReader:
    def __init__(self, es: Elasticsearch, alias: str):
        self.es = es
        self.alias = alias

    def search(self, body: dict) -> dict:
        return self.es.search(index=self.alias, body=body)

    def hits(self, body: dict) -> list[dict]:
        return self.search(body)["hits"]["hits"]

    def count(self, query: dict) -> int:
        return self.es.count(index=self.alias, body={"query": query})["count"]

    def get(self, doc_id: str, source: list[str]) -> dict | None:
        """The document's `_source` (only the `source` fields), or None when there is no such document."""
        try:
            return self.es.get(index=self.alias, id=doc_id, _source=source)["_source"]
        except NotFoundError:
            return None

    def mget(self, doc_ids: list[str], source: list[str]) -> list[dict | None]:
        """The documents' `_source` in the order asked; None where a document is missing."""
        if not doc_ids:
            return []
        docs = self.es.mget(index=self.alias, body={"ids": doc_ids}, _source=source)["docs"]
        return [doc["_source"] if doc.get("found") else None for doc in docs]

    def page(self, body: dict, page: int, size: int, labels: list[str] | None = None) -> dict:
        """{list, total, page, size, hasNextPage} of feed items for one search body."""
        return page_of(self.search(body), page, size, labels)
