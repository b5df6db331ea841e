"""Code reads the question for the embedded model: which tool, with which arguments.

What a travel request names and airport codes come from the travel server over MCP (a
real in-process server here)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agentdesk.domains.assistant.agent.lookups import TravelLookups, travel_lookups
from agentdesk.domains.assistant.agent.route import (
    Reading,
    kb_terms,
    narrower_terms,
    read_question,
    uncovered_terms,
)
from agentdesk.runtime.mcp import build_server
from agentdesk.runtime.tools import ToolPolicy
from bench.quality.assistant import cases
from tests.assistant_harness import mcp_tools


def read(*questions: str) -> list[Reading | None]:
    """How code reads each question, with the travel server's airport codes."""
    async def go() -> list[Reading | None]:
        async with mcp_tools(build_server("travel")) as tools:
            lookups = travel_lookups(tools, ToolPolicy())
            return [await read_question(question, lookups) for question in questions]

    return asyncio.run(go())


@pytest.mark.parametrize(("question", "calls"), [
    ("What is 2**10 / 8?", [("calculator", {"expression": "2**10 / 8"})]),
    ("How many meters are in 3 miles?", [("calculator", {"expression": "3 miles to meters"})]),
    ("What is 15% of 80?", [("calculator", {"expression": "15 / 100 * 80"})]),
    ("What is 250 divided by 4?", [("calculator", {"expression": "250 / 4"})]),
    ("What date is 2 weeks before 2027-01-15?", [("datetime_tool", {
        "operation": "shift", "value": "2027-01-15", "amount": "-2 weeks"})]),
    ("How many days between 2027-01-01 and 2027-03-01?", [("datetime_tool", {
        "operation": "difference", "value": "2027-01-01", "other": "2027-03-01"})]),
    ("Convert 2027-03-10 09:00 New York to Tokyo", [("datetime_tool", {
        "operation": "convert", "timezone": "America/New_York", "value": "2027-03-10 09:00",
        "to_timezone": "Asia/Tokyo"})]),
    ("What is the airport code for Dublin, Ireland?",
     [("get_airport_code", {"city_name": "Dublin, Ireland"})]),
    ("Find flights from Boston to Lisbon on 2027-03-10", [("search_flights", {
        "origin": "BOS", "destination": "LIS", "date": "2027-03-10"})]),
    # Independent clauses: independent calls, which the executor runs in parallel.
    ("What is the airport code for Seattle and what time is it in Tokyo?", [
        ("get_airport_code", {"city_name": "Seattle"}),
        ("datetime_tool", {"operation": "now", "timezone": "Asia/Tokyo"})]),
])
def test_code_reads_what_it_can(question: str, calls: list[tuple[str, dict[str, Any]]]) -> None:
    [reading] = read(question)
    assert reading is not None and reading.calls == calls


def test_airport_codes_are_the_lookups_answer() -> None:
    """The route names cities; which airport serves one is the lookup's to say."""
    async def code(city: str) -> str:
        return {"Boston": "AAA", "Lisbon": "BBB"}.get(city, city)

    async def go() -> list[Reading | None]:
        async with mcp_tools(build_server("travel")) as tools:
            lookups = TravelLookups(code, travel_lookups(tools, ToolPolicy()).read)
            return [await read_question(question, lookups) for question in (
                "Find flights from Boston to Lisbon on 2027-03-10",
                "Find hotels in Lisbon from 2027-03-10 to 2027-03-14")]

    flights, hotels = asyncio.run(go())
    assert flights is not None and flights.calls == [
        ("search_flights", {"origin": "AAA", "destination": "BBB", "date": "2027-03-10"})]
    assert hotels is not None and hotels.calls == [
        ("search_hotels", {"city_code": "BBB", "check_in": "2027-03-10",
                           "check_out": "2027-03-14"})]


@pytest.mark.parametrize("question", ["How do I approve a pending decision?",
                                      "How many customers joined in 2025?", "Hello there"])
def test_what_code_cannot_read_is_left_to_the_bank_reader_or_the_knowledge_base(
        question: str) -> None:
    assert read(question) == [None]


def test_every_labelled_tool_question_is_read_to_its_tool() -> None:
    """The quality set's calculator, date and travel questions all reach the right tool."""
    measured = {"held-back", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7",
                "fresh8"}
    tool_cases = [case for case in cases()  # the held-back part is measured, never held
                  if case.expected["tool"] not in ("sql_query", "kb_search")
                  and not measured & set(case.tags)]
    for case, reading in zip(tool_cases, read(*(c.request for c in tool_cases)), strict=True):
        assert reading is not None, case.id
        assert {name for name, _ in reading.calls} == {case.expected["tool"]}, case.id


def test_a_re_plan_changes_the_terms_until_none_are_left() -> None:
    assert kb_terms("How do I approve a pending decision?") == "approve pending decision"
    tried = ["approve pending decision"]
    while (terms := narrower_terms(tried[0], tried)) is not None:
        assert terms not in tried
        tried.append(terms)
    assert tried == ["approve pending decision", "pending decision", "decision"]


@pytest.mark.parametrize(("question", "expression"), [
    ("Could you work out 3 to the power of 5 for me?", "3 ** 5"),
    ("convert 30 celsius to fahrenheit please", "30 celsius to fahrenheit"),
    ("if i drive 150 miles how many km is that", "150 miles to km"),
    ("What's 2 to the 20th?", "2 ** 20"),
    ("what is 3 to the 4th power", "3 ** 4"),
    ("my doctor says i weigh 72 kg, how much is that in pounds", "72 kg to pounds"),
    ("98.6 fahrenheit in celcius??", "98.6 fahrenheit to celsius"),  # a common unit misspelt
    # A percentage in arithmetic is a hundredth; the remainder operator stays.
    ("Can you calculate 12000 * 4.5% * 3 for me?", "12000 * (4.5 / 100) * 3"),
    ("What is 10 % 3?", "10 % 3"),
])
def test_questions_in_other_words_reach_the_calculator(question: str, expression: str) -> None:
    reading = read(question)[0]
    assert reading is not None and reading.calls == [
        ("calculator", {"expression": expression})]


