"""GET /api/openapi.json lists every read endpoint with its parameters and response schema."""

from __future__ import annotations

ENDPOINTS = {
    ("get", "/api/v2/search"),
    ("get", "/api/v2/search/stories_title"),
    ("get", "/api/v2/search/hotwords"),
    ("get", "/api/v2/total"),
    ("post", "/api/v1/story/list"),
    ("post", "/api/v1/events"),
    ("post", "/api/v3/paper/list"),
    ("post", "/api/v3.1/github/home/list"),
    ("get", "/api/v1/stories/{story_id}"),
    ("get", "/api/v3/paper/{paper_id}"),
    ("get", "/api/v3/paper/trends/{paper_id}"),
    ("post", "/api/v1/story/similar"),
    ("post", "/api/v1/events/info"),
    ("post", "/api/v2/info/index"),
    ("post", "/api/v2/papers/userinfo"),
    ("post", "/api/v2/papers/userlist/arxiv_name"),
    ("get", "/api/v1/rankings"),
    ("get", "/api/v1/users"),
}


def test_document_lists_every_endpoint(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    doc = response.get_json()
    listed = {(method, path) for path, ops in doc["paths"].items() for method in ops if method in ("get", "post")}
    assert ENDPOINTS <= listed, ENDPOINTS - listed
    for method, path in ENDPOINTS:
        operation = doc["paths"][path][method]
        schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert "$ref" in schema, (method, path)
        if method == "post":
            assert "requestBody" in operation, path
    parameters = {p["name"] for p in doc["paths"]["/api/v2/search"]["get"]["parameters"]}
    assert {"q", "model", "label", "time", "sort", "page", "size"} <= parameters
    story = doc["components"]["schemas"]["StoryInfo"]["properties"]
    assert {"is_voted", "is_marked", "is_reported", "can_editor", "can_delete", "session_user_id"} <= set(story)


def test_every_rate_limited_call_documents_its_429(demo_stack):
    """Every operation of a rate-limited blueprint (the limiter's check runs before their requests only,
    api/limits.py) tells a client it may answer 429."""
    from api.limits import EXTENSION

    app = demo_stack.app(rate_limits_enabled=True)
    check = app.extensions[EXTENSION]._check_request_limit
    limited = {name for name, funcs in app.before_request_funcs.items() if name and check in funcs}
    assert {"search", "suggest", "beacons", "story_writes", "users_writes"} <= limited, limited
    document = app.test_client().get("/api/openapi.json").get_json()
    missing = [
        f"{method.upper()} {path}"
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if method in ("get", "post", "put", "patch", "delete")
        and set(operation.get("tags", [])) & limited
        and "429" not in operation.get("responses", {})
    ]
    assert missing == []


def test_the_document_built_on_first_read_is_whole_for_every_thread_that_asks_first(demo_stack):
    """The operations are documented when the document is first read (api/extensions.EnvelopeApi), so a new
    app's first readers, several at once, each get the whole document: the same one `hub openapi` prints."""
    import json
    from concurrent.futures import ThreadPoolExecutor

    from hub.cli import openapi_text

    app = demo_stack.app()
    assert app.extensions["flask-smorest"]["apis"][""]["ext_obj"]._undocumented, (
        "nothing deferred: the test proves nothing"
    )

    def read(_):
        with app.test_client() as reader:
            return reader.get("/api/openapi.json").get_json()

    with ThreadPoolExecutor(max_workers=4) as pool:
        documents = list(pool.map(read, range(4)))
    whole = json.loads(openapi_text(demo_stack.settings()))
    for document in documents:
        assert document["paths"] == whole["paths"]
        assert document["components"]["schemas"] == whole["components"]["schemas"]


def test_a_reader_arriving_while_the_last_operation_is_documented_waits_for_it(demo_stack):
    """The race behind a flaky CI run: the first reader had taken the last deferred operation off the list and
    was documenting it, and a second reader, seeing the list empty, was served the document without it."""
    import threading

    api = demo_stack.app().extensions["flask-smorest"]["apis"][""]["ext_obj"]
    entered, release = threading.Event(), threading.Event()
    documented = []

    def last_operation():
        entered.set()
        release.wait(timeout=10)
        documented.append(True)

    api.document_later(last_operation)
    first = threading.Thread(target=lambda: api.spec)
    first.start()
    assert entered.wait(timeout=10)
    seen_by_second = []
    second = threading.Thread(target=lambda: (api.spec, seen_by_second.append(bool(documented))))
    second.start()
    second.join(timeout=0.5)  # the second reader must still be waiting here
    release.set()
    first.join(timeout=10)
    second.join(timeout=10)
    assert seen_by_second == [True]
