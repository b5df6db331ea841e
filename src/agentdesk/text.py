"""Text shown to a person: without terminal escape codes or control characters, and query rows
summed up in one plain line."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["ROWS_SUMMARY_CHARS", "figure", "plain", "rows_summary"]

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """``text`` without ANSI escape sequences or other control characters (newlines stay)."""
    return _CONTROL.sub("", _ANSI.sub("", text))


ROWS_SUMMARY_CHARS = 240
"""The longest :func:`rows_summary`: one line a person reads at a glance."""


def figure(value: Any) -> str:
    """A value as a person reads it: thousands separated, money-like floats to two places."""
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def rows_summary(question: str, columns: list[str], rows: list[dict[str, Any]],
                 truncated: bool = False) -> str:
    """The question, then its one value, or its row count and first three rows.

    Written by code, so it is right whatever a model would have said; every agent that
    answers from query rows states them in this one form.
    """
    asked = question.strip().rstrip("?.! ")
    if not rows:
        return f"No rows match: {asked}."
    if len(rows) == 1 and len(columns) == 1:
        return f"{asked}: {figure(rows[0][columns[0]])}."
    shown = "; ".join(", ".join(figure(row[c]) for c in columns) for row in rows[:3])
    more = f" and {len(rows) - 3} more" if len(rows) > 3 else ""
    cut = " (cut at the row limit)" if truncated else ""
    return f"{asked}: {len(rows)} rows{cut}: {shown}{more}."[:ROWS_SUMMARY_CHARS]