def test_a_day_count_between_dates_in_words_reaches_the_clock() -> None:
    reading = read("How many weeks are there between March 1 2027 and May 31 2027?")[0]
    assert reading is not None and reading.calls == [("datetime_tool", {
        "operation": "difference", "value": "2027-03-01", "other": "2027-05-31"})]


@pytest.mark.parametrize(("question", "city"), [
    ("whats the airport code for seattle", "seattle"),
    ("Which airport code does Lisbon, Portugal use?", "Lisbon, Portugal")])
def test_an_airport_question_names_its_city_in_any_case_or_order(question: str,
                                                                  city: str) -> None:
    reading = read(question)[0]
    assert reading is not None and reading.calls == [("get_airport_code", {"city_name": city})]


@pytest.mark.parametrize(("question", "passages", "missing"), [
    # The README's approval passage answers an approval question, filler words aside.
    ("How do I approve what an agent wants to do?",
     ["agentdesk decide THREAD approve ... a person approves what the agent"], []),
    # A passage about something else holds some words but not the question's number or name.
    ("how many new customers signed up in 2024", ["customers of a key ... signed with a secret"],
     ["new", "up", "2024"]),
    ("Which airport code does Lisbon, Portugal use?",
     ["real IATA codes from airportsdata; Lisbon is LIS"], ["Portugal"]),
    ("convert 30 celsius to fahrenheit please", ["a 30-second timeout"],
     ["convert", "celsius", "fahrenheit"]),
])
def test_passages_that_leave_out_the_question_are_no_answer(
        question: str, passages: list[str], missing: list[str]) -> None:
    assert uncovered_terms(question, passages) == missing


def test_a_name_in_capitals_and_the_word_after_it_are_held_only_together() -> None:
    """"API key" is one thing: passages with "api" here and "key" there do not hold it."""
    assert uncovered_terms("Which header carries the API key?", [
        "| key | the header row ... the api paths carry ..."]) == ["API key"]
    assert uncovered_terms("How do I add my own MCP servers?", [
        "add your own MCP servers with AGENTDESK_MCP_SERVERS"]) == []
    # All in one case: a name is what the search's passages write in capitals.
    assert uncovered_terms("which header carries the api key?", [
        "| key | the header row ... the api paths carry ..."], ["set your API key"]) == [
        "api key"]
    assert uncovered_terms("how do i add my own mcp servers?", [
        "add your own MCP servers with AGENTDESK_MCP_SERVERS"]) == []


def test_the_passage_an_answer_leads_with_holds_the_name_and_its_word_together() -> None:
    """The README's opening says "the API" and "no key" apart; the passage after it, on
    redacting API keys, is about something else: no answer to which model runs with none."""
    question = "Which language model does agentdesk use by default, when there's no API key?"
    opening = ("agentdesk serves the API and web app ... language models plug in by name, with "
               "an embedded local model as the default so everything runs offline with no key")
    redaction = "API keys, tokens, private keys and passwords are redacted by default"
    assert uncovered_terms(question, [opening, redaction]) == ["API key"]
    models = "local (default): llama.cpp running Gemma 3 270M; offline, no API key needed"
    assert uncovered_terms(question, [models + " agentdesk language", opening]) == []


@pytest.mark.parametrize(("question", "terms"), [
    ("on which port does agentdesk serve listen if I don't set anything?",
     "port agentdesk serve listen default"),
    ("what timeout applies out of the box?", "timeout applies default"),
    # A setting named is what is asked about: its words stay.
    ("what happens if I don't set AGENTDESK_API_KEYS?", "happens if don AGENTDESK_API_KEYS"),
])
def test_by_default_in_other_words_is_searched_as_default(question: str, terms: str) -> None:
    assert kb_terms(question) == terms


# -- phrasings of the labelled questions (bench/quality/assistant_variants.py) -----------

@pytest.mark.parametrize(("question", "expression"), [
    # In capitals, units are read in lower case; a unit pint spells otherwise, its way.
    ("HOW MANY SECONDS ARE IN 3 HOURS?", "3 hours to seconds"),
    ("convert 100 degf to degc", "100 degree_Fahrenheit to degree_Celsius"),
    # Number words, spaced words and a run of end marks.
    ("What is two**ten / eight?", "2**10 / 8"),
    ("How  many  meters  are  in  3  miles ...", "3 miles to meters"),
    ("What number of seconds are in 3 hours?", "3 hours to seconds"),
    # A phrase put first, a unit written "per", a "to" inside the amount ("10 in").
    ("In 3 miles, how many meters are?", "3 miles to meters"),
    ("By 4, what is 250 divided?", "250 / 4"),
    ("Convert 3.5 kilometers per hour to meters per second",
     "3.5 kilometers / hour to meters / second"),
    ("Convert 5 ft 10 in to centimeters", "5 ft 10 in to centimeters"),
    ("Change 2 gallons to liters", "2 gallons to liters"),
])
def test_the_calculator_reads_its_questions_in_other_phrasings(question: str,
                                                              expression: str) -> None:
    reading = read(question)[0]
    assert reading is not None and reading.calls == [("calculator", {"expression": expression})]


