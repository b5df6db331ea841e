"""The carrier's rating plan and underwriting, checked against premiums computed by hand.

Each expected premium below is written out from the values in the package's JSON tables
(named in the comments), not computed by the rater.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from .carrier_quote import ACCORD, ANN, LIABILITY, OHIO, Carrier, Clock, premiums, whole_dollars


@pytest.fixture
def carrier(isolated_env: Path) -> Iterator[Carrier]:
    yield Carrier(Clock())


def rate(carrier: Carrier, session_id: str) -> dict[str, Any]:
    return carrier.call("rate", session_id=session_id)


# -- hand-computed premiums ------------------------------------------------------------------


def test_ohio_married_driver_old_coupe(carrier: Carrier) -> None:
    sid = carrier.start(prior_insurance={"carrier": "Acme", "months_continuous": 40})
    carrier.call("add_driver", session_id=sid, driver=ANN)
    carrier.call("add_vehicle", session_id=sid, vehicle=ACCORD)
    carrier.call("set_coverages", session_id=sid, coverages={
        **LIABILITY, "comprehensive_deductible": 500, "collision_deductible": 500})
    rating = rate(carrier, sid)

    # base (OH) x territory OH-2 x age 30-49 x licensed 6+ x married x 0 points x coupe
    # x commute x limit x prior 36+ months; vehicle age 2027-2003=24 (16+: 0.55) on COMP/COLL.
    bi = whole_dollars(120, 1.05, 1.00, 1.00, 0.90, 1.00, 1.05, 1.00, 1.00, 0.92)
    pd = whole_dollars(105, 1.03, 1.00, 1.00, 0.90, 1.00, 1.05, 1.00, 1.00, 0.92)
    comp = whole_dollars(60, 1.05, 0.55, 1.10, 1.00, 1.00, 0.92)
    coll = whole_dollars(190, 1.04, 1.00, 1.00, 0.90, 1.00, 0.55, 1.15, 1.00, 1.00, 0.92)
    assert (bi, pd, comp, coll) == (110, 94, 35, 103)
    assert premiums(rating) == {("V1", "BI"): bi, ("V1", "PD"): pd, ("V1", "COMP"): comp,
                                ("V1", "COLL"): coll}
    assert rating["status"] == "rated"
    assert rating["premium"]["total"] == 342
    assert rating["premium"]["by_coverage"] == {"BI": 110, "PD": 94, "COMP": 35, "COLL": 103}
    assert rating["premium"]["term_months"] == 6
    assert rating["term"] == {"months": 6, "effective_date": "2027-02-01",
                              "expiration_date": "2027-08-01"}


def test_california_young_driver_with_points_and_discounts(carrier: Carrier) -> None:
    sid = carrier.start({"first_name": "Sam", "last_name": "Ortiz", "zip_code": "90210"},
                        discounts=["multi_policy"])
    carrier.call("add_driver", session_id=sid, driver={
        "first_name": "Sam", "last_name": "Ortiz", "birth_date": "2007-05-20",
        "marital_status": "single", "license_state": "CA", "license_date": "2023-06-01",
        "good_student": True,
        "violations": [{"kind": "speeding", "date": "2026-03-01"},
                       {"kind": "red_light", "date": "2025-08-01"}],
        "accidents": [{"date": "2026-07-01", "at_fault": False}]})
    carrier.call("add_vehicle", session_id=sid, vehicle={
        "vin": "1N4AL3AP8JC231503", "use": "pleasure", "garaging_zip": "90210"})
    carrier.call("set_coverages", session_id=sid, coverages={
        "bodily_injury": "100/300", "property_damage": 50000, "uninsured_motorist": "30/60",
        "medical_payments": 2000, "comprehensive_deductible": 1000,
        "collision_deductible": 1000})
    rating = rate(carrier, sid)

    # Driver: 19 (18-20: 1.95), licensed 3 years (3-5: 1.08), single 1.00, 2+2+0 = 4 points
    # (1.35). Vehicle: 2018 Altima sedan, 9 years (7-10: 0.85), pleasure 0.90. Territory
    # CA-1 (Los Angeles County). No prior insurance 1.25. multi_policy 0.90 everywhere;
    # good_student 0.88 on BI, PD, MEDPAY, COLL.
    driver = (1.95, 1.08, 1.00, 1.35)
    expected = {
        "BI": whole_dollars(210, 1.35, *driver, 1.00, 0.90, 1.45, 1.25, 0.90, 0.88),
        "PD": whole_dollars(160, 1.20, *driver, 1.00, 0.90, 1.08, 1.25, 0.90, 0.88),
        "UM": whole_dollars(45, 1.40, *driver, 1.00, 0.90, 1.05, 1.25, 0.90),
        "MEDPAY": whole_dollars(20, 1.30, *driver, 1.00, 0.90, 1.35, 1.25, 0.90, 0.88),
        "COMP": whole_dollars(70, 1.45, 0.85, 1.00, 0.90, 0.80, 1.25, 0.90),
        "COLL": whole_dollars(260, 1.25, *driver, 0.85, 1.00, 0.90, 0.82, 1.25, 0.90, 0.88),
    }
    assert expected == {"BI": 1041, "PD": 525, "UM": 190, "MEDPAY": 89, "COMP": 70,
                        "COLL": 574}
    assert rating["premium"]["by_coverage"] == expected
    assert rating["premium"]["total"] == sum(expected.values()) == 2489
    bi = next(line for line in rating["trace"] if line["coverage"] == "BI")
    assert [f["factor"] for f in bi["factors"]] == [
        "base rate", "territory", "driver age", "years licensed", "marital status", "points",
        "body", "use", "limit", "prior insurance", "discount multi_policy",
        "discount good_student"]
    territory = bi["factors"][1]
    assert territory == {"factor": "territory", "table": "territories.json",
                         "key": "CA-1 (Los Angeles County).BI", "value": 1.35}
    assert bi["factors"][5]["key"] == "4 points"


def test_illinois_two_cars_floor_principal_drivers_and_overrides(carrier: Carrier) -> None:
    sid = carrier.start({"first_name": "Dana", "last_name": "Roe", "zip_code": "60601"},
                        prior_insurance={"carrier": "Acme", "months_continuous": 20},
                        discounts=["paperless", "paid_in_full", "homeowner", "multi_policy"])
    carrier.call("add_driver", session_id=sid, driver={
        "first_name": "Dana", "last_name": "Roe", "birth_date": "1981-09-10",
        "marital_status": "married", "license_state": "IL", "license_date": "1998-01-01",
        "violations": [{"kind": "speeding_major", "date": "2024-06-01"}],
        # Before 2024-02-01: outside the 36-month lookback, so no points.
        "accidents": [{"date": "2023-12-01", "at_fault": True}]})
    carrier.call("add_driver", session_id=sid, driver={
        "first_name": "Lee", "last_name": "Roe", "birth_date": "1966-04-02",
        "marital_status": "married", "license_state": "IL", "license_date": "1984-05-01",
        "relationship": "spouse", "defensive_driver": True})
    carrier.call("add_vehicle", session_id=sid, vehicle={
        "vin": "1C4RJFAG0FC625797", "use": "commute", "garaging_zip": "60601",
        "principal_driver_id": "D1"})
    carrier.call("add_vehicle", session_id=sid, vehicle={
        "vin": "5FNYF5H59HB011946", "use": "pleasure", "garaging_zip": "62701",
        "principal_driver_id": "D2", "anti_theft": True})
    carrier.call("set_coverages", session_id=sid, coverages={
        "bodily_injury": "50/100", "property_damage": 20000, "uninsured_motorist": "25/50",
        "comprehensive_deductible": 250, "collision_deductible": 500,
        "vehicles": [{"vehicle_id": "V2", "comprehensive_deductible": 100}]})
    rating = rate(carrier, sid)

    # Discounts: 0.97 x 0.93 x 0.95 x 0.90 x multi_car 0.85 = 0.6556 < floor 0.70, so every
    # line's discounts come to exactly 0.70.
    # V1: 2015 Grand Cherokee (suv), IL-1 (Cook), commute, D1: 45 (1.00), licensed 29 years
    # (1.00), married 0.90, speeding_major 4 points (1.35); vehicle age 12 (11-15: 0.70).
    d1 = (1.00, 1.00, 0.90, 1.35)
    # V2: 2017 Pilot (suv), IL-3 (Sangamon County, the default), pleasure 0.90, D2: 60 (0.92),
    # licensed 42 years, married, 0 points; vehicle age 10 (0.85); COMP 100 only.
    d2 = (0.92, 1.00, 0.90, 1.00)
    expected = {
        ("V1", "BI"): whole_dollars(150, 1.40, *d1, 0.95, 1.00, 1.22, 1.00, 0.70),
        ("V1", "PD"): whole_dollars(120, 1.20, *d1, 1.08, 1.00, 0.96, 1.00, 0.70),
        ("V1", "UM"): whole_dollars(35, 1.50, *d1, 1.00, 1.00, 1.00, 1.00, 0.70),
        ("V1", "COMP"): whole_dollars(65, 1.60, 0.70, 1.00, 1.00, 1.12, 1.00, 0.70),
        ("V1", "COLL"): whole_dollars(210, 1.25, *d1, 0.70, 1.05, 1.00, 1.00, 1.00, 0.70),
        ("V2", "BI"): whole_dollars(150, 0.85, *d2, 0.95, 0.90, 1.22, 1.00, 0.70),
        ("V2", "PD"): whole_dollars(120, 0.90, *d2, 1.08, 0.90, 0.96, 1.00, 0.70),
        ("V2", "UM"): whole_dollars(35, 0.80, *d2, 1.00, 0.90, 1.00, 1.00, 0.70),
        ("V2", "COMP"): whole_dollars(65, 0.90, 0.85, 1.00, 0.90, 1.30, 1.00, 0.70),
    }
    assert expected == {("V1", "BI"): 207, ("V1", "PD"): 127, ("V1", "UM"): 45,
                        ("V1", "COMP"): 57, ("V1", "COLL"): 164, ("V2", "BI"): 77,
                        ("V2", "PD"): 58, ("V2", "UM"): 15, ("V2", "COMP"): 41}
    assert premiums(rating) == expected
    assert rating["rated_drivers"] == {"V1": "D1", "V2": "D2"}
    assert rating["premium"]["by_vehicle"] == {"V1": 600, "V2": 191}
    assert rating["premium"]["total"] == 791
    v2_bi = next(line for line in rating["trace"] if (line["vehicle_id"], line["coverage"])
                 == ("V2", "BI"))
    names = [f["factor"] for f in v2_bi["factors"]]
    assert "discount defensive_driver" in names and names[-1] == "discount floor"


def test_every_trace_multiplies_out_to_its_premium(carrier: Carrier) -> None:
    sid = carrier.start(discounts=["paperless", "paid_in_full", "homeowner", "multi_policy"])
    carrier.call("add_driver", session_id=sid, driver={**ANN, "violations": [
        {"kind": "careless_driving", "date": "2026-01-05"}]})
    for vin in ("1HGCM82633A004352", "1G1ZT53826F109149"):
        carrier.call("add_vehicle", session_id=sid, vehicle={**ACCORD, "vin": vin,
                                                             "anti_theft": True})
    carrier.call("set_coverages", session_id=sid, coverages={
        **LIABILITY, "uninsured_motorist": "25/50", "medical_payments": 10000,
        "comprehensive_deductible": 100, "collision_deductible": 250})
    rating = rate(carrier, sid)
    assert len(rating["trace"]) == 12
    for line in rating["trace"]:
        exact = Decimal(1)
        for factor in line["factors"]:
            exact *= Decimal(str(factor["value"]))
            assert factor["table"].endswith(".json") and factor["key"]
        assert abs(exact - line["premium"]) <= Decimal("0.5") + Decimal("1e-9"), line
        assert line["formula"].endswith(f"-> {line['premium']}")
    assert rating["premium"]["total"] == sum(line["premium"] for line in rating["trace"])


def test_vehicle_without_principal_is_rated_on_the_highest_rated_driver(
        carrier: Carrier) -> None:
    sid = carrier.start()
    carrier.call("add_driver", session_id=sid, driver=ANN)
    carrier.call("add_driver", session_id=sid, driver={
        **ANN, "first_name": "Kim", "birth_date": "2006-02-02", "license_date": "2022-03-01",
        "marital_status": "single", "relationship": "child"})
    carrier.call("add_vehicle", session_id=sid, vehicle=ACCORD)
    carrier.call("add_vehicle", session_id=sid, vehicle={
        **ACCORD, "vin": "1G1ZT53826F109149", "principal_driver_id": "D1"})
    carrier.call("set_coverages", session_id=sid, coverages=LIABILITY)
    rating = rate(carrier, sid)
    assert rating["rated_drivers"] == {"V1": "D2", "V2": "D1"}
    v1 = next(line for line in rating["trace"] if line["vehicle_id"] == "V1")
    assert v1["factors"][2]["key"] == "age 18-20 (is 20)"


def test_good_student_over_24_is_noted_not_applied(carrier: Carrier) -> None:
    sid = carrier.start()
    carrier.call("add_driver", session_id=sid, driver={**ANN, "good_student": True})
    carrier.call("add_vehicle", session_id=sid, vehicle=ACCORD)
    carrier.call("set_coverages", session_id=sid, coverages=LIABILITY)
    rating = rate(carrier, sid)
    assert all("good_student" not in f["factor"] for line in rating["trace"]
               for f in line["factors"])
    assert any("good_student" in note and "41" in note for note in rating["notes"])


# -- knockouts -------------------------------------------------------------------------------


def quote_with(carrier: Carrier, **driver: Any) -> tuple[str, dict[str, Any]]:
    sid = carrier.start()
    added = carrier.call("add_driver", session_id=sid, driver={**ANN, **driver})
    carrier.call("add_vehicle", session_id=sid, vehicle=ACCORD)
    carrier.call("set_coverages", session_id=sid, coverages=LIABILITY)
    return sid, added


def test_dui_within_five_years_declines(carrier: Carrier) -> None:
    sid, added = quote_with(carrier, violations=[{"kind": "dui", "date": "2024-03-02"}])
    assert [flag["rule"] for flag in added["underwriting_flags"]] == ["dui"]
    rating = rate(carrier, sid)
    assert rating["status"] == "declined"
    assert rating["premium"] is None and rating["trace"] == []
    reason = rating["underwriting"]["reasons"][0]
    assert (reason["driver_id"], reason["decision"], reason["rule"]) == ("D1", "decline", "dui")
    assert "2024-03-02" in reason["reason"]
    assert carrier.call("get_quote", session_id=sid)["status"] == "declined"


def test_dui_older_than_five_years_is_rated(carrier: Carrier) -> None:
    # 2022-01-31 is one day before the 60-month lookback from 2027-02-01 begins.
    sid, added = quote_with(carrier, violations=[{"kind": "dui", "date": "2022-01-31"}])
    assert added["underwriting_flags"] == []
    rating = rate(carrier, sid)
    assert rating["status"] == "rated"
    assert rating["trace"][0]["factors"][5]["key"] == "0 points"


def test_sr22_refers_with_an_indicative_premium(carrier: Carrier) -> None:
    sid, _ = quote_with(carrier, sr22_required=True)
    rating = rate(carrier, sid)
    assert rating["status"] == "referred"
    assert rating["underwriting"]["decision"] == "refer"
    assert rating["underwriting"]["reasons"][0]["rule"] == "sr22"
    assert rating["premium"]["indicative"] is True
    # No prior insurance (1.25), liability only: the same arithmetic as a clean driver.
    assert rating["premium"]["by_coverage"] == {
        "BI": whole_dollars(120, 1.05, 0.90, 1.05, 1.25),
        "PD": whole_dollars(105, 1.03, 0.90, 1.05, 1.25)}


def test_more_than_two_at_fault_accidents_declines(carrier: Carrier) -> None:
    three = [{"date": d, "at_fault": True} for d in ("2024-05-01", "2025-05-01", "2026-05-01")]
    sid, _ = quote_with(carrier, accidents=three)
    rating = rate(carrier, sid)
    assert rating["status"] == "declined"
    assert rating["underwriting"]["reasons"][0]["rule"] == "at_fault_accidents"


def test_two_at_fault_accidents_are_rated_with_points(carrier: Carrier) -> None:
    two = [{"date": d, "at_fault": True} for d in ("2025-05-01", "2026-05-01")]
    sid, _ = quote_with(carrier, accidents=[*two, {"date": "2026-06-01", "at_fault": False}])
    rating = rate(carrier, sid)
    assert rating["status"] == "rated"
    bi = rating["trace"][0]
    assert bi["factors"][5] == {"factor": "points", "table": "points.json", "key": "8 points",
                                "value": 2.0}
    assert bi["premium"] == whole_dollars(120, 1.05, 0.90, 2.00, 1.05, 1.00, 1.00, 1.25)


def test_decline_wins_over_referral(carrier: Carrier) -> None:
    sid, _ = quote_with(carrier, sr22_required=True,
                        violations=[{"kind": "dui", "date": "2026-01-01"}])
    rating = rate(carrier, sid)
    assert rating["status"] == "declined"
    assert {r["rule"] for r in rating["underwriting"]["reasons"]} == {"dui", "sr22"}


# -- state minimums and coverage rules -----------------------------------------------------


@pytest.mark.parametrize(("applicant", "coverages", "field", "detail"), [
    (OHIO, {"bodily_injury": "15/30", "property_damage": 25000}, "coverages.bodily_injury",
     "below the Ohio (OH) minimum of 25/50"),
    (OHIO, {"bodily_injury": "25/50", "property_damage": 20000}, "coverages.property_damage",
     "minimum of 25000"),
    ({**OHIO, "zip_code": "90210"}, {"bodily_injury": "25/50", "property_damage": 15000},
     "coverages.bodily_injury", "California (CA) minimum of 30/60"),
    ({**OHIO, "zip_code": "60601"}, {"bodily_injury": "25/50", "property_damage": 20000},
     "coverages.uninsured_motorist", "requires uninsured motorist coverage of at least 25/50"),
    ({**OHIO, "zip_code": "10001"}, {"bodily_injury": "25/50", "property_damage": 10000,
                                     "uninsured_motorist": "15/30"},
     "coverages.uninsured_motorist", "below the New York (NY) minimum of 25/50"),
])
def test_state_minimums_are_enforced(carrier: Carrier, applicant: dict[str, str],
                                     coverages: dict[str, Any], field: str,
                                     detail: str) -> None:
    sid = carrier.start(applicant)
    text = carrier.error("set_coverages", session_id=sid, coverages=coverages)
    assert text.startswith(f"STATE_MINIMUM {field}:"), text
    assert detail in text
    # A refused change leaves no trace.
    assert carrier.call("get_quote", session_id=sid)["coverages"] is None


def test_state_minimums_met_exactly_are_accepted(carrier: Carrier) -> None:
    sid = carrier.start({**OHIO, "zip_code": "19103"})
    done = carrier.call("set_coverages", session_id=sid,
                        coverages={"bodily_injury": "15/30", "property_damage": 5000})
    assert done["coverages"]["bodily_injury"] == "15/30"
    sid = carrier.start({**OHIO, "zip_code": "60601"})
    carrier.call("set_coverages", session_id=sid, coverages={
        "bodily_injury": "25/50", "property_damage": 20000, "uninsured_motorist": "25/50"})


def test_coverage_combinations_the_carrier_does_not_write(carrier: Carrier) -> None:
    sid = carrier.start()
    carrier.call("add_driver", session_id=sid, driver=ANN)
    carrier.call("add_vehicle", session_id=sid, vehicle=ACCORD)
    text = carrier.error("set_coverages", session_id=sid, coverages={
        **LIABILITY, "uninsured_motorist": "50/100"})
    assert text.startswith("RULE_VIOLATION coverages.uninsured_motorist:")
    text = carrier.error("set_coverages", session_id=sid, coverages={
        **LIABILITY, "collision_deductible": 500})
    assert text.startswith("RULE_VIOLATION coverages.comprehensive_deductible:")
    text = carrier.error("set_coverages", session_id=sid, coverages={
        **LIABILITY, "vehicles": [{"vehicle_id": "V9", "comprehensive_deductible": 500}]})
    assert text.startswith("RULE_VIOLATION coverages.vehicles[0].vehicle_id:")


def test_a_leased_car_added_after_coverages_needs_physical_damage_at_rate(
        carrier: Carrier) -> None:
    sid = carrier.start()
    carrier.call("add_driver", session_id=sid, driver=ANN)
    carrier.call("set_coverages", session_id=sid, coverages=LIABILITY)
    carrier.call("add_vehicle", session_id=sid, vehicle={**ACCORD, "ownership": "leased"})
    text = carrier.error("rate", session_id=sid)
    assert text.startswith("RULE_VIOLATION coverages.comprehensive_deductible:")
    assert "leased" in text
    carrier.call("set_coverages", session_id=sid, coverages={
        **LIABILITY, "comprehensive_deductible": 500, "collision_deductible": 500})
    assert rate(carrier, sid)["status"] == "rated"


# -- the tables agree with the API -----------------------------------------------------------


def test_every_value_the_api_accepts_has_a_rate() -> None:
    from itertools import pairwise
    from typing import get_args

    from agentdesk.domains.insurance import quote_request as models
    from agentdesk.domains.insurance.carrier.tables import COVERAGES, rate_tables

    tables = rate_tables()
    written = set(tables.states.states)
    assert written == set(tables.base_rates.rates) == set(tables.territories.counties)
    for state in written:
        counties = tables.territories.counties[state]
        assert set(counties.values()) <= set(tables.territories.factors)
        assert "default" in counties
    for factors in [*tables.base_rates.rates.values(), *tables.territories.factors.values(),
                    *tables.vehicle.body.values()]:
        assert set(factors) == set(COVERAGES)
    assert set(get_args(models.BiLimit)) == set(tables.limits.BI) == set(tables.limits.UM)
    pd_limits = get_args(models.Coverages.model_fields["property_damage"].annotation)
    assert {str(v) for v in pd_limits} == set(tables.limits.PD)
    assert set(get_args(models.ViolationKind)) == set(tables.points.violations)
    assert set(get_args(models.BodyStyle)) == set(tables.vehicle.body)
    assert set(tables.vehicle.vpic_body.values()) <= set(tables.vehicle.body)
    assert set(get_args(models.PolicyDiscount)) == set(tables.discounts.policy)
    marital = get_args(models.DriverCreate.model_fields["marital_status"].annotation)
    assert set(marital) == set(tables.driver.marital_status)
    # Bands cover every age from 15 up without gaps.
    for bands in (tables.driver.age, tables.driver.years_licensed, tables.vehicle.age):
        for before, after in pairwise(bands):
            assert before.max is not None and after.min == before.max + 1
        assert bands[-1].max is None
