"""Every run is a trace (issue 22): OpenTelemetry to an OTLP store, LangSmith when asked.

Real ``agentdesk serve`` processes export to trace stores that this test serves on
loopback (:mod:`tests.trace_receivers`): an OTLP/HTTP receiver that decodes the real
protobuf exports, and a receiver of the ``langsmith`` client's posts (the hosted
LangSmith cannot be reached here). The travel tool server runs over HTTP in this
process, so the trace context it is sent can be checked too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from agentdesk.domains.trip.travel import build_server

from .conftest import Gate
from .crash_harness import (  # noqa: F401  (the fixtures are used by name)
    Cluster,
    cluster_fixture,
    until,
)
from .servers import Servers, ServerThread
from .trace_receivers import LangSmithReceiver, OtlpReceiver, Span
from .trip_script import REQUEST, TripScript

CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
CALLER_SPAN = "00f067aa0ba902b7"
TRACEPARENT = f"00-{CALLER_TRACE}-{CALLER_SPAN}-01"
"""The trace of the client that starts the run and approves it (W3C)."""

SECRET = "sk-test-1234567890abcdef"


class Headers:
    """ASGI middleware of the test's tool server: keeps each request's ``traceparent``."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.traceparents: list[str] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            for key, value in scope.get("headers", []):
                if key == b"traceparent":
                    self.traceparents.append(value.decode())
        await self.app(scope, receive, send)


@pytest.fixture
def traced_travel() -> Iterator[tuple[str, Gate, Headers]]:
    """The travel server over HTTP, its hotel search gated, the headers it got recorded."""
    gate = Gate()
    server = build_server()
    server.add_middleware(gate)
    app = Headers(server.http_app())
    with ServerThread(app) as running:
        yield f"{running.url}/mcp", gate, app
        gate.open.set()


@pytest.fixture
def otlp() -> Iterator[OtlpReceiver]:
    with OtlpReceiver() as receiver:
        yield receiver


def _tree(spans: list[Span]) -> tuple[dict[str, Span], Any]:
    by_id = {s.span_id: s for s in spans}

    def ancestors(item: Span) -> list[Span]:
        out = []
        while item.parent_id in by_id:
            item = by_id[item.parent_id]
            out.append(item)
        return out
    return by_id, ancestors


