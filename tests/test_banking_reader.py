"""The banking reader: questions to plans to SQL, with no model, on the generated bank."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import date

import pytest

from agentdesk.domains.banking.bank.data import create_bank_database
from agentdesk.domains.banking.bank.database import BankDatabase
from agentdesk.domains.banking.bank.reader.catalog import Catalog, catalog_for
from agentdesk.domains.banking.bank.reader.plans import Filter, Plan, render
from agentdesk.domains.banking.bank.reader.understand import readings
from agentdesk.domains.banking.bank.sqlsafety import validate_sql
from bench.quality.banking import cases, reference_rows, rows_match

from .test_banking_database import postgres_database

TUNED = [c for c in cases() if not {"heldout", "fresh", "written"} & set(c.tags)]
"""The labelled questions the reader was built against (held-out and fresh ones are measured)."""
TODAY = date(2026, 11, 23)


@pytest.fixture(scope="module")
def catalog(bank_db: str) -> Catalog:
    return catalog_for(BankDatabase(bank_db))


def first(question: str, catalog: Catalog) -> Plan:
    found = readings(question, catalog, today=TODAY)
    assert found, question
    return found[0]


@pytest.mark.parametrize("case", TUNED, ids=[c.id for c in TUNED])
def test_the_first_reading_answers_each_labelled_question(case, bank_db: str,
                                                          catalog: Catalog) -> None:
    db = BankDatabase(bank_db)
    sql = validate_sql(render(first(case.request, catalog)), dialect="sqlite", tables=db.tables())
    result = db.execute(sql)
    got = [[row[c] for c in result.columns] for row in result.rows]
    ok, why = rows_match(got, reference_rows(bank_db, case.expected), "ordered" in case.tags)
    assert ok, f"{why}: {sql}"


@pytest.mark.parametrize(("question", "expected"), [
    ("How many transactions were posted in Q4 2025?",
     Filter("transactions.posted_at", "between", ("2025-10-01", "2025-12-31"))),
    ("How many accounts were opened in Feb 2024?",
     Filter("accounts.opened_at", "between", ("2024-02-01", "2024-02-29"))),
    ("How many customers joined since March 2026?",
     Filter("customers.joined_at", ">=", "2026-03-01")),
    ("How many customers were born after 1990?",
     Filter("customers.birth_date", ">", "1990-12-31")),
    ("How many loans were originated before 2020?",
     Filter("loans.originated_at", "<", "2020-01-01")),
    ("How many customers joined last year?",
     Filter("customers.joined_at", "between", ("2025-01-01", "2025-12-31"))),
    ("How many cards were issued last month?",
     Filter("cards.issued_at", "between", ("2026-10-01", "2026-10-31"))),
])
def test_dates_go_to_the_date_the_question_means(question: str, expected: Filter,
                                                 catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters


@pytest.mark.parametrize(("question", "expected"), [
    ("How many customers live in New Jersey?", Filter("customers.state", "=", "NJ")),
    ("How many fee transactions were there?", Filter("transactions.category", "=", "fees")),
    ("How many paid off loans are there?", Filter("loans.status", "=", "paid_off")),
    ("How many small business customers are there?",
     Filter("customers.segment", "=", "small_business")),
    ("How many transactions were made at Whole Foods Market?",
     Filter("transactions.merchant", "=", "Whole Foods Market")),
    ("How many loans have a rate under 5%?", Filter("loans.rate", "<", 5)),
    ("How many transactions were over $2.5k?", Filter("transactions.amount", ">", 2500)),
])
def test_values_are_matched_against_what_the_bank_holds(question: str, expected: Filter,
                                                        catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters


def test_a_proper_name_counts_only_when_written_as_one(catalog: Catalog) -> None:
    """"Target" the merchant, not "target" the word."""
    merchant = Filter("transactions.merchant", "=", "Target")
    assert merchant in first("How many transactions at Target?", catalog).filters
    assert merchant not in first("How many transactions hit the target of 10?", catalog).filters


def test_a_value_two_named_tables_could_hold_gives_two_readings(catalog: Catalog) -> None:
    found = readings("How many customers bank at branches in Texas?", catalog, today=TODAY)
    assert [p.filters for p in found] == [(Filter("branches.state", "=", "TX"),),
                                         (Filter("customers.state", "=", "TX"),)]
    assert len(readings("How many customers live in Texas?", catalog, today=TODAY)) == 1


def test_a_question_about_nothing_in_the_bank_has_no_reading(catalog: Catalog) -> None:
    assert readings("What changed in 2025?", catalog, today=TODAY) == []
    assert readings("Delete everything", catalog, today=TODAY) == []


def test_counts_over_a_fanning_join_count_each_row_once(catalog: Catalog) -> None:
    sql = render(first("How many customers have a mortgage?", catalog))
    assert "COUNT(DISTINCT customers.id)" in sql and "JOIN loans" in sql


@pytest.fixture(scope="module")
def postgres_bank() -> Iterator[BankDatabase]:
    if not os.environ.get("AGENTDESK_TEST_POSTGRES_URL"):
        pytest.skip("AGENTDESK_TEST_POSTGRES_URL is not set")
    with postgres_database() as url:
        create_bank_database(url, seed=7)
        yield BankDatabase(url)


@pytest.mark.postgres
def test_every_reading_renders_for_postgres_with_the_same_rows(
        postgres_bank: BankDatabase, bank_db: str, catalog: Catalog) -> None:
    sqlite_bank = BankDatabase(bank_db)
    for case in cases():
        plan = first(case.request, catalog)
        rows = []
        for db in (postgres_bank, sqlite_bank):
            sql = validate_sql(render(plan, db.dialect), dialect=db.dialect, tables=db.tables())
            result = db.execute(sql)
            rows.append([[row[c] for c in result.columns] for row in result.rows])
        ok, why = rows_match(rows[0], rows[1], "ordered" in case.tags)
        assert ok, f"{case.id}: {why}: {sql}"
