"""``AGENTDESK_LOG_FORMAT=json`` (issue 22, item 5): a real ``agentdesk serve`` process,
a real run; every line it writes is one JSON object, and the run's lines name it."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import Gate
from .servers import Servers
from .test_run_queue import start_run, trip_env
from .trip_script import TripScript


def test_every_line_is_json_and_the_runs_lines_carry_its_ids(
        servers: Servers, trip_script: TripScript, gated_travel_server: tuple[str, Gate],
        isolated_env: Path) -> None:
    travel, gate = gated_travel_server
    gate.open.set()
    server = servers.process(env={**trip_env(trip_script, travel),
                                  "AGENTDESK_LOG_FORMAT": "json",
                                  "AGENTDESK_DATABASE_URL": f"sqlite:///{isolated_env / 'd.db'}"})
    thread, run = start_run(server)
    with server.http() as http:
        joined = http.get(f"/threads/{thread}/runs/{run}/join")
        assert joined.status_code == 200, joined.text
        assert http.get("/ready").status_code == 200
    server.stop()  # SIGTERM: the shutdown's lines too (uvicorn ends by the signal again)
    assert server.proc.returncode in (0, -15), server.text()

    lines = [line for line in server.text().splitlines() if line.strip()]
    records = []
    for line in lines:
        try:
            records.append(json.loads(line))
        except ValueError:
            raise AssertionError(f"not a JSON line: {line!r}\n{server.text()}") from None
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records), records
    assert not [r for r in records if "color_message" in r], "terminal colours in a JSON log"

    mine = [r for r in records if r.get("run_id") == run]
    assert [r["message"] for r in mine][:1] == ["run attempt started"], records
    assert mine[-1]["message"] == "run attempt ended: interrupted", mine
    assert all(r["thread_id"] == thread and r["attempt"] == 1 for r in mine), mine

    access = [r for r in records if r["logger"] == "uvicorn.access"]
    assert {"method": "GET", "path": "/ready", "status": 200} in [
        {k: r[k] for k in ("method", "path", "status")} for r in access], access
    assert any(r["logger"] == "agentdesk.cli" and "web app" in r["message"] for r in records)


def test_a_record_carries_the_current_span_and_lease() -> None:
    """The trace id comes from the current OpenTelemetry span (the API alone suffices)."""
    import io
    import logging

    import pytest

    trace = pytest.importorskip("opentelemetry.trace")
    from pythonjsonlogger.json import JsonFormatter

    from agentdesk.runtime.durable.queue import Lease, current_lease
    from agentdesk.runtime.logs import RunFields

    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter("%(levelname)s %(name)s %(message)s"))
    handler.addFilter(RunFields())
    logger = logging.getLogger("agentdesk.test_json_logs")
    logger.addHandler(handler)
    logger.propagate = False
    span = trace.NonRecordingSpan(trace.SpanContext(
        trace_id=0x0AF7651916CD43DD8448EB211C80319C, span_id=0xB7AD6B7169203331,
        is_remote=False))
    token = current_lease.set(Lease("run-1", "thread-1", 3, 30.0, 0.0))
    try:
        logger.warning("outside a span")
        with trace.use_span(span):
            logger.warning("inside a span")
    finally:
        current_lease.reset(token)
        logger.removeHandler(handler)
    outside, inside = (json.loads(line) for line in out.getvalue().splitlines())
    assert (inside["run_id"], inside["thread_id"], inside["attempt"]) == ("run-1", "thread-1", 3)
    assert inside["trace_id"] == "0af7651916cd43dd8448eb211c80319c"
    assert inside["span_id"] == "b7ad6b7169203331"
    assert "trace_id" not in outside and outside["run_id"] == "run-1"
