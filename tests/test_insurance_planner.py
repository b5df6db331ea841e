"""The insurance agent's parts without a run: routing, review policy, the planner's checks,
and code reading customer emails."""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any, cast

import pytest
from fastmcp import Client
from langchain_core.messages import HumanMessage
from langchain_mcp_adapters.tools import load_mcp_tools

from agentdesk.domains.insurance.agent import SPEC
from agentdesk.domains.insurance.agent.agenda import code_plan, coverages_for, missing_fields
from agentdesk.domains.insurance.agent.extract import merge, read_email
from agentdesk.domains.insurance.agent.nodes import check_agency_review, check_execution_result
from agentdesk.domains.insurance.agent.planner import _check_decision, looks_like_a_quote_request
from agentdesk.domains.insurance.agent.policy import DEFAULT_REVIEW, review_policy
from agentdesk.domains.insurance.agent.render import final_email
from agentdesk.domains.insurance.agent.schemas import InsuranceInput, PlannerDecision, check_args
from agentdesk.domains.insurance.agent.state import AgentState
from agentdesk.domains.insurance.agent.tools import carrier_minimums
from agentdesk.domains.insurance.carrier import build_server
from agentdesk.errors import ConfigError, InputError
from agentdesk.runtime.approvals import Decision
from agentdesk.runtime.runs.context import AgentContext
from agentdesk.runtime.tools import ToolPolicy

from .carrier_quote import Carrier, Clock
from .insurance_flow import ANN_EMAIL, BAD_VIN

TODAY = date(2026, 11, 23)
PLAN = {"tool_name": "add_driver_tool", "args": {}, "id": "c1"}


@pytest.mark.parametrize(("fields", "route"), [
    ({"completed": True, "planned_tool_inputs": PLAN}, "__end__"),
    ({"planned_tool_inputs": PLAN, "requires_agency_review": True}, "agency_review"),
    ({"planned_tool_inputs": PLAN, "requires_agency_review": False}, "tools"),
    ({"awaiting_customer_reply": True}, "wait_customer"),
    ({"human_feedback": {"approved": False, "comment": "no"}}, "planner"),
])
def test_check_agency_review(fields: dict[str, Any], route: str) -> None:
    assert check_agency_review(AgentState(**fields)) == route


@pytest.mark.parametrize(("last", "route"), [
    ({"tool_name": "ask_customer_tool", "status": "ok"}, "wait_customer"),
    ({"tool_name": "ask_customer_tool", "status": "error"}, "planner"),
    ({"tool_name": "add_vehicle_tool", "status": "ok"}, "planner"),
    ({"tool_name": "rate_quote_tool", "status": "error"}, "planner"),
    (None, "planner"),
])
def test_check_execution_result(last: dict[str, Any] | None, route: str) -> None:
    assert check_execution_result(AgentState(last_tool_outputs=last)) == route


def test_the_graph_is_wired_as_the_seed_draws_it() -> None:
    graph = SPEC.build_graph().compile().get_graph()
    edges = {(e.source, e.target) for e in graph.edges}
    assert {("__start__", "planner"), ("planner", "agency_review"), ("planner", "tools"),
            ("planner", "wait_customer"), ("planner", "__end__"), ("agency_review", "tools"),
            ("agency_review", "planner"), ("tools", "planner"), ("tools", "wait_customer"),
            ("wait_customer", "planner")} <= edges
    assert SPEC.interrupt_kinds == ("approve_action", "await_reply")
    assert SPEC.request_field == "message" and SPEC.toolservers == ("carrier",)


def test_review_policy() -> None:
    assert review_policy(None) == DEFAULT_REVIEW == {
        "ask_customer_tool", "prepare_final_summary_tool", "quote_initiate_tool",
        "rate_quote_tool"}
    assert review_policy("none") == frozenset()
    assert review_policy(" add_vehicle_tool , rate_quote_tool") == {"add_vehicle_tool",
                                                                    "rate_quote_tool"}
    assert "request_human_review_tool" not in review_policy("all")
    with pytest.raises(ConfigError, match="AGENTDESK_INSURANCE_REVIEW: no tool named 'rate'"):
        review_policy("rate")


def test_input_is_checked_field_by_field() -> None:
    assert InsuranceInput(message=" hi ").message == "hi"
    with pytest.raises(ValueError, match="customer_email"):
        InsuranceInput(message="hi", customer_email="not an address")
    with pytest.raises(ValueError, match="message"):
        InsuranceInput(message="")


def test_tool_args_are_checked_with_the_field_named() -> None:
    _, problem = check_args("add_vehicle_tool", {"session_id": "Q-1", "vehicle": {
        "vin": BAD_VIN, "use": "commute", "garaging_zip": "43215"}})
    assert problem is not None and problem.startswith("args.vehicle: vin: ")
    _, problem = check_args("set_coverages_tool", {"session_id": "Q-1", "coverages": {
        "bodily_injury": "1/2", "property_damage": 25000}})
    assert problem is not None and problem.startswith("args.coverages.bodily_injury")
    _, problem = check_args("fly_tool", {})
    assert problem is not None and problem.startswith("tool_name: no tool named 'fly_tool'")


def test_check_edit_names_the_field() -> None:
    values = {"planned_tool_inputs": {"tool_name": "rate_quote_tool",
                                      "args": {"session_id": "Q-1"}}}
    with pytest.raises(InputError) as refused:
        SPEC.check_edit(values, Decision(type="edit", args={"session_id": ""}))
    assert refused.value.details["field"] == "args.session_id"
    SPEC.check_edit(values, Decision(type="edit", args={"session_id": "Q-2"}))


def _ann() -> dict[str, Any]:
    return merge({}, read_email(ANN_EMAIL, today=TODAY, customer_email="ann@example.com"))


