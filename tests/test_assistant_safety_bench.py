"""The ingress policy keeps its measured quality on the labelled sets in bench/.

Measured with ``python -m bench.safety`` when these floors were set: 85 injection
attempts, 84 detected (0.988), 75 refused outright (0.882); 80 ordinary requests,
none flagged (0.000); 15 PII texts redacted exactly. The floors leave room for a
few cases (about four attempts, two ordinary requests) so that a new rule can be
traded against an old miss; a larger regression fails.
"""

from __future__ import annotations

import pytest

from bench.safety import Measurement, measure
from bench.safety_sets import INJECTIONS, ORDINARY


@pytest.fixture(scope="module")
def measured() -> Measurement:
    return measure()


def test_sets_are_large_enough() -> None:
    assert len(INJECTIONS) >= 50 and len(ORDINARY) >= 50
    assert len({case.category for case in INJECTIONS}) >= 6


def test_detection_rate_floor(measured: Measurement) -> None:
    assert measured.detection_rate >= 0.95, [case.text for case in measured.missed]
    assert measured.refusal_rate >= 0.85


def test_false_positive_rate_ceiling(measured: Measurement) -> None:
    flagged = [(case.text, verdict.verdict) for case, verdict in measured.flagged]
    assert measured.false_positive_rate <= 0.03, flagged


def test_no_category_is_left_behind(measured: Measurement) -> None:
    for category, total in measured.totals_by_category.items():
        assert measured.misses_by_category[category] / total <= 0.2, category


def test_personal_data_never_survives_redaction(measured: Measurement) -> None:
    assert measured.pii_leaks == []
    assert measured.pii_exact == measured.pii_cases
