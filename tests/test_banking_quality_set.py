"""The labelled banking set: every reference query is safe, runs and answers with rows."""

from __future__ import annotations

import pytest

from agentdesk.domains.banking.bank.database import BankDatabase
from agentdesk.domains.banking.bank.sqlsafety import validate_sql
from bench.quality.banking import cases, reference_rows, rows_match

CASES = cases()


def test_the_set_is_large_and_covers_every_kind_of_question() -> None:
    assert len(CASES) >= 60
    assert len({c.id for c in CASES}) == len(CASES)
    assert len({c.request.lower() for c in CASES}) == len(CASES)
    tags = {t for c in CASES for t in c.tags}
    assert {"count", "filter", "group", "join", "topn", "date", "avg", "product"} <= tags


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_reference_validates_and_returns_rows(case, bank_db: str) -> None:
    db = BankDatabase(bank_db)
    validated = validate_sql(case.expected, dialect="sqlite", tables=db.tables())
    rows = reference_rows(bank_db, validated)
    assert rows and all(any(v is not None for v in row) for row in rows)
    if "ordered" in case.tags:
        assert "order by" in case.expected.lower()


def test_rows_match_ignores_names_extra_columns_and_order_unless_asked() -> None:
    want = [["retail", 10], ["premier", 2.5]]
    assert rows_match([[1, "premier", 2.500001], [2, "retail", 10]], want, ordered=False)[0]
    assert not rows_match([[1, "premier", 2.5], [2, "retail", 10]], want, ordered=True)[0]
    assert not rows_match([["retail", 10], ["premier", 3]], want, ordered=False)[0]
    assert not rows_match([["retail", 2.5], ["premier", 10]], want, ordered=False)[0]
    assert not rows_match([["retail", 10]], want, ordered=False)[0]
    assert not rows_match([["retail", -10], ["premier", -2.5]], want, ordered=False)[0]