def test_a_complete_email_is_read_whole() -> None:
    info = _ann()
    assert {k: info[k] for k in ("first_name", "last_name", "zip_code", "state", "birth_date",
                                 "license_date", "marital_status", "use")} == {
        "first_name": "Ann", "last_name": "Lee", "zip_code": "43215", "state": "OH",
        "birth_date": "1985-03-14", "license_date": "2003-06-01", "marital_status": "married",
        "use": "commute"}
    assert info["vehicles"] == [{"vin": "1HGCM82633A004352", "year": 2003, "make": "Honda",
                                 "model": "Accord", "decoded": True}]
    assert info["violations"] == [] and info["accidents"] == [] and info["problems"] == {}
    assert missing_fields(info) == []


@pytest.mark.parametrize(("text", "field", "words"), [
    ("My zip code is 99999.", "zip_code", "cannot find the ZIP code 99999"),
    ("DOB: 02/30/1990", "birth_date", "not a day in the calendar"),
    ("I was born 01/01/2020.", "birth_date", "a driver must be at least 16"),
    ("phone: 555-0134", "phone", "too short"),
    (f"VIN: {BAD_VIN}", "vehicles[0].vin", "check digit"),
    ("VIN: 1HGCM8263", "vehicles[0].vin", "A VIN has 17 characters"),
    ("I got a speeding ticket.", "violations.speeding", "please send its date"),
])
def test_an_invalid_value_is_kept_as_a_problem_with_its_reason(text: str, field: str,
                                                               words: str) -> None:
    info = merge({}, read_email(text, today=TODAY))
    assert words in info["problems"][field]
    asked = {m["field"]: m for m in missing_fields(info)}
    assert words in asked[field]["reason"]


def test_a_reply_fixes_a_problem_and_keeps_the_rest() -> None:
    first = merge({}, read_email(ANN_EMAIL.replace("1HGCM82633A004352", BAD_VIN), today=TODAY))
    assert list(first["problems"]) == ["vehicles[0].vin"]
    fixed = merge(first, read_email("Oops, VIN 1HGCM82633A004352.", today=TODAY, known=first))
    assert fixed["problems"] == {} and fixed["birth_date"] == "1985-03-14"
    assert [v["vin"] for v in fixed["vehicles"]] == ["1HGCM82633A004352"]


def test_record_years_and_fault() -> None:
    info = read_email("Speeding ticket in 2024; an accident in March 2025, not my fault. "
                      "Licensed for 10 years.", today=TODAY)
    assert info["violations"] == [{"kind": "speeding", "date": "2024-07-01"}]
    assert info["accidents"] == [{"date": "2025-03-01", "at_fault": False}]
    assert info["license_date"] == "2016-11-23"
    assert "first licensed 10 years ago" in info["assumed"][0]


def _state(**fields: Any) -> dict[str, Any]:
    return {**AgentState().model_dump(), "customer_info": _ann(), **fields}


def test_the_session_is_a_state_machine() -> None:
    session = {"session_id": "Q-1", "drivers": [], "vehicles": [], "coverages": None,
               "state": "OH"}
    steps = []
    for change in ({}, {"drivers": ["D1"]}, {"vehicles": ["V1"]},
                   {"coverages": coverages_for(None, "OH")}):
        session = {**session, **change}
        steps.append(code_plan(_state(mercury_session=session), final_email)["tool_name"])
    assert code_plan(_state(), final_email)["tool_name"] == "quote_initiate_tool"
    assert steps == ["add_driver_tool", "add_vehicle_tool", "set_coverages_tool",
                     "rate_quote_tool"]
    quote = {"status": "rated", "premium": {"total": 500, "by_coverage": {"BI": 500}},
             "term": {"months": 6}}
    assert code_plan(_state(mercury_session=session, quote=quote),
                     final_email)["tool_name"] == "prepare_final_summary_tool"
    assert code_plan(_state(outcome="quoted"), final_email)["action"] == "complete"


def test_coverages_follow_the_customer_and_the_state_minimum() -> None:
    minimums = Carrier(Clock()).call("minimum_coverages")["states"]  # as the planner reads them
    assert coverages_for("minimum", "IL", minimums) == {"bodily_injury": "25/50",
                                                        "property_damage": 20000,
                                                        "uninsured_motorist": "25/50"}
    assert coverages_for(None, "OH")["collision_deductible"] == 500
    assert coverages_for("full", "OH")["bodily_injury"] == "100/300"


def test_the_state_minimums_are_read_over_mcp_once_per_run() -> None:
    audited: list[dict[str, Any]] = []

    async def audit(kind: str, entry: dict[str, Any]) -> None:
        audited.append(entry)

    async def main() -> tuple[Any, Any, Any]:
        async with Client(build_server()) as client:
            tools = {tool.name: tool for tool in await load_mcp_tools(client.session)}
            run = AgentContext(model=cast(Any, None), tools=tools, policy=ToolPolicy(audit=audit))
            first = await carrier_minimums(run)
            again = await carrier_minimums(run)
            without = await carrier_minimums(AgentContext(model=cast(Any, None)))
            return first, again, without

    first, again, without = asyncio.run(main())
    assert first == again and first[1] is None
    assert first[0]["IL"]["uninsured_motorist"] == "25/50"
    assert [e["tool"] for e in audited] == ["minimum_coverages"]
    assert without == ({}, "the carrier tool server has no 'minimum_coverages' tool")


