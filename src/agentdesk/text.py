"""Text shown to a person: without terminal escape codes or control characters, query values
in one number format per column, and query rows stated in one plain sentence."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Literal

__all__ = ["ROWS_SUMMARY_CHARS", "NumberFormat", "column_format", "column_formats", "figure",
           "is_identifier", "plain", "rows_summary", "states_each_row"]

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """``text`` without ANSI escape sequences or other control characters (newlines stay)."""
    return _CONTROL.sub("", _ANSI.sub("", text))


# -- numbers: one format per column --------------------------------------------------------

NumberFormat = Literal["integer", "decimal"]
"""How a numeric column's values are written: ``integer`` without decimals, ``decimal``
(money, averages, rates) with two. The web app's ``charts.js`` keeps the same rule."""

_PLACES = {"decimal": Decimal("0.01"), "integer": Decimal(1)}
_IDENTIFIER = re.compile(r"^(id|.+_id)$", re.IGNORECASE)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def is_identifier(column: str) -> bool:
    """``id`` or ``<thing>_id``: a number that names a row, not a quantity to add or chart."""
    return bool(_IDENTIFIER.match(column))


def column_format(values: Iterable[Any]) -> NumberFormat | None:
    """The format of a column from the values the query returned (``None`` is skipped):
    ``integer`` when every value is an int, ``decimal`` when one is a float, ``None`` when
    a value is not a number or there is no value at all.

    The type decides, not the value: ``20470.0`` in a column of averages is ``decimal``.
    """
    kinds = set()
    for value in values:
        if value is None:
            continue
        if not _is_number(value):
            return None
        kinds.add("decimal" if isinstance(value, float) else "integer")
    if not kinds:
        return None
    return "decimal" if "decimal" in kinds else "integer"


def column_formats(columns: list[str], rows: list[dict[str, Any]],
                   ) -> dict[str, NumberFormat | None]:
    """:func:`column_format` of each column."""
    return {c: column_format(row.get(c) for row in rows) for c in columns}


def figure(value: Any, number_format: NumberFormat | None = None) -> str:
    """A value as a person reads it: thousands separated; in a ``decimal`` column (or, with
    no format given, a float) two decimals, in an ``integer`` column none."""
    if _is_number(value):
        kind = number_format or ("decimal" if isinstance(value, float) else "integer")
        if isinstance(value, float) and not math.isfinite(value):
            return str(value)
        # Rounded as the web app's Intl.NumberFormat rounds: the shortest decimal that reads
        # back as the float (2.675, not 2.67499...), ties away from zero (2.675 -> 2.68).
        exact = Decimal(repr(value)).quantize(_PLACES[kind], ROUND_HALF_UP)
        return f"{exact:,.2f}" if kind == "decimal" else f"{exact:,.0f}"
    if value is None:
        return "(none)"
    return str(value)


# -- the answer in one sentence ------------------------------------------------------------

ROWS_SUMMARY_CHARS = 240
"""The longest :func:`rows_summary`: one line a person reads at a glance."""

_NOUN_START = frozenset({"number", "count", "total", "sum", "average", "mean", "median",
                         "highest", "lowest", "largest", "smallest", "maximum", "minimum",
                         "share", "percentage", "rate"})
_WORD_FOR = {"avg": "average", "max": "highest", "min": "lowest", "sum": "total",
             "num": "number", "cnt": "count", "pct": "percentage", "amt": "amount"}


def _measure_name(column: str) -> tuple[str, bool]:
    """A column name in words, and whether it reads as a noun phrase ("the ... is").

    ``customers_count`` is "number of customers", ``avg_rate`` "average rate".
    """
    words = [_WORD_FOR.get(w, w) for w in re.split(r"[_\s]+", column.strip().lower()) if w]
    if len(words) >= 2 and words[-1] == "count":
        words = ["number", "of", *words[:-1]]
    elif len(words) >= 2 and words[0] == "count":
        words = ["number", "of", *words[1:]]
    name = " ".join(words) or column
    return name, bool(words) and words[0] in _NOUN_START


def _lead(column: str) -> str:
    """How a sentence about one measure starts: "The average principal is" or "Spend:"."""
    name, noun = _measure_name(column)
    return f"The {name} is" if noun else f"{name[:1].upper()}{name[1:]}:"