@pytest.mark.parametrize(("question", "args"), [
    ("What day of the week is March 10, 2027?", {"operation": "parse", "value": "2027-03-10"}),
    ("What date is 3 days after 27 February 2027?",
     {"operation": "shift", "value": "2027-02-27", "amount": "+3 days"}),
    # "two weeks before X" is a shift; it was read as the days from today until X.
    ("What date is two weeks before 2027-01-15?",
     {"operation": "shift", "value": "2027-01-15", "amount": "-2 weeks"}),
    ("After 2027-03-10, what is the date 90 days?",
     {"operation": "shift", "value": "2027-03-10", "amount": "+90 days"}),
    ("convert 2027-03-10 09:00 new york to tokyo", {
        "operation": "convert", "timezone": "America/New_York", "value": "2027-03-10 09:00",
        "to_timezone": "Asia/Tokyo"}),
    # A date written with slashes, the day past 12 first; then "after that".
    ("Our notice period is 90 days. If it starts on 15/01/2027, what date is 90 days after "
     "that?", {"operation": "shift", "value": "2027-01-15", "amount": "+90 days"}),
    ("Which day of the week will the 31st of October 2027 be?",
     {"operation": "parse", "value": "2027-10-31"}),
    ("what day of the week is 12/25/2027", {"operation": "parse", "value": "2027-12-25"}),
])
def test_the_clock_reads_its_questions_in_other_phrasings(question: str,
                                                         args: dict[str, Any]) -> None:
    reading = read(question)[0]
    assert reading is not None and reading.calls == [("datetime_tool", args)]


@pytest.mark.parametrize(("question", "city"), [
    ("WHAT IS THE AIRPORT CODE FOR SEATTLE?", "seattle"),
    ("what is the airport code for portland, maine?", "portland, maine"),
    ("which airport serves lisbon?", "lisbon"),
    # The phrase put first ends at the comma before the question, not at the first comma.
    ("For Portland, Maine, what is the airport code?", "Portland, Maine"),
])
def test_an_airport_question_names_its_city_in_capitals_or_put_first(question: str,
                                                                     city: str) -> None:
    reading = read(question)[0]
    assert reading is not None and reading.calls == [("get_airport_code", {"city_name": city})]


def test_a_travel_request_with_its_dates_put_first_is_still_a_travel_request() -> None:
    [reading] = read("From 2027-03-10 to 2027-03-14, find hotels in Lisbon")
    assert reading is not None and reading.calls == [("search_hotels", {
        "city_code": "LIS", "check_in": "2027-03-10", "check_out": "2027-03-14"})]


@pytest.mark.parametrize(("question", "city"), [
    ("What is the airport code for Portland Maine", "Portland, Maine"),
    ("Which airport code does Lisbon Portugal use?", "Lisbon, Portugal"),
    ("What is the airport code for New York?", "New York"),  # a name the server knows
])
def test_a_city_and_its_region_without_a_comma_are_read_as_the_server_knows_them(
        question: str, city: str) -> None:
    reading = read(question)[0]
    assert reading is not None and reading.calls == [("get_airport_code", {"city_name": city})]


@pytest.mark.parametrize("question, counted", [
    ("what number of clients do we have altogether", "clients"),
    ("How many branches does the bank have?", "branches"),
    ("how many loans in total", "loans"),
    ("the total number of cards on record?", "cards"),
])
def test_a_count_of_what_the_bank_holds_is_never_answered_from_the_docs(
        question: str, counted: str) -> None:
    passages = [f"{counted} and how many settings the server has, in total, on record"]
    assert uncovered_terms(question, passages) == [counted]


@pytest.mark.parametrize("question", [
    "How many retries does a failed tool call get?",
    "How many agents does agentdesk ship?",
])
def test_a_count_asked_of_the_docs_is_still_read_from_the_docs(question: str) -> None:
    assert not uncovered_terms(question, [question.lower()])


@pytest.mark.parametrize(("question", "arguments"), [
    ("Meeting is at 18:30 Tokyo time on 1 May 2027. What time is that in Los Angeles?",
     {"timezone": "Asia/Tokyo", "value": "2027-05-01 18:30", "to_timezone": "America/Los_Angeles"}),
    ("It's 3 pm here in Paris on 2027-03-01, what time in Sydney?",
     {"timezone": "Europe/Paris", "value": "2027-03-01 15:00", "to_timezone": "Australia/Sydney"}),
    ("at 9:15am in berlin on March 3, 2027 what time is it in new york?",
     {"timezone": "Europe/Berlin", "value": "2027-03-03 09:15", "to_timezone": "America/New_York"}),
    ("If it is 12am in London on 2027-06-01, what time is it in Tokyo?",
     {"timezone": "Europe/London", "value": "2027-06-01 00:00", "to_timezone": "Asia/Tokyo"}),
])
def test_a_time_stated_in_one_place_is_converted_to_the_other(question: str,
                                                              arguments: dict[str, str]) -> None:
    [reading] = read(question)
    assert reading is not None
    assert reading.calls == [("datetime_tool", {"operation": "convert", **arguments})]


@pytest.mark.parametrize("question", [
    "What time is it in Tokyo on 2027-01-01?",
    "The call is at 14:00 on Friday. What time is it in Sydney then?",
])
def test_the_time_now_never_answers_a_question_that_states_a_time_or_a_date(question: str) -> None:
    [reading] = read(question)
    assert reading is None or all(args.get("operation") != "now" for _, args in reading.calls)


def test_the_time_now_is_still_read_when_nothing_is_stated() -> None:
    assert read("What time is it in Tokyo?")[0] == Reading(
        "datetime", [("datetime_tool", {"operation": "now", "timezone": "Asia/Tokyo"})])


