"""The OpenAPI schema fuzzed with schemathesis against a live server: never a 5xx."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from agentdesk.server.app import create_app
from agentdesk.settings import Settings

from .conftest import ServerThread
from .trip_script import TripScript

# Building the app reads no database; only its lifespan (in the live server) does.
_SCHEMA = schemathesis.openapi.from_dict(create_app(Settings(data_dir=Path("unused"))).openapi())
OPERATIONS = [result.ok() for result in _SCHEMA.get_all_operations()]


@pytest.fixture(scope="module")
def live_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    script = TripScript(folder / "scripts")
    model = script.write(script.search(), script.answer(script.itinerary()))
    app = create_app(Settings(data_dir=folder / "data", actor="fuzz", model=model),
                     ping_seconds=1)
    with ServerThread(app) as server:
        yield server.url


def test_every_operation_is_fuzzed() -> None:
    paths = {op.path for op in OPERATIONS}
    assert {"/threads", "/threads/{thread_id}/runs/stream", "/threads/{thread_id}/decisions",
            "/runs/wait", "/interrupts"} <= paths


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: f"{op.method.upper()} {op.path}")
def test_no_request_makes_the_server_fail(operation: Any, live_api: str) -> None:
    @given(case=operation.as_strategy())
    @settings(max_examples=25, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case: schemathesis.Case) -> None:
        response = case.call(base_url=live_api, timeout=60)
        assert response.status_code < 500, (case.method, case.formatted_path, case.body,
                                             response.text[:300])

    check()
