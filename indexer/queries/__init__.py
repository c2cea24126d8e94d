"""Query builders: plain functions from parameters to Elasticsearch request bodies."""