@pytest.mark.parametrize(("decision", "accepted", "why"), [
    (PlannerDecision(action="tool", tool_name="quote_initiate_tool"), True, ""),
    (PlannerDecision(action="complete"), False, "'complete' refused: the quote is not done"),
    (PlannerDecision(action="wait"), False, "'wait' refused"),
    (PlannerDecision(action="tool", tool_name="rate_quote_tool",
                     args={"session_id": "Q-9"}), False,
     "rate_quote_tool refused: args.session_id: the session is None"),
    (PlannerDecision(action="tool", tool_name="add_vehicle_tool", args={
        "session_id": "Q-1", "vehicle": {"vin": BAD_VIN, "use": "commute",
                                         "garaging_zip": "43215"}}), False,
     "add_vehicle_tool refused: args.vehicle: vin:"),
    (PlannerDecision(action="tool", tool_name="request_human_review_tool",
                     args={"reason": "odd request"}), True, ""),
    (PlannerDecision(action="tool", tool_name="prepare_final_summary_tool", args={
        "session_id": None, "outcome": "rated", "message": "Your quote: $1"}), False,
     "prepare_final_summary_tool refused"),
])
def test_a_writing_model_is_checked(decision: PlannerDecision, accepted: bool,
                                    why: str) -> None:
    state = AgentState(customer_info=_ann(),
                       messages=[HumanMessage(ANN_EMAIL, additional_kwargs={
                           "from_customer": True})])
    plan = code_plan(_state(), final_email)
    checked, refused = _check_decision(decision, plan, state)
    assert (checked is not None) == accepted, refused
    assert why in (refused or "")


@pytest.mark.parametrize(("text", "quote"), [
    ("Can I get a quote for my car?", True),
    ("I need insurance for my new Honda, VIN 1HGCM82633A004352.", True),
    ("How much would it cost to insure a 2019 Civic?", True),
    ("Please cancel my car insurance at the end of the month.", False),
    ("Is your office open on Saturday?", False),
    ("I want a quote for homeowners insurance.", False),
    ("I am a homeowner; can I get a quote for my car?", True),
    ("Could I get an estimate for my truck? No claims in 10 years.", True),
    ("I'd like a quotation for my car.", True),
    ("The body shop's estimate for my car is $3,000; how do I file the claim?", False),
    ("We bought a condo and need a renters quote; our car is insured elsewhere.", False),
    ("Could you quote our new house? The cars stay with our current insurer.", False),
    ("I'd like a home insurance quote, the car's policy is fine.", False),
    ("I need my ex-husband taken off my car policy.", False),
    ("My lender needs the declarations page of my auto policy, number CA-5510-8823.", False),
    ("We drive to Quebec in March. Will my auto insurance cover me up there?", False),
    ("Does our car insurance include a rental if the Jeep breaks down on the trip?", False),
    ("About my car policy (OH-AUTO-20931): can the Camry be garaged at my son's place?", False),
    ("Would you quote my car? My policy with Allstate ends on 01/04/2027.", True),
    ("State Farm wants $980 for my car and my renewal is in May. Can you beat that?", True),
    ("My truck sits in the garage all winter; can it go on storage coverage till May?", False),
    ("I'm away for a year. The car policy is under my wife, Dana Ross; can we pause it?",
     False),
])
def test_a_first_email_about_something_else_goes_to_the_agency(text: str, quote: bool) -> None:
    assert looks_like_a_quote_request(text) is quote


def test_a_vin_vpic_does_not_know_asks_for_the_body_style() -> None:
    new_vin = "1HGCM8261SA004350"  # a 2025 Honda: valid check digit, not in vPIC's subset
    first = merge({}, read_email(ANN_EMAIL.replace("1HGCM82633A004352", new_vin),
                                 today=TODAY))
    asked = missing_fields(first)
    assert [m["field"] for m in asked] == ["vehicles[0].body"]
    assert "vehicle 1 (2025 Honda)" in asked[0]["question"]
    info = merge(first, read_email("It's an SUV.", today=TODAY, known=first))
    assert missing_fields(info) == []
    session = {"session_id": "Q-1", "drivers": ["D1"], "vehicles": []}
    plan = code_plan(_state(customer_info=info, mercury_session=session), final_email)
    assert plan["args"]["vehicle"] == {"vin": new_vin, "use": "commute", "garaging_zip": "43215",
                                       "year": 2025, "make": "Honda", "body": "suv"}


def test_a_spouse_is_a_second_driver_and_her_missing_dates_are_asked() -> None:
    email = ("Quote for my car please. I'm Bob Stone, born 07/04/1990, licensed since "
             "07/10/2008, zip 43215, VIN 1HGCM82633A004352. My wife Jane drives it too.")
    info = merge({}, read_email(email, today=TODAY))
    assert info["marital_status"] == "married" and info["birth_date"] == "1990-07-04"
    asked = missing_fields(info)
    assert [m["field"] for m in asked] == ["drivers[0].birth_date", "drivers[0].license_date"]
    assert "The date of birth of Jane" in asked[0]["question"]
    info = merge(info, read_email("She was born 02/02/1991 and licensed since 2010.",
                                  today=TODAY, known=info))
    assert info["drivers"] == [{"relationship": "spouse", "first_name": "Jane",
                                "last_name": None, "birth_date": "1991-02-02",
                                "license_date": "2010-07-01"}]
    assert missing_fields(info) == []
    session = {"session_id": "Q-1", "drivers": ["D1"], "vehicles": []}
    plan = code_plan(_state(customer_info=info, mercury_session=session), final_email)
    assert plan["tool_name"] == "add_driver_tool"
    assert plan["args"]["driver"] == {
        "first_name": "Jane", "last_name": "Stone", "birth_date": "1991-02-02",
        "license_date": "2010-07-01", "marital_status": "married", "license_state": "OH",
        "relationship": "spouse", "violations": [], "accidents": []}


def test_prior_insurance_discounts_and_start_date_are_read() -> None:
    info = read_email("Quote for my car please. I'm insured with State Farm for 6 years, I own "
                      "my home and would pay in full. Start on 12/01/2026.", today=TODAY)
    assert info["prior_insurance"] == {"carrier": "State Farm", "months_continuous": 72}
    assert info["discounts"] == ["homeowner", "paid_in_full"]
    assert info["effective_date"] == "2026-12-01"
    late = read_email("Please start the policy on 06/01/2027.", today=TODAY)
    assert "between today and 60 days" in late["problems"]["effective_date"]
    assert read_email("I have no insurance right now.", today=TODAY)["prior_insurance"] is None
    plan = code_plan(_state(customer_info=merge(_ann(), info)), final_email)
    assert plan["args"]["prior_insurance"]["months_continuous"] == 72
    assert plan["args"]["discounts"] == ["homeowner", "paid_in_full"]
    assert plan["args"]["effective_date"] == "2026-12-01"


