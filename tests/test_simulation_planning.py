"""The simulation planner's deterministic side: reading requests, listing missing steps,
filling the step a model picks; and a thread driven by bare choices (scripted model)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from agentdesk.domains.simulation.agent.agenda import complete_plan, next_options, plan_schema
from agentdesk.domains.simulation.agent.understand import read_goal
from agentdesk.domains.simulation.bridge.engine import configured_dirs, iter_models, load_spec
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import RunOutcome


@pytest.fixture(scope="module")
def library() -> list[dict[str, Any]]:
    return [load_spec(file, root).summary() for file, root in iter_models(configured_dirs(None))]


def goal(library: list[dict[str, Any]], *texts: str) -> Any:
    said = [(texts[0], None)] + [(t, {"kind": "clarify", "text": t}) for t in texts[1:]]
    return read_goal(said, library, None)


def test_the_issues_request_is_read_completely(library: list[dict[str, Any]]) -> None:
    read = goal(library, "Load the one-compartment oral model, set the dose to 200 mg, run it "
                         "for 24 hours and tell me Cmax")
    assert read.model_path == "one_compartment_oral.ant"
    assert {p: (s.value, s.unit) for p, s in read.settings.items()} == {"dose": (200, "mg")}
    assert read.run and read.end_time == 24 and read.metrics == ["cmax"]
    assert read.questions == []


@pytest.mark.parametrize(("request_text", "settings", "end_time"), [
    ("Simulate 250 mg for two days with the two-compartment model", {"dose": (250, "mg")}, 48),
    ("Load the IV bolus model, set clearance to 4 L/h and V to 70 L, simulate 12 h",
     {"CL": (4, "L/h"), "V": (70, "L")}, 12),
    ("Using the 1-compartment oral model, set ka to 1.5/h and run for 48 hours",
     {"ka": (1.5, "1/h")}, 48),
    ("Load the one-compartment oral model, set F to 60% and the dose to 0.5 g, simulate 24 hours",
     {"F": (60, "percent"), "dose": (0.5, "g")}, 24),
    ("Repeated oral dosing: 100 mg every 8 hours, 6 doses, simulate 72 h",
     {"dose": (100, "mg"), "tau": (8, "h"), "n_doses": (6, "dimensionless")}, 72),
    ("Simulate 90 minutes of the IV bolus model", {}, 1.5),
])
def test_amounts_units_and_durations(library: list[dict[str, Any]], request_text: str,
                                     settings: dict[str, tuple[float, str]],
                                     end_time: float) -> None:
    read = goal(library, request_text)
    assert {p: (s.value, s.unit) for p, s in read.settings.items()} == settings
    assert read.end_time == end_time and read.questions == []


def test_ambiguity_becomes_a_question_and_the_answer_resolves_it(
        library: list[dict[str, Any]]) -> None:
    vague = goal(library, "Simulate the one-compartment model for 24 h")
    assert vague.model_path is None
    assert set(vague.model_choices) == {"one_compartment_oral.ant", "one_compartment_iv_bolus.ant"}
    assert goal(library, "Simulate the one-compartment model for 24 h",
                "The oral one.").model_path == "one_compartment_oral.ant"
    bounds = goal(library, "Set ka to 500 per hour in the one-compartment oral model")
    assert bounds.settings == {} and "outside the plausible range of ka" in bounds.questions[0]
    no_unit = goal(library, "Set the dose to 200 in the one-compartment oral model")
    assert no_unit.settings == {} and no_unit.questions[0].startswith("In which unit is 200")


def _state(library: list[dict[str, Any]], request: str, **extra: Any) -> dict[str, Any]:
    from langchain_core.messages import HumanMessage

    return {"messages": [HumanMessage(request)],
            "intermediate_steps": [{"tool": "list_models", "outcome": "ok", "args": {},
                                    "result": {"models": library}}], **extra}


def test_the_options_are_what_the_goal_still_lacks(library: list[dict[str, Any]]) -> None:
    request = "Load the IV bolus model, set CL to 4 L/h and V to 70 L, simulate 12 h"
    assert [o.tool for o in next_options({"messages": _state(library, request)["messages"]})] \
        == ["list_models"]
    first = next_options(_state(library, request))
    assert [(o.tool, o.arguments) for o in first] == [
        ("load_simulation", {"model_path": "one_compartment_iv_bolus.ant"})]
    model = next(m for m in library if m["model_path"] == "one_compartment_iv_bolus.ant")
    context = {"simulation_id": "sim-1", "model_path": model["model_path"],
               "parameters": model["parameters"]}
    loaded = next_options(_state(library, request, simulation_context=context))
    assert [(o.tool, o.arguments["parameter_path"]) for o in loaded] == [
        ("set_parameter_value", "CL"), ("set_parameter_value", "V")]
    schema = plan_schema(loaded)
    assert [b["properties"]["arguments"]["properties"]["parameter_path"]["const"]
            for b in schema["anyOf"]] == ["CL", "V"]
    chosen = complete_plan({"action": "call_tool", "tool": "set_parameter_value",
                            "arguments": {"parameter_path": "V"}}, loaded)
    assert chosen["arguments"] == {"simulation_id": "sim-1", "parameter_path": "V",
                                   "value": 70, "unit": "L"}
    assert chosen["justification"] == "the request sets V to 70 L"


def choose(action: str = "call_tool", tool: str | None = None, **arguments: Any) -> dict:
    """A bare choice, as a model decoding under the planner's schema writes it."""
    item: dict[str, Any] = {"action": action}
    if tool:
        item["tool"] = tool
    if arguments:
        item["arguments"] = arguments
    return {"structured": item}


