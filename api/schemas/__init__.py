"""marshmallow schemas: they validate every input and shape every output, and feed the OpenAPI document."""