def test_a_writing_model_cannot_reopen_a_session_or_send_a_quote_early() -> None:
    session = {"session_id": "Q-1", "drivers": [], "vehicles": []}
    state = AgentState(customer_info=_ann(), mercury_session=session)
    plan = code_plan(_state(mercury_session=session), final_email)
    assert plan["tool_name"] == "add_driver_tool"
    early = PlannerDecision(action="tool", tool_name="prepare_final_summary_tool", args={
        "session_id": "Q-1", "outcome": "rated", "message": "Your quote: $1"})
    assert _check_decision(early, plan, state)[1] == (
        "prepare_final_summary_tool refused: there is no quote to send yet "
        "(next: add_driver_tool)")
    again = PlannerDecision(action="tool", tool_name="quote_initiate_tool", args={
        "applicant": {"first_name": "Ann", "last_name": "Lee", "zip_code": "43215"}})
    assert "already open" in (_check_decision(again, plan, state)[1] or "")


def test_flat_corrections_go_where_the_tool_takes_them() -> None:
    from agentdesk.domains.insurance.agent.edits import edited_args

    driver = {"session_id": "Q-1", "driver": {"first_name": "Ann", "birth_date": "1985-03-14"}}
    assert edited_args("add_driver_tool", driver, {"birth_date": "03/15/1985"}) == {
        "session_id": "Q-1", "driver": {"first_name": "Ann", "birth_date": "1985-03-15"}}
    vehicle = {"session_id": "Q-1", "vehicle": {"vin": "X", "garaging_zip": "43215"}}
    assert edited_args("add_vehicle_tool", vehicle, {"zip_code": "60601"})["vehicle"] == {
        "vin": "X", "garaging_zip": "60601"}
    assert edited_args("ask_customer_tool", {"message": "a"}, {"body": "b"}) == {"message": "b"}
    values = {"planned_tool_inputs": {"tool_name": "add_driver_tool", "args": {
        "session_id": "Q-1", "driver": {"first_name": "Ann", "last_name": "Lee",
                                        "birth_date": "1985-03-14", "marital_status": "married",
                                        "license_state": "OH", "license_date": "2003-06-01"}}}}
    with pytest.raises(InputError) as refused:
        SPEC.check_edit(values, Decision(type="edit", args={"birth_date": "02/30/1985"}))
    assert refused.value.details["field"] == "args.driver.birth_date"


@pytest.mark.parametrize(("text", "name"), [
    ("hey,\nquote pls\n\n--\nAnn Lee\nSent from my iPhone", ("Ann", "Lee")),
    ("Hi! Carlos Mendez here. Need a quote.", ("Carlos", "Mendez")),
    ("Quote for my Jetta please. I'm 34. - Marcus Bell", ("Marcus", "Bell")),
    ("hi my name is jake turner i was born 5/2/1991", ("Jake", "Turner")),
    ("my name is on the old policy, can you quote again?", None),
    ("Car - Honda Civic\nplease quote", None),
    ("Hoping to hear back soon.\nKind regards,\nNora Blake", ("Nora", "Blake")),
    ("Looking forward to your reply!\nOwen Pratt", ("Owen", "Pratt")),
    ("Quote for my van. Priya Nair. Single, zip 43215.\n-Priya", ("Priya", "Nair")),
    ("Quote needed. Priya has my card.\nThanks,\nPriya", None),
    ("Applicant SSG Marcus T Whitfield USA DOB 14 FEB 1985", None),  # USA is no last name
])
def test_a_name_is_read_where_people_sign(text: str, name: tuple[str, str] | None) -> None:
    info = read_email(text, today=date(2026, 11, 28))
    assert (info.get("first_name"), info.get("last_name")) == (name or (None, None))


@pytest.mark.parametrize(("text", "zip_code"), [
    ("We're at 98101. Married, born 09/23/1983.", "98101"),
    ("DOB 12/12/1990, married, licensed 01/20/2008, 85004.", "85004"),
    ("I drive 12000 miles a year and live at 98101 or 85004.", None),  # two: not guessed
    ("I drive 12000 miles a year.", None),
    ("Budget $20000 for a car.", None),
])
def test_five_digits_alone_are_a_zip_only_when_one_known_zip_stands_alone(
        text: str, zip_code: str | None) -> None:
    assert read_email(text, today=date(2026, 11, 28)).get("zip_code") == zip_code


def test_a_violation_takes_the_date_after_it_even_in_an_email_without_stops() -> None:
    info = read_email("Sam Ortiz born 07/22/1988 married licensed since 08/01/2005 zip 43215 "
                      "I got a speeding ticket in 2024 and a DUI on 09/10/2023",
                      today=date(2026, 11, 28))
    assert info["violations"] == [{"kind": "speeding", "date": "2024-07-01"},
                                  {"kind": "dui", "date": "2023-09-10"}]


def test_terms_read_in_other_spacing_and_numbers_in_words() -> None:
    info = read_email("I'm insured with Progressive for eight years  I  own  my  home",
                      today=date(2026, 11, 28))
    assert info["prior_insurance"] == {"carrier": "Progressive", "months_continuous": 96}
    assert info["discounts"] == ["homeowner"]


def test_a_policy_with_another_company_names_no_insurer_in_one_case() -> None:
    info = read_email("my current policy with another company ends 01/04/2027", today=TODAY)
    assert "prior_insurance" not in info["problems"] and "prior_insurance" not in info


