"""The quality benchmark's frame: summaries and the command line (no model is run)."""

from __future__ import annotations

import json

import pytest

from bench.quality.__main__ import main
from bench.quality.common import CaseResult, summarize


def test_summary_counts_accuracy_failures_by_cause_and_median_time() -> None:
    results = [CaseResult("a", True, None, 1.0), CaseResult("b", False, "wrong rows", 3.0),
               CaseResult("c", False, "wrong rows", 9.0), CaseResult("d", False, "crash", 2.0)]
    summary = summarize("banking", results)
    assert summary == {"agent": "banking", "cases": 4, "passed": 1, "accuracy": 0.25,
                       "failures": {"wrong rows": 2, "crash": 1}, "median_seconds": 2.5}
    assert summarize("banking", [])["accuracy"] == 0.0


def test_the_command_prints_one_json_object_per_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--agent", "banking", "--limit", "0", "--json", "--model", "scripted:x"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["model"] == "scripted:x"
    assert [a["agent"] for a in printed["agents"]] == ["banking"]
    assert printed["agents"][0]["cases"] == 0


def test_an_unknown_agent_is_refused() -> None:
    with pytest.raises(SystemExit):
        main(["--agent", "nobody"])


def test_trip_variants_restate_dates_lengths_and_money_with_the_same_meaning() -> None:
    from bench.quality.people_variants import agent_variants

    made = agent_variants("trip", "A week in Oslo from Boston, leaving 2027-05-03, budget $2,000")
    texts = {text: kind for kind, text in made}
    assert texts["A week in Oslo from Boston, leaving the 3rd of May 2027, budget $2,000"] \
        == "units"
    assert texts["A week in Oslo from Boston, leaving May 3rd, 2027, budget $2,000"] == "units"
    assert texts["7 days in Oslo from Boston, leaving 2027-05-03, budget $2,000"] == "units"
    assert texts["A week in Oslo from Boston, leaving 2027-05-03, budget 2k dollars"] == "units"
    assert texts["A week in Oslo from Boston, departing 2027-05-03, spend at most $2,000"] \
        == "synonyms"
    assert texts["budget $2,000, A week in Oslo from Boston, leaving 2027-05-03"] == "word_order"
    # The parts of a date are never spelled out as numbers ("2027-five-three").
    assert all("five" not in text and "three" not in text for _, text in made)


def test_simulation_variants_scale_the_number_with_the_unit() -> None:
    from bench.quality.people_variants import agent_variants

    made = agent_variants("simulation", "Oral model, ka 0.9 h^-1, dose 200 mg, simulate 12 h")
    units = [text for kind, text in made if kind == "units"]
    assert units == ["Oral model, ka 0.015 per minute, dose 200000 micrograms, simulate 720 "
                     "minutes", "Oral model, ka 0.9/h, dose 200 milligrams, simulate 12 hours"]
    # "h^-1" keeps its "-1": only the simulated time may read "twelve h".
    assert ("numbers_in_words", "Oral model, ka 0.9 h^-1, dose 200 mg, simulate twelve h") \
        in made


def test_the_reading_command_counts_by_part_and_variant(
        capsys: pytest.CaptureFixture[str]) -> None:
    from bench.quality.reading import _part, _people
    from bench.quality.reading import main as reading

    assert reading(["--agent", "trip", "--part", "tuned", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report) == ["trip"] and list(report["trip"]) == ["tuned"]
    classes = report["trip"]["tuned"]
    assert {"original", "case", "units"} <= set(classes)
    assert set(classes["units"]) == {"right", "refused", "silent_wrong"}
    tuned = [c for c in _people("trip") if _part(c) == "tuned"]
    assert sum(classes["original"].values()) == len(tuned)


def test_tags_select_the_cases_holding_every_one() -> None:
    from bench.quality.__main__ import select
    from bench.quality.trip import cases

    every = cases()
    people = select(every, ["people"], None)
    held_back = select(every, ["people", "held-back"], None)
    assert 0 < len(held_back) < len(people) < len(every)
    assert all({"people", "held-back"} <= set(c.tags) for c in held_back)
    assert select(every, ["people", "held-back"], 2) == held_back[:2]
    assert select(every, None, None) == every


def test_outcomes_keep_refusals_and_silent_wrongs_apart() -> None:
    from bench.quality import simulation, trip
    from bench.quality.common import outcomes

    results = [CaseResult("a", True, None, 1.0), CaseResult("b", False, "refused", 1.0),
               CaseResult("c", False, "wrong_flights", 1.0), CaseResult("d", False, "crash", 1.0)]
    assert outcomes(results, trip.REFUSED, trip.OTHER) == {
        "right": 1, "refused": 1, "silent_wrong": 1, "other": 1}
    asked = [CaseResult("e", False, "unexpected_clarify", 1.0),
             CaseResult("f", False, "missing_pause", 1.0),
             CaseResult("g", False, "missing_pause_no_figures", 1.0),
             CaseResult("h", False, "missing_pause_right_figures", 1.0),
             CaseResult("i", False, "unlabelled_pause", 1.0),
             CaseResult("j", False, "unexpected_pause", 1.0)]
    assert outcomes(asked, simulation.REFUSED, simulation.OTHER) == {
        "right": 0, "refused": 1, "silent_wrong": 2, "other": 3}


def test_a_plan_over_budget_is_said_back_only_when_no_offer_fits() -> None:
    """An over-budget plan counts as said back when the cheapest flights and hotel already
    exceed the budget asked (the review says so), as a silent wrong when cheaper offers would
    fit, and a plan costed against another budget than the one asked is wrong however it fits."""
    from agentdesk.domains.trip.agent.activities import activities_for
    from bench.quality.trip import REFUSED, judge_plan

    expected = {"origin": "BOS", "destination": "LIS", "city": "Lisbon", "depart": "2027-03-10",
                "return": "2027-03-14", "travelers": 1, "budget": 1000}
    name, cost = activities_for("Lisbon")[0]
    plan = {"flights": [{"origin": "BOS", "destination": "LIS", "date": "2027-03-10"},
                        {"origin": "LIS", "destination": "BOS", "date": "2027-03-14"}],
            "hotels": [{"city_code": "LIS", "check_in": "2027-03-10", "check_out": "2027-03-14"}],
            "travelers": 1, "activities": [{"name": name, "cost": cost}], "budget": 1000,
            "notes": "Cheapest flights."}

    def judged(budget_status: str, **changes: object) -> str | None:
        values = {"current_itinerary": {**plan, **changes}, "budget_status": budget_status,
                  "total_cost": 1200}
        return judge_plan(values, expected)[0]

    assert judged("under", budget_floor=800) is None
    assert judged("over", budget_floor=1100) == "budget_unmet" and "budget_unmet" in REFUSED
    assert judged("over", budget_floor=900) == "over_budget" and "over_budget" not in REFUSED
    assert judged("over", budget_floor=None) == "over_budget"
    assert judged("under", budget=10000) == "wrong_budget"