def test_a_thread_of_bare_choices_reaches_each_approval_with_the_right_arguments(
        tmp_path: Path) -> None:
    script = tmp_path / "choices.json"
    script.write_text(json.dumps([
        choose(tool="list_models"), choose(tool="load_simulation"),
        choose(tool="set_parameter_value", parameter_path="dose"), choose(tool="run_simulation"),
        choose(tool="calculate_pk_parameters"), choose("respond"),
        {"content": "Cmax is 2.478 mg/L."}]))
    model = f"scripted:{script}"
    request = ("Load the one-compartment oral model, set the dose to 200 mg, run it for 24 "
               "hours and tell me Cmax")

    async def go() -> tuple[list[dict[str, Any]], RunOutcome, dict[str, Any]]:
        async with Desk.open() as desk:
            outcome = await desk.start("simulation", {"messages": request}, model=model)
            actions = []
            while outcome.status == "interrupted":
                actions.append(outcome.interrupt["action"])
                outcome = await desk.decide(outcome.thread_id, Decision(type="approve"))
            return actions, outcome, (await desk.view(outcome.thread_id)).values

    actions, done, values = asyncio.run(go())
    simulation_id = values["simulation_context"]["simulation_id"]
    assert actions == [
        {"name": "load_simulation", "args": {"model_path": "one_compartment_oral.ant"}},
        {"name": "set_parameter_value", "args": {"simulation_id": simulation_id,
                                                 "parameter_path": "dose", "value": 200.0,
                                                 "unit": "mg"}},
        {"name": "run_simulation", "args": {"simulation_id": simulation_id, "end_time": 24.0,
                                            "points": 200}}]
    assert done.status == "completed"
    pk = values["intermediate_steps"][-1]
    assert pk["tool"] == "calculate_pk_parameters" and pk["args"]["output"] == "C"
    assert pk["result"]["cmax"] == pytest.approx(2.4776, rel=1e-3)

    from agentdesk.domains.simulation.agent.agenda import results_text

    facts = results_text(values)
    assert "Set dose to 200 mg." in facts and "Cmax 2.478 mg/L" in facts
    assert "Tmax" not in facts  # only what was asked for