def test_a_trip_with_an_approval_and_a_crash_is_one_trace(
        cluster: Cluster, trip_script: TripScript, otlp: OtlpReceiver,
        traced_travel: tuple[str, Gate, Headers]) -> None:
    travel, gate, headers = traced_travel
    model = trip_script.write(
        trip_script.call("search_flights", origin="BOS", destination="LIS", date="2027-03-10",
                         return_date="2027-03-14"),
        trip_script.call("search_hotels", city_code="LIS", check_in="2027-03-10",
                         check_out="2027-03-14"),
        trip_script.answer(trip_script.itinerary()))
    env = {"AGENTDESK_MODEL_TRIP": model, "AGENTDESK_TOOLSERVER_TRAVEL": travel,
           "AGENTDESK_OTEL_ENDPOINT": otlp.url, "OTEL_BSP_SCHEDULE_DELAY": "100"}
    caller = {"traceparent": TRACEPARENT}
    first = cluster.start(**env)
    with first.http() as http:
        thread = http.post("/threads", json={}).json()["thread_id"]
        started = http.post(f"/threads/{thread}/runs", headers=caller, json={
            "assistant_id": "trip", "input": {
                "messages": REQUEST,  # the secret where the reader takes free text as it is
                "preferences": {"interests": [f"my card token is {SECRET}"]}}})
        assert started.status_code == 200, started.text
        run = started.json()["run_id"]
    until(lambda: "search_hotels" in gate.calls, 60, "the hotel search")
    # The flight search ended before the hotel search began: its span is exported on the
    # exporter's schedule (100 ms), which a kill right away could beat.
    until(lambda: any(s.attributes.get("gen_ai.tool.name") == "search_flights"
                      for s in otlp.snapshot()), 30, "the flight search's span")
    first.kill()  # SIGKILL mid-run: attempt 1's span never ends, so it is never exported
    gate.open.set()

    second = cluster.start(**env)  # takes the run over when the lease lapses
    def paused() -> bool:
        with second.http() as http:
            status = http.get(f"/threads/{thread}").json()["status"]
        assert status in ("busy", "interrupted"), status
        return status == "interrupted"
    until(paused, 90, "the takeover to pause for approval")
    with second.http() as http:
        done = http.post(f"/threads/{thread}/runs/wait", headers=caller, json={
            "assistant_id": "trip", "command": {"resume": {"type": "approve"}}})
        assert done.status_code == 200, done.text
        runs = http.get(f"/threads/{thread}/runs").json()
    resumed = next(r["run_id"] for r in runs if r["run_id"] != run)

    def attempts() -> list[Span]:
        return [s for s in otlp.snapshot() if s.name == "attempt"]
    until(lambda: len(attempts()) >= 2 and any(
        s.name == "decision" for s in otlp.snapshot()), 30, "both attempts' spans")
    second.stop()  # its last spans are flushed as it exits
    spans = [s for s in otlp.snapshot() if s.trace_id == CALLER_TRACE]
    by_id, ancestors = _tree(spans)

    # One trace: the caller's. The runs, the decision and both attempts are in it.
    ours = [s for s in otlp.snapshot()
            if s.attributes.get("agentdesk.thread_id") == thread]
    assert ours and {s.trace_id for s in ours} == {CALLER_TRACE}
    tried = sorted((s.attributes["agentdesk.run_id"], s.attributes["agentdesk.attempt"])
                   for s in spans if s.name == "attempt")
    assert tried == sorted([(run, 2), (resumed, 1)]), tried
    decision = next(s for s in spans if s.name == "decision")
    assert decision.parent_id == CALLER_SPAN
    assert decision.attributes["agentdesk.decision.type"] == "approve"
    run_spans = {s.attributes["agentdesk.run_id"]: s for s in spans if s.name == "run"}
    assert run_spans[run].parent_id == CALLER_SPAN  # the request's traceparent
    assert run_spans[resumed].parent_id == decision.span_id
    for item in spans:
        if item.name == "attempt":  # a takeover's attempt hangs under the stored run span
            assert item.parent_id == run_spans[item.attributes["agentdesk.run_id"]].span_id
            assert item.attributes["agentdesk.run.status"] in ("interrupted", "completed")

    under_attempt = [s for s in spans if any(a.name == "attempt" for a in ancestors(s))]
    names = {s.name for s in under_attempt}
    assert {"planner", "tools", "auditor"} <= names, names  # graph nodes
    models = [s for s in under_attempt if s.attributes.get("openinference.span.kind") == "LLM"]
    assert models and all(m.attributes["gen_ai.operation.name"] == "chat" for m in models)
    if any("llm.token_count.prompt" in m.attributes for m in models):  # a model reporting usage
        assert all(isinstance(m.attributes.get("gen_ai.usage.input_tokens"), int)
                   and isinstance(m.attributes.get("gen_ai.usage.output_tokens"), int)
                   for m in models if "llm.token_count.prompt" in m.attributes)
    tools = {s.attributes["gen_ai.tool.name"]: s for s in spans
             if s.attributes.get("gen_ai.operation.name") == "execute_tool"}
    assert {"search_hotels", "search_flights"} <= set(tools), tools
    # The flight search ended in the killed attempt (exported, under its lost span); the
    # cut-off hotel search was redone by the takeover, under its attempt span.
    assert tools["search_flights"].parent_id not in by_id or not any(
        a.name == "attempt" for a in ancestors(tools["search_flights"]))
    assert tools["search_hotels"] in under_attempt
    hotels = tools["search_hotels"]
    assert hotels.attributes["agentdesk.tool.server"] == "travel"
    assert hotels.attributes["agentdesk.tool.outcome"] == "ok"
    flights_args = json.loads(tools["search_flights"].attributes["agentdesk.tool.args"])
    assert flights_args["origin"] == "BOS"
    # Secrets are redacted as the tool policy redacts them, in every span (the input's too).
    assert [s for s in spans if "***" in json.dumps(s.attributes)]
    assert not [s for s in otlp.snapshot() if SECRET in json.dumps(s.attributes)]
    # The tool server was sent the run's trace, over HTTP.
    assert any(CALLER_TRACE in t for t in headers.traceparents), headers.traceparents


