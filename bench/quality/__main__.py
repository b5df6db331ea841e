"""Run the labelled sets through the real agents; print accuracy, failures and time.

Usage: python -m bench.quality [--model SPEC] [--agent NAME] [--limit N] [--part P] [--json]

Each agent with a module here (``bench/quality/<agent>.py``) is run; agents without
one are skipped. Every agent gets a fresh data directory in the system temp dir.
An agent whose module has ``verdict(cause)`` is also counted right / refused / silent
wrong by part of its set: ``first`` (the cases it was built on), ``people`` (written in
other people's words) and ``held back`` (people's cases never tuned on).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import json
import sys
import tempfile
import time
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

from .common import Case, CaseResult, summarize

AGENTS = ("banking", "simulation", "trip", "assistant", "insurance")
"""Agents whose quality module is looked for, in this order."""
PARTS = ("first", "people", "held back")


def part_of(case: Case) -> str:
    """Which part of its set a case is in (see the module's docstring)."""
    if "held-back" in case.tags:
        return "held back"
    return "people" if "people" in case.tags else "first"


def _module(agent: str) -> ModuleType | None:
    name = f"{__package__}.{agent}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


async def _run_agent(module: ModuleType, model: str, limit: int | None, *,
                     verbose: bool, part: str | None = None) -> dict[str, Any]:
    cases = [c for c in module.cases() if part is None or part_of(c) == part]
    cases = cases if limit is None else cases[:limit]
    results: list[CaseResult] = []
    with tempfile.TemporaryDirectory(prefix=f"agentdesk-quality-{module.NAME}-") as tmp:
        for case in cases:
            started = time.perf_counter()
            try:
                result = await module.run_case(case, model, Path(tmp))
            except Exception as exc:  # a crash is one failed case, not the end of the set
                result = CaseResult(case.id, False, "crash", time.perf_counter() - started,
                                    f"{type(exc).__name__}: {exc}")
                if verbose:
                    traceback.print_exc(file=sys.stderr)
            results.append(result)
            if verbose and (part_of(case) != "held back" or part == "held back"):
                mark = "ok  " if result.ok else f"FAIL {result.cause}"
                print(f"  [{module.NAME}] {case.id:<28} {mark:<22} {result.seconds:6.1f}s"
                      f"  {'' if result.ok else result.detail[:160]}", file=sys.stderr)
    summary = summarize(module.NAME, results)
    summary["model"] = model
    summary["results"] = [vars(r) for r in results]
    if hasattr(module, "verdict"):
        parts: dict[str, dict[str, int]] = {}
        for case, result in zip(cases, results, strict=True):
            counts = parts.setdefault(part_of(case), {"right": 0, "refused": 0,
                                                      "silent_wrong": 0})
            counts[module.verdict(None if result.ok else result.cause)] += 1
        summary["parts"] = parts
    return summary


def _print(summary: dict[str, Any]) -> None:
    print(f"{summary['agent']} ({summary['model']}): {summary['passed']}/{summary['cases']} "
          f"right, accuracy {summary['accuracy']:.1%}, median {summary['median_seconds']:.1f} s")
    for cause, count in summary["failures"].items():
        print(f"  {count:3d} x {cause}")
    for part in PARTS:
        if (counts := summary.get("parts", {}).get(part)) is not None:
            print(f"  {part:10} right {counts['right']:3d}  refused {counts['refused']:3d}  "
                  f"silent wrong {counts['silent_wrong']:3d}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.quality", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--model", default="local", help="model spec (default: local)")
    parser.add_argument("--agent", action="append", choices=AGENTS,
                        help="only this agent (repeatable)")
    parser.add_argument("--limit", type=int, default=None, help="first N cases per agent")
    parser.add_argument("--part", choices=PARTS, help="only this part of each set; a held-back "
                        "case's detail is printed only when this is 'held back'")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    summaries = []
    for agent in args.agent or AGENTS:
        module = _module(agent)
        if module is None:
            if args.agent:
                print(f"no quality set for {agent!r} (bench/quality/{agent}.py)", file=sys.stderr)
            continue
        summary = asyncio.run(_run_agent(module, args.model, args.limit, verbose=True,
                                         part=args.part))
        summaries.append(summary)
        if not args.json:
            _print(summary)
    if args.json:
        print(json.dumps({"model": args.model, "agents": summaries}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
