"""The OpenAPI schema fuzzed with schemathesis against a live server: never a 5xx."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Flaky

from agentdesk.server.app import create_app
from agentdesk.server.ids import namespace_of
from agentdesk.settings import Settings, key_fingerprint

from .servers import Servers
from .trip_script import REQUEST, TripScript

# Building the app reads no database; only its lifespan (in the live server) does.
_SCHEMA = schemathesis.openapi.from_dict(create_app(Settings(data_dir=Path("unused"))).openapi())
OPERATIONS = [result.ok() for result in _SCHEMA.get_all_operations()]


@pytest.fixture(scope="module")
def live_api(tmp_path_factory: pytest.TempPathFactory, module_servers: Servers) -> str:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    script = TripScript(folder / "scripts")
    model = script.write(script.search(), script.answer(script.itinerary()))
    return module_servers.app(data_dir=folder / "data", actor="fuzz", model=model,
                              ping_seconds=1).url


@pytest.fixture(scope="module")
def live_keyed_api(tmp_path_factory: pytest.TempPathFactory, module_servers: Servers) -> str:
    """The same server with API keys: every answer goes through the per-key thread ids."""
    folder: Path = tmp_path_factory.mktemp("fuzz-keyed")
    script = TripScript(folder / "scripts")
    model = script.write(script.search(), script.answer(script.itinerary()))
    return module_servers.app(data_dir=folder / "data", actor="fuzz", model=model,
                              api_keys=["fuzz:fuzz-key"], ping_seconds=1).url


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
        cases.append(1)
        response = case.call(base_url=live_api, timeout=60)
        assert response.status_code < 500, (case.method, case.formatted_path, case.body,
                                             response.text[:300])

    cases: list[int] = []
    check()
    print(f"{operation.method.upper()} {operation.path}: {len(cases)} cases")


# -- stateful: create, read, run and decide, chained by OpenAPI links --------------------

_THREAD = "$response.body#/thread_id"
_SAME_THREAD = "$request.path.thread_id"
# (from operation, status) -> [(to operation, {parameter: runtime expression})]
_LINKS: dict[tuple[str, str], list[tuple[str, dict[str, str]]]] = {
    ("POST /threads", "200"): [
        (op, {"path.thread_id": _THREAD}) for op in (
            "GET /threads/{thread_id}", "PATCH /threads/{thread_id}",
            "GET /threads/{thread_id}/state", "GET /threads/{thread_id}/history",
            "POST /threads/{thread_id}/history", "GET /threads/{thread_id}/audit",
            "GET /threads/{thread_id}/runs", "POST /threads/{thread_id}/runs",
            "POST /threads/{thread_id}/runs/wait", "POST /threads/{thread_id}/runs/stream",
            "POST /threads/{thread_id}/decisions", "DELETE /threads/{thread_id}")],
    ("POST /threads/{thread_id}/runs", "200"): [
        (op, {"path.thread_id": _THREAD, "path.run_id": "$response.body#/run_id"}) for op in (
            "GET /threads/{thread_id}/runs/{run_id}", "GET /threads/{thread_id}/runs/{run_id}/join",
            "GET /threads/{thread_id}/runs/{run_id}/stream",
            "POST /threads/{thread_id}/runs/{run_id}/cancel")],
    ("POST /threads/{thread_id}/runs/wait", "200"): [
        (op, {"path.thread_id": _SAME_THREAD}) for op in (
            "POST /threads/{thread_id}/decisions", "GET /threads/{thread_id}/state")],
    ("POST /threads/{thread_id}/decisions", "200"): [
        (op, {"path.thread_id": _SAME_THREAD}) for op in (
            "POST /threads/{thread_id}/decisions", "GET /threads/{thread_id}",
            "GET /threads/{thread_id}/history", "DELETE /threads/{thread_id}")],
}


def linked_schema() -> dict[str, Any]:
    """The app's OpenAPI document with links, and run inputs the trip agent accepts."""
    document = create_app(Settings(data_dir=Path("unused"))).openapi()
    ids = {f"{method.upper()} {path}": op["operationId"]
           for path, ops in document["paths"].items() for method, op in ops.items()}
    for (source, status), targets in _LINKS.items():
        method, path = source.split(" ", 1)
        response = document["paths"][path][method.lower()]["responses"][status]
        response["links"] = {f"to_{ids[target]}": {"operationId": ids[target],
                                                   "parameters": parameters}
                             for target, parameters in targets}
    # What creates a thread or a run says so, so they are where scenarios start.
    for path, fields in (("/threads", ["thread_id"]),
                         ("/threads/{thread_id}/runs", ["thread_id", "run_id"])):
        document["paths"][path]["post"]["responses"]["200"]["content"]["application/json"][
            "schema"] = {"type": "object", "required": fields,
                         "properties": {f: {"type": "string"} for f in fields}}
    # graph_id (accepted for the SDK) reads to schemathesis as a resource nothing creates.
    document["components"]["schemas"]["ThreadCreate"]["properties"].pop("graph_id")
    # Random inputs never reach an interrupt; a real request (or none) does.
    # (Every field of every body is fuzzed in the test above; here a run is one a client
    # would send, so that scenarios reach interrupts and decisions.)
    run = document["components"]["schemas"]["RunCreate"]
    decision = {"type": "object", "required": ["type"], "additionalProperties": False,
                "properties": {"type": {"enum": ["approve", "reject"]},
                               "message": {"type": "string"}, "actor": {"type": "string"}}}
    run["properties"] = {
        "assistant_id": {"type": "string", "enum": ["trip"]},
        "input": {"anyOf": [{"type": "object", "enum": [{"messages": REQUEST}]},
                            {"type": "null"}]},
        "command": {"anyOf": [{"type": "object", "required": ["resume"],
                               "additionalProperties": False,
                               "properties": {"resume": decision}}, {"type": "null"}]},
        "stream_mode": {"enum": ["values", "updates"]},
        "multitask_strategy": {"enum": ["reject", "enqueue"]},
        "if_not_exists": {"enum": ["create", "reject"]},
        "metadata": {"type": "object"},
    }
    document["components"]["schemas"]["DecisionIn"] = decision
    return document