@pytest.mark.parametrize(("question", "city"), [
    ("Helsinki airport code pls", "Helsinki"),
    ("oslo airport code?", "oslo"),
    ("For vienna, airport code?", "vienna"),
    ("What's the code of Lisbon's airport?", "Lisbon"),
])
def test_a_city_named_before_the_word_airport_or_before_a_comma_is_read(question: str,
                                                                         city: str) -> None:
    [reading] = read(question)
    assert reading is not None
    assert reading.calls == [("get_airport_code", {"city_name": city})]


@pytest.mark.parametrize(("question", "city"), [
    ("Flying into Birmingham, England for a wedding. What's the airport code?",
     "Birmingham, England"),
    ("Flying into Birmingham, Alabama next week. What's the airport code?",
     "Birmingham, Alabama"),  # the other Birmingham, as written
    ("Flying into Lyon tomorrow, what's the main airport code?", "Lyon"),
])
def test_a_city_flown_into_is_the_airport_question_s_city(question: str, city: str) -> None:
    [reading] = read(question)
    assert reading is not None
    assert reading.calls == [("get_airport_code", {"city_name": city})]


@pytest.mark.parametrize("question", [
    "flying into birmingham, england for a wedding. what's the airport code?",
    "What's the airport code?",
    "what's the main airport code?",
])
def test_the_words_before_airport_are_no_city_when_they_start_with_the(question: str) -> None:
    """"the airport" names no city (the travel server finds "The Eastern Iowa Airport"
    for "the"): with no city read, code reads nothing."""
    assert read(question) == [None]


@pytest.mark.parametrize(("question", "there", "value", "to"), [
    ("When it's noon in New York on Nov 10 2027, what time is it in LA?", "America/New_York",
     "2027-11-10 12:00", "America/Los_Angeles"),
    ("If it's 6:30pm in Mumbai on 31 Oct 2027, what's the time in Chicago?", "Asia/Kolkata",
     "2027-10-31 18:30", "America/Chicago"),
    ("If it's 6:30pm in Chicago on 31 Oct 2027, what's the time in Mumbai?", "America/Chicago",
     "2027-10-31 18:30", "Asia/Kolkata"),  # the other way round
])
def test_a_city_no_zone_is_named_after_is_read_as_the_zone_it_keeps(
        question: str, there: str, value: str, to: str) -> None:
    [reading] = read(question)
    assert reading is not None and reading.calls == [("datetime_tool", {
        "operation": "convert", "timezone": there, "value": value, "to_timezone": to})]


@pytest.mark.parametrize(("question", "expression"), [
    ("how many litres is 5 US gallons", "5 gallons to litres"),
    ("Convert 2 US pints to ml", "2 pints to ml"),
    ("how many litres is 5 UK gallons", "5 uk gallons to litres"),  # not the US gallon: the
])  # calculator says it knows no such unit
def test_a_us_measure_is_pint_s_plain_unit_and_an_imperial_one_is_not(question: str,
                                                                     expression: str) -> None:
    [reading] = read(question)
    assert reading is not None and reading.calls == [("calculator", {"expression": expression})]


@pytest.mark.parametrize(("question", "expression"), [
    ("how many minutes are there in a fortnight?", "1 fortnight to minutes"),
    ("how many seconds in a day", "1 day to seconds"),
    ("The coat is £240 and the sale knocks 25% off. How much do I still have to pay?",
     "240 * (1 - 25 / 100)"),
    ("Dinner came to $64 and we're leaving a 15% tip - what's the total including the tip?",
     "64 * (1 + 15 / 100)"),
])
def test_one_of_a_unit_a_price_still_paid_and_a_tip_on_top_are_read(question: str,
                                                                    expression: str) -> None:
    [reading] = read(question)
    assert reading is not None and reading.calls == [("calculator", {"expression": expression})]


@pytest.mark.parametrize("question", [
    "how many calories are in an apple",  # an apple is no amount of a unit
    "The coat is £240 and the sale knocks 25% off. How much do I not have to pay?",
    "Dinner came to $64 for 3 of us and we're leaving a 15% tip - what's the total?",
])
def test_what_is_not_the_amount_the_total_or_the_price_paid_is_not_read_as_one(
        question: str) -> None:
    [reading] = read(question)
    assert reading is None or all(name != "calculator" for name, _ in reading.calls)


@pytest.mark.parametrize(("question", "expression"), [
    ("5 kg of apples cost 13.75 — what's that per kilo?", "13.75 / 5"),
    ("I'm on 52,000 a year. What's that per month?", "52000 / 12"),
])
def test_a_price_or_a_rate_per_another_unit_is_read(question: str, expression: str) -> None:
    [reading] = read(question)
    assert reading is not None and reading.calls == [("calculator", {"expression": expression})]


@pytest.mark.parametrize("question", [
    "5 kg of apples cost 13.75 — what's that per pound?",  # not the unit of the amount
    "I'm on 52,000 a year. What's that per kilo?",  # not a time
    "I earn 30 an hour for 40 hours a week, what's that per year?",  # two rates
])
def test_a_per_unit_question_with_another_unit_or_number_is_not_guessed(question: str) -> None:
    assert read(question) == [None]


def test_a_clause_after_please_that_names_the_unit_asked_again_is_context() -> None:
    [reading] = read("Convert 6 stone to kilograms please, the GP's form wants kg")
    assert reading is not None
    assert reading.calls == [("calculator", {"expression": "6 stone to kilograms"})]


