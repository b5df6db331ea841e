"""The auditor's pure parts: JSON extraction, offer checks and the party's cost."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator
from langchain_core.messages import ToolMessage

from agentdesk.domains.trip.agent.audit import audit_answer, extract_json, itinerary_schema
from agentdesk.domains.trip.agent.schemas import FLIGHT_COPIED, Itinerary

from .trip_script import TripScript


@pytest.mark.parametrize("text", [
    '{"a": 1}',
    'Sure!\n```json\n{"a": 1}\n```\nEnjoy.',
    '```\n{"a": 1}\n```',
    'The plan is {"a": 1} as requested.',
])
def test_extract_json_finds_plain_and_fenced_objects(text: str) -> None:
    assert extract_json(text) == {"a": 1}


@pytest.mark.parametrize(("text", "message"), [
    ("no json here", "no JSON object"),
    ('{"destination": "LIS", "flights": [{"offer_id": "x"', "incomplete or malformed"),
])
def test_extract_json_explains_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        extract_json(text)


def tool_results(script: TripScript) -> list[ToolMessage]:
    return [ToolMessage(json.dumps(script.flights), name="search_flights", tool_call_id="1"),
            ToolMessage(json.dumps(script.hotels), name="search_hotels", tool_call_id="2")]


def test_rooms_follow_max_occupancy_and_travelers(trip_script: TripScript) -> None:
    index, offer = next((i, o) for i, o in enumerate(trip_script.hotels["offers"])
                        if o["max_occupancy"] == 2)
    it = trip_script.itinerary(travelers=3, hotel=index, activities=[
        {"day": 1, "name": "Fado night", "cost": 40.0}])
    result = audit_answer(json.dumps(it), tool_results(trip_script), {"budget": 100000})
    assert result.errors == []
    assert result.rooms == {offer["offer_id"]: 2}
    flights = sum(f["price"] for f in it["flights"])
    assert result.cost_breakdown == {"flights": round(flights * 3, 2),
                                     "hotels": round(offer["price"] * 2, 2),
                                     "activities": 120.0}
    assert result.budget_status == "under"
    stored = result.itinerary_state()
    assert stored["hotels"][0]["rooms"] == 2 and stored["budget"] == 100000


def test_every_copied_field_is_checked(trip_script: TripScript) -> None:
    it = trip_script.itinerary()
    it["flights"][0]["date"] = "2027-03-11"
    it["hotels"][0]["check_out"] = "2027-03-15"
    it["flights"][1]["origin"] = "OPO"
    errors = audit_answer(json.dumps(it), tool_results(trip_script), {}).errors
    assert len(errors) == 4
    assert any("2027-03-15 is outside the trip (2027-03-10 to 2027-03-14)" in e for e in errors)
    assert any("date 2027-03-11 differs" in e for e in errors)
    assert any("check_out 2027-03-15 differs" in e for e in errors)
    assert any("origin OPO differs" in e for e in errors)


def test_request_mismatches_are_reported(trip_script: TripScript) -> None:
    it = trip_script.itinerary(travelers=1)
    errors = audit_answer(json.dumps(it), tool_results(trip_script),
                          {"travelers": 2, "depart": "2027-03-09"}).errors
    assert any(e.startswith("travelers:") for e in errors)
    assert any(e.startswith("start_date:") for e in errors)


def test_no_budget_anywhere_counts_as_under(trip_script: TripScript) -> None:
    it = trip_script.itinerary(budget=None)
    result = audit_answer(json.dumps(it), tool_results(trip_script), {})
    assert result.errors == [] and result.budget is None and result.budget_status == "under"


def _cheapest(offers: list[dict]) -> float:
    return min(o["price"] for o in offers)


def test_a_budget_no_offer_fits_is_said_at_review(trip_script: TripScript) -> None:
    """Over a budget the cheapest flights and hotel already exceed, the review says no plan
    fits it (the person decides), not only that this plan is over."""
    from agentdesk.domains.trip.agent.audit import render_itinerary

    it = trip_script.itinerary(travelers=1, hotel=0)
    floor = round(_cheapest(trip_script.flights["outbound"])
                  + _cheapest(trip_script.flights["return"])
                  + _cheapest(trip_script.hotels["offers"]), 2)
    result = audit_answer(json.dumps(it), tool_results(trip_script), {"budget": floor - 1})
    assert result.errors == [] and result.budget_status == "over" and result.floor == floor
    stored = result.itinerary_state()
    assert stored["budget_floor"] == floor
    text = render_itinerary(stored, result.cost_breakdown, result.total_cost, "over")
    assert f"No plan fits this budget: the cheapest flights and hotel found already cost " \
           f"{floor:,.2f} USD for the party." in text


def test_a_plan_over_a_budget_cheaper_offers_fit_is_only_over(trip_script: TripScript) -> None:
    """A plan over a budget that cheaper offers would meet is the plan's fault: the review says
    it is over, never that no plan fits."""
    from agentdesk.domains.trip.agent.audit import render_itinerary

    dearest = max(range(len(trip_script.hotels["offers"])),
                  key=lambda i: trip_script.hotels["offers"][i]["price"])
    it = trip_script.itinerary(travelers=1, hotel=dearest, activities=[])
    result = audit_answer(json.dumps(it), tool_results(trip_script), {"budget": 100000})
    assert result.floor is not None
    over = audit_answer(json.dumps(it), tool_results(trip_script),
                        {"budget": result.floor + 1})
    assert over.budget_status == "over" and over.floor == result.floor
    text = render_itinerary(over.itinerary_state(), over.cost_breakdown, over.total_cost, "over")
    assert "OVER by" in text and "No plan fits" not in text


# -- the answer schema states the auditor's rules -----------------------------------------


def narrowed_schema(script: TripScript, preferences: dict | None = None) -> dict:
    return itinerary_schema(tool_results(script), preferences or {})


def test_before_any_offer_the_answer_schema_only_shortens_free_text() -> None:
    schema, plain = itinerary_schema([], {}), Itinerary.model_json_schema()
    for name in ("flights", "hotels", "start_date", "end_date", "travelers", "activities"):
        assert schema["properties"][name] == plain["properties"][name]
    assert schema["$defs"]["FlightLeg"] == plain["$defs"]["FlightLeg"]
    assert schema["$defs"]["HotelStay"] == plain["$defs"]["HotelStay"]
    assert schema["properties"]["notes"]["maxLength"] == 40


@pytest.mark.parametrize(("change", "accepted"), [
    (lambda it: None, True),
    (lambda it: it["flights"][0].update(price=it["flights"][0]["price"] - 1), False),
    (lambda it: it["flights"][0].update(offer_id="FL-INVENTED01"), False),
    (lambda it: it["hotels"][0].update(check_out="2027-03-15"), False),
    (lambda it: it["hotels"][0].update(name="Somewhere Else"), False),
    (lambda it: it.update(travelers=3), False),
    (lambda it: it.update(start_date="2027-03-11"), False),
    (lambda it: it.update(end_date="2027-03-13"), False),
    (lambda it: it.update(activities=[{"day": 3, "name": "Sintra", "cost": 30.0}]), True),
    (lambda it: it.update(activities=[{"day": 6, "name": "Sintra", "cost": 30.0}]), False),
    (lambda it: it.update(hotels=it["hotels"] * 2), False),
    (lambda it: it.update(flights=[it["flights"][0]] * 2), False),
])
def test_the_answer_schema_accepts_exactly_what_the_auditor_accepts(
        trip_script: TripScript, change, accepted: bool) -> None:
    preferences = {"travelers": 1, "depart": "2027-03-10", "return": "2027-03-14"}
    itinerary = trip_script.itinerary(hotel=2)
    change(itinerary)
    schema_ok = Draft202012Validator(
        narrowed_schema(trip_script, preferences)).is_valid(itinerary)
    audit = audit_answer(json.dumps(itinerary), tool_results(trip_script), preferences)
    assert schema_ok is accepted
    assert (audit.errors == []) is accepted, audit.errors


def test_one_round_trip_search_fixes_the_flights_to_its_outbound_then_return(
        trip_script: TripScript) -> None:
    validator = Draft202012Validator(narrowed_schema(trip_script))
    it = trip_script.itinerary()
    assert validator.is_valid(it)
    it["flights"].reverse()
    assert not validator.is_valid(it)
    it["flights"] = [it["flights"][1]]
    assert not validator.is_valid(it)
    it = trip_script.itinerary()
    it["hotels"] = it["hotels"] * 2
    assert not validator.is_valid(it)


def test_the_narrowed_schema_converts_to_a_llama_grammar(trip_script: TripScript) -> None:
    """The local model decodes under it, so llama.cpp's converter must take it whole."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    from agentdesk.models.local import build_decoding_schema

    schema = build_decoding_schema([], narrowed_schema(trip_script, {"travelers": 2}))
    grammar = json_schema_to_gbnf(json.dumps(schema))
    offers = [*trip_script.flights["outbound"], *trip_script.flights["return"],
              *trip_script.hotels["offers"]]
    assert all(offer["offer_id"] in grammar for offer in offers)
    assert "Lisbon Grand Hotel" in grammar and "FL-INVENTED" not in grammar