@pytest.mark.parametrize(("text", "use"), [
    ("I drive it to the office most days.", "commute"),
    ("I ride the bus to work, so the car is for weekends.", "pleasure"),
    ("I walk to work and use the car for errands.", "pleasure"),
    ("We relocated here for work last month. I drive to the office daily.", "commute"),
    ("I bike to work.", None),
    ("I drive my 2016 BMW 328i to my office in White Plains every weekday.", "commute"),
    ("I drive it to campus where I work.", "commute"),
    ("I drive my son to college on Sundays.", None),
])
def test_work_said_of_something_else_is_not_the_cars_use(text: str, use: str | None) -> None:
    assert read_email(text, today=TODAY).get("use") == use


def test_a_signature_zip_gives_way_to_the_one_above_it() -> None:
    email = ("Quote me: Nate Greer, born 5/5/1980, married, licensed 6/1/1996. The car stays at "
             "home in Mason, 45040.\n\nBest,\nNate Greer\n255 E 5th St, Cincinnati, OH 45202")
    assert read_email(email, today=TODAY)["zip_code"] == "45040"


def test_the_writers_own_dates_stay_theirs_beside_the_relative_written_for() -> None:
    email = ("I am writing on behalf of my son Chidi Okafor, he is the only driver. He was born "
             "09/02/2006 and got his license on 10/17/2022. I am Denise Okafor, DOB 05/11/1975.")
    info = read_email(email, today=TODAY)
    assert (info["first_name"], info["birth_date"], info["license_date"]) == (
        "Chidi", "2006-09-02", "2022-10-17")


def test_the_writer_speaks_again_after_a_relative_who_will_not_drive() -> None:
    info = read_email("I am married my husband does not drive I stay in Houston zip code 77036",
                      today=TODAY)
    assert info["zip_code"] == "77036" and "drivers" not in info


def test_an_email_written_for_a_relative_quotes_that_relative() -> None:
    email = ("Hello, I'm emailing on behalf of my wife Rosa Vega: she needs a quote for her "
             "car. Her date of birth is 03/09/1982 and she was licensed on 06/30/2000. "
             "Zip 43215, VIN 1HGCM82633A004352.\nThanks, Luis")
    info = merge({}, read_email(email, today=TODAY, customer_name="Luis Vega"))
    assert (info["first_name"], info["last_name"]) == ("Rosa", "Vega")
    assert (info["birth_date"], info["license_date"]) == ("1982-03-09", "2000-06-30")
    assert "drivers" not in info and info["marital_status"] == "married"
    assert missing_fields(info) == []


def test_a_relative_driving_beside_the_writer_stays_a_second_driver() -> None:
    email = ("I'm Bob Stone, born 07/04/1990. I'm asking for a quote; my wife Jane Stone, "
             "born 02/02/1991, drives too.")
    info = merge({}, read_email(email, today=TODAY))
    assert (info["first_name"], info["birth_date"]) == ("Bob", "1990-07-04")
    assert info["drivers"][0]["first_name"] == "Jane"


def test_words_spaced_by_several_blanks_read_as_singly_spaced() -> None:
    info = read_email("Born  05/06/1979.  I  drive  to  work  and  went  through  a  red  light  "
                      "on  03/03/2025.", today=TODAY)
    assert info["use"] == "commute" and info["birth_date"] == "1979-05-06"
    assert info["violations"] == [{"kind": "red_light", "date": "2025-03-03"}]


@pytest.mark.parametrize(("text", "name"), [
    ("quote please. i'm rita vance, born 04/04/1984, single.", ("Rita", "Vance")),
    ("AUTO QUOTE: OWEN PRATT DOB 02/02/1992, ZIP 43215.", ("Owen", "Pratt")),
    ("name: lena ortiz\ndob: 1990-01-01", ("Lena", "Ortiz")),
    ("need a quote asap\n\nkind regards,\nhugo lind", ("Hugo", "Lind")),
    ("i'm 52 years old, born 03/03/1974, married.", None),
    ("i'm married, born 03/03/1974.", None),
    ("name: sean o'hara, born 03/03/1974.", None),  # the capitals inside are not shown
    ("name: ian mcneil, born 03/03/1974.", None),
    ("quote for my suv. ruth dale. zip 43215.\n- ruth", ("Ruth", "Dale")),
    ("quote for my suv. zip 43215.\n- ruth", None),
    ("born 03/03/1974, zip 43215. many thanks, carl berg", ("Carl", "Berg")),
    ("--\nnell ames\nsent from my phone", ("Nell", "Ames")),
])
def test_a_name_in_an_email_written_in_one_case(text: str, name: tuple[str, str] | None) -> None:
    info = read_email(text, today=TODAY)
    assert (info.get("first_name"), info.get("last_name")) == (name or (None, None))


def test_an_upper_case_and_still_parts_two_violations() -> None:
    info = read_email("I GOT A SPEEDING TICKET IN MAY 2025 AND A DUI ON 10/10/2024.", today=TODAY)
    assert info["violations"] == [{"kind": "speeding", "date": "2025-05-01"},
                                  {"kind": "dui", "date": "2024-10-10"}]


@pytest.mark.parametrize("text", ["i'm insured with safe auto for 3 years.",
                                  "I'M COVERED BY STATE FARM SINCE 2019."])
def test_an_insurer_named_in_one_case_is_asked_not_guessed(text: str) -> None:
    info = read_email(text, today=TODAY)
    assert "prior_insurance" not in info and "prior_insurance" in info["problems"]


@pytest.mark.parametrize(("text", "name"), [
    ("Hello, I am contacting you on behalf of my client, Mrs. Joan Pike, for an auto quote. "
     "DOB 02/02/1960.\nBest regards,\nTom Reyes\nReyes Brokerage", ("Joan", "Pike")),
    ("Our client Dr. Ravi Menon needs a car quote, born 05/05/1975.\n\nThanks,\nEve Hart",
     ("Ravi", "Menon")),
    ("Please quote my client (details attached), born 05/05/1975.\n\nThanks,\nEve Hart", None),
])
def test_an_email_written_for_a_client_quotes_the_client_not_the_writer(
        text: str, name: tuple[str, str] | None) -> None:
    info = read_email(text, today=TODAY, customer_name="Eve Hart")
    assert (info.get("first_name"), info.get("last_name")) == (name or (None, None))


