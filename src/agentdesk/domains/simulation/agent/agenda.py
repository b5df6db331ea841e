"""The planner's next step, chosen among what the person's goal still lacks.

Code works out which steps are still missing (from the goal and what the thread has
done) and with which arguments; the model only picks one of them. The schema it
decodes under admits exactly those steps, so a small model cannot call a tool the
plan does not need or invent an argument; arguments it leaves out are filled in here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage

from .amounts import convert
from .understand import METRICS, Goal, read_goal

__all__ = ["Option", "complete_plan", "describe_options", "goal_of", "next_options",
           "plan_schema", "results_text"]

POINTS = 200
"""Time points of a run when the person does not say."""


@dataclass
class Option:
    """One step the planner may take next."""

    action: str
    tool: str | None = None
    arguments: dict[str, Any] = field(default_factory=dict)
    key: str | None = None
    """The argument that tells apart options of the same tool (shown to the model)."""
    justification: str = ""
    question: str | None = None

    def label(self) -> str:
        if self.action == "call_tool":
            shown = f" {self.key}={self.arguments[self.key]}" if self.key else ""
            return f"{self.tool}{shown}: {self.justification}"
        return f"{self.action}: {self.question or self.justification}"


def _steps(state: dict[str, Any], tool: str, outcome: str | None = "ok") -> list[dict[str, Any]]:
    return [s for s in state.get("intermediate_steps") or []
            if s.get("tool") == tool and (outcome is None or s.get("outcome") == outcome)]


def _library(state: dict[str, Any]) -> list[dict[str, Any]] | None:
    listed = _steps(state, "list_models")
    return list((listed[-1].get("result") or {}).get("models") or []) if listed else None


def person_texts(messages: list[AnyMessage]) -> list[tuple[str, dict[str, Any] | None]]:
    """The person's words in order: the request, then answers and rejections."""
    texts: list[tuple[str, dict[str, Any] | None]] = []
    question = ""
    for message in messages:
        if isinstance(message, AIMessage) and message.text.startswith("Question: "):
            question = message.text.removeprefix("Question: ")
        if not isinstance(message, HumanMessage):
            continue
        about = message.additional_kwargs.get("from_person")
        if not texts:
            texts.append((message.text, None))
        elif isinstance(about, dict):
            # An answer is read with the question it answers ("which unit for ka?").
            texts.append((str(about.get("text") or ""), {**about, "question": question}))
            question = ""
    return texts


def goal_of(state: dict[str, Any]) -> Goal | None:
    """The person's goal, once the model library is known (None before)."""
    library = _library(state)
    if library is None:
        return None
    return read_goal(person_texts(state.get("messages") or []), library,
                     state.get("simulation_context"))


def _same(a: float | None, b: float | None) -> bool:
    return a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def _declined(state: dict[str, Any], tool: str, match: dict[str, Any]) -> bool:
    """Whether a call like ``match`` was rejected or failed (it is not proposed again)."""
    for step in state.get("intermediate_steps") or []:
        if step.get("tool") != tool or step.get("outcome") not in ("reject", "error"):
            continue
        args = step.get("args") or {}
        if all(_close(args.get(k), v) for k, v in match.items()):
            return True
    return False


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float):
        return _same(float(a), float(b))
    return bool(a == b)


def _model_options(goal: Goal, library: list[dict[str, Any]]) -> list[Option]:
    named = {m["model_path"]: m.get("name", m["model_path"]) for m in library}
    choices = goal.model_choices or list(named)
    listing = ", ".join(f"{named.get(p, p)} ({p})" for p in choices)
    return [Option("clarify", question=f"Which model should I load: {listing}?")]


