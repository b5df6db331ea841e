"""The simulation agent's labelled set: requests, the approvals they must reach, the numbers.

Each case in ``simulation_set.json`` lists the pauses the agent must reach, in order
of kind (a clarifying question is answered, an approval is checked against the
expected tool and arguments, then approved or rejected), and the PK figures the
final answer must state. The figures are the bridge's own: :func:`bridge_numbers`
runs the bundled model with the case's parameters through the same engine and
``pk_parameters`` the bridge uses; each set's writer computed its figures with it, and on
2026-11-29 the 128 cases holding figures all agreed with it to 0.1 % (no test runs this: it
takes 80 s of CPU).
"""

from __future__ import annotations

import json
import math
import re
import time
from pathlib import Path
from typing import Any

from .common import Case, CaseResult, open_desk

REFUSED = frozenset({"unexpected_clarify"})
"""Causes where the agent asked instead of answering."""
OTHER = frozenset({"run_failed", "crash", "missing_pause_no_figures",
                   "missing_pause_right_figures", "unlabelled_pause"})
"""Causes that are neither a wrong answer nor a question: the run failed, the answer has no
figures, or right ones short of a labelled step (setting a parameter to its default is a
step the agent rightly skips), or the agent went on past the question a case labels alone.
Every other cause is a silent wrong."""

__all__ = ["NAME", "OTHER", "REFUSED", "bridge_numbers", "cases", "run_case"]

NAME = "simulation"
SET_FILE = Path(__file__).with_name("simulation_set.json")
TOLERANCE = 0.01
"""Relative tolerance of a stated figure (answers round to 4 significant digits)."""


def cases() -> list[Case]:
    """The labelled requests."""
    return [Case(item["id"], item["request"], item, item.get("tags", []))
            for item in json.loads(SET_FILE.read_text())]


def bridge_numbers(expected: dict[str, Any]) -> dict[str, float]:
    """The PK figures of a case, computed by the bridge's engine from its parameters."""
    from agentdesk.domains.simulation.bridge import engine
    from agentdesk.domains.simulation.bridge.pk import pk_parameters
    from agentdesk.domains.simulation.bridge.units import convert

    numbers = expected["numbers"]
    file, root = engine.resolve_model(numbers["model_path"],
                                      engine.configured_dirs(None))
    spec = engine.load_spec(file, root)
    values = dict(spec.defaults)
    for path, (value, unit) in numbers.get("parameters", {}).items():
        values[path] = convert(float(value), unit, spec.parameters[path].unit or "", path)
    series = engine.simulate(spec, values, float(numbers["end_time"]), 200, 20, lambda _: True)
    assert series is not None
    output = numbers.get("output", "C")
    pk = pk_parameters(series["time"], series["outputs"][output], output, None)
    return {name: float(pk[name]) for name in numbers["figures"] if pk.get(name) is not None}


def _same_args(tool: str, got: dict[str, Any], want: dict[str, Any]) -> str | None:
    """None when the approval's arguments are the expected ones, else what differs."""
    from agentdesk.domains.simulation.agent.amounts import convert

    for key, value in want.items():
        if key == "value" and tool == "set_parameter_value":
            given = convert(float(got.get("value", math.nan)), str(got.get("unit", "")),
                            want.get("unit", ""))
            if given is None or not math.isclose(given, float(value), rel_tol=1e-6):
                return f"value {got.get('value')} {got.get('unit')} != {value} {want['unit']}"
        elif key == "unit" and tool == "set_parameter_value":
            continue  # compared with the value, as a quantity
        elif isinstance(value, int | float) and not isinstance(value, bool):
            if not isinstance(got.get(key), int | float) or not math.isclose(
                    float(got[key]), float(value), rel_tol=1e-6):
                return f"{key} {got.get(key)!r} != {value!r}"
        elif got.get(key) != value:
            return f"{key} {got.get(key)!r} != {value!r}"
    return None


def _numbers_in(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?", text)]


def judge_answer(answer: str, expected: dict[str, Any]) -> tuple[str | None, str]:
    """(cause, detail) of a wrong final answer, or (None, "")."""
    stated = _numbers_in(answer)
    for name, value in (expected.get("numbers") or {}).get("values", {}).items():
        if not any(math.isclose(n, value, rel_tol=TOLERANCE) for n in stated):
            return "wrong_numbers", f"{name} {value:.4g} not in the answer: {answer[:200]!r}"
    for word in expected.get("mentions", []):
        if word.lower() not in answer.lower():
            return "answer_incomplete", f"{word!r} not in the answer: {answer[:200]!r}"
    return None, ""


async def run_case(case: Case, model: str, data_dir: Path) -> CaseResult:
    """Run the real agent on one request, deciding each pause as the case says."""
    from agentdesk.runtime.approvals import Decision

    expected: dict[str, Any] = case.expected
    steps = list(expected["steps"])
    started = time.perf_counter()

    def result(ok: bool, cause: str | None = None, detail: str = "") -> CaseResult:
        return CaseResult(case.id, ok, cause, time.perf_counter() - started, detail)

    async with open_desk(data_dir) as desk:
        outcome = await desk.start("simulation", {"messages": case.request}, model=model)
        while outcome.status == "interrupted":
            pause = outcome.interrupt or {}
            if not steps and expected.get("unread") and pause.get("kind") == "clarify":
                # A case labelled with what cannot be read and nothing past it: asking is right.
                return result(True, None, pause.get("summary", "")[:200])
            if not steps:  # a question is a refusal; a step put up for approval is stated,
                # unless the case labels nothing past its question (no numbers to reach)
                cause = "unexpected_clarify" if pause.get("kind") == "clarify" \
                    else "unexpected_pause" if expected.get("numbers") else "unlabelled_pause"
                return result(False, cause, f"{pause.get('kind')}: "
                              f"{pause.get('summary', '')[:160]}")
            if pause.get("kind") == "clarify":
                step = steps.pop(0)
                if "answer" not in step:
                    return result(False, "unexpected_clarify", pause.get("summary", "")[:200])
                decision = Decision(type="respond", message=step["answer"], actor="bench")
            else:
                action = pause.get("action") or {}
                # Steps of the same tool may come in any order (two parameters to set).
                match = next((s for s in steps if s.get("tool") == action.get("name")
                              and _same_args(action["name"], action.get("args") or {},
                                             s.get("args", {})) is None), None)
                if match is None:
                    want = steps[0]
                    why = (_same_args(action.get("name", ""), action.get("args") or {},
                                      want.get("args", {}))
                           if want.get("tool") == action.get("name") else None)
                    cause = "wrong_args" if why else "wrong_tool"
                    return result(False, cause, f"got {action.get('name')}"
                                  f"({json.dumps(action.get('args'))}), expected "
                                  f"{want.get('tool') or 'a question'}: {why or ''}")
                steps.remove(match)
                decision = Decision(type=match.get("decision", "approve"),
                                    message=match.get("message"), actor="bench")
            outcome = await desk.decide(outcome.thread_id, decision, model=model)
        if outcome.status != "completed":
            message = (outcome.error or {}).get("message", "")
            return result(False, "run_failed", message[:300])
        answer = (outcome.result or {}).get("answer") or ""
        if steps:  # an answer with wrong figures, short of a step the case needs, is stated
            cause = "missing_pause_no_figures" if not _numbers_in(answer) else \
                "missing_pause" if judge_answer(answer, expected)[0] else \
                "missing_pause_right_figures"
            return result(False, cause, f"never reached {steps[0]}")
        cause, detail = judge_answer(answer, expected)
        return result(cause is None, cause, detail or answer[:200])