def test_a_reply_keeps_the_name_its_signature_does_not_say() -> None:
    first = read_email("On behalf of my client Ana Ruiz: a quote please, DOB 03/03/1980.",
                       today=TODAY, customer_name="Eve Hart")
    info = merge(first, read_email("The VIN is 1HGCM82633A004352.\nKind regards,\nEve Hart",
                                   today=TODAY, customer_name="Eve Hart", known=first))
    assert (info["first_name"], info["last_name"]) == ("Ana", "Ruiz")
    again = merge(info, read_email("Sorry, my name is Ana Ruis.", today=TODAY, known=info))
    assert (again["first_name"], again["last_name"]) == ("Ana", "Ruis")


@pytest.mark.parametrize(("text", "name"), [
    ("First Name: Tomás   Last Name: Okafor\nDate of Birth: 01/01/1980", ("Tomás", "Okafor")),
    ("FIRST NAME: Ines, SURNAME: Vidal", ("Ines", "Vidal")),
    ("hey, name's Colin Price, need a quote", ("Colin", "Price")),
    ("Hola, me llamo José Núñez y necesito un quote.", ("José", "Núñez")),
    ("Insurance please for Mara Quinn, 2019 Civic.", ("Mara", "Quinn")),
    ("I'd like to insure my Civic.\n\nWith thanks,\nRosalind Achebe", ("Rosalind", "Achebe")),
    ("Quote for my truck.\nRespectfully,\nDean Moss", ("Dean", "Moss")),
])
def test_a_name_is_read_from_forms_other_languages_and_closings(
        text: str, name: tuple[str, str]) -> None:
    info = read_email(text, today=TODAY)
    assert (info.get("first_name"), info.get("last_name")) == name


@pytest.mark.parametrize(("text", "violations"), [
    ("I had a crash on 02/02/2025, not my fault: the other driver ran a stop sign.", None),
    ("Someone blew through a red light and hit me on 04/04/2024.", None),
    ("I was hit by a truck that ran the red light in 2023.", None),
    ("I ran a red light on 04/04/2024.", [{"kind": "red_light", "date": "2024-04-04"}]),
])
def test_a_violation_of_the_other_party_is_not_the_customers(
        text: str, violations: list[dict[str, str]] | None) -> None:
    assert read_email(text, today=TODAY).get("violations") == violations


@pytest.mark.parametrize(("text", "vins"), [
    ("The VIN printed on my registration is 1HGCM82633A004352.", ["1HGCM82633A004352"]),
    ("mi VIN es 1hgcm82633a004352", ["1HGCM82633A004352"]),
    ("Car A: VIN 1HGCM82633A004352\nCar B: vin 1ftfw1et8-dfc61428",
     ["1HGCM82633A004352", "1FTFW1ET8DFC61428"]),
    ("VIN 1HGCM 82633A004352", ["1HGCM82633A004352"]),
])
def test_a_vin_is_read_without_the_words_before_it_and_in_the_emails_order(
        text: str, vins: list[str]) -> None:
    assert [v["vin"] for v in read_email(text, today=TODAY)["vehicles"]] == vins


@pytest.mark.parametrize("text", ["We mostly use it for shopping and visiting family.",
                                  "It is for personal use, church on Sundays.",
                                  "I drive it around town and to the groceries."])
def test_errands_of_every_kind_are_pleasure_use(text: str) -> None:
    assert read_email(text, today=TODAY).get("use") == "pleasure"


@pytest.mark.parametrize(("text", "birth"), [
    ("so yeah im 20 (bday 3/9/2006) and single", "2006-03-09"),
    ("Date of Birth (MM/DD/YYYY): 07/21/1983", "1983-07-21"),
    ("I am born 1979.11.02 in Kyiv.", "1979-11-02"),
    ("DOB 1979/11/02", "1979-11-02"),
    ("Hola, nací el 23/05/1990, soy soltera.", "1990-05-23"),
])
def test_a_birth_date_is_read_after_more_of_the_words_that_give_it(
        text: str, birth: str | None) -> None:
    assert read_email(text, today=TODAY).get("birth_date") == birth


@pytest.mark.parametrize(("text", "status"), [
    ("Marital Status: [ ] Single [X] Married [ ] Divorced", "married"),
    ("Marital status: ☐ Single ☒ Divorced", "divorced"),
    ("Status: [x] Single [ ] Married [ ] Domestic partner", "single"),
])
def test_a_form_is_read_by_its_ticked_box(text: str, status: str) -> None:
    assert read_email(text, today=TODAY).get("marital_status") == status


@pytest.mark.parametrize(("text", "name"), [
    ("First Name Ruth Last Name Okoye\nDate of Birth 01/01/1980", ("Ruth", "Okoye")),
    ("first name: ruth last name: okoye", ("Ruth", "Okoye")),
    ("FIRST NAME: RUTH   LAST NAME: OKOYE", ("Ruth", "Okoye")),
    ("Last Name Okoye\nDate of Birth 01/01/1980", None),
])
def test_a_forms_labels_are_no_name(text: str, name: tuple[str, str] | None) -> None:
    info = read_email(text, today=TODAY)
    assert (info.get("first_name"), info.get("last_name")) == (name or (None, None))


@pytest.mark.parametrize(("text", "licence"), [
    ("Born 04/04/1970, licensed 1988, zip 43215.", "1988-07-01"),
    ("DOB: 04/04/1970\nLicense: 1988", "1988-07-01"),
    ("Nací el 04/04/1970. Tengo licencia desde 1990.", "1990-07-01"),
    ("Born 04/04/1970. I had a Polish driving licence since 1990, and my Ohio license since "
     "06/15/2015.", "2015-06-15"),
    ("Born 04/04/1970. Mexican license from 03/03/1990; US license since 2016.", "2016-07-01"),
])
def test_the_licence_date_is_the_us_one_and_a_year_may_stand_alone(text: str, licence: str) -> None:
    assert read_email(text, today=TODAY).get("license_date") == licence