def next_options(state: dict[str, Any]) -> list[Option]:
    """The steps that may come next; one of them is what the plan still lacks."""
    if not _steps(state, "list_models"):
        if _steps(state, "list_models", "error"):
            return [Option("respond", justification="the model library cannot be read")]
        return [Option("call_tool", "list_models",
                       justification="see which models and parameters the bridge has")]
    goal = goal_of(state)
    library = _library(state) or []
    assert goal is not None
    context = state.get("simulation_context") or {}
    if not goal.needs_simulation():
        if goal.list_models or not goal.questions:
            return [Option("respond", justification="the model library answers the request")]
        return [Option("clarify", question=goal.questions[0])]
    if goal.model_path is None and not context:
        return _model_options(goal, library)
    if goal.questions:  # ask before loading anything: the answer may change the plan
        return [Option("clarify", question=goal.questions[0])]
    wanted = goal.model_path or context.get("model_path")
    if context.get("model_path") != wanted:
        if _declined(state, "load_simulation", {"model_path": wanted}):
            return [Option("respond", justification="loading the model was not approved")]
        name = next((m.get("name") for m in library if m["model_path"] == wanted), wanted)
        return [Option("call_tool", "load_simulation", {"model_path": wanted},
                       justification=f"the request names the {name} model")]
    if goal.questions:
        return [Option("clarify", question=goal.questions[0])]
    simulation_id = str(context.get("simulation_id") or "")
    parameters = {p["path"]: p for p in context.get("parameters") or []}
    options = []
    for path, setting in goal.settings.items():
        info = parameters.get(path)
        if info is None:
            continue
        target = convert(setting.value, setting.unit, info.get("unit") or "dimensionless")
        if _same(target, info.get("value")):
            continue
        args = {"simulation_id": simulation_id, "parameter_path": path,
                "value": setting.value, "unit": setting.unit}
        if _declined(state, "set_parameter_value", {"parameter_path": path,
                                                    "value": setting.value}):
            return [Option("respond", justification=f"setting {path} was not done")]
        options.append(Option("call_tool", "set_parameter_value", args, key="parameter_path",
                              justification=f"the request sets {path} to "
                                            f"{setting.value:g} {setting.unit}"))
    if options:
        return options
    read = {s["args"].get("parameter_path") for s in _steps(state, "get_parameter_value")}
    options = [Option("call_tool", "get_parameter_value",
                      {"simulation_id": simulation_id, "parameter_path": path},
                      key="parameter_path", justification=f"the request asks for {path}")
               for path in goal.read if path not in read]
    if goal.list_parameters and not _steps(state, "list_parameters"):
        options.append(Option("call_tool", "list_parameters", {"simulation_id": simulation_id},
                              justification="the request asks for the parameters"))
    if options:
        return options
    if goal.run:
        return _run_options(goal, state, simulation_id)
    return [Option("respond", justification="every requested step is done")]


def _run_options(goal: Goal, state: dict[str, Any], simulation_id: str) -> list[Option]:
    if goal.end_time is None:
        return [Option("clarify", question="For how many hours should I simulate?")]
    steps = state.get("intermediate_steps") or []
    last_change = max((i for i, s in enumerate(steps) if s.get("outcome") == "ok"
                       and s.get("tool") in ("set_parameter_value", "load_simulation")),
                      default=-1)
    runs = [s for s in steps[last_change + 1:] if s.get("tool") == "run_simulation"
            and s.get("outcome") == "ok" and _same(s["args"].get("end_time"), goal.end_time)
            and s["args"].get("simulation_id") == simulation_id]
    if not runs:
        args = {"simulation_id": simulation_id, "end_time": goal.end_time, "points": POINTS}
        if _declined(state, "run_simulation", {"simulation_id": simulation_id,
                                               "end_time": goal.end_time}):
            return [Option("respond", justification="the run was not approved")]
        return [Option("call_tool", "run_simulation", args,
                       justification=f"the request simulates {goal.end_time:g} h")]
    job = (runs[-1].get("result") or {})
    if (job.get("job") or {}).get("status") != "succeeded":
        return [Option("respond", justification="the simulation did not succeed")]
    done = [s for s in _steps(state, "calculate_pk_parameters", None)
            if s["args"].get("job_id") == job.get("job_id")
            and s["args"].get("output") == goal.output]
    if goal.metrics and not done:
        return [Option("call_tool", "calculate_pk_parameters",
                       {"job_id": job.get("job_id"), "output": goal.output},
                       justification=f"the request asks for {', '.join(goal.metrics)}")]
    return [Option("respond", justification="the simulation and its PK figures are done")]


