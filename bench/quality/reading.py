"""The trip and simulation readers alone, on the people-written part of their sets.

Usage: python -m bench.quality.reading [--span-reader] [--json]

Each case tagged ``people`` in ``trip_set.json`` and ``simulation_set.json`` is read
by code, as the agent reads it before planning, and counted as **right** (every
slot read as labelled, or an unread phrase reported when the case holds one),
**refused** (the reader asked or said what it could not read, although the labelled
reading was there to be had) or **silent wrong** (a reading that differs from the
label, or ignores a phrase that changes the answer, given without a word). Counts are
split into the part tuned on and the ``held-back`` part. No model runs unless
``--span-reader`` is given: then the embedded model reads the slots code missed
(:mod:`agentdesk.domains.trip.spans`), as the agent does with it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


def _people(name: str) -> list[dict[str, Any]]:
    return [c for c in json.loads((HERE / f"{name}_set.json").read_text())
            if "people" in c.get("tags", [])]


def _code(city: str | None) -> str | None:
    from agentdesk.domains.trip.travel.airports import airports_for_city

    if not city:
        return None
    try:
        return airports_for_city(city)[0].iata
    except (LookupError, ValueError):
        return None


def trip_outcome(case: dict[str, Any], model: Any = None) -> tuple[str, str]:
    """("right" | "refused" | "silent_wrong", detail) of the trip reader on one case."""
    from agentdesk.domains.trip.agent.schemas import TripInput

    try:
        if model is not None:
            from agentdesk.domains.trip.spans import fill_with_model

            read = TripInput(messages=case["request"], preferences=fill_with_model(
                case["request"], model))
        else:
            read = TripInput(messages=case["request"])
    except ValueError as exc:
        said = " ".join(str(exc).split())
        if case.get("unread") and "could not read" in said:
            return "right", said[:160]
        return "refused", said[:160]
    if case.get("unread"):
        return "silent_wrong", f"{case['unread']!r} ignored"
    got = read.preferences.to_state()
    want = case["read"]
    for key in ("origin", "destination"):
        if _code(got.get(key)) != _code(want[key]):
            return "silent_wrong", f"{key} {got.get(key)!r} != {want[key]!r}"
    for key in ("depart", "return", "travelers", "budget"):
        if got.get(key) != want[key] and not (key == "budget" and want[key] is None):
            return "silent_wrong", f"{key} {got.get(key)!r} != {want[key]!r}"
    return "right", ""


def simulation_outcome(case: dict[str, Any], library: list[dict[str, Any]],
                       ) -> tuple[str, str]:
    """("right" | "refused" | "silent_wrong", detail) of the simulation reader."""
    from agentdesk.domains.simulation.agent.amounts import convert
    from agentdesk.domains.simulation.agent.understand import read_goal

    goal = read_goal([(case["request"], None)], library, None)
    if goal.questions:
        return ("right" if case.get("unread") else "refused"), goal.questions[0][:160]
    if case.get("unread"):
        return "silent_wrong", "answered without asking"
    numbers = case["numbers"]
    if goal.model_path != numbers["model_path"]:
        return "silent_wrong", f"model {goal.model_path}"
    want = {p: v for p, (v, _) in numbers["parameters"].items()}
    units = {p: u for p, (_, u) in numbers["parameters"].items()}
    if set(goal.settings) != set(want):
        return "silent_wrong", f"set {sorted(goal.settings)} != {sorted(want)}"
    for path, setting in goal.settings.items():
        value = convert(setting.value, setting.unit, units[path])
        if value is None or not math.isclose(value, want[path], rel_tol=1e-6):
            return "silent_wrong", f"{path} {setting.value} {setting.unit} != {want[path]}"
    if goal.end_time is None:  # the agent asks "For how many hours should I simulate?"
        return "refused", "asks for the simulated time"
    if not math.isclose(goal.end_time, numbers["end_time"]):
        return "silent_wrong", f"end_time {goal.end_time} != {numbers['end_time']}"
    return "right", ""


def _library() -> list[dict[str, Any]]:
    from agentdesk.domains.simulation.bridge.engine import configured_dirs, iter_models, load_spec

    return [load_spec(file, root).summary() for file, root in iter_models(configured_dirs(None))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.quality.reading")
    parser.add_argument("--span-reader", action="store_true",
                        help="let the embedded model read the trip slots code missed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    model = None
    if args.span_reader:
        from agentdesk.models import get_chat_model

        model = get_chat_model("local")
    library = _library()
    report: dict[str, Any] = {}
    for agent in ("trip", "simulation"):
        counts: dict[str, Counter[str]] = {"tuned": Counter(), "held-back": Counter()}
        for case in _people(agent):
            outcome, detail = (trip_outcome(case, model) if agent == "trip"
                               else simulation_outcome(case, library))
            part = "held-back" if "held-back" in case["tags"] else "tuned"
            counts[part][outcome] += 1
            if not args.json:
                print(f"  [{agent}] {part:<9} {case['id']:<24} {outcome:<12} {detail[:90]}",
                      file=sys.stderr)
        report[agent] = {part: dict(c) for part, c in counts.items()}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for agent, parts in report.items():
            for part, c in parts.items():
                print(f"{agent:<10} {part:<9} right {c.get('right', 0):2d}  refused "
                      f"{c.get('refused', 0):2d}  silent wrong {c.get('silent_wrong', 0):2d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
