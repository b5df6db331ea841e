"""The generator: the answer from the tool results, each fact citing its result.

A model that writes (hosted, scripted) writes the answer from the numbered results;
for the embedded model code writes one line per result and the model adds a closing
sentence at most. Either way the tokens stream through the chat model
(``on_chat_model_stream``) and the answer ends with its numbered sources.
"""

from __future__ import annotations

import json
import re
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.messages.utils import count_tokens_approximately
from langchain_core.runnables import Runnable
from langgraph.runtime import Runtime

from agentdesk.domains.assistant.words import digits
from agentdesk.runtime.runs.context import AgentContext
from agentdesk.text import column_formats, figure, rows_summary, states_each_row

from . import prompts
from .excerpts import kb_fact
from .plan import _context_text, _question, _recent, writes_freely
from .state import AgentState
from .untrusted import mark_data

__all__ = ["answering", "code_draft", "gave_up_answer", "generator", "gives_up", "render_fact",
           "sources"]

_MAX_FACT = 400


def _short(text: str, limit: int = _MAX_FACT) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _when(item: dict[str, Any]) -> str:
    return f"{item.get('weekday', '')} {item.get('date', '')} {item.get('time', '')} " \
           f"{item.get('timezone', '')}".strip()


def _fact_datetime(args: dict[str, Any], data: dict[str, Any], question: str = "") -> str:
    operation = args.get("operation")
    if operation == "difference":
        days = data.get("calendar_days")
        weeks = (f", {days / 7:g} weeks" if isinstance(days, int) and days % 7 == 0 and
                 re.search(r"\bweeks?\b", question, re.I) else "")
        return (f"From {data['from']['date']} to {data['to']['date']} is {data.get('human')} "
                f"({days} calendar days{weeks})")
    if operation in ("convert", "shift"):
        return f"{_when(data['from'])} is {_when(data)}" if operation == "convert" else \
            f"{args.get('amount')} from {data['from']['date']} is {data['weekday']} {data['date']}"
    if operation == "parse":
        return f"{args.get('value')} is {data['weekday']} {data['date']}"
    return (f"It is {data.get('time')} on {data.get('weekday')} {data.get('date')} in "
            f"{data.get('timezone')} (UTC{data.get('utc_offset')})")


def _fact_sql(data: dict[str, Any]) -> str:
    """What ``sql_query`` found: the answer in a sentence; for a listing of up to five rows,
    the rows with their column names too. Numbers in one format per column, as the summary
    writes them."""
    rows = data.get("rows") or []
    columns = data.get("columns") or (list(rows[0]) if rows else [])
    summary = rows_summary(columns, rows, bool(data.get("truncated")))
    if not rows or len(rows) > 5 or states_each_row(columns, rows):
        return summary
    formats = column_formats(columns, rows)
    shown = "; ".join(", ".join(f"{k}: {figure(v, formats.get(k))}" for k, v in row.items())
                      for row in rows)
    return f"{summary} ({shown})"


_NONSTOP = re.compile(r"\b(?:non[- ]?stop|direct)\b", re.I)


def _fact_flights(data: dict[str, Any], question: str) -> str:
    """The cheapest flight found; the cheapest non-stop one when the question asks for it."""
    offers = data["outbound"]
    found = f"{len(offers)} flights {data['origin']} to {data['destination']}"
    nonstop = _NONSTOP.search(question) is not None
    if nonstop:
        offers = [offer for offer in offers if offer["stops"] == 0]
        if not offers:
            return f"{found}; none of them is non-stop"
        found += f", {len(offers)} of them non-stop"
    best = offers[0]
    stops = "non-stop" if best["stops"] == 0 else \
        f"{best['stops']} stop{'' if best['stops'] == 1 else 's'}"
    return (f"{found}; cheapest{' non-stop' if nonstop else ''} {best['airline']} "
            f"{best['flight_number']} on {best['date']} at {best['departure_time']}, {stops}, "
            f"{best['price']} USD per traveler")