def test_one_plan_books_each_offer_once_within_the_trip(trip_script: TripScript) -> None:
    it = trip_script.itinerary(activities=[{"day": 7, "name": "Sintra", "cost": 30.0}])
    it["hotels"] = it["hotels"] * 2
    errors = audit_answer(json.dumps(it), tool_results(trip_script), {}).errors
    assert errors == [
        f"offer {it['hotels'][0]['offer_id']} appears more than once; book each offer once",
        "activity 'Sintra': day 7 is after the trip's last day (5)"]


def test_hotels_outside_the_trip_cannot_be_chosen(trip_script: TripScript) -> None:
    later = {"travelers": 1, "depart": "2027-04-01", "return": "2027-04-05"}
    validator = Draft202012Validator(narrowed_schema(trip_script, later))
    it = trip_script.itinerary(start_date="2027-04-01", end_date="2027-04-05")
    assert validator.is_valid({**it, "hotels": []})
    assert not validator.is_valid(it)
    assert any("outside the trip" in e for e in
               audit_answer(json.dumps(it), tool_results(trip_script), later).errors)


def flight_search(depart: str, back: str) -> ToolMessage:
    from datetime import date

    from agentdesk.domains.trip.airports import airport
    from agentdesk.domains.trip.travel import inventory

    offers = inventory.flight_offers(airport("BOS"), airport("LIS"), date.fromisoformat(depart),
                                     date.fromisoformat(back))
    return ToolMessage(json.dumps(offers), name="search_flights", tool_call_id=depart + back)


