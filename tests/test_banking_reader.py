"""The banking reader: questions to plans to SQL, with no model, on the generated bank."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import date

import pytest

from agentdesk.domains.banking.bank.data import create_bank_database
from agentdesk.domains.banking.bank.database import BankDatabase
from agentdesk.domains.banking.bank.reader import read_request
from agentdesk.domains.banking.bank.reader.catalog import Catalog, catalog_for
from agentdesk.domains.banking.bank.reader.coverage import unread
from agentdesk.domains.banking.bank.reader.plans import Filter, Having, Plan, render
from agentdesk.domains.banking.bank.reader.understand import read, read_question, readings
from agentdesk.domains.banking.bank.sqlsafety import validate_sql
from bench.quality.banking import cases, reference_rows, rows_match
from bench.quality.banking_parts import part_of

from .test_banking_database import postgres_database

TUNED = [c for c in cases() if part_of(c) == "tuned"]
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
    plans, unread = read("How many transactions hit the target of 10?", catalog, today=TODAY)
    assert merchant not in plans[0].filters
    assert unread == ["hit", "target", "10"]  # and the words not read are said


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
    for case in cases():  # every plan code renders, read in whole or not
        plans, _ = read(case.request, catalog, today=TODAY)
        if not plans:
            continue
        plan = plans[0]
        rows = []
        for db in (postgres_bank, sqlite_bank):
            sql = validate_sql(render(plan, db.dialect), dialect=db.dialect, tables=db.tables())
            result = db.execute(sql)
            rows.append([[row[c] for c in result.columns] for row in result.rows])
        ok, why = rows_match(rows[0], rows[1], "ordered" in case.tags)
        assert ok, f"{case.id}: {why}: {sql}"


# -- issue 23: thresholds, missing values, negations, the noun's date, "the N largest X" -----


@pytest.mark.parametrize(("question", "table", "having"), [
    ("How many customers hold at least 3 cards?", "customers", Having("cards", ">=", 3)),
    ("how many clients have more than two accounts", "customers", Having("accounts", ">", 2)),
    ("Customers with 2 or more loans: how many?", "customers", Having("loans", ">=", 2)),
    ("How many customers have exactly one account?", "customers", Having("accounts", "=", 1)),
    ("How many branches have fewer than 100 accounts?", "branches",
     Having("accounts", "<", 100)),
])
def test_a_threshold_on_owned_rows_counts_the_owners(question: str, table: str, having: Having,
                                                     catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.table, plan.measure, plan.having, plan.filters) == (table, "count", having, ())
    assert "HAVING COUNT(DISTINCT" in render(plan)


def test_which_owners_pass_a_threshold_lists_them(catalog: Catalog) -> None:
    plan = first("Which customers have more than 2 loans?", catalog)
    assert (plan.measure, plan.having) == ("rows", Having("loans", ">", 2))


@pytest.mark.parametrize(("question", "expected"), [
    ("How many accounts have no closing date?", Filter("accounts.closed_at", "null")),
    ("How many customers are without an employer?", Filter("customers.employer", "null")),
    ("How many transactions are missing a merchant?", Filter("transactions.merchant", "null")),
    ("Cards with no credit limit, how many?", Filter("cards.credit_limit", "null")),
    ("How many customers do not live in California?", Filter("customers.state", "<>", "CA")),
    ("How many cards aren't active?", Filter("cards.status", "<>", "active")),
    ("How many loans have a rate between 5 and 6 percent?",
     Filter("loans.rate", "between", (5, 6))),
    ("How many branches opened before 2005?", Filter("branches.opened_at", "<", "2005-01-01")),
    ("How many accounts were opened before 2005?",
     Filter("accounts.opened_at", "<", "2005-01-01")),
])
def test_missing_values_negations_ranges_and_the_nouns_own_date(question: str, expected: Filter,
                                                                catalog: Catalog) -> None:
    assert first(question, catalog).filters == (expected,)


@pytest.mark.parametrize(("question", "column", "bare"), [
    ("What are the 5 largest loan principals?", "loans.principal", True),
    ("Show the five highest interest rates", "loans.rate", True),
    ("top 3 transaction amounts", "transactions.amount", True),
    ("Top 5 loans by principal", "loans.principal", False),
    ("Which 5 accounts have the highest balance?", "accounts.balance", False),
])
def test_the_n_largest_x_returns_x(question: str, column: str, bare: bool,
                                   catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.measure, plan.column, plan.bare) == ("rows", column, bare)
    assert render(plan).startswith(f"SELECT {column} FROM" if bare else "SELECT ")


@pytest.mark.parametrize(("question", "unread"), [
    ("How many dormant accounts do we have?", ["dormant"]),
    ("How many customers older than 60 are there?", ["older than 60"]),
    ("How many loans were refinanced twice?", ["refinanced twice"]),
    ("Median balance of savings accounts", ["Median"]),
])
def test_a_phrase_not_read_is_named_and_nothing_is_answered(question: str, unread: list[str],
                                                           bank_db: str) -> None:
    read = read_request(question, BankDatabase(bank_db))
    assert (read.candidates, read.unread) == ([], unread)
    assert read.instead  # what it can answer instead
    assert readings(question, catalog_for(BankDatabase(bank_db)), today=TODAY) == []


def test_every_word_of_a_read_question_is_accounted_for(catalog: Catalog) -> None:
    for case in TUNED:
        assert read(case.request, catalog, today=TODAY)[1] == [], case.request
    assert unread(read_question("How  many customers , joined in 2025 ?!", catalog)) == []


# -- fresh2 read: what the plan ignores is unread; unit counts, "with the most X, the N Y",
# thresholds on a total -------------------------------------------------------------------


@pytest.mark.parametrize(("question", "unread"), [
    ("What is the average number of cards per customer?", ["average"]),  # a count
    ("total spend over $450k", ["over $450k"]),  # a threshold on the one total
    ("total principal of loans with the same rate", ["same rate"]),  # "rate" unused
])
def test_words_the_plan_does_not_use_are_unread(question: str, unread: list[str],
                                                bank_db: str) -> None:
    assert read_request(question, BankDatabase(bank_db)).unread == unread


def test_how_many_of_a_unit_measures_the_column_in_that_unit(catalog: Catalog) -> None:
    plan = first("On average, how many months are student loans for?", catalog)
    assert (plan.measure, plan.column, plan.filters) == (
        "avg", "loans.term_months", (Filter("loans.kind", "=", "student"),))


def test_what_the_most_counts_is_not_what_is_ranked(catalog: Catalog) -> None:
    plan = first("With the most accounts, the three branches", catalog)
    assert (plan.table, plan.measure, plan.group, plan.order, plan.limit) == (
        "accounts", "count", "entity:branches", "desc", 3)


@pytest.mark.parametrize(("question", "group", "keep"), [
    ("merchants with total spend over $450k", "transactions.merchant", (">", 450000)),
    ("branches whose accounts have an average balance above 20000", "entity:branches",
     (">", 20000)),
])
def test_a_threshold_on_a_total_keeps_the_groups_passing_it(question: str, group: str,
                                                            keep: tuple, catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.group, plan.keep, plan.filters) == (group, keep, ())
    assert " HAVING " in render(plan)


@pytest.mark.parametrize(("question", "filters"), [
    ("How many Amex cards are out there?", (Filter("cards.network", "=", "amex"),)),
    ("biggest loan principal we've ever issued?", ()),  # "we've": we have
    ("What was the single largest deposit?", (Filter("transactions.category", "=", "deposit"),)),
    ("break down accounts by type", ()),
    ("3 lowest interest rates among active loans", (Filter("loans.status", "=", "active"),)),
    ("How many accounts have more than $50,000 in them?",
     (Filter("accounts.balance", ">", 50000),)),
    ("How many cards belong to private-segment customers?",
     (Filter("customers.segment", "=", "private"),)),
    ("How many paid-off loans are there?", (Filter("loans.status", "=", "paid_off"),)),
    ("how many loans are not paid off yet?", (Filter("loans.status", "<>", "paid_off"),)),
    ("average rate on personal loans that are still active",
     (Filter("loans.kind", "=", "personal"), Filter("loans.status", "=", "active"))),
    ("total principal of loans, excluding the paid off ones",
     (Filter("loans.status", "<>", "paid_off"),)),
    ("How many accounts other than savings are there?", (Filter("accounts.type", "<>", "savings"),)),
    ("number of txns in 2025", (Filter("transactions.posted_at", "between",
                                       ("2025-01-01", "2025-12-31")),)),
])
def test_pronouns_contractions_hyphens_and_exclusions_are_read(question: str, filters: tuple,
                                                               catalog: Catalog) -> None:
    assert first(question, catalog).filters == filters


def test_not_having_a_qualified_row_is_not_read_as_having_none(bank_db: str) -> None:
    """"don't have an active loan" is no threshold of zero loans: only a bare noun after
    "don't have (any)" is."""
    plans = read_request("How many customers don't have an active loan?",
                         BankDatabase(bank_db)).candidates
    assert all(found.plan.having is None for found in plans)


def test_months_that_run_over_a_year_end_with_one_year_said_are_not_guessed(bank_db: str) -> None:
    """November to February of 2024-25 or of 2025-26: the reader says it did not read it."""
    assert read_request("How many customers joined from November through February 2025?",
                        BankDatabase(bank_db)).unread == ["November through"]


def test_two_values_of_one_column_side_by_side_are_not_read_as_either(bank_db: str) -> None:
    """Two values of one column side by side are neither "one or the other" nor both: the
    second is left unread, except a value that names the kind of row ("deposit") after one
    that says which ("a payroll deposit" is payroll); values joined by "and" are either."""
    database = BankDatabase(bank_db)
    assert read_request("how many retail premier customers", database).unread == ["premier"]
    payroll = read_request("how many payroll deposits were there", database)
    assert payroll.unread == []
    assert "transactions.category = 'payroll'" in payroll.candidates[0].sql
    assert first("how many checking and savings accounts", catalog_for(database)).filters == (
        Filter("accounts.type", "in", ("checking", "savings")),)


def test_a_lead_in_that_restates_the_question_is_context(bank_db: str,
                                                         catalog: Catalog) -> None:
    """"I'm looking at our Chicago base:" says again what the question says; a lead-in that
    names what the question does not is read with it, or reported."""
    assert first("Hi, I'm looking at our Chicago base: how many customers in Chicago are not "
                 "in the retail segment?", catalog).filters == (
        Filter("customers.city", "=", "Chicago"), Filter("customers.segment", "<>", "retail"))
    assert read_request("Hi, I'm looking at our Chicago base: how many customers are not in "
                        "the retail segment?", BankDatabase(bank_db)).unread == [
        "looking", "base"]
    assert Filter("customers.segment", "=", "premier") in first(
        "Premier customers: how many joined in 2024?", catalog).filters


def test_single_means_one_except_before_a_superlative(bank_db: str) -> None:
    assert read_request("How many customers with a single account?",
                        BankDatabase(bank_db)).unread == ["single account"]


@pytest.mark.parametrize(("question", "expected"), [
    ("How many loans have a term of 36 months or less?", Filter("loans.term_months", "<=", 36)),
    ("How many loans of 36 months or less?", Filter("loans.term_months", "<=", 36)),
    ("How many transactions of $5,000 or more?", Filter("transactions.amount", ">=", 5000)),
])
def test_a_comparison_after_the_number_is_read(question: str, expected: Filter,
                                               catalog: Catalog) -> None:
    assert first(question, catalog).filters == (expected,)


@pytest.mark.parametrize(("question", "table", "having"), [
    ("how many accounts have no card", "accounts", Having("cards", "=", 0)),
    ("accounts without a card, how many", "accounts", Having("cards", "=", 0)),
    ("How many customers don't have any loan at all?", "customers", Having("loans", "=", 0)),
    ("how many customers do not own a card", "customers", Having("cards", "=", 0)),
])
def test_owning_none_is_a_threshold_of_zero(question: str, table: str, having: Having,
                                            catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.table, plan.measure, plan.having) == (table, "count", having)


@pytest.mark.parametrize(("question", "expected"), [
    ("total transaction amount on 2025-07-04",
     Filter("transactions.posted_at", "between", ("2025-07-04", "2025-07-04"))),
    ("How many transactions were posted on 4 July 2025?",
     Filter("transactions.posted_at", "between", ("2025-07-04", "2025-07-04"))),
    ("customers who joined between 1/15/2023 and 2/15/2023, how many",
     Filter("customers.joined_at", "between", ("2023-01-15", "2023-02-15"))),
    ("How many loans were originated since Sept 1st, 2026?",
     Filter("loans.originated_at", ">=", "2026-09-01")),
    ("How many accounts were opened from 2020 to 2022?",
     Filter("accounts.opened_at", "between", ("2020-01-01", "2022-12-31"))),
    ("How many accounts were opened between March 2024 and May 2024?",
     Filter("accounts.opened_at", "between", ("2024-03-01", "2024-05-31"))),
    ("How many customers joined from March through June 2025?",
     Filter("customers.joined_at", "between", ("2025-03-01", "2025-06-30"))),
    ("How many loans originated since Sept first, 2026?",
     Filter("loans.originated_at", ">=", "2026-09-01")),
    ("How many customers joined on the twenty-first of March 2024?",
     Filter("customers.joined_at", "between", ("2024-03-21", "2024-03-21"))),
])
def test_days_and_ranges_of_dates_are_read(question: str, expected: Filter,
                                           catalog: Catalog) -> None:
    assert first(question, catalog).filters == (expected,)


@pytest.mark.parametrize(("question", "unread", "sql"), [
    ("avg intrest rate for auto loans", [], "AVG(loans.rate)"),
    ("how many custmers have no employer on file", [], "customers.employer IS NULL"),
    ("total payroll deposited in 2026", ["deposited"], None),  # a word, not "deposit" misspelt
    ("How many acounts are there?", ["acounts"], None),  # "accounts" or "amounts"
])
def test_one_slip_from_one_known_word_is_read_as_it(question: str, unread: list[str],
                                                    sql: str | None, bank_db: str) -> None:
    got = read_request(question, BankDatabase(bank_db))
    assert got.unread == unread
    assert sql is None or sql in got.candidates[0].sql


@pytest.mark.parametrize(("question", "column"), [
    ("in how many different cities do our customers live?", "customers.city"),
    ("How many unique card networks are there?", "cards.network"),
])
def test_how_many_different_values_counts_each_once(question: str, column: str,
                                                    catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.measure, plan.column) == ("distinct", column)
    assert f"COUNT(DISTINCT {column})" in render(plan)


@pytest.mark.parametrize(("question", "unread"), [
    ("new customers per year since 2022", []),
    ("How many new accounts were opened in 2025?", []),
    ("how many new customers", ["new"]),  # new since when?
])
def test_new_rows_are_new_by_the_date_the_plan_counts_them_by(question: str, unread: list[str],
                                                              bank_db: str) -> None:
    assert read_request(question, BankDatabase(bank_db)).unread == unread


@pytest.mark.parametrize(("question", "measure", "column"), [
    ("When was our oldest customer born?", "min", "customers.birth_date"),
    ("When was the first account opened?", "min", "accounts.opened_at"),
    ("When did our newest customer join?", "max", "customers.joined_at"),
    ("when was the youngest premier customer born", "max", "customers.birth_date"),
])
def test_when_was_the_oldest_asks_the_earliest_date(question: str, measure: str, column: str,
                                                   catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.measure, plan.column) == (measure, column)


@pytest.mark.parametrize(("question", "expected"), [
    ("How many 2025 transactions were not made by card?", Filter("transactions.channel", "<>", "card")),
    ("How many branch transactions?", Filter("transactions.channel", "=", "branch")),
])
def test_a_tables_word_that_is_a_value_of_the_next_table_or_negated_is_that_value(
        question: str, expected: Filter, catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert plan.table == "transactions" and expected in plan.filters


def test_a_tables_word_after_per_stays_the_table(catalog: Catalog) -> None:
    assert first("How many transactions per card?", catalog).group == "entity:cards"


@pytest.mark.parametrize(("question", "unread"), [
    ("How many customers are over 60?", ["over 60"]),  # no number of theirs is compared
    ("How many branches have transactions over $5,000?", ["transactions over $5,000"]),
    ("average balance of accounts for customers holding loans", ["loans"]),
])
def test_a_table_or_comparison_the_plan_does_not_read_is_unread(question: str,
                                                               unread: list[str],
                                                               bank_db: str) -> None:
    assert read_request(question, BankDatabase(bank_db)).unread == unread


def test_the_owners_of_the_rows_may_be_named(catalog: Catalog) -> None:
    assert first("How much did customers spend on groceries in 2025?", catalog).table == \
        "transactions"


@pytest.mark.parametrize(("question", "unread"), [
    ("total balance of the top customers", ["top"]),
    ("average rate of the biggest loans", ["biggest"]),
])
def test_a_superlative_the_plan_does_not_rank_by_is_unread(question: str, unread: list[str],
                                                          bank_db: str) -> None:
    assert read_request(question, BankDatabase(bank_db)).unread == unread


@pytest.mark.parametrize(("question", "sql"), [
    ("How many times did people buy at Starbucks during 2024?",
     "SELECT COUNT(*) AS transactions_count FROM transactions WHERE "
     "transactions.posted_at BETWEEN '2024-01-01' AND '2024-12-31' AND "
     "transactions.merchant = 'Starbucks'"),
    ("How many customers bought at Starbucks in 2024?",
     "SELECT COUNT(DISTINCT customers.id) AS customers_count FROM customers JOIN accounts ON "
     "accounts.customer_id = customers.id JOIN transactions ON transactions.account_id = "
     "accounts.id WHERE transactions.posted_at BETWEEN '2024-01-01' AND '2024-12-31' AND "
     "transactions.merchant = 'Starbucks'"),
])
def test_buying_is_a_transaction_and_how_many_times_counts_them(question: str, sql: str,
                                                               catalog: Catalog) -> None:
    assert render(first(question, catalog)) == sql


@pytest.mark.parametrize(("question", "whole", "part"), [
    ("What percentage of accounts are closed?", (), (Filter("accounts.status", "=", "closed"),)),
    ("what share of premier customers live in Texas",
     (Filter("customers.segment", "=", "premier"),), (Filter("customers.state", "=", "TX"),)),
])
def test_a_percentage_of_rows_is_the_share_passing_what_follows_the_noun(
        question: str, whole: tuple, part: tuple, bank_db: str, catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.measure, plan.filters, plan.part) == ("percent", whole, part)
    db = BankDatabase(bank_db)
    result = db.execute(validate_sql(render(plan), dialect="sqlite", tables=db.tables()))
    assert 0 < result.rows[0]["percent"] < 100


@pytest.mark.parametrize(("question", "filters", "group"), [
    ("How many checking and savings accounts are there?",
     (Filter("accounts.type", "in", ("checking", "savings")),), None),
    ("total balance of checking or savings accounts",  # "or" is not Oregon here
     (Filter("accounts.type", "in", ("checking", "savings")),), None),
    ("online vs card transactions in 2026, how many of each",
     (Filter("transactions.posted_at", "between", ("2026-01-01", "2026-12-31")),
      Filter("transactions.channel", "in", ("online", "card"))), "transactions.channel"),
    ("how many customers are in or?", (Filter("customers.state", "=", "OR"),), None),
])
def test_two_values_of_one_column_are_either(question: str, filters: tuple, group: str | None,
                                             catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.filters, plan.group) == (filters, group)


def test_a_ratio_counts_the_rows_before_to_for_each_row_after_it(bank_db: str,
                                                                 catalog: Catalog) -> None:
    plan = first("ratio of credit cards to debit cards", catalog)
    assert (plan.measure, plan.part, plan.per) == (
        "ratio", (Filter("cards.kind", "=", "credit"),), (Filter("cards.kind", "=", "debit"),))
    db = BankDatabase(bank_db)
    got = db.execute(validate_sql(render(plan), dialect="sqlite", tables=db.tables())).rows[0]
    want = db.execute("SELECT 1.0 * SUM(kind = 'credit') / SUM(kind = 'debit') AS r "
                      "FROM cards").rows[0]
    assert got["ratio"] == pytest.approx(want["r"])


def test_a_time_with_no_verb_dates_the_owned_rows_named_before_it(catalog: Catalog) -> None:
    plan = first("How many customers made transactions at Starbucks in 2025?", catalog)
    assert Filter("transactions.posted_at", "between", ("2025-01-01", "2025-12-31")) in \
        plan.filters


@pytest.mark.parametrize(("question", "sql"), [
    ("Which branch opened first?",
     "SELECT branches.* FROM branches ORDER BY branches.opened_at ASC, branches.id LIMIT 1"),
    ("the most recently opened account",
     "SELECT accounts.* FROM accounts ORDER BY accounts.opened_at DESC, accounts.id LIMIT 1"),
    ("the first 3 customers to join",
     "SELECT customers.* FROM customers ORDER BY customers.joined_at ASC, customers.id LIMIT 3"),
    ("the last 2 loans originated",
     "SELECT loans.* FROM loans ORDER BY loans.originated_at DESC, loans.id LIMIT 2"),
    ("which account closed first",  # of the accounts closed, not those never closed
     "SELECT accounts.* FROM accounts WHERE accounts.status = 'closed' AND "
     "accounts.closed_at IS NOT NULL ORDER BY accounts.closed_at ASC, accounts.id LIMIT 1"),
    ("customers who joined last month",  # a period, not the last to join
     "SELECT customers.* FROM customers WHERE customers.joined_at BETWEEN '2026-10-01' AND "
     "'2026-10-31' ORDER BY customers.id"),
])
def test_a_verb_and_a_superlative_of_time_order_the_rows_by_that_date(question: str, sql: str,
                                                                     catalog: Catalog) -> None:
    assert render(first(question, catalog)) == sql


@pytest.mark.parametrize(("question", "unread"), [
    ("accounts opened last week", ["last week"]),  # a period the reader has no date for
    ("which customer opened an account first", ["first"]),  # another table's date
    ("customers with a first name of John", ["first name", "John"]),  # "first" is no filler
    ("which card expires first", ["first"]),  # of the cards still valid, which is not said
])
def test_first_or_last_not_ordering_the_rows_by_a_date_is_unread(question: str,
                                                                unread: list[str],
                                                                catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


def test_a_count_of_rows_first_in_time_is_not_read(catalog: Catalog) -> None:
    assert readings("how many branches opened first", catalog, today=TODAY) == []


@pytest.mark.parametrize(("question", "sql"), [
    ("Number of frozen accts?",
     "SELECT COUNT(*) AS accounts_count FROM accounts WHERE accounts.status = 'frozen'"),
    ("tally ACH transactions over 1,000 dollars",
     "SELECT COUNT(*) AS transactions_count FROM transactions WHERE transactions.channel = "
     "'ach' AND transactions.amount > 1000"),
    ("share of customers that are premier, in percent",
     "SELECT 100.0 * COUNT(CASE WHEN customers.segment = 'premier' THEN 1 END) / COUNT(*) AS "
     "percent FROM customers"),
    ("compare average rates of auto and personal loans",
     "SELECT loans.kind, AVG(loans.rate) AS average_rate FROM loans WHERE loans.kind IN "
     "('auto', 'personal') GROUP BY loans.kind ORDER BY loans.kind"),
    ("total loan principal for customers in New York state",
     "SELECT SUM(loans.principal) AS total_principal FROM loans JOIN customers ON "
     "customers.id = loans.customer_id WHERE customers.state = 'NY'"),
    ("how many customers in New York",  # the city
     "SELECT COUNT(*) AS customers_count FROM customers WHERE customers.city = 'New York'"),
])
def test_abbreviations_tallies_units_comparisons_and_state_names_are_read(
        question: str, sql: str, catalog: Catalog) -> None:
    assert render(first(question, catalog)) == sql


@pytest.mark.parametrize(("question", "table", "having"), [
    ("How many customers don't have any loans?", "customers", Having("loans", "=", 0)),
    ("accounts that do not have a card", "accounts", Having("cards", "=", 0)),
])
def test_not_having_any_is_a_threshold_of_zero(question: str, table: str, having: Having,
                                               catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.table, plan.having) == (table, having)


@pytest.mark.parametrize("question", [
    "customers without any loans in default",  # the filter would drop those with no loan
    "how many customers with fewer than 2 loans in default",
    "customers who don't have any loans in 2025",
])
def test_none_of_the_owned_rows_passing_a_filter_is_not_read(question: str,
                                                             catalog: Catalog) -> None:
    assert readings(question, catalog, today=TODAY) == []


def test_owning_at_least_n_rows_passing_a_filter_is_read(catalog: Catalog) -> None:
    plan = first("customers with at least 2 loans in default", catalog)
    assert (plan.having, plan.filters) == (Having("loans", ">=", 2),
                                           (Filter("loans.status", "=", "default"),))


@pytest.mark.parametrize(("question", "expected"), [
    ("customers with at least 2 loans in 2025",  # the loans' date
     Filter("loans.originated_at", "between", ("2025-01-01", "2025-12-31"))),
    ("customers who joined in 2025 with at least 2 loans",  # the verb's
     Filter("customers.joined_at", "between", ("2025-01-01", "2025-12-31"))),
])
def test_a_time_after_a_threshold_on_owned_rows_dates_those_rows(question: str,
                                                                 expected: Filter,
                                                                 catalog: Catalog) -> None:
    assert first(question, catalog).filters == (expected,)


@pytest.mark.parametrize(("question", "filters"), [
    ("average payroll deposit", (Filter("transactions.category", "=", "payroll"),)),
    ("average rent payment", (Filter("transactions.category", "=", "rent"),)),
    ("how many grocery and dining transactions",  # joined by "and": either of them
     (Filter("transactions.category", "in", ("groceries", "dining")),)),
])
def test_a_value_that_names_the_rows_after_another_of_its_column_is_the_rows(
        question: str, filters: tuple, catalog: Catalog) -> None:
    assert first(question, catalog).filters == filters


@pytest.mark.parametrize(("question", "unread"), [
    ("how many cash travel transactions", ["travel"]),  # two values, neither names the rows
    ("average size", ["size"]),  # the size of which rows
    ("the average size of customers", ["average size"]),
])
def test_two_values_side_by_side_or_a_size_of_nothing_sized_are_unread(
        question: str, unread: list[str], catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "measure", "column"), [
    ("average size of a payroll deposit", "avg", "transactions.amount"),
    ("average size of auto loans", "avg", "loans.principal"),
    ("average size of premier customers' accounts", "avg", "accounts.balance"),
])
def test_size_is_the_number_of_the_rows_named(question: str, measure: str, column: str,
                                              catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.measure, plan.column) == (measure, column)


@pytest.mark.parametrize(("question", "sql"), [
    ("How many distinct customers shopped at Costco in 2026?",
     "SELECT COUNT(DISTINCT customers.id) AS customers_count FROM customers JOIN accounts ON "
     "accounts.customer_id = customers.id JOIN transactions ON transactions.account_id = "
     "accounts.id WHERE transactions.posted_at BETWEEN '2026-01-01' AND '2026-12-31' AND "
     "transactions.merchant = 'Costco'"),
    ("how many unique merchants",  # the values of a column, each once
     "SELECT COUNT(DISTINCT transactions.merchant) AS different_merchant FROM transactions"),
    ("customers who shopped at Costco",  # each customer once, however many purchases, in
     "SELECT DISTINCT customers.* FROM customers JOIN accounts ON accounts.customer_id = "
     "customers.id JOIN transactions ON transactions.account_id = accounts.id WHERE "
     "transactions.merchant = 'Costco' ORDER BY customers.id"),  # one order on every database
])
def test_distinct_rows_are_counted_and_listed_once(question: str, sql: str,
                                                   catalog: Catalog) -> None:
    assert render(first(question, catalog)) == sql


@pytest.mark.parametrize(("question", "sql"), [
    ("Which 5 customers have borrowed the most in total?",
     "SELECT customers.id, customers.first_name, customers.last_name, SUM(loans.principal) AS "
     "total_principal FROM loans JOIN customers ON customers.id = loans.customer_id GROUP BY "
     "customers.id, customers.first_name, customers.last_name ORDER BY total_principal DESC "
     "LIMIT 5"),
    ("how much did customers borrow in 2025",
     "SELECT SUM(loans.principal) AS total_principal FROM loans WHERE loans.originated_at "
     "BETWEEN '2025-01-01' AND '2025-12-31'"),
    ("which customers have the most loans",  # the most of a table is still a count
     "SELECT customers.id, customers.first_name, customers.last_name, COUNT(*) AS loans_count "
     "FROM loans JOIN customers ON customers.id = loans.customer_id GROUP BY customers.id, "
     "customers.first_name, customers.last_name ORDER BY loans_count DESC LIMIT 1"),
])
def test_what_was_borrowed_ranked_or_asked_how_much_is_the_total_principal(
        question: str, sql: str, catalog: Catalog) -> None:
    assert render(first(question, catalog)) == sql


def test_who_borrowed_is_not_how_much(catalog: Catalog) -> None:
    assert read("which customers borrowed in 2025", catalog, TODAY)[1] == ["borrowed"]


@pytest.mark.parametrize(("question", "expected"), [
    ("How many loans were taken out between January 1st and June 30th, 2025?",
     Filter("loans.originated_at", "between", ("2025-01-01", "2025-06-30"))),
    ("loans originated from March 3 to May 5, 2025",
     Filter("loans.originated_at", "between", ("2025-03-03", "2025-05-05"))),
    ("How many loans were taken out in the second half of 2024?",
     Filter("loans.originated_at", "between", ("2024-07-01", "2024-12-31"))),
    ("transactions in H1 2025",
     Filter("transactions.posted_at", "between", ("2025-01-01", "2025-06-30"))),
])
def test_two_days_of_one_year_and_halves_of_a_year_are_ranges(question: str, expected: Filter,
                                                              catalog: Catalog) -> None:
    assert first(question, catalog).filters == (expected,)


def test_two_days_of_one_year_out_of_order_are_unread(catalog: Catalog) -> None:
    assert read("how many loans between June 30th and January 1st, 2025", catalog,
                TODAY)[1] == ["between June 30th"]


@pytest.mark.parametrize(("question", "measure"), [
    ("sum of rent paid in the second half of 2024", "spend"),  # money going out
    ("how many loans are paid off", "count"),  # a status
])
def test_paid_is_money_going_out(question: str, measure: str, catalog: Catalog) -> None:
    assert first(question, catalog).measure == measure


@pytest.mark.parametrize(("question", "unread"), [
    ("how much were customers paid in payroll in 2025", ["paid"]),  # money coming in
    ("how much interest was paid to customers", ["paid"]),
])
def test_money_paid_to_someone_is_unread(question: str, unread: list[str],
                                         catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "measure", "column"), [
    ("date of the most recent customer sign-up", "max", "customers.joined_at"),
    ("what was the date of the first account opened", "min", "accounts.opened_at"),
])
def test_the_date_of_the_first_or_last_is_the_earliest_or_latest_date(
        question: str, measure: str, column: str, catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.measure, plan.column) == (measure, column)


@pytest.mark.parametrize(("question", "unread"), [
    ("date of birth of the oldest customer", ["birth"]),  # no verb of a date
    ("loans that went into", ["went into"]),  # into nothing
    ("accounts credited in 2025", ["credited"]),  # credited is said of transactions
])
def test_a_date_with_no_verb_or_a_phrase_with_nothing_after_it_is_unread(
        question: str, unread: list[str], catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "filters"), [
    ("customer sign-ups in 2025",
     (Filter("customers.joined_at", "between", ("2025-01-01", "2025-12-31")),)),
    ("count of loans that went into default", (Filter("loans.status", "=", "default"),)),
    ("total payroll credited in 2026",
     (Filter("transactions.posted_at", "between", ("2026-01-01", "2026-12-31")),
      Filter("transactions.category", "=", "payroll"), Filter("transactions.amount", ">", 0))),
])
def test_sign_ups_going_into_a_status_and_credits_are_read(question: str, filters: tuple,
                                                           catalog: Catalog) -> None:
    assert first(question, catalog).filters == filters


def test_the_email_providers_are_read_from_the_bank(catalog: Catalog) -> None:
    assert "gmail.com" in catalog.domains and "proton.me" in catalog.domains


@pytest.mark.parametrize(("question", "sql"), [
    ("How many customers use a gmail address?",
     "SELECT COUNT(*) AS customers_count FROM customers WHERE customers.email LIKE "
     "'%@gmail.com'"),
    ("customers with gmail.com e-mails",
     "SELECT customers.* FROM customers WHERE customers.email LIKE '%@gmail.com' ORDER BY "
     "customers.id"),
    ("how many accounts belong to customers with a hotmail address",
     "SELECT COUNT(*) AS accounts_count FROM accounts JOIN customers ON customers.id = "
     "accounts.customer_id WHERE customers.email LIKE '%@hotmail.com'"),
])
def test_an_email_provider_keeps_the_addresses_at_it(question: str, sql: str, bank_db: str,
                                                     catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert render(plan) == sql
    db = BankDatabase(bank_db)
    assert db.execute(validate_sql(render(plan), dialect="sqlite", tables=db.tables())).rows


@pytest.mark.parametrize(("question", "unread"), [
    ("customers not using a gmail address", ["not"]),  # not read, not dropped
    ("customers who use gmail", ["use gmail"]),  # gmail, the address or the app
])
def test_an_email_provider_negated_or_without_address_is_unread(question: str,
                                                                unread: list[str],
                                                                catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "unread"), [
    ("customers with 2+ loans", ["2 + loans"]),  # "+" says at least: not dropped
    ("accounts with balance > 1000", ["> 1000"]),
    ("loans at # 4", ["# 4"]),
])
def test_a_sign_of_a_count_or_comparison_is_never_filler(question: str, unread: list[str],
                                                         catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "sql"), [
    ("# of premier clients",
     "SELECT COUNT(*) AS customers_count FROM customers WHERE customers.segment = 'premier'"),
    ("#of loans originated in 2024",
     "SELECT COUNT(*) AS loans_count FROM loans WHERE loans.originated_at BETWEEN "
     "'2024-01-01' AND '2024-12-31'"),
])
def test_a_number_sign_before_of_counts(question: str, sql: str, catalog: Catalog) -> None:
    assert render(first(question, catalog)) == sql


def test_a_number_sign_the_plan_does_not_count_by_is_unread(catalog: Catalog) -> None:
    assert "average" in read("the average # of cards", catalog, TODAY)[1]


@pytest.mark.parametrize(("question", "sql"), [
    ("what is the mean amount people spend per dining transaction",
     "SELECT AVG(-transactions.amount) AS average_spend FROM transactions WHERE "
     "transactions.category = 'dining' AND transactions.amount < 0"),
    ("average spent on travel in 2025",
     "SELECT AVG(-transactions.amount) AS average_spend FROM transactions WHERE "
     "transactions.posted_at BETWEEN '2025-01-01' AND '2025-12-31' AND "
     "transactions.category = 'travel' AND transactions.amount < 0"),
])
def test_an_average_spent_is_of_the_debits_as_dollars_out(question: str, sql: str,
                                                         catalog: Catalog) -> None:
    assert render(first(question, catalog)) == sql


@pytest.mark.parametrize(("question", "unread"), [
    ("mean spend per client", ["client"]),  # of each one's purchases, or of their totals?
])
def test_spending_a_plan_does_not_read_as_money_out_is_unread(question: str, unread: list[str],
                                                              catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "expected"), [
    ("how many cards belong to accounts which were opened in 2023",
     Filter("accounts.opened_at", "between", ("2023-01-01", "2023-12-31"))),
    ("number of accounts at branches opened after 2010",
     Filter("branches.opened_at", ">", "2010-12-31")),
    ("how many customers hold accounts opened in 2024",
     Filter("accounts.opened_at", "between", ("2024-01-01", "2024-12-31"))),
])
def test_a_date_verb_dates_the_rows_named_right_before_it(question: str, expected: Filter,
                                                          catalog: Catalog) -> None:
    assert first(question, catalog).filters == (expected,)


@pytest.mark.parametrize(("question", "sql"), [
    ("Who holds a frozen savings account?",
     "SELECT DISTINCT customers.* FROM customers JOIN accounts ON accounts.customer_id = "
     "customers.id WHERE accounts.status = 'frozen' AND accounts.type = 'savings' "
     "ORDER BY customers.id"),
    ("who has a student loan of more than $60k",
     "SELECT DISTINCT customers.* FROM customers JOIN loans ON loans.customer_id = "
     "customers.id WHERE loans.kind = 'student' AND loans.principal > 60000 "
     "ORDER BY customers.id"),
])
def test_who_asks_for_the_customers_owning_the_rows(question: str, sql: str,
                                                    catalog: Catalog) -> None:
    assert render(first(question, catalog)) == sql


@pytest.mark.parametrize("question", [
    "who has the biggest mortgage",  # a person, not the largest principal
    "Who spent the most on travel?",
])
def test_who_answered_with_no_people_is_unread(question: str, catalog: Catalog) -> None:
    assert "who" in [p.lower() for p in read(question, catalog, TODAY)[1]]


@pytest.mark.parametrize(("question", "unread"), [
    ("cards issued in 2022 that expire in 2026", ["expire"]),  # one date is read, not both
    ("branches with 3 loans", ["with 3 loans"]),  # a branch owns no loans
    ("clients holding at least 2 accounts and at least 2 cards", ["at least 2 cards"]),
    ("the top 3 customers with more than 2 loans", ["top 3"]),  # every one of them is listed
    ("how many distinct networks among the 10 largest cards", ["the 10 largest"]),
])
def test_a_second_date_verb_threshold_or_a_rank_the_plan_drops_is_unread(
        question: str, unread: list[str], catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize("question", [
    "Good afternoon, how many auto loans are on the books at this moment?",
    "hello, summarize the number of frozen accounts pls",
    "how many cards were reported lost in calendar year 2025",
    "which customers have got a blocked card",
    "the biggest single transaction in 2024",
    "how many 2025 transactions went through the atm channel",
])
def test_greetings_politeness_and_phrases_of_being_there_carry_nothing(
        question: str, catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == []


@pytest.mark.parametrize(("question", "filters"), [
    ("debit cards that isnt active", (Filter("cards.kind", "=", "debit"),
                                      Filter("cards.status", "<>", "active"))),
    ("how many customers outside of Ohio", (Filter("customers.state", "<>", "OH"),)),
    ("accounts with no closing date set", (Filter("accounts.closed_at", "null"),)),
    ("loans taken out in the latter half of 2025",
     (Filter("loans.originated_at", "between", ("2025-07-01", "2025-12-31")),)),
    ("how many of 2024's loans are auto loans",
     (Filter("loans.originated_at", "between", ("2024-01-01", "2024-12-31")),
      Filter("loans.kind", "=", "auto"))),
    ("cards issued in fiscal year 2023",
     (Filter("cards.issued_at", "between", ("2023-01-01", "2023-12-31")),)),
])
def test_bare_contractions_outside_set_halves_and_possessive_years_are_read(
        question: str, filters: tuple, catalog: Catalog) -> None:
    assert first(question, catalog).filters == filters


@pytest.mark.parametrize(("question", "measure"), [
    ("% of cards that are blocked", "percent"),
    ("no. of savings accounts", "count"),
])
def test_a_percent_sign_or_no_dot_before_of_is_the_measure(question: str, measure: str,
                                                          catalog: Catalog) -> None:
    assert first(question, catalog).measure == measure


def test_a_columns_word_after_its_own_value_is_read_by_the_value(catalog: Catalog) -> None:
    assert first("how many clients in the premier segment", catalog).filters == (
        Filter("customers.segment", "=", "premier"),)


@pytest.mark.parametrize(("question", "table", "having"), [
    ("which clients hold a card", "customers", Having("cards", ">=", 1)),
    ("how many accounts have a card", "accounts", Having("cards", ">=", 1)),
    ("retail customers that never took out a loan", "customers", Having("loans", "=", 0)),
])
def test_owning_or_getting_one_row_is_a_threshold_of_one(question: str, table: str,
                                                         having: Having,
                                                         catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.table, plan.having) == (table, having)


def test_a_time_with_a_verb_of_getting_rows_dates_the_rows_got(catalog: Catalog) -> None:
    assert first("During 2024, how many customers took out a loan?", catalog).filters == (
        Filter("loans.originated_at", "between", ("2024-01-01", "2024-12-31")),)


def test_a_time_no_verb_ties_to_the_owned_rows_or_their_owners_is_unread(
        catalog: Catalog) -> None:
    assert read("In 2024, how many clients held a card?", catalog, TODAY)[1] == ["In 2024"]


def test_relative_dates_count_from_the_banks_latest_posting(bank_db: str) -> None:
    """The generated bank runs to 2026-10-31: "the previous month" is September, whatever the
    clock says."""
    assert catalog_for(BankDatabase(bank_db)).today == date(2026, 10, 31)
    got = read_request("how many loans were originated in the previous month",
                       BankDatabase(bank_db))
    assert "BETWEEN '2026-09-01' AND '2026-09-30'" in got.candidates[0].sql


@pytest.mark.parametrize(("question", "expected"), [
    ("how many accounts did retail clients open during 2025?",
     (Filter("accounts.opened_at", "between", ("2025-01-01", "2025-12-31")),
      Filter("customers.segment", "=", "retail"))),
    ("How many accounts did we close in Q1 2026",
     (Filter("accounts.closed_at", "between", ("2026-01-01", "2026-03-31")),)),
    ("number of cards the bank did issue since March 2026",
     (Filter("cards.issued_at", ">=", "2026-03-01"),)),
])
def test_a_bare_date_verb_after_its_auxiliary_dates_the_rows_and_is_no_status(
        question: str, expected: tuple, catalog: Catalog) -> None:
    assert set(first(question, catalog).filters) == set(expected)


@pytest.mark.parametrize(("question", "sign"), [
    ("mean size of a refund credit", Filter("transactions.amount", ">", 0)),
    ("how many interest debits were there in 2025", Filter("transactions.amount", "<", 0)),
])
def test_credit_or_debit_after_a_category_is_the_way_the_money_went(
        question: str, sign: Filter, catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert plan.table == "transactions"
    assert sign in plan.filters
    assert not any(f.column in ("accounts.type", "cards.type") for f in plan.filters)


@pytest.mark.parametrize(("question", "expected"), [
    ("how many frozen accounts? many thanks", (Filter("accounts.status", "=", "frozen"),)),
    ("number of blocked cards, thank you in advance", (Filter("cards.status", "=", "blocked"),)),
    ("how many clients reside in Oregon", (Filter("customers.state", "=", "OR"),)),
])
def test_thanks_and_verbs_of_residing_carry_no_filter(question: str, expected: tuple,
                                                      catalog: Catalog) -> None:
    assert first(question, catalog).filters == expected


@pytest.mark.parametrize(("question", "filters"), [
    ("how many active mortgages are there",
     (Filter("loans.status", "=", "active"), Filter("loans.kind", "=", "mortgage"))),
    ("the 2 highest rates on delinquent student loans",
     (Filter("loans.status", "=", "delinquent"), Filter("loans.kind", "=", "student"))),
])
def test_with_no_table_named_the_rows_are_of_the_table_every_value_can_be_of(
        question: str, filters: tuple, catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.table, plan.filters) == ("loans", filters)


@pytest.mark.parametrize("question", [
    "In March 2026, how many clients made a grocery purchase?",
    "During 2025, how many accounts had more than 20 transactions",
])
def test_a_time_said_first_dates_the_transactions_the_rows_own(question: str,
                                                                catalog: Catalog) -> None:
    assert any(f.column == "transactions.posted_at" for f in first(question, catalog).filters)


@pytest.mark.parametrize(("question", "filters"), [
    ("loans taken out since March 2026", (Filter("loans.originated_at", ">=", "2026-03-01"),)),
    ("customers with no employer on file?", (Filter("customers.employer", "null"),)),
    ("cards with no credit limit set", (Filter("cards.credit_limit", "null"),)),
])
def test_rows_picked_by_a_time_or_a_missing_value_with_no_word_for_rows_are_counted_first(
        question: str, filters: tuple, catalog: Catalog) -> None:
    found = readings(question, catalog, today=TODAY)
    assert [(p.measure, p.filters) for p in found[:2]] == [("count", filters), ("rows", filters)]


@pytest.mark.parametrize("question", [
    "premier customers in Texas",  # who they are
    "branches with over 100 accounts",  # which ones the threshold keeps
    "list the loans taken out since March 2026",
    "show me the accounts with no closing date",
])
def test_rows_picked_by_what_they_are_or_asked_for_are_listed(question: str,
                                                             catalog: Catalog) -> None:
    assert first(question, catalog).measure == "rows"


@pytest.mark.parametrize(("question", "expected"), [
    ("transactions posted in the third quarter of 2025",
     Filter("transactions.posted_at", "between", ("2025-07-01", "2025-09-30"))),
    ("how many cards were issued in the 4th quarter 2024",
     Filter("cards.issued_at", "between", ("2024-10-01", "2024-12-31"))),
])
def test_a_quarter_said_by_its_ordinal_is_a_range(question: str, expected: Filter,
                                                 catalog: Catalog) -> None:
    assert first(question, catalog).filters == (expected,)


@pytest.mark.parametrize(("question", "filters"), [
    ("total fees collected in 2025",
     {Filter("transactions.category", "=", "fees"),
      Filter("transactions.posted_at", "between", ("2025-01-01", "2025-12-31"))}),
    ("how much was spent at restaurants in 2025",
     {Filter("transactions.category", "=", "dining"),
      Filter("transactions.posted_at", "between", ("2025-01-01", "2025-12-31"))}),
])
def test_money_collected_is_money_going_out_and_everyday_words_name_categories(
        question: str, filters: set, catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.measure, set(plan.filters)) == ("spend", filters)


def test_salaries_are_payroll(catalog: Catalog) -> None:
    assert Filter("transactions.category", "=", "payroll") in first(
        "total salary credited in 2026", catalog).filters


@pytest.mark.parametrize(("question", "group"), [
    ("average balance split by the account holder's state", "customers.state"),
    ("loans grouped by the borrower's segment", "customers.segment"),
])
def test_a_breakdown_by_the_owners_column_groups_by_the_owning_customers(
        question: str, group: str, catalog: Catalog) -> None:
    assert first(question, catalog).group == group


@pytest.mark.parametrize(("question", "expected"), [
    ("how many cards are set to expire in 2028",
     (Filter("cards.expires_at", "between", ("2028-01-01", "2028-12-31")),)),
    ("how many cards that do not have a limit", (Filter("cards.credit_limit", "null"),)),
    ("customers who dont have an employer on file", (Filter("customers.employer", "null"),)),
    ("how many transactions lack a merchant name", (Filter("transactions.merchant", "null"),)),
    ("how many customers r in the retail segment", (Filter("customers.segment", "=", "retail"),)),
    ("how many small business banking customers",
     (Filter("customers.segment", "=", "small_business"),)),
])
def test_time_to_come_missing_values_after_do_not_have_and_shorthand_are_read(
        question: str, expected: tuple, catalog: Catalog) -> None:
    assert first(question, catalog).filters == expected


@pytest.mark.parametrize("question", [
    "how many accounts have no cards linked",
    "number of accounts without a card attached to them",
    "how many customers that dont have a loan",
])
def test_rows_with_none_attached_are_a_threshold_of_none(question: str,
                                                         catalog: Catalog) -> None:
    assert first(question, catalog).having in (Having("cards", "=", 0), Having("loans", "=", 0))


def test_deposits_into_accounts_are_summed_as_transactions(catalog: Catalog) -> None:
    plan = first("total deposits into checking accounts in 2025", catalog)
    assert (plan.table, plan.measure, plan.column) == ("transactions", "sum", "transactions.amount")
    assert Filter("accounts.type", "=", "checking") in plan.filters


# -- fresh6 read: a thousands dot, day-first dates, who did it, a unit asked ------------------


@pytest.mark.parametrize(("question", "expected"), [
    ("how many deposits bigger than 5.000 dollars in 2025",
     Filter("transactions.amount", ">", 5000)),
    ("accounts with a balance over $1.250", Filter("accounts.balance", ">", 1250)),
    ("loans with a rate above 4.500%", Filter("loans.rate", ">", 4.5)),
])
def test_a_dotted_number_is_thousands_in_dollars_and_a_decimal_in_percent(
        question: str, expected: Filter, catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters


def test_a_dotted_number_with_no_unit_is_not_read(catalog: Catalog) -> None:
    assert readings("how many deposits over 5.000 in 2025", catalog, today=TODAY) == []


@pytest.mark.parametrize(("question", "expected"), [
    ("how many loans were originated between 1/7/2026 and 30/9/2026",
     ("2026-07-01", "2026-09-30")),
    ("how many loans were originated between 1/7/2026 and 9/30/2026",
     ("2026-01-07", "2026-09-30")),
])
def test_numeric_dates_share_the_order_one_of_them_can_only_have(
        question: str, expected: tuple, catalog: Catalog) -> None:
    assert first(question, catalog).filters == (Filter("loans.originated_at", "between",
                                                       expected),)


def test_numeric_dates_in_two_orders_are_not_read(catalog: Catalog) -> None:
    assert readings("loans originated between 13/1/2026 and 9/30/2026", catalog,
                    today=TODAY) == []


def test_rows_after_by_with_a_clause_are_who_did_it_not_a_breakdown(catalog: Catalog) -> None:
    plan = first("Accounts opened this year by customers who live in Florida: how many?",
                 catalog)
    assert (plan.measure, plan.group) == ("count", None)
    assert Filter("customers.state", "=", "FL") in plan.filters
    assert first("number of accounts by customer", catalog).group == "entity:customers"


@pytest.mark.parametrize(("question", "unread"), [
    ("average term of student loans, in years", ["in years"]),
    ("total balance of savings accounts in thousands", ["in thousands"]),
])
def test_a_unit_the_number_is_not_counted_in_is_unread(question: str, unread: list[str],
                                                       bank_db: str) -> None:
    assert read_request(question, BankDatabase(bank_db)).unread == unread


@pytest.mark.parametrize("question", [
    "average term of student loans in months",
    "total balance of savings accounts in dollars",
    "what share of customers are in the private segment, in percent",
])
def test_a_unit_the_number_is_counted_in_is_read(question: str, bank_db: str) -> None:
    assert read_request(question, BankDatabase(bank_db)).unread == []


@pytest.mark.parametrize(("question", "unread"), [
    ("how many customers joined in 2024 and 2025", ["2025"]),
    ("how many loans in march 2025 and april 2025", ["april 2025"]),
])
def test_a_second_period_of_one_date_is_unread(question: str, unread: list[str],
                                               bank_db: str) -> None:
    assert read_request(question, BankDatabase(bank_db)).unread == unread


@pytest.mark.parametrize(("question", "expected"), [
    ("total spend by category for last quarter",
     Filter("transactions.posted_at", "between", ("2026-07-01", "2026-09-30"))),
    ("how many transactions this quarter",
     Filter("transactions.posted_at", "between", ("2026-10-01", "2026-12-31"))),
    ("fees collected ytd", Filter("transactions.posted_at", "between",
                                  ("2026-01-01", "2026-11-23"))),
    ("Sum of incoming transfers in 2025", Filter("transactions.amount", ">", 0)),
    ("total outgoing transfers in 2025", Filter("transactions.amount", "<", 0)),
    ("count of open credit accounts with a balance below zero",
     Filter("accounts.balance", "<", 0)),
    ("How many 30-year mortgages are on the books?", Filter("loans.term_months", "=", 360)),
    ("how many car loans did we originate in 2025", Filter("loans.kind", "=", "auto")),
])
def test_relative_quarters_ytd_money_in_or_out_zero_terms_in_years_and_cars_are_read(
        question: str, expected: Filter, catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters


def test_a_term_in_years_of_rows_other_than_loans_is_unread(catalog: Catalog) -> None:
    assert read("customers with 30-year mortgages", catalog, TODAY)[1] == ["30 year"]


@pytest.mark.parametrize(("question", "having"), [
    ("how many open accounts have never had a single transaction",
     Having("transactions", "=", 0)),
    ("How many customers have never been issued a card?", Having("cards", "=", 0)),
    ("how many customers got a loan in 2025", Having("loans", ">=", 1)),
])
def test_getting_rows_and_never_a_single_one_are_thresholds(question: str, having: Having,
                                                            catalog: Catalog) -> None:
    assert first(question, catalog).having == having


def test_a_single_row_had_is_not_one_or_more(catalog: Catalog) -> None:
    assert read("how many customers have a single loan", catalog, TODAY)[1] == ["single loan"]


@pytest.mark.parametrize(("question", "unread"), [
    ("list the names of customers who have a delinquent loan", []),
    ("Customers with more than one loan - names please", []),
    ("names of transactions over 5000", ["names"]),  # transactions have no name
    ("the three states with the largest number of customers, biggest first", []),
    ("the three states with the largest number of customers, smallest first",
     ["first"]),  # the largest three, listed the other way round: not read
    ("hi! quick one, how many retail customers do we have living in california?", []),
])
def test_names_of_rows_an_order_kept_and_a_quick_one_are_read(question: str,
                                                               unread: list[str],
                                                               catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "expected"), [
    ("How many active cards expire before the end of this year?",
     Filter("cards.expires_at", "<=", "2026-12-31")),
    ("cards expiring by the end of 2027", Filter("cards.expires_at", "<=", "2027-12-31")),
    ("number of customers that joined in twenty twenty five",
     Filter("customers.joined_at", "between", ("2025-01-01", "2025-12-31"))),
    ("customers born in nineteen ninety nine",
     Filter("customers.birth_date", "between", ("1999-01-01", "1999-12-31"))),
    ("customers who joined in twenty oh five",
     Filter("customers.joined_at", "between", ("2005-01-01", "2005-12-31"))),
    ("how many rent payments in Sept '26?",
     Filter("transactions.posted_at", "between", ("2026-09-01", "2026-09-30"))),
])
def test_the_end_of_a_period_years_in_words_and_short_years_are_dates(
        question: str, expected: Filter, catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters


def test_twenty_five_is_a_number_not_a_year(catalog: Catalog) -> None:
    assert read("how many customers with twenty five accounts", catalog, TODAY)[1] == [
        "twenty five accounts"]


@pytest.mark.parametrize(("question", "expected"), [
    ("How many customers work for Johnson Inc?",
     Filter("customers.employer", "=", "Johnson Inc")),
    ("how much interest did we pay out to customers this year?",
     Filter("transactions.amount", ">", 0)),
    ("ATM cash withdrawals this month, how many so far?", Filter("transactions.amount", "<", 0)),
    ("monthly card spend in 2026, month by month", Filter("transactions.channel", "=", "card")),
    ("New sign-ups in Q1 2026 - count pls",
     Filter("customers.joined_at", "between", ("2026-01-01", "2026-03-31"))),
])
def test_employers_money_paid_out_or_withdrawn_card_spend_and_sign_ups_are_read(
        question: str, expected: Filter, catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters


def test_received_is_no_sign_of_money_in(catalog: Catalog) -> None:
    """A customer receives a card or a loan as well as money: "received" alone must not
    turn a question into one about their incoming transactions."""
    for question in ("biggest single deposit we've ever received",
                     "how many customers received a credit card in 2025"):
        assert all(Filter("transactions.amount", ">", 0) not in plan.filters
                   for plan in readings(question, catalog, today=TODAY))


def test_an_employer_not_worked_for_is_unread(catalog: Catalog) -> None:
    assert read("How many customers don't work for Johnson Inc?", catalog, TODAY)[1] == ["don't"]


def test_a_combined_balance_needed_and_a_bal_are_summed_and_averaged(catalog: Catalog) -> None:
    plan = first("i need the ten customers with the highest combined balance across all their "
                 "accounts", catalog)
    assert (plan.measure, plan.column, plan.group, plan.limit) == (
        "sum", "accounts.balance", "entity:customers", 10)
    assert first("avg bal on open money market accounts", catalog).column == "accounts.balance"


def test_how_much_of_rows_with_no_amount_is_no_count(catalog: Catalog) -> None:
    assert readings("how much do premier customers hold", catalog, today=TODAY) == []
    assert first("how much interest was credited to customers this year?",
                 catalog).table == "transactions"


def test_a_merchant_written_as_a_name_is_read_before_a_word_for_rows(catalog: Catalog) -> None:
    plan = first("How much did Best Buy refund to our customers in 2026?", catalog)
    assert Filter("transactions.merchant", "=", "Best Buy") in plan.filters
    assert Filter("accounts.type", "=", "money_market") in first(
        "avg bal on open money mkt accounts", catalog).filters


def test_which_owners_spent_are_each_with_their_total(catalog: Catalog) -> None:
    plan = first("which customers spent at Starbucks in 2025", catalog)
    assert (plan.measure, plan.group) == ("spend", "entity:customers")


def test_a_count_of_owners_who_spent_counts_money_going_out_on_its_day(
        catalog: Catalog) -> None:
    costco = first("how many clients spend at Costco", catalog)
    assert (costco.measure, set(costco.filters)) == ("count", {
        Filter("transactions.merchant", "=", "Costco"), Filter("transactions.amount", "<", 0)})
    plan = first("how many different customers paid rent in Sept '26?", catalog)
    assert (plan.table, plan.measure) == ("customers", "count")
    assert set(plan.filters) == {
        Filter("transactions.category", "=", "rent"), Filter("transactions.amount", "<", 0),
        Filter("transactions.posted_at", "between", ("2026-09-01", "2026-09-30"))}


@pytest.mark.parametrize(("question", "unread"), [
    ("how many times did people spend at Starbucks", ["spend"]),  # the purchases, not people
    ("how many accounts were paid into in 2025", ["paid"]),  # money in
    ("how many transactions spent over 100 at Starbucks", ["spent"]),
])
def test_spending_a_count_cannot_say_is_unread(question: str, unread: list[str],
                                               catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "order", "limit"), [
    ("Who is our oldest customer?", "asc", 1),
    ("the 3 youngest premier clients", "desc", 3),
])
def test_the_oldest_or_youngest_people_are_ranked_by_birth_date(
        question: str, order: str, limit: int, catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert (plan.table, plan.column, plan.order, plan.limit) == (
        "customers", "customers.birth_date", order, limit)


def test_the_oldest_people_with_no_number_are_unread(catalog: Catalog) -> None:
    assert read("the oldest customers in Texas", catalog, TODAY)[1] == ["oldest"]


def test_a_share_of_the_rows_named_first_is_a_percentage(catalog: Catalog) -> None:
    plan = first("Of all shopping transactions, what % were made online?", catalog)
    assert (plan.measure, plan.filters, plan.part) == (
        "percent", (Filter("transactions.category", "=", "shopping"),),
        (Filter("transactions.channel", "=", "online"),))


@pytest.mark.parametrize("question", ["who is the oldest customer by join date",
                                      "the oldest customer to join"])
def test_the_oldest_by_another_date_is_unread(question: str, catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == ["oldest"]


def test_what_customers_pay_is_spent_and_what_we_pay_is_unread(catalog: Catalog) -> None:
    assert first("How much did customers pay in rent in 2025?", catalog).measure == "spend"
    assert read("how much interest have we paid customers in 2025", catalog, TODAY)[1] == [
        "paid"]


def test_in_order_of_a_ranking_is_read(catalog: Catalog) -> None:
    plan = first("top three states by number of customers, in order", catalog)
    assert (plan.group, plan.order, plan.limit) == ("customers.state", "desc", 3)


def test_a_decade_is_its_ten_years_and_only_after_a_value_is_read(catalog: Catalog) -> None:
    for decade in ("1950s", "1950's", "1950’s"):  # with an apostrophe, no year 1950
        assert first(f"customers born in the {decade}, how many?", catalog).filters == (
            Filter("customers.birth_date", "between", ("1950-01-01", "1959-12-31")),)
    plan = first("customer count per segment, California only", catalog)
    assert (plan.group, plan.filters) == ("customers.segment",
                                          (Filter("customers.state", "=", "CA"),))


@pytest.mark.parametrize(("question", "group"), [
    ("Top 5 dining merchants by spend in 2025", "transactions.merchant"),
    ("top 3 Texas cities by number of customers", "customers.city"),
])
def test_a_column_named_after_a_value_is_what_is_ranked(question: str, group: str,
                                                         catalog: Catalog) -> None:
    assert first(question, catalog).group == group


def test_owners_ranked_by_one_of_their_rows_are_not_listed_twice(catalog: Catalog) -> None:
    """"top 5 customers by balance" would list a customer once per account ranked, and never
    says whether the total or the largest is meant: it is said back, not answered."""
    for question in ("top 5 customers by balance", "which 5 premier customers have the highest "
                     "balance"):
        assert read(question, catalog, TODAY) == ([], ["balance"])
    total = first("top 5 customers by total balance", catalog)
    assert (total.measure, total.group) == ("sum", "entity:customers")
    assert first("which customer has the largest balance", catalog).limit == 1


@pytest.mark.parametrize(("question", "unread"), [
    ("auto loans above $40k: how many, and what is their combined principal?", ["principal"]),
    ("how many checking accounts over $10k and their total balance", ["balance"]),
])
def test_a_number_asked_apart_from_its_comparison_is_unread(question: str, unread: list[str],
                                                            catalog: Catalog) -> None:
    """The comparison filters the number it stands with; the same number asked again of
    the rows kept (their total, their largest) is not what a count answers."""
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize("question", ["how many auto loans are above $40k in principal",
                                      "count mortgages whose principal is over 300k"])
def test_a_number_beside_its_comparison_is_read(question: str, catalog: Catalog) -> None:
    plan = first(question, catalog)
    assert plan.measure == "count"
    assert any(f.column == "loans.principal" and f.op == ">" for f in plan.filters)


@pytest.mark.parametrize("question", ["clients that have target as their employer",
                                      "customers whose employer isn't Walmart",
                                      "customers with employer: Costco"])
def test_a_value_named_as_another_columns_is_unread(question: str, catalog: Catalog) -> None:
    """A merchant said to be an employer: listing customers shows their employer, but the
    filter would be on what they bought, not on whom they work for."""
    assert read(question, catalog, TODAY)[1] == ["employer"]
    assert first("premier customers in Ohio and their employers", catalog).filters == (
        Filter("customers.segment", "=", "premier"), Filter("customers.state", "=", "OH"))


@pytest.mark.parametrize(("question", "measure"), [
    ("mean fuel purchase in 2025?", "avg_spend"),
    ("total utility payments last year", "spend"),
    ("average insurance payment per month", "avg_spend"),
])
def test_what_a_purchase_or_a_payment_of_a_debit_costs_is_spent(question: str, measure: str,
                                                                 catalog: Catalog) -> None:
    """A purchase is money going out, and so is a payment of what the bank only ever debits:
    its size is what was paid, not the amount as posted (below zero)."""
    assert first(question, catalog).measure == measure


def test_purchases_counted_are_money_going_out(catalog: Catalog) -> None:
    plan = first("how many purchases did we see at Target in 2025", catalog)
    assert Filter("transactions.amount", "<", 0) in plan.filters


@pytest.mark.parametrize(("question", "unread"), [
    ("what is the single biggest purchase at Walmart", ["purchase"]),  # the largest debit
    ("the 3 largest purchases of 2026", ["purchases"]),
    ("average interest payment in 2025", ["payment"]),  # interest goes both ways
])
def test_a_purchase_or_payment_ranked_or_of_either_way_is_unread(
        question: str, unread: list[str], catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread
    assert first("average payroll payment", catalog).measure == "avg"  # money in, as posted


def test_a_breakdown_said_first_is_the_group_and_one_not_kept_is_unread(
        catalog: Catalog) -> None:
    plan = first("Per branch: cards issued in 2025, how many", catalog)
    assert (plan.table, plan.measure, plan.group) == ("cards", "count", "entity:branches")
    assert read("loans originated in 2024, split out please", catalog, TODAY)[1] == [
        "split out"]


@pytest.mark.parametrize(("question", "unread"), [
    ("the sum and the mean of student loan principal", ["sum"]),  # only the mean is read
    ("mean combined balance per client", ["combined"]),  # the mean of each one's accounts
    ("biggest and smallest credit limit on visa cards", ["smallest"]),
    ("total cards issued in 2024", ["total"]),  # how many, or their credit limits added up
    ("how many atm deposits were there", []),
    ("what's the average cash deposit", ["deposit"]),  # cash only ever goes out
])
def test_a_measure_said_besides_the_one_read_is_unread(question: str, unread: list[str],
                                                       catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread
    assert first("total card credit limits issued in 2024", catalog).measure == "sum"


@pytest.mark.parametrize(("question", "unread"), [
    ("show all clients and their combined balance", ["clients"]),  # each one's, or one total
    ("which customers hold both a mortgage and a student loan", ["both", "and"]),
    ("clients who bought at Target and at Walmart in 2025", ["and"]),  # both, or either
])
def test_owners_asked_of_one_total_or_of_rows_said_with_and_are_unread(
        question: str, unread: list[str], catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread
    assert first("how many clients have a mortgage or a student loan", catalog).filters == (
        Filter("loans.kind", "in", ("mortgage", "student")),)
    assert first("combined balance of savings and money market accounts",
                 catalog).filters == (Filter("accounts.type", "in", ("savings", "money_market")),)


@pytest.mark.parametrize(("question", "unread"), [
    ("which segment has the newest clients", ["newest"]),  # no "fewest" misspelt
    ("auto loans expiring in 2029", ["expiring"]),  # the cards' date, of rows never named
    ("how many retail customers respectively", ["respectively"]),
])
def test_a_word_read_as_another_or_of_rows_never_named_is_unread(
        question: str, unread: list[str], catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread
    assert first("how many custmers joined in 2025", catalog).table == "customers"


def test_values_of_either_respectively_are_each_counted(catalog: Catalog) -> None:
    plan = first("how many credit and debit cards respectively", catalog)
    assert (plan.measure, plan.group) == ("count", "cards.kind")


@pytest.mark.parametrize(("question", "group"), [
    ("pivot the loans table by status with the total principal column, mortgages only",
     "loans.status"),
    ("one row per state: number of customers, premier only", "customers.state"),
])
def test_a_spreadsheets_words_for_a_breakdown_are_read(question: str, group: str,
                                                       catalog: Catalog) -> None:
    assert first(question, catalog).group == group


@pytest.mark.parametrize(("question", "unread"), [
    ("pivot premier customers", ["pivot"]),  # nothing to pivot by
    ("customers with checking accounts only", ["only"]),  # none but checking accounts
])
def test_a_pivot_of_nothing_and_only_of_owned_rows_are_unread(question: str, unread: list[str],
                                                              catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "expected"), [
    ("okay next one how many checking accounts were opened in 2025 period",
     (Filter("accounts.opened_at", "between", ("2025-01-01", "2025-12-31")),
      Filter("accounts.type", "=", "checking"))),
    ("number of loans comma any loan status comma for customers in Ohio",
     (Filter("customers.state", "=", "OH"),)),
    ("how many debit cards on a network different from Mastercard",
     (Filter("cards.kind", "=", "debit"), Filter("cards.network", "<>", "mastercard"))),
])
def test_dictated_punctuation_any_status_and_different_from_are_read(
        question: str, expected: tuple[Filter, ...], catalog: Catalog) -> None:
    assert first(question, catalog).filters == expected


@pytest.mark.parametrize(("question", "unread"), [
    ("how many cards were issued during that period", ["during", "period"]),  # which period
    ("how many customers have we lent to", ["lent"]),  # who, not how much
])
def test_a_period_not_said_and_lent_not_summed_are_unread(question: str, unread: list[str],
                                                          catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread
    assert first("how much have we lent to premier clients", catalog).column == "loans.principal"


@pytest.mark.parametrize("question", ["which clients have Miller and Co as their employer",
                                      "list customers whose employer is Acme Corp"])
def test_a_name_said_to_be_the_employer_is_read(question: str, catalog: Catalog) -> None:
    name = "Miller and Co" if "Miller" in question else "Acme Corp"
    assert first(question, catalog).filters == (Filter("customers.employer", "=", name),)
    assert read("customers who don't list Acme Corp as their employer", catalog, TODAY)[1] == [
        "don't", "Acme Corp"]  # and those with no employer?


@pytest.mark.parametrize(("question", "expected"), [
    ("count clients 70 or older", Filter("customers.birth_date", "<=", "1956-11-23")),
    ("retail customers aged 25 and younger",
     Filter("customers.birth_date", ">", "2000-11-23")),  # not yet 26
])
def test_an_age_with_its_end_said_bounds_the_birth_date(question: str, expected: Filter,
                                                        catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters
    assert read("how many accounts belong to clients 70 or older", catalog, TODAY)[1] == [
        "70 or older"]  # the owners' age, of rows that have none


@pytest.mark.parametrize(("question", "measure"), [
    ("how much money went out via ach in 2025", "spend"),
    ("total withdrawals at the atm last month", "spend"),
    ("mean outgoing transfer this year", "avg_spend"),
])
def test_money_going_out_added_up_is_spent(question: str, measure: str,
                                           catalog: Catalog) -> None:
    """The amounts that went out are posted below zero; what went out is their size."""
    plan = first(question, catalog)
    assert plan.measure == measure
    assert "-transactions.amount" in render(plan)


@pytest.mark.parametrize(("question", "unread"), [
    ("biggest withdrawal transaction in 2026", ["withdrawal"]),  # the most negative amount
    ("how many mortgages went out in 2024", ["went out"]),  # loans have no money's way
])
def test_money_going_out_ranked_or_of_other_rows_is_unread(question: str, unread: list[str],
                                                           catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "expected"), [
    ("student loans that run longer than ten years", Filter("loans.term_months", ">", 120)),
    ("how many mortgages have terms of less than 15 years",
     Filter("loans.term_months", "<", 180)),
])
def test_a_loan_running_longer_than_some_years_is_its_term(question: str, expected: Filter,
                                                           catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters
    assert read("customers with us for more than 10 years", catalog, TODAY)[1] == [
        "more than 10 years"]  # not a loan's term


@pytest.mark.parametrize(("question", "unread"), [
    ("mean student loan payment", ["payment"]),  # no loans of customers who made a payment
    ("how many debit card payments last year", ["payments"]),
])
def test_a_value_of_rows_reached_through_an_owner_never_named_is_unread(
        question: str, unread: list[str], catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread
    plan = first("how many accounts belong to clients with an auto loan", catalog)
    assert plan.filters == (Filter("loans.kind", "=", "auto"),)


@pytest.mark.parametrize("question", ["quick 1: how many frozen accounts?",
                                      "ok so next 1 how many frozen accounts"])
def test_a_lead_in_with_its_one_in_digits_is_read(question: str, catalog: Catalog) -> None:
    assert first(question, catalog).filters == (Filter("accounts.status", "=", "frozen"),)


@pytest.mark.parametrize(("question", "unread"), [
    ("how many loans did each branch make", ["branch"]),  # a loan has no branch
    ("mean rate on auto loans above 50k", ["above 50k"]),  # the loans' principal
])
def test_a_breakdown_or_bound_of_other_rows_than_said_is_unread(
        question: str, unread: list[str], catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread
    assert Filter("accounts.balance", ">", 10000) in first(
        "average balance of savings accounts over 10k", catalog).filters


@pytest.mark.parametrize(("question", "unread"), [
    ("how many payroll purchases in 2025", ["purchases"]),  # payroll only comes in
    ("average purchase credited to savings accounts", ["purchase"]),
])
def test_a_purchase_of_money_coming_in_is_unread(question: str, unread: list[str],
                                                 catalog: Catalog) -> None:
    assert read(question, catalog, TODAY)[1] == unread


@pytest.mark.parametrize(("question", "expected"), [
    ("count the ATM withdrawals of $250 or more last year",
     Filter("transactions.amount", "<=", -250)),
    ("how many card purchases were below $15 in 2025", Filter("transactions.amount", ">", -15)),
    ("number of fee debits above $30", Filter("transactions.amount", "<", -30)),
    ("how many fees over $25 last month", Filter("transactions.amount", "<", -25)),
    ("grocery purchases between $20 and $80, how many?",
     Filter("transactions.amount", "between", (-80, -20))),
])
def test_a_bound_on_money_going_out_is_of_the_money_spent(question: str, expected: Filter,
                                                          catalog: Catalog) -> None:
    """Money going out is posted below zero: "$250 or more" of it is -250 or less."""
    assert expected in first(question, catalog).filters
    assert Filter("transactions.amount", ">", 1500) in first(
        "how many deposits above $1,500", catalog).filters  # money in keeps its sign
    assert read("how many clients made a withdrawal over $900", catalog, TODAY)[1] == [
        "withdrawal over $900"]  # still said back


@pytest.mark.parametrize(("question", "expected"), [
    ("loans originated last yr, how many", Filter("loans.originated_at", "between",
                                                 ("2025-01-01", "2025-12-31"))),
    ("cards issued this qtr", Filter("cards.issued_at", "between", ("2026-10-01", "2026-12-31"))),
])
def test_a_short_year_or_quarter_after_this_or_last_is_the_period(
        question: str, expected: Filter, catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters
    assert read("how many yr accounts are frozen", catalog, TODAY)[1] == ["yr"]  # "your"?


@pytest.mark.parametrize(("question", "expected"), [
    ("how many frozen accounts are there question mark", Filter("accounts.status", "=", "frozen")),
    ("ok thanks!! next: how many frozen accounts", Filter("accounts.status", "=", "frozen")),
    ("mortgages fully paid off, how many?", Filter("loans.status", "=", "paid_off")),
])
def test_a_spoken_question_mark_thanks_and_a_loan_fully_paid_off_are_read(
        question: str, expected: Filter, catalog: Catalog) -> None:
    assert expected in first(question, catalog).filters
    assert read("how many question mark accounts", catalog, TODAY)[1] == ["question mark"]
    assert read("how many mortgages are fully drawn", catalog, TODAY)[1] == ["fully drawn"]


def test_w_slash_is_with_and_w_slash_o_is_said_back(catalog: Catalog) -> None:
    assert first("clients w/ an auto loan, how many", catalog).filters == (
        Filter("loans.kind", "=", "auto"),)
    assert read("clients w/o an auto loan, how many", catalog, TODAY)[1] == ["w", "o"]
