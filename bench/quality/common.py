"""What every agent's quality set shares: cases, results, the summary, a desk to run on.

An agent module ``bench/quality/<agent>.py`` exposes ``NAME``, ``cases()`` and
``async run_case(case, model, data_dir) -> CaseResult``; :mod:`bench.quality.__main__`
finds it by name and runs it.
"""

from __future__ import annotations

import os
import statistics
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agentdesk.runtime.runs.desk import Desk

__all__ = ["PARTS", "Case", "CaseResult", "open_desk", "outcomes", "part_of", "print_variant_counts",
           "summarize"]


@dataclass
class Case:
    """One labelled request: what a person asks and what a right answer holds."""

    id: str
    request: str
    expected: Any
    tags: list[str] = field(default_factory=list)


PARTS = ("first", "people", "held back", "fresh read", "fresh", "fresh 2 read", "fresh 2",
         "fresh 3 read", "fresh 4 read", "fresh 4", "fresh 5 read", "fresh 5", "fresh 6 read", "fresh 6",
         "fresh 7 read", "fresh 7", "fresh 8 read", "fresh 8", "fresh 9 read", "fresh 9",
         "fresh 10 read", "fresh 10", "fresh 11 read", "fresh 11", "fresh 12 read", "fresh 12",
         "fresh 13 read", "fresh 13")
BLIND = ("held back", "fresh", "fresh 2", "fresh 4", "fresh 5", "fresh 6", "fresh 7", "fresh 8",
         "fresh 9", "fresh 10", "fresh 11", "fresh 12", "fresh 13")
"""The parts whose misses are printed only when asked for by name (``--part``)."""


def shows_misses(where: str, asked: str | None) -> bool:
    """Whether a miss in part ``where`` may be printed when ``--part`` is ``asked``."""
    return where not in BLIND or asked == where


def part_of(case: Case) -> str:
    """Which part of its set a case is in: ``first`` (the cases the agent was built on),
    ``people`` (written in other people's words), ``held back`` (people's cases never
    tuned on), ``fresh`` (a set written blind to the agent's code, never tuned on),
    ``fresh read`` (the half of that set whose misses were read and tuned on) or
    ``fresh 2`` (a second set written blind), ``fresh 2 read`` (that set once read and
    tuned on: half of it, then all of it once the third set was written, 2026-11-28) or
    ``fresh 3 read`` (a third set written blind, measured blind, then read whole and tuned
    on once the fourth was written, 2026-11-29), ``fresh 4`` (a fourth set written blind,
    never tuned on), ``fresh 4 read`` (one agent's fourth set, measured blind, then read once
    its fifth was written), ``fresh 5`` (a fifth set written blind, never tuned on; for the
    simulation, its second), ``fresh 5 read`` (one agent's fifth, read once its sixth was
    written), ``fresh 6`` (a sixth set written blind, never tuned on; for the simulation, its
    third), ``fresh 6 read`` (the trip's sixth, measured blind before and after the round
    beside it, read from 2026-11-29 on), ``fresh 7`` (the trip's seventh set, written blind,
    never tuned on; for the simulation, its fourth), ``fresh 7 read`` (that set once it is
    read), ``fresh 8`` (the trip's eighth set, written blind, never tuned on), ``fresh 8
    read`` (that set once it is read), ``fresh 9`` (the trip's ninth set, written blind,
    never tuned on; for insurance, its third), ``fresh 9 read`` (that set once it is read;
    insurance's from 2026-11-29 on), ``fresh 10`` (insurance's fourth set, written blind, never
    tuned on; the trip's tenth), ``fresh 10 read`` (that set once it is read; insurance's from
    2026-11-29 on), ``fresh 11`` (insurance's fifth set, written blind, never tuned on; the
    trip's eleventh), ``fresh 11 read`` (that set once it is read; insurance's from the second
    session of 2026-11-29 on), ``fresh 12`` (insurance's sixth set, written blind, never tuned
    on; the trip's twelfth), ``fresh 12 read`` (that set once it is read; insurance's from the
    second session of 2026-11-29 on), ``fresh 13`` (insurance's seventh set, written blind,
    never tuned on) or ``fresh 13 read`` (that set once it is read)."""
    if "fresh13" in case.tags:
        return "fresh 13 read" if "read" in case.tags else "fresh 13"
    if "fresh12" in case.tags:
        return "fresh 12 read" if "read" in case.tags else "fresh 12"
    if "fresh11" in case.tags:
        return "fresh 11 read" if "read" in case.tags else "fresh 11"
    if "fresh10" in case.tags:
        return "fresh 10 read" if "read" in case.tags else "fresh 10"
    if "fresh9" in case.tags:
        return "fresh 9 read" if "read" in case.tags else "fresh 9"
    if "fresh8" in case.tags:
        return "fresh 8 read" if "read" in case.tags else "fresh 8"
    if "fresh7" in case.tags:
        return "fresh 7 read" if "read" in case.tags else "fresh 7"
    if "fresh6" in case.tags:
        return "fresh 6 read" if "read" in case.tags else "fresh 6"
    if "fresh5" in case.tags:
        return "fresh 5 read" if "read" in case.tags else "fresh 5"
    if "fresh4" in case.tags:
        return "fresh 4 read" if "read" in case.tags else "fresh 4"
    if "fresh3" in case.tags:
        return "fresh 3 read"
    if "fresh2" in case.tags:
        return "fresh 2 read" if "read" in case.tags else "fresh 2"
    if "fresh" in case.tags:
        return "fresh read" if "read" in case.tags else "fresh"
    if "held-back" in case.tags:
        return "held back"
    return "people" if "people" in case.tags else "first"


