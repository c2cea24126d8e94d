"""Everything Elasticsearch: client, index lifecycle, document builders, queries, outbox draining."""