_STARS = re.compile(r"\b(?:at\s+least\s+|min(?:imum)?\.?\s+(?:of\s+)?)?(\d)(?:\s*\+|\s*-?\s*stars?"
                    r"(?:\s+(or\s+(?:more|better|above|higher)|and\s+(?:up|above)|plus))?)",
                    re.I)
"""Stars asked for: "at least 3 stars", "3+ stars", "4 stars or more", "a 5-star hotel"."""


def _fact_hotels(data: dict[str, Any], question: str) -> str:
    """The cheapest hotel found; the cheapest with the stars the question asks for."""
    offers = data["offers"]
    found = f"{len(offers)} hotels in {data['city']} for {data['nights']} nights"
    said = digits(re.sub(r"(?<=[a-z])-(?=star)", " ", question, flags=re.I))
    asked = next((m for m in _STARS.finditer(said)
                  if re.search(r"star|\+", m.group(0), re.I)), None)
    if asked is not None:
        stars = int(asked.group(1))
        at_least = bool(re.match(r"at|min", asked.group(0), re.I) or asked.group(2)
                        or "+" in asked.group(0))
        offers = [o for o in offers if o["stars"] >= stars and (at_least or o["stars"] == stars)]
        wanted = f"{stars}{' or more' if at_least else ''} stars"
        if not offers:
            return f"{found}; none of them has {wanted}"
        found += f", {len(offers)} of them with {wanted}"
    best = min(offers, key=lambda o: o["price"])
    return (f"{found}; cheapest {best['name']} ({best['stars']} stars), {best['price']} USD")


def render_fact(result: dict[str, Any], question: str) -> str:
    """One line saying what ``result`` found, as code reads it."""
    data, tool = result.get("data"), result["tool"]
    if result["status"] == "error":
        return f"{tool} failed: {_short(result['content'].removeprefix('Error: '), 200)}"
    if result["outcome"] == "empty":
        return f"{tool} found nothing for {json.dumps(result['args'])}"
    if result["outcome"] == "off_topic":
        said = ", ".join(repr(term) for term in result.get("missing") or [])
        return f"{tool}: the knowledge base says nothing about {said}"
    try:
        if tool == "calculator" and isinstance(data, dict):
            return f"{data['expression']} = {data['text']}"
        if tool == "datetime_tool" and isinstance(data, dict):
            return _fact_datetime(result["args"], data, question)
        if tool == "get_airport_code" and isinstance(data, dict):
            return (f"The main airport of {data['city']} ({data.get('region') or data.get('country')})"
                    f" is {data['airport']}, code {data['code']}")
        if tool == "search_flights" and isinstance(data, dict):
            return _fact_flights(data, question)
        if tool == "search_hotels" and isinstance(data, dict):
            return _fact_hotels(data, question)
        if tool == "sql_query" and isinstance(data, dict):
            return _fact_sql(data)
        if tool == "kb_search" and isinstance(data, dict):
            return kb_fact(data, str(result["args"].get("query", "")), question)
    except (KeyError, IndexError, TypeError, ValueError):
        pass  # a shape code does not know: the raw result below
    return f"{tool}: {_short(result['content'])}"


def sources(results: list[dict[str, Any]]) -> str:
    """The numbered list of the calls the answer cites."""
    lines = [f"[{r['n']}] {r['tool']}({', '.join(f'{k}={v!r}' for k, v in r['args'].items())})"
             for r in results]
    return "Sources:\n" + "\n".join(lines) if lines else ""


_CLOSING_SCHEMA = {"type": "string", "enum": prompts.CLOSINGS}
"""The embedded model's closing sentence: one of a few, so its decode is a few tokens."""
_CLOSING_TOKENS = 64


async def _stream(model: Runnable[Any, Any], messages: list[BaseMessage]) -> tuple[str, int]:
    """The model's text, streamed chunk by chunk (``on_chat_model_stream``); tokens used."""
    pieces: list[str] = []
    used = 0
    async for chunk in model.astream(messages):
        pieces.append(chunk.text)
        usage = getattr(chunk, "usage_metadata", None)
        if usage:
            used += int(usage.get("total_tokens", 0))
    text = "".join(pieces).strip()
    return text, used or count_tokens_approximately([*messages, AIMessage(text)])


