"""The insurance quality set's labels agree with what code reads and plans (no model)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from bench.quality.common import BLIND, part_of
from bench.quality.insurance import cases
from bench.quality.insurance_variants import outcome

CASES = cases()
TUNED = [c for c in CASES if part_of(c) not in BLIND]
"""The blind parts (held back, fresh) are measured by ``python -m bench.quality`` only: a
test that held them to their labels would be tuning on them."""

NOT_YET_READ = frozenset({
    "f3_couple_wife_listed_first", "f3_night_nurse_separated", "f3_parent_writes_for_student",
    "f3_phone_lowercase_dashed_dates",
    # fresh 11 read: the lease turned in is asked (its VIN may be the car not to quote), the
    # permit asks more than the licence date (the husband teaching her, the permit's dates)
    "f5_lease_swap", "f5_permit_only",
    # fresh 12 read, as flipped from blind
    "f6_dictated_speech", "f6_husband_dates_first",
    "f6_keep_crv_not_civic", "f6_retired_used_to_commute", "f6_birthday_digits_flipped",
    "f6_quoted_old_request", "f6_brazilian_day_first", "f6_form_blank_coapplicant",
    "f6_partner_status", "f6_work_zip_only", "f6_wife_license_only"})
"""Cases of the read parts (``fresh 9 read`` to ``fresh 12 read``) that code does not yet read
as labelled: each is held to fail (strict), so the one that starts reading right leaves this set."""


def _held(case: Any) -> Any:
    if case.id not in NOT_YET_READ:
        return case
    return pytest.param(case, marks=pytest.mark.xfail(
        strict=True, reason="read part: not yet read as labelled"))


def test_the_set_is_labelled() -> None:
    assert len(CASES) >= 15
    assert len({c.id for c in CASES}) == len(CASES)
    actions = {c.expected["expected"]["action"] for c in CASES}
    assert actions == {"quote_initiate_tool", "ask_customer_tool", "request_human_review_tool"}


@pytest.mark.parametrize("case", [_held(c) for c in TUNED], ids=lambda c: c.id)
def test_code_reads_and_plans_as_labelled(case: Any) -> None:
    """Every label is code's own plan (the embedded model may pick the other step)."""
    verdict, detail = outcome(case.expected, case.request, date.today())
    assert verdict == "right", detail