@pytest.mark.parametrize("question", [
    "Convert 6 stone to kilograms please, the form wants grams",  # another unit
    "Convert 6 stone to kilograms please, my doctor asked",  # names no unit
])
def test_a_clause_after_please_that_may_change_the_question_is_not_dropped(
        question: str) -> None:
    [reading] = read(question)
    assert reading is None or reading.calls != [
        ("calculator", {"expression": "6 stone to kilograms"})]


@pytest.mark.parametrize("question", [
    "what day of the week is 03/04/2027",  # the 3rd of April or the 4th of March
    "It costs 20 dollars, how much is that in euros",  # no exchange rate offline
])
def test_what_could_be_read_two_ways_or_not_at_all_is_not_guessed(question: str) -> None:
    assert read(question) == [None]


def test_a_word_before_airport_that_is_no_city_is_not_looked_up() -> None:
    assert read("Which airport code is the busiest?") == [None]


_HITS = [
    {"text": "The verdict is allow, refuse or ask.", "commands": []},
    {"text": "Ingress applies the safety policy.",
     "commands": ['agentdesk banking check-sql "SELECT * FROM customers"  # exit 0 or 1']},
    {"text": "Tools and commands.", "commands": [
        "agentdesk kb add docs/", 'agentdesk assistant check-input "Ignore all ..." --json']},
]


def test_a_question_for_a_command_is_answered_by_the_command_it_names_first() -> None:
    from agentdesk.domains.assistant.agent.route import command_first

    ordered = command_first(
        "How can I try the assistant's input safety check from the command line?", _HITS)
    assert ordered is not None
    assert ordered[0]["commands"][0].startswith("agentdesk assistant check-input")
    assert ordered[0]["commands"][1] == "agentdesk kb add docs/"
    assert ordered[1:] == _HITS[:2]


@pytest.mark.parametrize("question", [
    "What command starts the server?",  # no command found holds "server"
    "Which command checks an SQL query from the customers table?",  # quoted text is no command
])
def test_a_question_for_a_command_no_hit_holds_finds_nothing(question: str) -> None:
    from agentdesk.domains.assistant.agent.route import command_first

    assert command_first(question, _HITS) is None


def test_a_question_that_asks_for_no_command_keeps_the_ranking() -> None:
    from agentdesk.domains.assistant.agent.route import command_first

    assert command_first("How does the input safety check work?", _HITS) is _HITS


@pytest.mark.parametrize(("question", "value", "amount"), [
    ("what was the date thirty days BEFORE 15/03/2027?", "2027-03-15", "-30 days"),
    ("Add 2 weeks and 3 days to 28 December 2026 - what date do I get?", "2026-12-28",
     "+2 weeks and 3 days"),
    ("What date is two weeks and 3 days after 2027-01-01?", "2027-01-01", "+2 weeks and 3 days"),
    ("subtract 45 days from 2027-02-01", "2027-02-01", "-45 days"),
])
def test_a_length_added_to_or_taken_from_a_date_is_a_shift(question: str, value: str,
                                                             amount: str) -> None:
    [reading] = read(question)
    assert reading == Reading("datetime", [("datetime_tool", {
        "operation": "shift", "value": value, "amount": amount})])


def test_a_question_asking_for_a_date_is_never_answered_with_a_count_of_days() -> None:
    assert read("What date is 3 days to 2027-01-01?") == [None]
    assert read("How many days until 2027-01-01?")[0].calls[0][1]["operation"] == "difference"


def test_numbers_in_words_past_twenty_and_halves_are_read() -> None:
    assert read("How many seconds are there in three and a half hours?") == [Reading(
        "calculator", [("calculator", {"expression": "3.5 hours to seconds"})])]
    assert read("what is three thousand two hundred divided by forty")[0] == Reading(
        "calculator", [("calculator", {"expression": "3200 / 40"})])


def test_the_cheapest_flight_is_the_cheapest_non_stop_one_when_that_is_asked() -> None:
    from agentdesk.domains.assistant.agent.answer import render_fact

    offer = {"airline": "X", "flight_number": "X1", "date": "2027-03-10",
             "departure_time": "09:00", "price": 385.35}
    data = {"origin": "BOS", "destination": "LIS", "outbound": [
        {**offer, "stops": 1}, {**offer, "flight_number": "X2", "stops": 0, "price": 532.85}]}
    result = {"tool": "search_flights", "status": "ok", "outcome": "found", "data": data,
              "args": {}}
    assert "385.35" in render_fact(result, "cheapest flight from Boston to Lisbon?")
    fact = render_fact(result, "cheapest non-stop flight from Boston to Lisbon?")
    assert "X2" in fact and "532.85" in fact and "non-stop" in fact
    only_stops = {**data, "outbound": [{**offer, "stops": 1}]}
    assert "none of them is non-stop" in render_fact({**result, "data": only_stops},
                                                     "a direct flight BOS to LIS?")


@pytest.mark.parametrize(("question", "name"), [
    ("cheapest hotel in Lisbon with at least 3 stars?", "B"),
    ("the cheapest four-star hotel", "C"),
    ("cheapest hotel, 3+ stars", "B"),
    ("cheapest hotel for 3 nights", "A"),
])
def test_the_cheapest_hotel_has_the_stars_the_question_asks_for(question: str, name: str) -> None:
    from agentdesk.domains.assistant.agent.answer import render_fact

    offers = [{"name": "A", "stars": 2, "price": 100}, {"name": "B", "stars": 3, "price": 150},
              {"name": "C", "stars": 4, "price": 200}]
    result = {"tool": "search_hotels", "status": "ok", "outcome": "found", "args": {},
              "data": {"offers": offers, "city": "Lisbon", "nights": 4}}
    assert f"cheapest {name} " in render_fact(result, question)
    assert "none of them has 5 stars" in render_fact(result, "a five star hotel in Lisbon")


