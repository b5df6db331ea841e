"""The narrow choices the model makes, and the schemas that hold it to them.

The reader (:mod:`.understand`) turns a question into readings; code renders each to
SQL (:mod:`.plans`) and writes the summary from the rows. The model only picks: a
reading (intent agent), one of the rendered queries (SQL agent, on a retry), a chart
that fits the rows (insight agent). Each pick is decoded under a JSON schema whose
only string is an enum of letters or chart names, so it ends within a few tokens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from agentdesk.domains.banking.bank.database import BankDatabase

from .catalog import catalog_for
from .plans import Plan, describe, render
from .understand import readings

__all__ = ["Candidate", "candidates", "chart_choices", "chart_schema", "draft_summary",
           "label_schema"]

MAX_READINGS = 3
SUMMARY_CHARS = 240
"""Longest summary code writes for the insight agent."""


@dataclass(frozen=True)
class Candidate:
    """One reading of the question and the SQL code renders for it."""

    plan: Plan
    reading: str
    sql: str


def candidates(question: str, db: BankDatabase) -> list[Candidate]:
    """The question's readings (best first, at most :data:`MAX_READINGS`), rendered to SQL."""
    out: list[Candidate] = []
    for plan in readings(question, catalog_for(db)):
        reading = describe(plan)
        if all(c.reading != reading for c in out):
            out.append(Candidate(plan, reading, render(plan, db.dialect)))
    return out[:MAX_READINGS]


def _object(title: str, name: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"title": title, "type": "object", "properties": {name: schema},
            "required": [name], "additionalProperties": False}


def label_schema(field: str, labels: list[str]) -> dict[str, Any]:
    """``{field: one of labels}``: a pick decoded in a few tokens."""
    return _object(field.title().replace("_", ""), field, {"type": "string", "enum": labels})


_PERIOD = re.compile(r"^\d{4}(-\d{2}){0,2}$")


def chart_choices(columns: list[str], rows: list[dict[str, Any]]) -> list[str]:
    """Charts that can draw these rows, the best first."""
    if not rows:
        return ["table"]
    numeric = [c for c in columns if all(isinstance(r.get(c), int | float) or r.get(c) is None
                                         for r in rows)]
    if len(rows) == 1 and len(columns) == 1 and numeric:
        return ["metric", "table"]
    first = columns[0] if columns else ""
    dated = all(isinstance(r.get(first), str) and _PERIOD.match(r[first]) for r in rows)
    if len(columns) >= 2 and dated and numeric:
        return ["line", "bar", "table"]
    if len(columns) >= 2 and numeric and len(rows) <= 8:
        return ["bar", "pie", "table"]
    if len(columns) >= 2 and numeric and len(rows) <= 40:
        return ["bar", "table"]
    return ["table"]


def chart_schema(charts: list[str]) -> dict[str, Any]:
    """The insight's chart, among those that can draw the rows."""
    return _object("Chart", "chart_suggestion", {"type": "string", "enum": charts})


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def draft_summary(question: str, columns: list[str], rows: list[dict[str, Any]],
                  truncated: bool = False) -> str:
    """A plain, correct summary of the rows, written by code."""
    asked = question.strip().rstrip("?.! ")
    if not rows:
        return f"No rows match: {asked}."
    if len(rows) == 1 and len(columns) == 1:
        return f"{asked}: {_fmt(rows[0][columns[0]])}."
    shown = "; ".join(", ".join(_fmt(row[c]) for c in columns) for row in rows[:3])
    more = f" and {len(rows) - 3} more" if len(rows) > 3 else ""
    cut = " (cut at the row limit)" if truncated else ""
    return f"{asked}: {len(rows)} rows{cut}: {shown}{more}."[:SUMMARY_CHARS]
