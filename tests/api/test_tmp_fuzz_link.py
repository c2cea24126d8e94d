import pytest
from schemathesis.generation.modes import GenerationMode

from tests.api.test_openapi_fuzz import api_schema, failures_of, fuzz_app  # noqa: F401


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=lambda m: m.value)
def test_link_operations(api_schema, mode):  # noqa: F811
    operations = [r.ok() for r in api_schema.get_all_operations()]
    operations = [op for op in operations if "link" in op.path or "post_id" in op.path or "paper/action" in op.path]
    assert len(operations) >= 5, [op.path for op in operations]
    failures = [report for op in operations if (report := failures_of(op, mode))]
    assert not failures, "\n\n".join(failures)