@pytest.mark.parametrize(("question", "expression"), [
    ("hey, quick one - what's 17.5% of 2,480?", "17.5 / 100 * 2480"),
    ("How many kilometres is 26.2 miles? (marathon distance)", "26.2 miles to kilometres"),
    ("what's 12% more than 350?", "350 * (1 + 12 / 100)"),
    ("What is 20 percent less than 90?", "90 * (1 - 20 / 100)"),
    ("Morning! Add 12 to 15% of 80 for me", "15 / 100 * 80 + 12"),
])
def test_greetings_asides_and_percent_phrasings_reach_the_calculator(question: str,
                                                                     expression: str) -> None:
    assert read(question) == [Reading("calculator", [("calculator", {"expression": expression})])]


@pytest.mark.parametrize(("question", "value", "other"), [
    ("Using UK dates (day/month): how many days from 01/02/2027 to 01/03/2027?",
     "2027-02-01", "2027-03-01"),
    ("In US format: how many days from 01/02/2027 to 01/03/2027?", "2027-01-02", "2027-01-03"),
    # A question writes its dates one way: the 13th shows the month comes first.
    ("how many days from 01/02/2027 to 01/13/2027?", "2027-01-02", "2027-01-13"),
])
def test_dates_in_numbers_are_read_in_the_order_the_question_says_or_shows(
        question: str, value: str, other: str) -> None:
    assert read(question) == [Reading("datetime", [("datetime_tool", {
        "operation": "difference", "value": value, "other": other})])]


def test_dates_in_numbers_in_no_order_said_or_shown_are_not_guessed() -> None:
    # 1 February or 2 January: nothing says which, so no count of days is guessed.
    assert read("how many days from 01/02/2027 to 01/03/2027?") == [None]


@pytest.mark.parametrize(("question", "city"), [
    ("airport code for birmingham, alabama (not the one in england!)", "birmingham, alabama"),
    ("airport code for Birmingham, Alabama (not the one in England!)", "Birmingham, Alabama"),
    ("airport code for Portland (Oregon)", "Portland"),  # an aside that says no "not"
])
def test_a_city_an_aside_says_is_not_meant_is_not_looked_up(question: str, city: str) -> None:
    assert read(question) == [Reading("travel", [("get_airport_code", {"city_name": city})])]


@pytest.mark.parametrize(("question", "expression"), [
    ("i weigh 82 kg, whats that in pounds", "82 kg to pounds"),
    ("hey quick one - convert seventy-two degrees fahrenheit to celsius", "72 degF to celsius"),
    ("convert 72 degrees degF to degC", "72 degF to degC"),
    ("My oven recipe (American) says 350 F. What's that in Celsius?", "350 degF to celsius"),
    ("How tall is 5 feet 11 inches in centimeters?", "5 feet 11 inches to centimeters"),
    ("(1200 - 15% of 1200) / 4 = ?", "(1200 - 15 / 100 * 1200) / 4"),
    # Degrees with no temperature after them are an angle; F before no temperature, farads.
    ("convert 30 degrees to radians", "30 degrees to radians"),
    ("what is 10 F in microfarads", "10 F to microfarads"),
])
def test_temperatures_heights_and_what_that_is_in_a_unit_reach_the_calculator(
        question: str, expression: str) -> None:
    assert read(question) == [Reading("calculator", [("calculator", {"expression": expression})])]


@pytest.mark.parametrize(("question", "args"), [
    ("Good morning! What is 20 May 2027 minus 100 days?",
     {"operation": "shift", "value": "2027-05-20", "amount": "-100 days"}),
    ("what's 2027-01-15 plus 2 weeks?",
     {"operation": "shift", "value": "2027-01-15", "amount": "+2 weeks"}),
    ("noon UTC on 10 Jan 2027 - what time is that in Sydney?",
     {"operation": "convert", "timezone": "UTC", "value": "2027-01-10 12:00",
      "to_timezone": "Australia/Sydney"}),
    ("I land in Berlin at 07:45 local time on 30 March 2027. What time will it be in Chicago "
     "then?", {"operation": "convert", "timezone": "Europe/Berlin", "value": "2027-03-30 07:45",
               "to_timezone": "America/Chicago"}),
    ("It's 9am on Monday 1 November 2027 in Auckland. What time is it in London?",
     {"operation": "convert", "timezone": "Pacific/Auckland", "value": "2027-11-01 09:00",
      "to_timezone": "Europe/London"}),
])
def test_a_date_plus_or_minus_noon_and_a_place_before_its_time_reach_the_clock(
        question: str, args: dict[str, str]) -> None:
    assert read(question) == [Reading("datetime", [("datetime_tool", args)])]


def test_minus_between_numbers_is_still_arithmetic() -> None:
    assert read("What is 20 minus 100?") == [
        Reading("calculator", [("calculator", {"expression": "20 - 100"})])]


@pytest.mark.parametrize(("question", "expression"), [
    ("What is one eighth expressed as a percentage?", "(1 / 8) * 100"),
    ("What is one 8th expressed as a percentage?", "(1 / 8) * 100"),
    ("what is 3/8 as a percent", "(3/8) * 100"),
    ("The jacket is 85 dollars and there's 40 percent off. How much do I actually pay?",
     "85 * (1 - 40 / 100)"),
])
def test_a_fraction_as_a_percentage_and_a_price_after_a_discount_reach_the_calculator(
        question: str, expression: str) -> None:
    assert read(question) == [Reading("calculator", [("calculator", {"expression": expression})])]


