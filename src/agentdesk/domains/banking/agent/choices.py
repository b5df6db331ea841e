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

from agentdesk.text import column_formats, is_identifier

__all__ = ["chart_choices", "chart_schema", "label_schema"]


def _object(title: str, name: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"title": title, "type": "object", "properties": {name: schema},
            "required": [name], "additionalProperties": False}


def label_schema(field: str, labels: list[str]) -> dict[str, Any]:
    """``{field: one of labels}``: a pick decoded in a few tokens."""
    return _object(field.title().replace("_", ""), field, {"type": "string", "enum": labels})


_PERIOD = re.compile(r"^\d{4}(-\d{2}){0,2}$")
_PIE_ROWS = 8
"""A pie shows shares of a whole only while it has few slices."""
_LISTING_BAR_ROWS = 40
"""A listing of records (several text columns) is offered a bar chart up to this many rows."""


def chart_choices(columns: list[str], rows: list[dict[str, Any]]) -> list[str]:
    """Charts that can draw these rows, the best first; ``table`` only when none can.

    The rows are always shown as a table under the chart, so a chart that fits is never
    traded for the table alone: one number is a ``metric``; a category column and a number
    column (a kind and its average, a month and its total, a customer and a balance) always
    get a ``bar`` (``line`` first over periods, ``pie`` too for a few non-negative shares).
    A listing of records (more than two text columns) may be charted or not: the model
    picks. Identifier columns (``id``, ``customer_id``) name rows and are never a measure.
    The web app's ``charts.js`` (planChart) classifies columns the same way.
    """
    if not rows:
        return ["table"]
    formats = column_formats(columns, rows)
    measures = [c for c in columns if formats[c] is not None and not is_identifier(c)]
    if len(rows) == 1 and len(columns) == 1:
        return ["metric"] if measures else ["table"]
    if not measures:
        return ["table"]
    texts = [c for c in columns if formats[c] is None]
    # Only numbers (a year and a count): the first column labels the rest, given two rows.
    labelled = bool(texts) or any(is_identifier(c) for c in columns) or (
        len(measures) >= 2 and len(rows) >= 2)
    if not labelled:
        return ["table"]
    if len(texts) > 2:  # a listing of records
        return ["bar", "table"] if len(rows) <= _LISTING_BAR_ROWS else ["table"]
    first = (texts or columns)[0]
    if all(isinstance(r.get(first), str) and _PERIOD.match(r[first]) for r in rows):
        return ["line", "bar"]
    shares = all((r.get(measures[0]) or 0) >= 0 for r in rows)
    if 2 <= len(rows) <= _PIE_ROWS and shares:
        return ["bar", "pie"]
    return ["bar"]


def chart_schema(charts: list[str]) -> dict[str, Any]:
    """The insight's chart, among those that can draw the rows."""
    return _object("Chart", "chart_suggestion", {"type": "string", "enum": charts})


