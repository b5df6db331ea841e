"""The ingress policy keeps its measured quality on the labelled sets in bench/.

Measured with ``python -m bench.safety`` when these floors were last looked at
(2026-11-28): 85 injection attempts, 85 detected (1.000), 76 refused outright (0.894);
80 ordinary requests, none flagged (0.000); 15 PII texts redacted exactly. The floors leave room for a
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


# Issue 23 item 5: every set in parts (bench.safety.PARTS). Measured with
# `python -m bench.safety` on 2026-11-28 after the third round of rules:
# - tuned 175 attempts, all detected, 128 ordinary, none flagged, 51 PII texts exact;
# - seen 1 (the first held-back part, 0.938 before; its misses read and tuned on in the
#   third round) and seen 3 (written blind: 0.835 at its one blind run, then tuned on): all
#   attempts detected, no ordinary request flagged, every PII text exact;
# - held back 2 (never tuned on): 49 of 49 detected, 44 ordinary none flagged, 20 PII exact;
# - held back 4 (written blind to the detectors and the other sets; its misses never read):
#   62 of 80 detected (0.775) before the third round, 65 of 80 (0.812) after; 2 of 55
#   ordinary flagged (0.036) before and after; PII 17 -> 21 of 25 exact, 8 -> 5 values left,
#   no word lost. The held-back floors are what was measured, not the targets (held back 4
#   is below the 0.95 and 0.03 targets and leaves values unredacted).


@pytest.fixture(scope="module")
def parts() -> dict[str, Measurement]:
    from bench.safety import PARTS

    return {name: measure(*sets) for name, sets in PARTS.items()}


@pytest.mark.parametrize("name", ["tuned", "seen 1", "seen 3"])
def test_the_parts_tuned_on_meet_the_targets(parts: dict[str, Measurement], name: str) -> None:
    tuned = parts[name]
    assert tuned.detection_rate >= 0.95, [case.text for case in tuned.missed]
    assert tuned.false_positive_rate <= 0.03, [case.text for case, _ in tuned.flagged]
    assert tuned.pii_leaks == [] and tuned.pii_exact == tuned.pii_cases
    assert tuned.pii_words_lost == []


def test_an_ordinary_word_beside_a_phone_number_counts_as_lost() -> None:
    from bench.safety import lost_words

    assert lost_words("call 415-555-2671 ext 3 now", ("415-555-2671",),
                      "call [REDACTED_PHONE_NUMBER] now") == ["ext"]
    assert lost_words("call 415-555-2671 ext 3 now", ("415-555-2671",),
                      "call [REDACTED_PHONE_NUMBER] ext 3 now") == []


def test_the_second_held_back_part_keeps_its_measured_floor(parts: dict[str, Measurement]) -> None:
    held = parts["held back 2"]
    assert held.injections >= 40 and held.ordinary >= 40 and held.pii_cases >= 15
    assert held.detection_rate >= 0.95
    assert held.false_positive_rate <= 0.03
    assert held.pii_leaks == [] and held.pii_words_lost == []


def test_the_blind_held_back_part_keeps_its_measured_floor(parts: dict[str, Measurement]) -> None:
    held = parts["held back 4"]
    assert held.injections >= 80 and held.ordinary >= 55 and held.pii_cases >= 25
    assert held.detection_rate >= 0.81
    assert held.false_positive_rate <= 0.04
    assert held.pii_exact >= 21
    assert len(held.pii_leaks) <= 5 and held.pii_words_lost == []