@pytest.mark.parametrize("question", [
    "The jacket is 85 dollars and there's 40 percent off. How much do I save?",  # not paid
    "The jacket is 85 dollars and there's 40 dollars off. How much do I pay?",  # no percentage
    "what is one second as a percentage",  # a second is a time, no fraction
])
def test_what_is_saved_or_taken_off_in_money_is_not_read_as_a_discounted_price(
        question: str) -> None:
    [reading] = read(question)
    assert reading is None or reading.kind != "calculator"


def test_a_time_asked_for_first_and_stated_in_the_morning_reaches_the_clock() -> None:
    assert read("what time is it in Paris when it is 1:30 in the morning in Denver on March "
                "14th 2027?") == [Reading("datetime", [("datetime_tool", {
                    "operation": "convert", "timezone": "America/Denver",
                    "value": "2027-03-14 01:30", "to_timezone": "Europe/Paris"})])]
    [evening] = read("what time is it in Tokyo when it is 6 in the evening in London on "
                     "2027-05-01?")
    assert evening is not None and evening.calls[0][1]["value"] == "2027-05-01 18:00"


def test_a_question_for_a_setting_is_answered_by_a_passage_that_names_one() -> None:
    """"which setting switches on" is how the question asks; the setting's name answers."""
    assert uncovered_terms(
        "which setting switches on re-ranking of the knowledge base search results?",
        ["The knowledge base is searched with BM25. With `AGENTDESK_KB_RERANK=true`, the "
         "best BM25 candidates are re-ranked"]) == []
    # A command's option is a setting's name too.
    assert uncovered_terms("which option makes agentdesk serve only the API?",
                           ["agentdesk serve --api-only serves only the API"]) == []
    # Passages on leases and runs that name no setting do not say which one changes it.
    assert uncovered_terms(
        "How long is the lease a worker holds on a run, and which env var changes it?",
        ["every process that claims runs holds a lock; a worker's lease on a run is renewed"]
    ) == ["env var"]


def test_the_place_asked_for_put_first_and_binary_bytes_in_one_case_are_read() -> None:
    assert read("In Tokyo, if it's 9:30 am in New York on 2027-02-10, what time is it?") == [
        Reading("datetime", [("datetime_tool", {
            "operation": "convert", "timezone": "America/New_York", "value": "2027-02-10 09:30",
            "to_timezone": "Asia/Tokyo"})])]
    # Nothing stated there: the time now in the place put first.
    assert read("In London, what time is it?") == [Reading("datetime", [("datetime_tool", {
        "operation": "now", "timezone": "Europe/London"})])]
    assert read("HOW MANY BYTES IS 3 MIB") == [
        Reading("calculator", [("calculator", {"expression": "3 MiB to bytes"})])]


def test_a_function_word_in_a_lower_case_question_is_no_name_in_capitals() -> None:
    """"for scheduled" is no name and its word, whatever passages write "FOR" in capitals;
    "api key" still is one when the passage holds "API" and "key" apart."""
    passages = ["Crons run an assistant on a schedule: a cron expression parsed by `croniter` "
                "(5 fields, or 6 with seconds).", "SELECT ... FOR UPDATE is not used."]
    assert uncovered_terms("which python library parses the cron expressions for scheduled "
                           "runs?", passages) == []
    apart = ["The API answers 401 when no key is set.", "Other text about the API."]
    assert "api key" in uncovered_terms("where do i put the api key?", apart)


@pytest.mark.parametrize(("question", "value"), [
    ("it's quarter past seven in the morning in Chicago on 2027-06-01 - what time is it in "
     "Berlin then?", "2027-06-01 07:15"),
    ("It is half past 6 pm in London on 2027-06-01 - what time is it in Tokyo then?",
     "2027-06-01 18:30"),
    ("It is quarter to 9 in the evening in London on 2027-06-01, what time is it in Tokyo?",
     "2027-06-01 20:45"),
    ("It is 7 am in Chicago on 2027-06-01 - what time is it in Berlin then?", "2027-06-01 07:00"),
])
def test_a_time_said_in_minutes_from_an_hour_is_converted_with_its_minutes(
        question: str, value: str) -> None:
    [reading] = read(question)
    assert reading is not None and reading.calls[0][1]["value"] == value


def test_minutes_from_an_hour_the_reader_cannot_read_are_never_dropped() -> None:
    """"20 past 7" is read as no time rather than as 07:00 (the minutes silently lost)."""
    [reading] = read("it's 20 past 7 am in Chicago on 2027-06-01 - what time is it in Berlin?")
    assert reading is None or reading.kind != "datetime"


def test_a_figure_the_question_states_must_be_in_what_the_answer_quotes() -> None:
    """The passages hold "25" and "2026" somewhere; the sentence quoted (the clock tool's
    description) holds neither: no answer. "1 agent" is "an agent", no figure to find."""
    from agentdesk.domains.assistant.agent.route import unstated

    quoted = ["- `datetime_tool(operation, ...)`: `now` in a time zone, `convert` between "
              "zones, `shift` a date by an amount (`+3 days`)"]
    assert unstated("which day of the week was christmas day, 25/12/2026?", quoted) == [
        "25", "12", "2026"]
    assert unstated("What does the datetime tool shift a date by, e.g. +3 days?", quoted) == []
    assert unstated("How do I choose a model for 1 agent?", ["Set AGENTDESK_MODEL_TRIP."]) == []


def test_a_setting_asked_for_is_named_beside_the_question_s_own_words() -> None:
    """A variable of another thing (``AGENTDESK_GRAPHS`` for graphs) does not answer which
    env var decides the insurance review; ``AGENTDESK_INSURANCE_REVIEW`` does."""
    from agentdesk.domains.assistant.agent.route import unstated

    question = "What env var decides which of the insurance tools need the agency's sign-off?"
    assert unstated(question, ["A team serves graphs from `langgraph.json`:\n"
                               "AGENTDESK_GRAPHS=langgraph.json agentdesk worker"]) == [
        "a setting of what was asked"]
    assert unstated(question, ["The tools the agency reviews are set by "
                               "`AGENTDESK_INSURANCE_REVIEW` (a comma list)."]) == []


