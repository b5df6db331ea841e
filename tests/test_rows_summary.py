"""Query rows stated in words (agentdesk.text): the answer, not the question, and every
number in its column's format, for the banking agent and the assistant alike."""

from __future__ import annotations

from typing import Any

import pytest

from agentdesk.text import (
    ROWS_SUMMARY_CHARS,
    column_format,
    figure,
    rows_summary,
    states_each_row,
)

BY_KIND = [{"kind": "auto", "average_principal": 34987.557603686},
           {"kind": "mortgage", "average_principal": 469770.2702702},
           {"kind": "personal", "average_principal": 20470.0},
           {"kind": "student", "average_principal": 71569.411764}]


def test_a_category_and_a_number_state_every_figure() -> None:
    summary = rows_summary(["kind", "average_principal"], BY_KIND)
    assert summary == ("The average principal is 34,987.56 for auto, 469,770.27 for mortgage, "
                       "20,470.00 for personal and 71,569.41 for student.")


@pytest.mark.parametrize(("columns", "rows", "summary"), [
    (["customers_count"], [{"customers_count": 1234}], "The number of customers is 1,234."),
    (["avg_rate"], [{"avg_rate": 7.0}], "The average rate is 7.00."),
    (["joined"], [{"joined": 274}], "Joined: 274."),
    (["segment", "customers"], [{"segment": "retail", "customers": 1354},
                                {"segment": "private", "customers": 87}],
     "Customers: 1,354 for retail and 87 for private."),
    # Two text columns name the row together; the identifier does not.
    (["id", "first_name", "last_name", "total_balance"],
     [{"id": 7, "first_name": "Ana", "last_name": "Silva", "total_balance": 1500.5}],
     "The total balance is 1,500.50 for Ana Silva."),
    # A year labels its count as it is: 2024, not 2,024.
    (["year", "n"], [{"year": 2024, "n": 3}, {"year": 2025, "n": 4}], "N: 3 for 2024 and 4 for 2025."),
    (["kind", "loans_count", "avg_rate"], [{"kind": "auto", "loans_count": 12, "avg_rate": 6.5},
                                           {"kind": "student", "loans_count": 3, "avg_rate": 4.0}],
     "auto: number of loans 12, average rate 6.50 and student: number of loans 3, "
     "average rate 4.00."),
    (["n"], [], "No rows matched: the query found nothing."),
])
def test_summary_states_the_answer(columns: list[str], rows: list[dict[str, Any]],
                                   summary: str) -> None:
    assert rows_summary(columns, rows) == summary


def test_a_listing_says_how_many_rows_and_the_first_ones() -> None:
    loan = {"id": 1, "customer_id": 7, "kind": "auto", "principal": 9000.0, "status": "active",
            "originated_at": "2024-05-01"}
    summary = rows_summary(list(loan), [loan] * 5, truncated=True)
    assert summary.startswith("5 rows (cut at the row limit): 1, 7, auto, 9,000.00, active, "
                              "2024-05-01; ")
    assert summary.endswith(" and 2 more.")
    assert not states_each_row(list(loan), [loan] * 5)
    assert states_each_row(["kind", "average_principal"], BY_KIND)


def test_many_rows_stay_one_readable_line() -> None:
    rows = [{"month": f"2025-{m:02d}", "total_amount": 1234567.891 * m} for m in range(1, 13)]
    summary = rows_summary(["month", "total_amount"], rows)
    assert len(summary) <= ROWS_SUMMARY_CHARS
    assert summary.startswith("The total amount is 1,234,567.89 for 2025-01, 2,469,135.78 for ")
    shown = summary.count(" for 2025-")
    assert summary.endswith(f" and {12 - shown} more (12 rows).")


@pytest.mark.parametrize(("values", "expected"), [
    ([1, 2, None], "integer"),
    ([20470.0, 34987.5], "decimal"),
    ([20470.0], "decimal"),  # the type decides: an average that happens to be whole
    ([1, 2.5], "decimal"),
    (["a", 1], None),
    ([None, None], None),
    ([True, False], None),
])
def test_a_column_has_one_number_format(values: list[Any], expected: str | None) -> None:
    assert column_format(values) == expected


@pytest.mark.parametrize(("value", "number_format", "text"), [
    (20470.0, "decimal", "20,470.00"),
    (20470, "decimal", "20,470.00"),
    (20470.0, None, "20,470.00"),
    (1234567, None, "1,234,567"),
    (1234567, "integer", "1,234,567"),
    (2.675, "decimal", "2.68"),   # the decimal the float reads as, ties away from zero
    (0.125, "decimal", "0.13"),
    (-0.125, "decimal", "-0.13"),
    (None, "decimal", "(none)"),
    ("auto", None, "auto"),
])
def test_figure_writes_a_value_by_its_column_format(value: Any, number_format: Any,
                                                    text: str) -> None:
    assert figure(value, number_format) == text