def answering(tried: list[dict[str, Any]], round_: int) -> list[dict[str, Any]]:
    """What answers: every good result, and the last round's failures (an earlier round's
    were re-planned past, or clarified by the person)."""
    return [r for r in tried if r["outcome"] == "ok"
            or (r["round"] == round_ and r["outcome"] != "empty")]


def gives_up(tried: list[dict[str, Any]], results: list[dict[str, Any]],
             verdict: str | None) -> bool:
    """True when nothing answers, or the verifier gave up without a good result."""
    return not results or (verdict == "give_up" and not any(r["outcome"] == "ok" for r in tried))


def gave_up_answer(tried: list[dict[str, Any]], round_: int, question: str) -> str:
    """The honest "could not find" answer: what was tried, and what each call found."""
    calls = "; ".join(f"{r['tool']}({json.dumps(r['args'])})" for r in tried)
    rounds = round_ + 1
    answer = prompts.GAVE_UP.format(
        rounds="one attempt" if rounds == 1 else f"{rounds} attempts", tried=calls)
    return answer + "\n\n" + "\n".join(f"[{r['n']}] {render_fact(r, question)}" for r in tried)


def code_draft(results: list[dict[str, Any]], question: str) -> str:
    """Each result's fact as code reads it, with its citation."""
    return "\n".join(f"{render_fact(r, question)} [{r['n']}]" for r in results)


async def generator(state: AgentState, runtime: Runtime[AgentContext]) -> dict[str, Any]:
    """Write the answer from this turn's tool results, citing each one."""
    question = (state.get("scratchpad") or {}).get("question") or _question(state)
    tried = state.get("tool_results", [])
    results = answering(tried, state.get("retry_count", 0))
    verdict = (state.get("scratchpad") or {}).get("verdict_round")
    context = _context_text(state)
    used = 0
    if not tried:  # a simple query: no tools
        text, used = await _stream(runtime.context.model, [SystemMessage(prompts.DIRECT.format(
            context=context)), *_recent(state)])
        answer = text or "Hello! Ask me a question; I can calculate, tell the time, search " \
                         "the documentation, the bank's data and travel offers."
    elif gives_up(tried, results, verdict):
        answer = gave_up_answer(tried, state.get("retry_count", 0), question)
    elif writes_freely(runtime):
        listing = "\n".join(f"[{r['n']}] {r['tool']}({json.dumps(r['args'])}):\n"
                            f"{mark_data(_short(r['content'], 1500), r['tool'])}" for r in results)
        text, used = await _stream(runtime.context.model, [SystemMessage(prompts.GENERATOR.format(
            context=context, results=listing)), HumanMessage(question)])
        answer = f"{text}\n\n{sources(results)}"
    else:
        draft = code_draft(results, question)
        model = runtime.context.model
        if isinstance(getattr(model, "max_tokens", None), int):
            model = model.model_copy(update={"max_tokens": _CLOSING_TOKENS})
        bounded = model.bind(answer_schema=_CLOSING_SCHEMA)
        closing, used = await _stream(bounded, [HumanMessage(prompts.CLOSING.format(
            draft=draft))])
        # The closing sentence adds no facts: only one of the fixed ones is kept.
        closing = closing.strip()
        answer = f"{draft}\n\n{closing}" if closing in prompts.CLOSINGS else draft
        answer = f"{answer}\n\n{sources(results)}"
    down = (state.get("scratchpad") or {}).get("operator_servers_down") or {}
    if down:
        answer += "\n\n(Not reachable: " + ", ".join(
            f"tool server {name}" for name in sorted(down)) + ".)"
    return {"answer": answer, "messages": [AIMessage(answer)], "phase": "generate",
            "current_step": "answered", "tokens_used": state.get("tokens_used", 0) + used}