def test_with_tracing_off_no_tracer_is_set_up(trip_script: TripScript) -> None:
    """A run with no endpoint set loads no exporter or instrumentation and sets no provider.

    (``langsmith`` imports parts of OpenTelemetry's SDK itself when it is installed.)"""
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    code = (
        "import sys, json\n"
        "from typer.testing import CliRunner\n"
        "from agentdesk.cli.main import app\n"
        f"r = CliRunner().invoke(app, ['run', 'trip', {REQUEST!r}, '--model', {model!r}, "
        "'--json'])\n"
        "assert r.exit_code == 0, r.output\n"
        "from opentelemetry import trace\n"
        "from agentdesk.runtime import telemetry\n"
        "assert not telemetry.enabled()\n"
        "assert type(trace.get_tracer_provider()).__name__ == 'ProxyTracerProvider'\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(("
        "'openinference', 'opentelemetry.exporter')))))\n")
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith("OTEL_")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


@pytest.mark.parametrize("node_io", [False, True])
def test_node_spans_carry_the_state_only_when_asked(
        trip_script: TripScript, otlp: OtlpReceiver, node_io: bool) -> None:
    """Node spans leave the graph state out unless ``AGENTDESK_OTEL_NODE_IO`` is set;
    model and tool spans keep their inputs and outputs either way; OpenInference's
    handler runs inline (no thread hop per callback)."""
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    code = (
        "from typer.testing import CliRunner\n"
        "from langchain_core.callbacks import AsyncCallbackManager\n"
        "from agentdesk.cli.main import app\n"
        "from agentdesk.runtime import telemetry\n"
        f"r = CliRunner().invoke(app, ['run', 'trip', {REQUEST!r}, '--model', {model!r}, "
        "'--json'])\n"
        "assert r.exit_code == 0, r.output\n"
        "assert telemetry.enabled()\n"
        "found = [h for h in AsyncCallbackManager(handlers=[]).handlers\n"
        "         if type(h).__name__ == 'OpenInferenceTracer']\n"
        "assert found and all(h.run_inline for h in found), found\n"
        "telemetry.shutdown()\n")
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith("OTEL_")}
    env.update(AGENTDESK_OTEL_ENDPOINT=otlp.url, AGENTDESK_OTEL_NODE_IO=str(node_io).lower())
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    kinds: dict[str, list[Span]] = {}
    for item in otlp.snapshot():
        kinds.setdefault(str(item.attributes.get("openinference.span.kind")), []).append(item)
    nodes = [s for s in kinds["CHAIN"] if s.name in ("planner", "tools", "LangGraph")]
    assert {s.name for s in nodes} == {"planner", "tools", "LangGraph"}
    assert all(("input.value" in s.attributes) is node_io
               and ("output.value" in s.attributes) is node_io for s in nodes)
    assert all(s.attributes.get("metadata") for s in nodes)  # thread, graph, run: still there
    for item in kinds["LLM"] + kinds["TOOL"]:
        assert item.attributes.get("input.value") and item.attributes.get("output.value")
    flights = next(s for s in kinds["TOOL"] if s.name == "search_flights")
    assert json.loads(str(flights.attributes["input.value"]))["origin"] == "BOS"


