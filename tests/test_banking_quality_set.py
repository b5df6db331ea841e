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


def test_the_written_batch_keeps_a_third_held_back() -> None:
    from bench.quality.banking_written import WRITTEN, WRITTEN_HELDOUT

    assert len(WRITTEN) + len(WRITTEN_HELDOUT) >= 30
    assert len(WRITTEN_HELDOUT) * 3 >= len(WRITTEN) + len(WRITTEN_HELDOUT) - 1
    tags = {t for *_, ts in WRITTEN + WRITTEN_HELDOUT for t in ts}
    assert {"having", "null", "date", "topn", "negation"} <= tags


def test_variants_by_rule_keep_the_meaning_and_name_their_class() -> None:
    from bench.quality.variants import CLASSES, variants

    made = variants("How many customers hold at least 3 cards in 2025?")
    assert {kind for kind, _ in made} == set(CLASSES) - {"ordinals", "units"}
    texts = dict((text, kind) for kind, text in made)
    assert texts["how many customers hold at least 3 cards in 2025?"] == "case"
    assert texts["How many customers hold at least three cards in 2025?"] == "numbers_in_words"
    assert texts["In 2025, how many customers hold at least 3 cards?"] == "word_order"
    assert ("ordinals", "the third largest loan") in variants("the 3rd largest loan")
    assert all("5,000" in text for _, text in variants("Transactions over $5,000?"))


def test_the_reader_is_never_silently_wrong_on_the_written_batch(bank_db: str) -> None:
    """Right or refused, for every request of the new batch and every variant of it."""
    from bench.quality.banking_parts import part_of, reader_verdict
    from bench.quality.variants import variants

    for case in CASES:
        if part_of(case).startswith("written"):
            for _, text in [("original", case.request), *variants(case.request)]:
                verdict, detail = reader_verdict(text, case.expected, "ordered" in case.tags,
                                                 bank_db)
                assert verdict != "wrong", f"{text!r}: {detail}"