def test_flights_come_from_one_round_trip_search_within_the_trip(
        trip_script: TripScript) -> None:
    later, outside = flight_search("2027-03-11", "2027-03-13"), flight_search("2027-03-14",
                                                                              "2027-03-15")
    repeated = [*tool_results(trip_script), *tool_results(trip_script)]
    dates = {"depart": "2027-03-10", "return": "2027-03-14"}
    # The same search twice is one search: still its outbound, then its return.
    assert itinerary_schema(repeated, dates)["properties"]["flights"]["minItems"] == 2
    schema = itinerary_schema([*repeated, later, outside], dates)
    assert len(schema["properties"]["flights"]["anyOf"]) == 2  # the one outside is left out
    validator = Draft202012Validator(schema)

    def legs(message: ToolMessage, which: int = 0) -> list[dict]:
        data = json.loads(message.content)
        return [{k: data[d][which][k] for k in FLIGHT_COPIED} for d in ("outbound", "return")]

    it = trip_script.itinerary()
    assert validator.is_valid(it)
    assert validator.is_valid({**it, "flights": legs(later, 1)})
    assert not validator.is_valid({**it, "flights": [legs(later)[0], it["flights"][1]]})
    assert not validator.is_valid({**it, "flights": legs(outside)})
    errors = audit_answer(json.dumps({**it, "flights": legs(outside)}),
                          [*tool_results(trip_script), outside], dates).errors
    assert any("departs 2027-03-15, outside the trip (2027-03-10 to 2027-03-14)" in e
               for e in errors)
