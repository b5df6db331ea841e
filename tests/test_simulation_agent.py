"""The seed's golden dialogues for the simulation agent, with scripted models and the real
bridge (libRoadRunner behind FastMCP)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp.exceptions import ToolError
from fastmcp.server.middleware import Middleware, MiddlewareContext
from typer.testing import CliRunner

from agentdesk.cli.main import app as cli_app
from agentdesk.domains.simulation.bridge import build_server
from agentdesk.errors import DecisionError, InputError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import RunOutcome

from .conftest import ServerThread

MODEL = "one_compartment_oral.ant"


def plan(action: str = "call_tool", tool: str | None = None, question: str | None = None,
         **arguments: Any) -> dict[str, Any]:
    return {"structured": {"action": action, "tool": tool, "arguments": arguments,
                           "justification": f"needed for the request ({tool})",
                           "question": question}}


def say(text: str) -> dict[str, Any]:
    return {"content": text}


def write_script(tmp_path: Path, *items: dict[str, Any]) -> str:
    path = tmp_path / "simulation-script.json"
    path.write_text(json.dumps(list(items)))
    return f"scripted:{path}"


def start(model: str, request: str) -> RunOutcome:
    async def go() -> RunOutcome:
        async with Desk.open() as desk:
            return await desk.start("simulation", {"messages": request}, model=model)
    return asyncio.run(go())


def decide(thread_id: str, **decision: Any) -> RunOutcome:
    async def go() -> RunOutcome:
        async with Desk.open() as desk:
            return await desk.decide(thread_id, Decision(actor="dr.lee", **decision))
    return asyncio.run(go())


def values(thread_id: str) -> dict[str, Any]:
    async def go() -> dict[str, Any]:
        async with Desk.open() as desk:
            return (await desk.view(thread_id)).values
    return asyncio.run(go())


def steps(thread_id: str) -> list[tuple[str, str]]:
    return [(s["tool"], s["outcome"]) for s in values(thread_id)["intermediate_steps"]]


def test_load_then_run_both_approved(tmp_path: Path) -> None:
    model = write_script(tmp_path, plan(tool="load_simulation", model_path=MODEL),
                         plan(tool="run_simulation", end_time=24, points=97),
                         plan(tool="calculate_pk_parameters", output="C"),
                         plan("respond"), say("Cmax reached; AUC computed."))
    paused = start(model, "Load the one-compartment oral model and simulate a day.")
    assert paused.status == "interrupted"
    pending = paused.interrupt
    assert pending["kind"] == "approve_action" and pending["action"]["name"] == "load_simulation"
    assert pending["summary"] == f"Tool: load_simulation\nModel: {MODEL}\nApprove? (yes/no)"
    assert steps(paused.thread_id) == []  # nothing ran before approval
    second = decide(paused.thread_id, type="approve")
    assert second.interrupt["action"]["name"] == "run_simulation"
    simulation_id = values(paused.thread_id)["simulation_context"]["simulation_id"]
    assert f"Simulation ID: {simulation_id}\nEnd Time: 24 h\nPoints: 97" in second.interrupt["summary"]
    done = decide(paused.thread_id, type="approve")
    assert done.status == "completed" and done.result["answer"] == "Cmax reached; AUC computed."
    assert steps(paused.thread_id) == [("load_simulation", "ok"), ("run_simulation", "ok"),
                                       ("calculate_pk_parameters", "ok")]
    run = values(paused.thread_id)["intermediate_steps"][1]
    assert run["result"]["job"]["status"] == "succeeded" and run["approved_by"] == "dr.lee"
    pk = values(paused.thread_id)["intermediate_steps"][2]["result"]
    assert pk["cmax"] > 0 and pk["auc"] > 0
    with pytest.raises(DecisionError):
        decide(paused.thread_id, type="approve")  # a second decision is refused

    notebook = CliRunner().invoke(cli_app, ["show", paused.thread_id, "--notebook"])
    assert notebook.exit_code == 0, notebook.stdout
    text = notebook.stdout
    assert text.startswith("# Simulation notebook")
    assert text.count("**dr.lee** approve") == 2
    assert "calculate_pk_parameters" in text and "cmax" in text


def test_ambiguous_request_is_clarified_not_guessed(tmp_path: Path) -> None:
    model = write_script(tmp_path,
                         plan("clarify", question="Which dose, and by how much?"),
                         plan(tool="load_simulation", model_path=MODEL),
                         plan(tool="set_parameter_value", parameter_path="dose", value=0.2,
                              unit="g"),
                         plan("respond"), say("The dose is now 200 mg."))
    paused = start(model, "Make the dose bigger.")
    assert paused.interrupt["kind"] == "clarify"
    assert paused.interrupt["allowed"] == ["respond"]
    assert steps(paused.thread_id) == []
    with pytest.raises(DecisionError):
        decide(paused.thread_id, type="approve")
    loading = decide(paused.thread_id, type="respond", message="Double it to 200 mg.")
    assert loading.interrupt["action"]["name"] == "load_simulation"
    setting = decide(paused.thread_id, type="approve")
    summary = setting.interrupt["summary"]
    assert "Parameter Path: dose" in summary and "New Value: 0.2 g" in summary
    assert "Old Value: 100" in summary
    done = decide(paused.thread_id, type="approve")
    assert done.status == "completed"
    change = values(paused.thread_id)["intermediate_steps"][-1]["result"]
    assert change["new_value"] == pytest.approx(200) and change["unit"] == "mg"
    assert "Double it to 200 mg." in [m.text for m in values(paused.thread_id)["messages"]]


def test_rejection_then_an_alternative_plan(tmp_path: Path) -> None:
    model = write_script(tmp_path, plan(tool="load_simulation", model_path=MODEL),
                         plan(tool="set_parameter_value", parameter_path="ka", value=5, unit="1/h"),
                         plan(tool="set_parameter_value", parameter_path="ka", value=1.2,
                              unit="1/h"),
                         plan("respond"), say("ka is 1.2 per hour."))
    paused = start(model, "Speed up absorption.")
    first = decide(paused.thread_id, type="approve")
    assert "New Value: 5 1/h" in first.interrupt["summary"]
    second = decide(paused.thread_id, type="reject", message="Too fast; try 1.2 per hour.")
    assert "New Value: 1.2 1/h" in second.interrupt["summary"]
    done = decide(paused.thread_id, type="approve")
    assert done.status == "completed"
    assert steps(paused.thread_id) == [("load_simulation", "ok"), ("set_parameter_value", "reject"),
                                       ("set_parameter_value", "ok")]
    params = values(paused.thread_id)["simulation_context"]["parameters"]
    assert next(p for p in params if p["path"] == "ka")["value"] == pytest.approx(1.2)


def test_edit_of_arguments_is_validated_then_run(tmp_path: Path) -> None:
    model = write_script(tmp_path, plan(tool="load_simulation", model_path=MODEL),
                         plan(tool="run_simulation", end_time=24),
                         plan("respond"), say("Simulated 48 hours."))
    paused = start(model, "Simulate a day.")
    run = decide(paused.thread_id, type="approve")
    with pytest.raises(InputError, match="end_time"):
        decide(paused.thread_id, type="edit", args={"end_time": -1})
    assert values(paused.thread_id)["pending_tool_call"]["args"]["end_time"] == 24
    done = decide(paused.thread_id, type="edit", args={"end_time": 48})
    assert done.status == "completed", done.error
    executed = values(paused.thread_id)["intermediate_steps"][-1]
    assert executed["args"]["end_time"] == 48 and run.interrupt["action"]["args"]["end_time"] == 24


def test_a_bound_violation_is_refused_by_the_bridge_and_explained(tmp_path: Path) -> None:
    model = write_script(tmp_path, plan(tool="load_simulation", model_path=MODEL),
                         plan(tool="set_parameter_value", parameter_path="ka", value=500,
                              unit="1/h"),
                         plan("respond"), say("500 per hour is outside the model's bounds."))
    paused = start(model, "Set ka to 500 per hour.")
    decide(paused.thread_id, type="approve")
    done = decide(paused.thread_id, type="approve")
    assert done.status == "completed"
    failed = values(paused.thread_id)["intermediate_steps"][-1]
    assert failed["outcome"] == "error" and "ka" in failed["error"]
    assert "outside" in done.result["answer"]


class Flaky(Middleware):
    """Answers 503 to the first ``fail_first`` calls of ``tool`` (all when it is None)."""

    def __init__(self, tool: str, fail_first: int | None) -> None:
        self.tool, self.fail_first, self.calls = tool, fail_first, 0

    async def on_call_tool(self, context: MiddlewareContext, call_next: Any) -> Any:
        if context.message.name == self.tool:
            self.calls += 1
            if self.fail_first is None or self.calls <= self.fail_first:
                raise ToolError("503 Service Unavailable")
        return await call_next(context)


@pytest.fixture
def flaky_bridge(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    servers: list[ServerThread] = []

    def serve(tool: str, fail_first: int | None) -> Flaky:
        flaky = Flaky(tool, fail_first)
        server = build_server()
        server.add_middleware(flaky)
        running = ServerThread(server.http_app()).__enter__()
        servers.append(running)
        monkeypatch.setenv("AGENTDESK_TOOLSERVER_SIMULATION", f"{running.url}/mcp")
        return flaky
    yield serve
    for running in servers:
        running.__exit__()


def test_a_transient_failure_is_retried(tmp_path: Path, flaky_bridge: Any) -> None:
    flaky = flaky_bridge("list_models", fail_first=1)
    model = write_script(tmp_path, plan(tool="list_models"), plan("respond"),
                         say("Four models are available."))
    done = start(model, "Which models are there?")
    assert done.status == "completed"
    assert flaky.calls == 2 and done.result["retry_counts"] == {"list_models": 1}
    assert steps(done.thread_id) == [("list_models", "ok")]


def test_a_persistent_failure_is_surfaced(tmp_path: Path, flaky_bridge: Any) -> None:
    flaky = flaky_bridge("list_models", fail_first=None)
    model = write_script(tmp_path, plan(tool="list_models"), plan(tool="list_models"),
                         say("The simulation bridge is unavailable (503); try again later."))
    done = start(model, "Which models are there?")
    assert done.status == "completed"
    assert steps(done.thread_id) == [("list_models", "error"), ("list_models", "error")]
    assert flaky.calls == 6  # two calls, each tried three times
    assert "unavailable" in done.result["answer"]
    assert done.result["retry_counts"]["list_models"] == 4


def test_each_approval_from_a_new_process_finds_the_simulation(tmp_path: Path) -> None:
    """The in-process bridge keeps its simulations and jobs on disk for the next process."""
    import os
    import subprocess
    import sys

    model = write_script(tmp_path, plan(tool="load_simulation", model_path=MODEL),
                         plan(tool="set_parameter_value", parameter_path="dose", value=0.25,
                              unit="g"),
                         plan(tool="run_simulation", end_time=48),
                         plan(tool="calculate_pk_parameters", output="C"),
                         plan("respond"), say("Done."))

    def cli(*args: str) -> dict[str, Any]:
        proc = subprocess.run([sys.executable, "-m", "agentdesk", *args, "--json"],
                              capture_output=True, text=True, timeout=120, env=dict(os.environ))
        return json.loads(proc.stdout)

    paused = cli("run", "simulation", "Simulate 250 mg for two days", "--model", model)
    for _ in range(3):
        outcome = cli("decide", paused["thread_id"], "approve", "--actor", "dr.lee")
    assert outcome["status"] == "completed", outcome
    assert [(s["tool"], s["outcome"]) for s in outcome["result"]["intermediate_steps"]] == [
        ("load_simulation", "ok"), ("set_parameter_value", "ok"), ("run_simulation", "ok"),
        ("calculate_pk_parameters", "ok")]
    assert outcome["result"]["intermediate_steps"][-1]["result"]["cmax"] > 0


def test_job_progress_is_relayed_while_the_agent_waits(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTDESK_SIMULATION_STEP_DELAY", "0.02")
    model = write_script(tmp_path, plan(tool="load_simulation", model_path=MODEL),
                         plan(tool="run_simulation", end_time=12), plan("respond"), say("Done."))
    paused = start(model, "Simulate 12 hours.")
    decide(paused.thread_id, type="approve")
    seen: list[Any] = []

    async def go() -> RunOutcome:
        async with Desk.open() as desk:
            return await desk.decide(paused.thread_id, Decision(type="approve"),
                                     on_event=seen.append)
    assert asyncio.run(go()).status == "completed"
    progress = [e.data for e in seen if e.kind == "job_progress"]
    assert progress and progress[-1]["status"] == "succeeded"
    assert len({p["progress"] for p in progress}) >= 2