def _listed(items: list[str], fit: int, sep: str = ", ") -> str:
    """``items`` as "a, b and c", as many as fit in ``fit`` characters, then "and N more
    (M rows)"."""
    shown: list[str] = []
    for i, item in enumerate(items):
        rest = len(items) - i - 1
        tail = f" and {rest} more ({len(items)} rows)" if rest else ""
        if shown and len(sep.join([*shown, item])) + len(tail) > fit:
            break
        shown.append(item)
    left = len(items) - len(shown)
    if left:
        return f"{sep.join(shown)} and {left} more ({len(items)} rows)"
    return shown[0] if len(shown) == 1 else f"{sep.join(shown[:-1])} and {shown[-1]}"


def _labels(columns: list[str], rows: list[dict[str, Any]],
            formats: dict[str, NumberFormat | None]) -> list[str] | None:
    """The columns that name a row, when the rows are "a category and its numbers": one or
    two text columns (a first and a last name), else an identifier, else, when every column
    is a number, the first. ``None`` for a listing of records (more text columns)."""
    texts = [c for c in columns if formats[c] is None]
    if 1 <= len(texts) <= 2:
        return texts
    if texts:
        return None
    ids = [c for c in columns if is_identifier(c)]
    if ids:
        return ids[:1]
    return columns[:1] if len(columns) >= 2 else None


def _named(columns: list[str], rows: list[dict[str, Any]],
           formats: dict[str, NumberFormat | None]) -> tuple[list[str], list[str]]:
    """(label columns, measure columns) of "a category and its numbers"; no labels for a
    listing of records."""
    labels = _labels(columns, rows, formats) or []
    measures = [c for c in columns if formats[c] is not None and not is_identifier(c)
                and c not in labels]
    return labels, measures


def states_each_row(columns: list[str], rows: list[dict[str, Any]]) -> bool:
    """Does :func:`rows_summary` name each row's figures (one value, or a category and its
    numbers), rather than list the first rows of a listing?"""
    if len(rows) == 1 and len(columns) == 1:
        return True
    labels, measures = _named(columns, rows, column_formats(columns, rows))
    return bool(rows and labels and measures)


def _cut(text: str) -> str:
    return text if len(text) <= ROWS_SUMMARY_CHARS else text[: ROWS_SUMMARY_CHARS - 1] + "…"


def _name(value: Any) -> str:
    """A value that names a row (a kind, a year, an id), as it is: no thousands separator."""
    return "(none)" if value is None else str(value)


def rows_summary(columns: list[str], rows: list[dict[str, Any]], truncated: bool = False) -> str:
    """The answer the rows give, in one sentence, numbers as :func:`figure` writes them.

    One value: "The number of customers is 1,234."; a category and one number: "The
    average principal is 34,987.56 for auto, 469,770.27 for mortgage ... and 2 more (6
    rows)."; a category and several numbers: "auto: number of loans 120, average rate 7.25;
    ..."; anything else: the row count and the first rows. Written by code, so it is right whatever a model would
    have said; every agent that answers from query rows states them in this one form.
    """
    if not rows:
        return "No rows matched: the query found nothing."
    formats = column_formats(columns, rows)
    cut = " (cut at the row limit)" if truncated else ""
    if len(rows) == 1 and len(columns) == 1:
        column = columns[0]
        return _cut(f"{_lead(column)} {figure(rows[0].get(column), formats[column])}.")
    labels, measures = _named(columns, rows, formats)
    if labels and measures:
        def label(row: dict[str, Any]) -> str:
            return " ".join(_name(row.get(c)) for c in labels)

        if len(measures) == 1:
            (measure,) = measures
            lead = _lead(measure)
            items = [f"{figure(row.get(measure), formats[measure])} for {label(row)}"
                     for row in rows]
            return _cut(f"{lead} {_listed(items, ROWS_SUMMARY_CHARS - len(lead) - 30)}{cut}.")
        items = [f"{label(row)}: " + ", ".join(
            f"{_measure_name(m)[0]} {figure(row.get(m), formats[m])}" for m in measures)
            for row in rows]
        return _cut(f"{_listed(items, ROWS_SUMMARY_CHARS - 30, '; ')}{cut}.")
    shown = "; ".join(", ".join(figure(row.get(c), formats[c]) for c in columns)
                      for row in rows[:3])
    more = f" and {len(rows) - 3} more" if len(rows) > 3 else ""
    return _cut(f"{len(rows)} rows{cut}: {shown}{more}.")
