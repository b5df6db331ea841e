"""The assistant's MCP server: ``kb_search``, ``calculator``, ``datetime_tool``, all offline."""

from __future__ import annotations

from typing import Annotated, Any

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from pydantic import Field

from agentdesk.domains.assistant.calculator import CalculationError, calculate
from agentdesk.domains.assistant.clock import Operation, TimeError, datetime_operation

from .kb import MAX_K, KnowledgeBase, kb_path

__all__ = ["build_server", "knowledge_base"]

INSTRUCTIONS = """Offline tools for a general assistant. kb_search finds passages in the
operator's knowledge base (and agentdesk's own documentation); cite a passage by its
passage_id. calculator does arithmetic and unit conversion ("3.5 km/h to m/s").
datetime_tool tells the time in a zone, converts between zones, shifts dates and reads
relative dates ("next friday")."""


def knowledge_base() -> KnowledgeBase:
    """The knowledge base of the configured data directory."""
    from agentdesk.settings import get_settings

    return KnowledgeBase(kb_path(get_settings().data_dir))


def kb_search(
    query: Annotated[str, Field(min_length=1, max_length=500,
                                description="What to look for, in plain words")],
    k: Annotated[int, Field(ge=1, le=MAX_K, description="How many passages to return")] = 5,
) -> dict[str, Any]:
    """Search the knowledge base; the best passages first, each with its document and passage id."""
    from agentdesk.settings import get_settings

    rerank = get_settings().kb_rerank
    try:
        hits = knowledge_base().search(query, k, rerank=rerank)
    except ValueError as exc:
        raise ToolError(str(exc)) from None
    return {"query": query, "ranking": "bm25+embedding" if rerank else "bm25",
            "results": [hit.to_dict() for hit in hits]}


def calculator(
    expression: Annotated[str, Field(min_length=1, max_length=300, description=(
        "Arithmetic or a unit conversion, e.g. '2**10 / 8' or '3.5 km/h to m/s'"))],
) -> dict[str, Any]:
    """Compute arithmetic (+ - * / // % **, sqrt, log...) and convert units, without eval."""
    try:
        return calculate(expression)
    except CalculationError as exc:
        raise ToolError(f"expression: {exc}") from None


def datetime_tool(
    operation: Annotated[Operation, Field(description=(
        "now: the time in `timezone`; convert: `value` from `timezone` to `to_timezone`; "
        "shift: `value` plus `amount`; difference: from `value` to `other`; "
        "parse: read `value` ('next friday', 'in 3 days') as a date"))],
    timezone: Annotated[str, Field(max_length=64, description="IANA zone, e.g. 'Europe/Lisbon'")] = "UTC",
    value: Annotated[str | None, Field(max_length=100, description=(
        "A date or date-time (ISO, e.g. '2027-03-10 09:00') or a phrase; default: now"))] = None,
    to_timezone: Annotated[str | None, Field(max_length=64, description="Zone to convert to")] = None,
    amount: Annotated[str | None, Field(max_length=60, description=(
        "For shift: e.g. '+3 days', '-2 weeks 4 hours', '1 month'"))] = None,
    other: Annotated[str | None, Field(max_length=100, description="For difference: the end")] = None,
) -> dict[str, Any]:
    """Dates and times: now in a zone, zone conversion, date arithmetic, relative dates."""
    try:
        return datetime_operation(operation, timezone, value, to_timezone, amount, other)
    except TimeError as exc:
        raise ToolError(str(exc)) from None


def build_server() -> FastMCP:
    """A new assistant server with its three tools."""
    server: FastMCP = FastMCP("assistant", instructions=INSTRUCTIONS)
    for tool in (kb_search, calculator, datetime_tool):
        server.tool(tool)
    return server