@pytest.mark.parametrize("keyed", [False, True], ids=["no keys", "keys"])
def test_linked_operations_never_make_the_server_fail(keyed: bool,
                                                       request: pytest.FixtureRequest) -> None:
    live_api = request.getfixturevalue("live_keyed_api" if keyed else "live_api")
    headers = {"x-api-key": "fuzz-key"} if keyed else {}
    hidden = namespace_of("key:" + key_fingerprint("fuzz-key")) + "~"
    calls: list[tuple[str, int]] = []
    failures: list[tuple[Any, ...]] = []  # kept here: Hypothesis may call a replay flaky
    schema = schemathesis.openapi.from_dict(linked_schema())
    schema.config.phases.stateful.inference.algorithms = []  # only the links above

    started: list[int] = []

    class Machine(schema.as_state_machine()):  # type: ignore[misc]
        def setup(self) -> None:
            started.append(1)

        def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
            return {"base_url": live_api, "timeout": 60, "headers": headers}

        def validate_response(self, response: Any, case: schemathesis.Case,
                              additional_checks: Any = None, **kwargs: Any) -> None:
            calls.append((f"{case.method} {case.operation.path}", response.status_code))
            if keyed:  # the key's namespace never shows
                assert hidden not in response.text, (case.formatted_path, response.text[:300])
            if response.status_code >= 500:
                failures.append((case.method, case.formatted_path, case.body,
                                 response.text[:300]))
            assert response.status_code < 500, failures[-1]

    wanted = {"POST /threads", "POST /threads/{thread_id}/runs/wait",
              "POST /threads/{thread_id}/decisions"}

    def reached() -> set[str]:
        return {op for op, code in calls if code < 300}

    rounds = 0
    # At least 120 scenarios, and on until the linked operations below were reached (a
    # busy machine's exploration can take longer paths there), at most 10 rounds.
    while (len(started) < 120 or not wanted <= reached()) and rounds < 10:
        rounds += 1
        # The server's state makes a replayed prefix take another path (Flaky): as
        # schemathesis's own runner does, start a new round rather than stop.
        with contextlib.suppress(Flaky):
            Machine.run(settings=settings(max_examples=20, phases=[Phase.generate],
                                          stateful_step_count=8, deadline=None, database=None,
                                          suppress_health_check=list(HealthCheck)))
    print(f"stateful ({'keys' if keyed else 'no keys'}): {len(calls)} calls in "
          f"{len(started)} scenarios ({rounds} rounds), "
          f"{sum(code < 300 for _, code in calls)} answered 2xx, {len(failures)} 5xx")
    assert failures == []
    assert wanted <= reached(), sorted(reached())