@pytest.mark.parametrize(("text", "status"), [("Soy casada.", "married"),
                                              ("soltero, 30 años", "single"),
                                              ("Estoy divorciada.", "divorced")])
def test_a_marital_status_in_spanish(text: str, status: str) -> None:
    assert read_email(text, today=TODAY).get("marital_status") == status


@pytest.mark.parametrize("sentence", [
    "My husband Tom (born 02/02/1978) has his own insurance with State Farm.",
    "My daughter Mia, born 03/03/2008, will not drive it.",
    "My wife Jo, born 05/05/1981, isn't a driver; the quote is just for me.",
])
def test_a_relative_said_not_to_drive_is_no_driver_and_her_dates_are_not_the_writers(
        sentence: str) -> None:
    info = read_email(f"I'm Lee Park, born 07/07/1980. {sentence}", today=TODAY)
    assert "drivers" not in info and info["birth_date"] == "1980-07-07"


def test_a_known_driver_is_named_in_a_sentence_labelled_with_a_pronoun() -> None:
    info = read_email("My wife and I share the car. Me: Lee Park, born 07/07/1980. Her: Jo Park, "
                      "born 05/05/1981, licensed 06/06/1999.", today=TODAY)
    assert info["drivers"] == [{"relationship": "spouse", "first_name": "Jo", "last_name": "Park",
                                "birth_date": "1981-05-05", "license_date": "1999-06-06"}]
    assert (info["first_name"], info["birth_date"]) == ("Lee", "1980-07-07")


@pytest.mark.parametrize(("text", "zip_code"), [
    ("address: 4410 oak ridge dr, columbus, oh 43215", "43215"),
    ("Address: 23456 Main St, Columbus, Oh 43215", "43215"),
    ("we moved out in 43215 and in 98101", None),  # 'in' is no state of either ZIP
])
def test_a_zip_after_its_states_code_in_any_case(text: str, zip_code: str | None) -> None:
    assert read_email(text, today=TODAY).get("zip_code") == zip_code


@pytest.mark.parametrize("text", [
    "Address: 12 Elm St, Denver, CO 98101",
    "address: 12 elm st, denver, co 98101",
    "Address 12 Elm St Denver CO 98101",
])
def test_a_zip_of_another_state_than_its_citys_is_asked(text: str) -> None:
    info = read_email(text, today=TODAY)
    assert "zip_code" not in info
    assert "CO" in info["problems"]["zip_code"]


def test_a_word_before_a_zip_in_capitals_is_no_state() -> None:
    assert read_email("I LIVE IN 98101, SEATTLE.", today=TODAY).get("zip_code") == "98101"


@pytest.mark.parametrize(("text", "name"), [
    ("Quote request\nName Lydia Hart\nDOB 01/01/1980", ("Lydia", "Hart")),
    ("name - lydia hart\nborn - 01/01/1980", ("Lydia", "Hart")),
    ("quote please for lydia hart. zip 43215.", ("Lydia", "Hart")),
    ("quote for both cars. zip 43215.", None),
    ("quote pls lydia hart dob 1/1/1980", ("Lydia", "Hart")),
    ("writing on behalf of my client, ms. lydia hart, for an auto quote.\nregards,\nowen pratt",
     ("Lydia", "Hart")),
])
def test_a_name_in_labels_and_requests_in_any_case(text: str, name: tuple[str, str] | None) -> None:
    info = read_email(text, today=TODAY)
    assert (info.get("first_name"), info.get("last_name")) == (name or (None, None))


@pytest.mark.parametrize(("text", "name"), [
    ("Please quote:\n- Name: Joost van den Berg\n- Born: 1970-02-02", ("Joost", "van den Berg")),
    ("My name is Carmen de la Vega, born 03/03/1983.", ("Carmen", "de la Vega")),
    ("Quote form\nFirst Name: Jean-Paul\nLast Name: Du Pont\nZIP: 43215",
     ("Jean-Paul", "Du Pont")),
    ("quote form\nname: joost van den berg\nborn: 1970-02-02", None),
])
def test_a_family_name_keeps_its_particles(text: str, name: tuple[str, str] | None) -> None:
    info = read_email(text, today=TODAY)
    assert (info.get("first_name"), info.get("last_name")) == (name or (None, None))
    assert info.get("body") is None  # 'van den Berg' names no van


@pytest.mark.parametrize(("text", "name"), [
    ("Please quote my Golf.\n\nWith appreciation,\nIrene Kowal", ("Irene", "Kowal")),
    ("Please quote my Golf.\n\nThanks\nIrene Kowal ?!", ("Irene", "Kowal")),
    ("Please quote my Golf.  Best wishes,  Irene  Kowal ...", ("Irene", "Kowal")),
    ("Hello,\nPlease quote my Golf GTI", None),
])
def test_a_closing_line_and_a_full_name_under_it_or_after_it_sign_the_email(
        text: str, name: tuple[str, str] | None) -> None:
    info = read_email(text, today=TODAY)
    assert (info.get("first_name"), info.get("last_name")) == (name or (None, None))


def test_an_estimate_asked_for_someone_and_a_licence_year_after_on() -> None:
    info = read_email("Estimate please for Nora Blake. Licensed on 2004, born 02/02/1986.",
                      today=TODAY)
    assert (info["first_name"], info["last_name"]) == ("Nora", "Blake")
    assert info["license_date"] == "2004-07-01"


def test_an_email_in_one_case_names_its_relative_and_its_writer() -> None:
    info = read_email("my wife and i share the car. me: lee park, born 07/07/1980. her: jo park, "
                      "born 05/05/1981, licensed 06/06/1999.", today=TODAY)
    assert (info["drivers"][0]["first_name"], info["drivers"][0]["last_name"]) == ("Jo", "Park")
    spanish = read_email("HOLA, ME LLAMO JOSÉ NÚÑEZ, NACÍ EL 23/05/1990.", today=TODAY)
    assert (spanish["first_name"], spanish["last_name"]) == ("José", "Núñez")


