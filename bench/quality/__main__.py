"""Run the labelled sets through the real agents; print accuracy, failures and time.

Usage: python -m bench.quality [--model SPEC] [--agent NAME] [--tag TAG] [--part P] [--limit N]
                                [--json]

Each agent with a module here (``bench/quality/<agent>.py``) is run; agents without
one are skipped. Every agent gets a fresh data directory in the system temp dir.
An agent whose module names its ``REFUSED`` and ``OTHER`` causes is also counted right /
refused / silent wrong / other, in all and by part of its set: ``first`` (the cases it
was built on), ``people`` (written in other people's words), ``held back`` (people's
cases never tuned on; their misses are printed only with ``--part "held back"``), ``fresh``
(cases tagged ``fresh``, written blind to the agent's code and never tuned on; misses
printed only with ``--part fresh``) and ``fresh read`` (fresh cases also tagged ``read``).
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

from .common import PARTS, Case, CaseResult, outcomes, part_of, shows_misses, summarize

AGENTS = ("banking", "simulation", "trip", "assistant", "insurance")
"""Agents whose quality module is looked for, in this order."""
def _module(agent: str) -> ModuleType | None:
    name = f"{__package__}.{agent}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def select(cases: list[Case], tags: list[str] | None, limit: int | None) -> list[Case]:
    """The cases holding every tag in ``tags``, the first ``limit`` of them."""
    return [c for c in cases if set(tags or []) <= set(c.tags)][:limit]


async def _run_agent(module: ModuleType, model: str, limit: int | None, *,
                     verbose: bool, tags: list[str] | None = None,
                     part: str | None = None) -> dict[str, Any]:
    cases = select([c for c in module.cases() if part is None or part_of(c) == part], tags,
                   limit)
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
            if verbose and shows_misses(part_of(case), part):
                mark = "ok  " if result.ok else f"FAIL {result.cause}"
                print(f"  [{module.NAME}] {case.id:<28} {mark:<22} {result.seconds:6.1f}s"
                      f"  {'' if result.ok else result.detail[:160]}", file=sys.stderr)
    summary = summarize(module.NAME, results)
    if hasattr(module, "REFUSED"):  # the agent's causes say which failures were refusals
        summary["outcomes"] = outcomes(results, module.REFUSED, module.OTHER)
        summary["parts"] = {name: outcomes(
            [r for c, r in zip(cases, results, strict=True) if part_of(c) == name],
            module.REFUSED, module.OTHER) for name in PARTS
            if any(part_of(c) == name for c in cases)}
    summary["model"] = model
    summary["results"] = [vars(r) for r in results]
    return summary


def _print(summary: dict[str, Any]) -> None:
    print(f"{summary['agent']} ({summary['model']}): {summary['passed']}/{summary['cases']} "
          f"right, accuracy {summary['accuracy']:.1%}, median {summary['median_seconds']:.1f} s")
    for cause, count in summary["failures"].items():
        print(f"  {count:3d} x {cause}")
    if "outcomes" in summary:
        print("  " + ", ".join(f"{name.replace('_', ' ')} {count}"
                               for name, count in summary["outcomes"].items()))
    for name in PARTS:
        if (counts := summary.get("parts", {}).get(name)) is not None:
            print(f"    {name:10} " + ", ".join(f"{key.replace('_', ' ')} {count}"
                                               for key, count in counts.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.quality", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--model", default="local", help="model spec (default: local)")
    parser.add_argument("--agent", action="append", choices=AGENTS,
                        help="only this agent (repeatable)")
    parser.add_argument("--tag", action="append",
                        help="only the cases with this tag (repeatable: with every one given)")
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
                                         tags=args.tag, part=args.part))
        summaries.append(summary)
        if not args.json:
            _print(summary)
    if args.json:
        print(json.dumps({"model": args.model, "agents": summaries}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
