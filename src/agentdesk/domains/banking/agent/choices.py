"""The narrow choices the model makes, and the schemas that hold it to them.

The bank's reader (:mod:`agentdesk.domains.banking.bank.reader`) turns a question into
readings, each rendered to SQL; code writes the summary from the rows. The model only
picks: a reading (intent agent), one of the rendered queries (SQL agent, on a retry), a
chart that fits the rows (insight agent). Each pick is decoded under a JSON schema whose
only string is an enum of letters or chart names, so it ends within a few tokens.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["chart_choices", "chart_schema", "label_schema"]


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