def test_a_policy_with_the_agency_names_no_insurer_to_spell() -> None:
    info = read_email("my husband has his own policy with you. i'm insured with you too.",
                      today=TODAY)
    assert "prior_insurance" not in info["problems"]


def test_what_comes_before_a_relative_in_one_sentence_is_the_writers() -> None:
    info = read_email("quote my van I'm Rosa Diaz DOB 04/04/1975 licensed 1993 ZIP 43215 and my "
                      "daughter Eva born 05/05/2008 drives it too", today=TODAY)
    assert (info["first_name"], info["birth_date"], info["zip_code"]) == ("Rosa", "1975-04-04",
                                                                          "43215")
    assert info["drivers"][0]["birth_date"] == "2008-05-05"


@pytest.mark.parametrize(("text", "choice"), [
    ("Also, does your full coverage include a rental car?", None),
    ("What is the state minimum in Ohio?", None),
    ("Can I get full coverage?", "full"),
    ("I want full coverage. Does it include roadside help?", "full"),
])
def test_a_question_about_a_coverage_is_no_choice_of_it(text: str, choice: str | None) -> None:
    assert read_email(text, today=TODAY).get("coverage_choice") == choice


@pytest.mark.parametrize(("text", "use"), [
    ("I drive to my work at the bakery every day.", "commute"),
    ("I drive it to my job downtown.", "commute"),
    ("I take the bus to my work, the car is for the weekends.", "pleasure"),
    ("From January I'll be driving to my internship in Dayton.", "commute"),
    ("She drives it to school and back.", "commute"),
])
def test_a_drive_to_my_work_is_a_commute(text: str, use: str) -> None:
    assert read_email(text, today=TODAY)["use"] == use


@pytest.mark.parametrize("text", [
    "I use it every day to get around to my clients' houses.",
    "the truck is used for hauling hay and gear",
    "we use the car 4 everything tbh",
])
def test_a_use_said_in_words_not_known_is_asked_never_taken_as_a_commute(text: str) -> None:
    info = read_email(text, today=TODAY)
    assert "use" not in info
    assert "use" in info["problems"]
    asked = [m["field"] for m in missing_fields(merge({}, info))]
    assert "use" in asked
    answered = merge(merge({}, info), read_email("It's for pleasure.", today=TODAY))
    assert answered["use"] == "pleasure" and "use" not in answered["problems"]


@pytest.mark.parametrize(("text", "licence"), [
    ("I have driven since my army days; my licence was first issued on June 3, 1971.",
     "1971-06-03"),
    ("OH DL since 2001-09-14, clean record.", "2001-09-14"),
    ("Ohio license, issued 04/05/2003.", "2003-04-05"),
])
def test_a_licence_issued_on_a_date_or_a_dl_since_one(text: str, licence: str) -> None:
    assert read_email(text, today=TODAY)["license_date"] == licence


def test_an_initial_in_one_case_is_no_last_name() -> None:
    info = read_email("MY NAME IS EDGAR J. HOLLIS AND I NEED A QUOTE.", today=TODAY)
    assert info.get("last_name") in (None, "Hollis")  # asked or read, never "J"


@pytest.mark.parametrize("text", [
    "I need my own quote now that my wife and I are divorced.",
    "My husband and I split up last spring and he kept the old policy.",
])
def test_a_spouse_the_writer_is_parted_from_is_no_driver(text: str) -> None:
    assert not read_email(text, today=TODAY).get("drivers")


def test_a_drive_to_a_place_the_reader_does_not_know_asks_the_use() -> None:
    info = read_email("I drive it to the clinic three days a week.", today=TODAY)
    assert "use" not in info and "use" in info["problems"]


@pytest.mark.parametrize("text", [
    "I'm a plumber and drive the truck from job to job all day.",
    "It carries my tools to the job sites.",
    "the van is for hauling equipment for my crew",
])
def test_a_car_driven_between_jobs_or_hauling_tools_is_for_business(text: str) -> None:
    assert read_email(text, today=TODAY)["use"] == "business"


def test_the_writer_naming_themselves_beside_her_gives_the_relative_no_dates() -> None:
    info = read_email("My son Theo needs a car of his own. If you need me as his father, I'm "
                      "Victor Lang, born 02/02/1970.", today=TODAY)
    assert "birth_date" not in info["drivers"][0]


def test_a_table_of_one_row_is_read_cell_by_heading_and_of_two_rows_is_asked() -> None:
    table = ("Quote please.\n\nName | DOB | Status | Licensed | ZIP\n---|---|---|---|---\n"
             "Ann Lee | 03/14/1985 | single | 06/01/2003 | 43215\n\nVIN: 1HGCM82633A004352\n")
    info = read_email(table, today=TODAY)
    assert (info["first_name"], info["birth_date"], info["license_date"], info["zip_code"],
            info["marital_status"]) == ("Ann", "1985-03-14", "2003-06-01", "43215", "single")
    two = table.replace("43215\n", "43215\nJo Lee | 05/05/1986 | married | 07/01/2004 | 43215\n")
    assert "unread" in read_email(two, today=TODAY)["problems"]


def test_a_policy_with_his_own_insurer_names_no_insurer_in_one_case() -> None:
    info = read_email("my husband is on his own policy with his truck", today=TODAY)
    assert "prior_insurance" not in info["problems"]


def test_a_licence_is_never_read_across_a_tables_cell_border() -> None:
    """A table flattened onto one line: the date after "First licensed |" is another
    heading's (the birth date's), so no licence date is read and it is asked."""
    info = read_email("Ann Lee. First licensed | Date of birth  Ann Lee | 03/14/1985 | "
                      "06/01/2003", today=TODAY)
    assert info.get("license_date") != "1985-03-14"