def describe_options(options: list[Option]) -> str:
    """The options as the planner prompt lists them."""
    return "\n".join(f"- {option.label()}" for option in options)


def plan_schema(options: list[Option]) -> dict[str, Any]:
    """A Plan schema that admits only ``options`` (arguments are filled in by code)."""
    branches: list[dict[str, Any]] = []
    for option in options:
        properties: dict[str, Any] = {"action": {"const": option.action}}
        required = ["action"]
        if option.action == "call_tool":
            properties["tool"] = {"const": option.tool}
            required.append("tool")
            if option.key:
                properties["arguments"] = {
                    "type": "object", "additionalProperties": False, "required": [option.key],
                    "properties": {option.key: {"const": option.arguments[option.key]}}}
                required.append("arguments")
        branch = {"type": "object", "properties": properties, "required": required,
                  "additionalProperties": False}
        if branch not in branches:
            branches.append(branch)
    return branches[0] if len(branches) == 1 else {"anyOf": branches}


def complete_plan(plan: dict[str, Any], options: list[Option]) -> dict[str, Any]:
    """Fill what the model left out of its step from the option it chose."""
    action = plan.get("action")
    given = dict(plan.get("arguments") or {})
    for option in options:
        if option.action != action or (action == "call_tool" and option.tool != plan.get("tool")):
            continue
        if option.key and option.key in given and given[option.key] != option.arguments[
                option.key]:
            continue
        return {**plan, "arguments": {**option.arguments, **given},
                "justification": plan.get("justification") or option.justification,
                "question": plan.get("question") or option.question}
    return plan


def _fmt(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


_NAMES = {"cmax": "Cmax", "tmax": "Tmax", "auc": "AUC(0-tlast)", "auc_inf": "AUC(0-inf)",
          "half_life": "half-life"}


def results_text(state: dict[str, Any]) -> str:
    """What the thread did and found, in sentences, for the answer."""
    goal = goal_of(state) if _steps(state, "list_models") else None
    parts: list[str] = []
    for step in state.get("intermediate_steps") or []:
        tool, result, args = step.get("tool"), step.get("result") or {}, step.get("args") or {}
        if step.get("outcome") == "reject":
            parts.append(f"{tool} was not approved ({step.get('message') or 'no reason given'}).")
        elif step.get("outcome") == "error":
            parts.append(f"{tool} failed: {step.get('error')}.")
        elif tool == "list_models" and goal is not None and goal.list_models:
            names = ", ".join(f"{m.get('name')} ({m['model_path']})"
                              for m in result.get("models") or [])
            parts.append(f"Models: {names}.")
        elif tool == "load_simulation":
            parts.append(f"Loaded {result.get('name') or args.get('model_path')}.")
        elif tool == "set_parameter_value":
            parts.append(f"Set {result.get('path')} to {_fmt(result.get('new_value'))} "
                         f"{result.get('unit') or ''}.".replace(" .", "."))
        elif tool == "get_parameter_value":
            parts.append(f"{result.get('path')} is {_fmt(result.get('value'))} "
                         f"{result.get('unit') or ''}.".replace(" .", "."))
        elif tool == "run_simulation":
            job = result.get("job") or {}
            parts.append(f"Simulated {_fmt(args.get('end_time'))} h: {job.get('status')}.")
        elif tool == "calculate_pk_parameters":
            parts.append(_pk_sentence(result, goal.metrics if goal else list(METRICS)))
    return " ".join(parts) or "Nothing was done."


def _pk_sentence(result: dict[str, Any], metrics: list[str]) -> str:
    unit, time_unit = result.get("unit") or "", result.get("time_unit") or "h"
    units = {"cmax": unit, "tmax": time_unit, "auc": f"{unit}*{time_unit}",
             "auc_inf": f"{unit}*{time_unit}", "half_life": time_unit}
    shown = [f"{_NAMES[m]} {_fmt(result.get(m))} {units[m]}" for m in METRICS
             if m in metrics and result.get(m) is not None]
    missing = [_NAMES[m] for m in metrics if result.get(m) is None]
    text = f"For {result.get('output')}: " + (", ".join(shown) or "no PK figures") + "."
    if missing:
        text += f" Not available: {', '.join(missing)}."
    return text
