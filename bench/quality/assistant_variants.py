"""The assistant's set by part and phrasing variant, read and answered by code (no model).

Usage: python -m bench.quality.assistant_variants [--part P] [--no-variants] [--verbose]
[--json]

Every question of :mod:`.assistant_set` and its variants by rule (:mod:`.variants`: case,
punctuation, word order, synonyms, numbers in words, ordinals, and the assistant's own
``units``, :func:`assistant_units`; each keeps the labelled meaning and the expected
value) goes the way the graph takes it on the embedded model: the safety check at the
door (:func:`~agentdesk.domains.assistant.agent.safety.operator_check`), the planner's
code plan (``plan._code_plan``: :func:`~agentdesk.domains.assistant.agent.route.read_question`,
then the bank's reader over MCP, then the knowledge base), the real executor node on the
real tool servers in process (assistant, bank, travel; the bank and the knowledge base
in a temporary data directory, the bank generated with seed 7 as the quality bench's),
the verifier's rule (re-plan after an empty or unavailable result, up to
``MAX_RETRY_COUNT``; a tool refusing its arguments asks the person, which counts as a
refusal like an interrupted run), and the generator's code-written lines with their
citations and sources. It is judged by :func:`.assistant.judge` and counted as right,
refused (the safety policy refused or asked, a tool refused the arguments, or the
answer says it could not answer), silent wrong (an answer without the expected fact:
another tool's, or another value) or other (a crash, or the fact without its citation),
per part (``first``, ``people``, ``held back``) and variant class.

Where it differs from the graph: no model runs. When the bank's reader has more than one
reading the embedded model would pick one; here code takes the reader's first (best)
reading, which is what the planner does with a pick it cannot use. The closing sentence
the model adds to a code-written answer is left out (it carries no facts). A greeting
that code routes to the model's own words gets no answer here (counted silent wrong:
no tool answered). ``--verbose`` lists the misses of the tuned parts only, unless
``--part "held back"`` is given.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import tempfile
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from .assistant import _COULD_NOT, OTHER, REFUSED, cases, judge
from .common import PARTS, Case, part_of, print_variant_counts, shows_misses
from .variants import variants

__all__ = ["SYNONYMS", "Bench", "assistant_units", "assistant_variants", "measure",
           "open_bench", "outcome"]

SYNONYMS: dict[str, str] = {
    "what is": "what's", "what's": "what is", "whats": "what is",
    "calculate": "compute", "compute": "calculate",
    "convert": "change", "times": "multiplied by", "divided by": "over",
    "customers": "clients", "customer": "client", "how many": "what number of",
    "find": "search for", "airport code": "IATA code", "iata code": "airport code",
    "how do i": "how can i", "how can i": "how do i", "which": "what",
    "sets": "configures", "joined": "signed up", "signed up": "joined",
    "in total": "altogether", "please": "pls", "for me": "if you can",
}
"""Words of a question and stand-ins that keep its meaning and its expected answer."""

# (written one way, written the other way): both read as the same unit by pint.
_UNIT_WORDS: dict[str, str] = {
    "km/h": "kilometers per hour", "m/s": "meters per second", "degF": "fahrenheit",
    "degC": "celsius", "celsius": "degC", "fahrenheit": "degF", "kg": "kilograms",
    "lb": "pounds", "pounds": "lb", "cm": "centimeters", "meters": "metres",
    "liters": "litres", "kilometres": "km", "km": "kilometers", "miles": "mi",
    "ounces": "oz", "hours": "hrs", "seconds": "secs", "gallons": "gal", "feet": "ft",
    "inches": "in",
}
_UNIT = re.compile(r"(?<![\w/])(" + "|".join(re.escape(u) for u in sorted(
    _UNIT_WORDS, key=len, reverse=True)) + r")(?![\w/])")
_PERCENT = re.compile(r"(\d)\s*%|(\d)\s+percent\b", re.I)

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b(?![ T]\d{1,2}:)")
_WEEKS = re.compile(r"\b(\d+) weeks\b")


def _unit_words(text: str) -> str:
    text = _UNIT.sub(lambda m: _UNIT_WORDS[m.group(1)], text)
    return _PERCENT.sub(lambda m: f"{m.group(1)} percent" if m.group(1) else f"{m.group(2)}%",
                        text)


def assistant_units(text: str) -> list[str]:
    """Each unit written the other way ("km/h" as "kilometers per hour", "kg" as
    "kilograms", "%" as "percent"); each date written in words ("2027-03-10" as "March 10,
    2027" and as "10 March 2027", a date with a time of day stays as it is); weeks as
    days ("2 weeks" as "14 days"). None changes the expected value."""
    def words(style: str) -> Any:
        def write(match: re.Match[str]) -> str:
            year, month, day = int(match.group(1)), int(match.group(2)), int(match.group(3))
            name = _MONTHS[month - 1]
            return f"{name} {day}, {year}" if style == "month day" else f"{day} {name} {year}"
        return write

    return [_unit_words(text), *(_ISO_DATE.sub(words(style), text)
                                 for style in ("month day", "day month")),
            _WEEKS.sub(lambda m: f"{7 * int(m.group(1))} days", text)]


def assistant_variants(text: str) -> list[tuple[str, str]]:
    """``text``'s variants by the general rules, the assistant's synonyms and its units."""
    return variants(text, SYNONYMS, extra={"units": assistant_units})


class _NoModel:
    """Stands in for the embedded model where code would ask it to pick a reading: it
    picks nothing, so the planner takes the reader's first reading."""

    picks = 0

    def with_structured_output(self, schema: Any) -> _NoModel:
        _NoModel.picks += 1
        return self

    async def ainvoke(self, messages: Any) -> dict[str, Any]:
        return {}


class Bench:
    """The tool servers in process and the run's context, for code-only answers."""

    def __init__(self, tools: dict[str, Any], bank_url: str) -> None:
        from langgraph.runtime import Runtime

        from agentdesk.runtime.runs.context import AgentContext
        from agentdesk.runtime.tools import ToolPolicy

        self.tools = tools
        self.bank_url = bank_url
        self.runtime: Any = Runtime(context=AgentContext(
            model=_NoModel(), tools=tools,  # type: ignore[arg-type]
            policy=ToolPolicy(timeout=10, retries=1, backoff_initial=0.05)))

    async def answer(self, question: str) -> dict[str, Any]:
        """``answer``, ``tool_results`` and ``status`` (completed | interrupted | refused)
        as the graph would end on the embedded model, no model run."""
        from langchain_core.messages import HumanMessage

        from agentdesk.domains.assistant.agent.answer import (
            answering,
            code_draft,
            gave_up_answer,
            gives_up,
            sources,
        )
        from agentdesk.domains.assistant.agent.nodes import CallTask, executor, round_verdict
        from agentdesk.domains.assistant.agent.plan import _code_plan
        from agentdesk.domains.assistant.agent.safety import operator_check

        verdict = operator_check(question)
        if verdict.verdict != "allow":
            return {"status": "refused" if verdict.verdict == "refuse" else "interrupted",
                    "answer": "", "tool_results": []}
        asked = verdict.redacted_text or question
        state: dict[str, Any] = {"messages": [HumanMessage(question)], "tool_results": [],
                                 "retry_count": 0, "scratchpad": {"question": asked}}
        results: list[dict[str, Any]] = state["tool_results"]
        verdict_round = ""
        while True:
            calls, _ = await _code_plan(state, self.runtime, self.tools)  # type: ignore[arg-type]
            if not calls:
                break
            round_ = state["retry_count"]
            for call in calls:  # the graph runs them in parallel; the records are the same
                done = await executor(CallTask(call=call, n=len(results) + 1, round=round_,
                                               question=asked), self.runtime)
                results.extend(done["tool_results"])
            verdict_round = round_verdict({r["outcome"] for r in results
                                           if r["round"] == round_}, round_)
            if verdict_round == "clarify":  # the person is asked what they meant
                return {"status": "interrupted", "answer": "", "tool_results": results}
            if verdict_round != "replan":
                break
            state["retry_count"] = round_ + 1
        if not results:  # a greeting: the model answers in its own words
            return {"status": "completed", "answer": "", "tool_results": []}
        round_ = state["retry_count"]
        found = answering(results, round_)
        if gives_up(results, found, verdict_round):
            answer = gave_up_answer(results, round_, asked)
        else:
            answer = f"{code_draft(found, asked)}\n\n{sources(found)}"
        return {"status": "completed", "answer": answer, "tool_results": results}


@asynccontextmanager
async def open_bench(data_dir: Path) -> AsyncIterator[Bench]:
    """The assistant's, the bank's and the travel tool servers in process, on ``data_dir``."""
    from agentdesk.domains.banking.bank.data import create_bank_database
    from agentdesk.domains.banking.bank.database import default_bank_url
    from agentdesk.runtime.mcp import open_tools
    from agentdesk.settings import get_settings

    os.environ["AGENTDESK_DATA_DIR"] = str(data_dir)
    get_settings.cache_clear()
    bank_url = default_bank_url(get_settings())
    if not Path(bank_url.removeprefix("sqlite:///")).exists():
        create_bank_database(bank_url, seed=7)
    async with open_tools(("assistant", "bank", "travel"), get_settings()) as tools:
        yield Bench(tools, bank_url)


async def outcome(bench: Bench, case: Case, question: str) -> tuple[str, str]:
    """(right | refused | silent_wrong | other, detail) of code's answer to ``question``."""
    try:
        result = await bench.answer(question)
    except Exception as exc:  # a reader that breaks is no answer either way
        return "other", f"{type(exc).__name__}: {exc}"
    if result["status"] != "completed":
        return "refused", f"run {result['status']}"
    ok, cause, detail = judge(case, result, bench.bank_url)
    if ok:
        return "right", ""
    if cause != "no citation" and _COULD_NOT.search(result["answer"]):
        cause = "said it could not"
    return ("refused" if cause in REFUSED else "other" if cause in OTHER
            else "silent_wrong"), f"{cause}: {detail}"


async def measure(data_dir: Path, part: str | None = None, with_variants: bool = True,
                  verbose: bool = False, misses: list[tuple[str, str, str, str]] | None = None,
                  ) -> dict[tuple[str, str], Counter[str]]:
    """Counts by (part, variant class), with ``all`` per part; ``misses`` gets (part, class,
    case id, outcome) of each miss."""
    counts: dict[tuple[str, str], Counter[str]] = {}
    async with open_bench(data_dir) as bench:
        for case in cases():
            where = part_of(case)
            if part and where != part:
                continue
            texts = [("original", case.request)]
            if with_variants:
                texts += assistant_variants(case.request)
            for kind, text in texts:
                verdict, detail = await outcome(bench, case, text)
                counts.setdefault((where, kind), Counter())[verdict] += 1
                counts.setdefault((where, "all"), Counter())[verdict] += 1
                if misses is not None and verdict != "right":
                    misses.append((where, kind, case.id, verdict))
                if verbose and verdict != "right" and shows_misses(where, part):
                    print(f"  {where:10} {kind:17} {case.id:22} {verdict:12} {text!r}: "
                          f"{' '.join(detail.split())[:160]}")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.quality.assistant_variants")
    parser.add_argument("--part", choices=PARTS)
    parser.add_argument("--no-variants", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="agentdesk-assistant-variants-") as tmp:
        counts = asyncio.run(measure(Path(tmp), args.part, not args.no_variants,
                                     args.verbose))
    print_variant_counts(counts, args.json)
    if args.json:
        return 0
    print(f"(the bank's reader offered more than one reading {_NoModel.picks} times; code "
          "took the first)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
