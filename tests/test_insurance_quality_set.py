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


def test_the_set_is_labelled() -> None:
    assert len(CASES) >= 15
    assert len({c.id for c in CASES}) == len(CASES)
    actions = {c.expected["expected"]["action"] for c in CASES}
    assert actions == {"quote_initiate_tool", "ask_customer_tool", "request_human_review_tool"}


@pytest.mark.parametrize("case", TUNED, ids=lambda c: c.id)
def test_code_reads_and_plans_as_labelled(case: Any) -> None:
    """Every label is code's own plan (the embedded model may pick the other step)."""
    verdict, detail = outcome(case.expected, case.request, date.today())
    assert verdict == "right", detail