@pytest.mark.parametrize(("question", "city"), [
    ("what's the airport code for portland oregon not the one in maine", "portland, oregon"),
    ("what's the airport code for portland oregon not the one in maine ?!", "portland, oregon"),
    ("Which airport code do I type for Sydney in Australia, not  the  one  in  Nova  Scotia ...",
     "Sydney, Australia"),
    ("Airport code for Paris, not the one in Texas?", "Paris"),  # the server finds France's
])
def test_a_place_said_not_to_be_meant_outside_brackets_is_not_looked_up(
        question: str, city: str) -> None:
    [reading] = read(question)
    assert reading is not None and reading.calls[0] == ("get_airport_code", {"city_name": city})
    assert all("maine" not in str(args).lower() for _, args in reading.calls)


def test_a_bare_city_the_server_finds_as_the_one_not_meant_is_not_looked_up() -> None:
    """"Birmingham (not the one in England)": the server's Birmingham is England's, so the
    question is not read (a refusal), never answered with BHX."""
    [reading] = read("Airport code for Birmingham (not the one in England!)?")
    assert reading is None or reading.kind != "travel"


@pytest.mark.parametrize(("question", "expression"), [
    ("A marathon is 26.2 miles - how far is that in km?", "26.2 miles to km"),
    ("the film is 142 minutes, how long is that in hours?", "142 minutes to hours"),
    ("I weigh 72 kg, how much is that in pounds?", "72 kg to pounds"),
])
def test_an_amount_then_how_far_or_long_is_that_in_a_unit_reaches_the_calculator(
        question: str, expression: str) -> None:
    assert read(question) == [Reading("calculator", [("calculator", {"expression": expression})])]


def test_a_weekday_of_a_named_date_reads_the_date_in_figures() -> None:
    assert read("which day of the week was christmas day, 25/12/2026?") == [Reading(
        "datetime", [("datetime_tool", {"operation": "parse", "value": "2026-12-25"})])]
    # A name with no date in figures beside it is not read as one.
    [named] = read("which day of the week was christmas day in 2026?")
    assert named is None or named.kind != "datetime"


@pytest.mark.parametrize(("question", "city"), [
    ("airport code for Kraków in Poland pls", "Kraków, Poland"),
    ("airport code for Krakow in Poland pls", "Krakow, Poland"),
    ("What is the airport code for Paris?", "Paris"),
])
def test_a_city_in_any_alphabet_and_its_country_after_in_are_one_place(
        question: str, city: str) -> None:
    assert read(question) == [Reading("travel", [("get_airport_code", {"city_name": city})])]


def test_what_is_paid_after_a_coupon_asked_with_what_reaches_the_calculator() -> None:
    assert read("i have a coupon for 35% off a £240 coat. what do i actually pay after the "
                "discount?") == [Reading("calculator", [("calculator", {
                    "expression": "240 * (1 - 35 / 100)"})])]
    [unpaid] = read("i have a coupon for 35% off a £240 coat. what do i not pay?")
    assert unpaid is None or unpaid.kind != "calculator"


def test_a_city_put_first_before_a_dash_and_its_airport_is_the_city_asked_for() -> None:
    assert read("Birmingham, Alabama - which IATA code is its airport?") == [Reading(
        "travel", [("get_airport_code", {"city_name": "Birmingham, Alabama"})])]
    # Words before the dash that are no city are not looked up.
    [quick] = read("Quick question - which IATA code is its airport?")
    assert quick is None or quick.kind != "travel"


@pytest.mark.parametrize(("question", "expression"), [
    ("Dinner came to $86.40 and I want to leave 18%. What's the tip by itself?",
     "86.40 * 18 / 100"),
    ("The bill is $64 with a 15% tip, how much is the tip?", "64 * 15 / 100"),
    # the tip, not the total (64 * (1 + 15 / 100)) it was once at risk of being read as
    ("Dinner came to $64 and we're leaving a 15% tip - how much is the tip?", "64 * 15 / 100"),
])
def test_the_tip_alone_is_the_percentage_of_the_price(question: str, expression: str) -> None:
    assert read(question) == [Reading("calculator", [("calculator", {"expression": expression})])]


@pytest.mark.parametrize("question", [
    "Dinner came to $86.40 and I want to leave 18%. What's the tip and the total?",
    "It was $50 with 20% off, what's the tax?",
])
def test_a_tip_asked_with_the_total_or_a_tax_on_a_discount_is_not_read_as_the_tip_alone(
        question: str) -> None:
    [reading] = read(question)
    assert reading is None or reading.kind != "calculator"


@pytest.mark.parametrize(("question", "expression"), [
    ("How many minutes are there in two and a quarter days?", "2.25 days to minutes"),
    ("How many hours are there in 3 and three quarters days?", "3.75 days to hours"),
])
def test_a_whole_and_a_quarter_is_a_decimal(question: str, expression: str) -> None:
    assert read(question) == [Reading("calculator", [("calculator", {"expression": expression})])]


def test_a_quarter_past_an_hour_after_a_whole_is_no_quarter_of_it() -> None:
    """"2 and a quarter past 3" is not 2.25 past 3: nothing is read as 2.25."""
    [reading] = read("it is 2 and a quarter past 3 in Paris, what time is it in Tokyo?")
    assert reading is None or "2.25" not in str(reading.calls)