def test_langsmith_groups_a_threads_runs_by_their_metadata(
        servers: Servers, trip_script: TripScript) -> None:
    model = trip_script.write(trip_script.search(), trip_script.answer(trip_script.itinerary()))
    with LangSmithReceiver() as receiver:
        server = servers.process(env={
            "AGENTDESK_MODEL_TRIP": model, "LANGSMITH_TRACING": "true",
            "LANGSMITH_API_KEY": "lsv2-test-key", "LANGSMITH_ENDPOINT": receiver.url,
            "LANGSMITH_PROJECT": "agentdesk-test"})
        with server.http() as http:
            thread = http.post("/threads", json={}).json()["thread_id"]
            paused = http.post(f"/threads/{thread}/runs/wait", json={
                "assistant_id": "trip", "input": {"messages": REQUEST}})
            assert paused.status_code == 200, paused.text
            run = http.get(f"/threads/{thread}/runs").json()[0]["run_id"]

        def grouped() -> list[dict[str, Any]]:
            return [m for m in receiver.metadata()
                    if m.get("thread_id") == thread and m.get("run_id") == run]
        found = until(grouped, 30, "runs posted with the thread's metadata")
        assert all(m["assistant_id"] == "trip" and m["graph_id"] == "trip"
                   and m["actor"] == "tester" for m in found), found[0]


def test_model_spans_get_the_genai_names_and_tool_inputs_are_redacted() -> None:
    """What OpenInference records, as it is exported: ``gen_ai.*`` on model spans."""
    from opentelemetry.sdk.trace import ReadableSpan

    from agentdesk.runtime.telemetry import _mapped

    model = _mapped(ReadableSpan(name="ChatOpenAI", attributes={
        "openinference.span.kind": "LLM", "llm.model_name": "gpt-4o-mini",
        "llm.provider": "openai", "llm.token_count.prompt": 120,
        "llm.token_count.completion": 30, "input.value": f"my key is {SECRET}"}))
    assert model.attributes is not None
    assert {k: model.attributes[k] for k in (
        "gen_ai.operation.name", "gen_ai.request.model", "gen_ai.system",
        "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens")} == {
        "gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.system": "openai", "gen_ai.usage.input_tokens": 120,
        "gen_ai.usage.output_tokens": 30}
    assert SECRET not in str(model.attributes["input.value"])
    tool = _mapped(ReadableSpan(name="search", attributes={
        "openinference.span.kind": "TOOL",
        "input.value": json.dumps({"query": "x", "api_key": "plain-looking"})}))
    assert tool.attributes is not None
    assert json.loads(str(tool.attributes["input.value"])) == {"query": "x", "api_key": "***"}


def test_text_with_nothing_secret_looking_is_exported_as_it_was_written() -> None:
    """Only text that could hold a secret is parsed and rewritten; the rest is kept
    byte for byte (JSON formatting, non-ASCII text)."""
    from agentdesk.runtime.telemetry import _redacted

    plain = json.dumps({"city": "Lisboa", "note": "café à beira-rio", "n": [1, 2]},
                       ensure_ascii=False)
    assert _redacted(plain) == plain
    bearer = json.dumps({"header": "Bearer abcdefgh12345", "city": "Lisboa"})
    assert json.loads(str(_redacted(bearer))) == {"header": "***", "city": "Lisboa"}
    assert _redacted(f"my key is {SECRET}") == "my key is ***"


def test_node_spans_lose_the_state_and_keep_the_rest() -> None:
    from opentelemetry.sdk.trace import ReadableSpan

    from agentdesk.runtime.telemetry import _mapped

    state = json.dumps({"messages": [{"content": f"token {SECRET}"}]})
    node = ReadableSpan(name="planner", attributes={
        "openinference.span.kind": "CHAIN", "input.value": state, "input.mime_type": "json",
        "output.value": state, "output.mime_type": "json", "metadata": '{"thread_id": "t"}'})
    assert dict(_mapped(node).attributes or {}) == {
        "openinference.span.kind": "CHAIN", "metadata": '{"thread_id": "t"}'}
    kept = dict(_mapped(node, node_io=True).attributes or {})
    assert set(kept) == set(node.attributes or {}) and SECRET not in json.dumps(kept)