@dataclass
class CaseResult:
    """How one case went: ``cause`` names the failure (``None`` when ``ok``)."""

    case_id: str
    ok: bool
    cause: str | None
    seconds: float
    detail: str = ""


def summarize(agent: str, results: list[CaseResult]) -> dict[str, Any]:
    """Accuracy, failures by cause and the median time of one agent's results."""
    passed = sum(1 for r in results if r.ok)
    causes = Counter(r.cause or "unknown" for r in results if not r.ok)
    return {
        "agent": agent,
        "cases": len(results),
        "passed": passed,
        "accuracy": round(passed / len(results), 4) if results else 0.0,
        "failures": dict(causes.most_common()),
        "median_seconds": round(statistics.median(r.seconds for r in results), 2)
        if results else 0.0,
    }


def outcomes(results: list[CaseResult], refused: frozenset[str],
             other: frozenset[str]) -> dict[str, int]:
    """Right / refused / silent wrong / other, apart (issue 23 item 1): a failure whose cause
    is in ``refused`` asked or said what it could not read, one in ``other`` neither
    answered nor asked (the run failed), and any other stated a wrong answer."""
    counts = Counter("right" if r.ok else "refused" if r.cause in refused
                     else "other" if r.cause in other else "silent_wrong" for r in results)
    return {name: counts[name] for name in ("right", "refused", "silent_wrong", "other")}


@asynccontextmanager
async def open_desk(data_dir: Path) -> AsyncIterator[Desk]:
    """The runtime (``Desk``) on its own data directory, as the CLI and server use it."""
    from agentdesk.runtime.runs.desk import Desk
    from agentdesk.settings import get_settings

    os.environ["AGENTDESK_DATA_DIR"] = str(data_dir)
    get_settings.cache_clear()
    async with Desk.open(get_settings()) as desk:
        yield desk


def print_variant_counts(counts: Any, as_json: bool) -> None:
    """The counts of a variant bench, ``{(part, variant class): Counter of outcomes}``, as
    JSON rows or a table by part and class (each part's ``all`` last)."""
    import json

    rows = [{"part": part, "variant": kind, **{k: c[k] for k in (
        "right", "refused", "silent_wrong", "other")}} for (part, kind), c in counts.items()]
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'part':10} {'variant':17} {'right':>6} {'refused':>8} {'silent wrong':>13} "
          f"{'other':>6}")
    for row in sorted(rows, key=lambda r: (PARTS.index(r["part"]), r["variant"] == "all",
                                           r["variant"])):
        print(f"{row['part']:10} {row['variant']:17} {row['right']:6d} {row['refused']:8d} "
              f"{row['silent_wrong']:13d} {row['other']:6d}")
