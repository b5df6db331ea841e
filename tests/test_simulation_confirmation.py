"""What a person reads at a simulation confirmation: a title in words and old -> new values.

The pause's ``changes`` give the value a call replaces, read from the loaded simulation,
in the parameter's own unit; the CLI prints them under the summary.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console

from agentdesk.cli.display import change_lines, show_outcome
from agentdesk.domains.simulation.agent.confirmation import changes_for, title_for

from .test_simulation_agent import MODEL, decide, plan, start, write_script

CONTEXT: dict[str, Any] = {
    "simulation_id": "sim-1", "model_path": MODEL,
    "parameters": [
        {"path": "dose", "value": 100.0, "unit": "mg", "description": "Dose per administration"},
        {"path": "F", "value": 0.8, "unit": "dimensionless",
         "description": "Oral bioavailability, the fraction of the dose reaching the centre"},
    ]}


def setting(path: str, value: float, unit: str) -> dict[str, Any]:
    return {"simulation_id": "sim-1", "parameter_path": path, "value": value, "unit": unit}


def test_titles_say_what_the_call_does_without_its_name() -> None:
    assert title_for("load_simulation", {"model_path": MODEL}) == \
        f"Load the simulation model {MODEL}?"
    assert title_for("set_parameter_value", setting("dose", 200.0, "mg")) == \
        "Change dose to 200 mg?"
    assert title_for("run_simulation", {"simulation_id": "sim-1", "end_time": 48.0}) == \
        "Run the simulation for 48 hours?"
    assert "_" not in title_for("cancel_job", {"job_id": "j"})


def test_a_change_is_old_and_new_in_the_parameters_unit() -> None:
    [change] = changes_for("set_parameter_value", setting("dose", 0.2, "g"), CONTEXT)
    assert change.model_dump() == {"label": "Dose per administration (dose)", "old": 100.0,
                                   "new": 200.0, "unit": "mg"}
    [fraction] = changes_for("set_parameter_value", setting("F", 0.9, "1"), CONTEXT)
    assert (fraction.label, fraction.old, fraction.new, fraction.unit) == (
        "Oral bioavailability (F)", 0.8, 0.9, None)
    # Units that do not convert: each value keeps its own, as text.
    [odd] = changes_for("set_parameter_value", setting("dose", 5, "L"), CONTEXT)
    assert (odd.old, odd.new, odd.unit) == ("100 mg", "5 L", None)
    # Nothing loaded yet: the new value alone.
    [bare] = changes_for("set_parameter_value", setting("ka", 1.5, "1/h"), None)
    assert (bare.label, bare.old, bare.new, bare.unit) == ("ka", None, 1.5, "1/h")
    assert changes_for("run_simulation", {"simulation_id": "sim-1", "end_time": 24.0},
                       CONTEXT) == []
    [model] = changes_for("load_simulation", {"model_path": "two_compartment_oral.ant"},
                          CONTEXT)
    assert (model.old, model.new) == (MODEL, "two_compartment_oral.ant")


def test_the_pause_carries_the_change_and_the_cli_prints_it(tmp_path: Path) -> None:
    model = write_script(tmp_path, plan(tool="load_simulation", model_path=MODEL),
                         plan(tool="set_parameter_value", parameter_path="dose", value=0.2,
                              unit="g"),
                         plan("respond"), {"content": "The dose is now 200 mg."})
    loading = start(model, "Load the oral model and set the dose to 0.2 g.")
    assert loading.interrupt is not None
    assert loading.interrupt["title"] == f"Load the simulation model {MODEL}?"
    assert loading.interrupt["changes"] == []
    setting_ = decide(loading.thread_id, type="approve")
    pending = setting_.interrupt
    assert pending is not None and pending["title"] == "Change dose to 0.2 g?"
    assert [c["old"] for c in pending["changes"]] == [100.0]
    assert [c["new"] for c in pending["changes"]] == [200.0]
    assert change_lines(pending) == ["Dose per administration (dose): 100 mg -> 200 mg"]

    console = Console(record=True, width=120)
    show_outcome(console, setting_)
    shown = console.export_text()
    assert "Change dose to 0.2 g?" in shown
    assert "Dose per administration (dose): 100 mg -> 200 mg" in shown
    assert "New Value: 0.2 g" in shown  # the seed's template stays the summary
    assert json.dumps(pending["changes"])  # plain JSON, as the API serves it
