"""The trip reader on requests written in other people's words: any punctuation, case and
order; ordinals, numbers in words, "a week", "for the 4 of us"; and what it cannot read
said, never planned around in silence."""

from __future__ import annotations

from datetime import date

import pytest

from agentdesk.domains.trip.agent.schemas import TripInput
from agentdesk.domains.trip.request import read_fully, read_request

TODAY = date(2026, 11, 26)


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("Boston to Oslo: leaving May 3rd 2027, back May 8th.", "Boston", "Oslo"),
    ("From Chicago to Lisbon, 4 nights, leaving 2027-06-10", "Chicago", "Lisbon"),
    ("Amsterdam - from Berlin - 2027-05-20 to 2027-05-23", "Berlin", "Amsterdam"),
    ("Tokyo! From San Francisco, leaving Oct 2nd 2027 for ten days", "San Francisco", "Tokyo"),
    ("Porto (from Lisbon) for 3 nights starting 2027-08-14", "Lisbon", "Porto"),
    ('"Rome" from "Madrid", leaving 2027-03-22, 3 nights.', "Madrid", "Rome"),
    ("Leaving 2027-04-12 from Denver; 6 days; destination Seattle", "Denver", "Seattle"),
    ("need a trip to rome from boston, leaving june 5 2027 for 5 days", "Boston", "Rome"),
    ("FROM BOSTON TO LISBON, LEAVING 2027-03-10, 4 DAYS, BUDGET 2500 USD", "Boston", "Lisbon"),
    # "MAY" is an airport's code; in a date it is the month.
    ("BOSTON TO OSLO: LEAVING MAY 3RD 2027, BACK MAY 8TH.", "Boston", "Oslo"),
    # Capitals that only a date or a sentence's start asks for say nothing of the cities.
    ("need a trip to rome from boston, leaving 5 June 2027 for 5 days", "Boston", "Rome"),
])
def test_cities_in_any_punctuation_case_and_order(text: str, origin: str,
                                                  destination: str) -> None:
    read = read_request(text, TODAY)
    assert (read.get("origin"), read.get("destination")) == (origin, destination)


@pytest.mark.parametrize(("text", "depart", "back"), [
    ("Paris from London, the 3rd of May 2027, three nights", "2027-05-03", "2027-05-06"),
    ("Paris from London, the third of May 2027, for a week", "2027-05-03", "2027-05-10"),
    ("berlin to amsterdam on the 14th of april 2027, back on the 17th", "2027-04-14",
     "2027-04-17"),
    ("two weeks in Lisbon out of Boston, leaving July 1st 2027", "2027-07-01", "2027-07-15"),
    ("Dublin from Berlin, departing September 9th, 2027, a fortnight", "2027-09-09",
     "2027-09-23"),
    ("Boston to Oslo: leaving May third 2027, back May eighth.", "2027-05-03", "2027-05-08"),
    ("Tokyo! From San Francisco, leaving Oct second 2027 for ten days", "2027-10-02",
     "2027-10-12"),
    ("Dublin from Berlin, departing September ninth, 2027, two nights", "2027-09-09",
     "2027-09-11"),
    ("back May 8th. Budget $3000, Boston to Oslo: leaving May 3rd 2027.", "2027-05-03",
     "2027-05-08"),
    ("Paris  from  London,  the  3rd  of  May  2027,  three  nights ...", "2027-05-03",
     "2027-05-06"),
])
def test_ordinals_and_lengths_in_words(text: str, depart: str, back: str) -> None:
    read = read_request(text, TODAY)
    assert (read.get("depart"), read.get("return")) == (depart, back)


@pytest.mark.parametrize(("text", "travelers"), [
    ("A week in Barcelona for the 4 of us, flying out of Madrid on 2027-07-01", 4),
    ("Two nights in Dublin from Berlin for three people, departing 2027-09-09", 3),
    ("Paris from London on 2027-05-03 for 3 nights, two adults", 2),
    ("Family trip: 2 adults and 2 kids, Barcelona from Paris, 2027-07-15 for 5 days", 4),
    ("two weeks in Lisbon for five of us out of Boston, leaving July 1st 2027", 5),
    ("Paris from London, the 3rd of May 2027, three nights, two grown-ups", 2),
])
def test_parties_in_words_and_groups(text: str, travelers: int) -> None:
    assert read_request(text, TODAY)["travelers"] == travelers


@pytest.mark.parametrize(("text", "unread"), [
    ("From Boston to Dublin, 2027-10-04 for 5 days, nonstop flights only", "nonstop"),
    ("From London to New York, 2027-05-05 for 6 days, business class", "business class"),
    ("From New York to Paris, 5 days, not before March 20 2027", "not"),
    ("Madrid from Miami, leaving 2027-11-05 for 4 nights, hotel under 100 dollars a night",
     "a night"),
    ("Lisbon from Boston on 2027-03-10 for 4 days, gate 12B", "12B"),
    # A number in words that nothing reads is said too, not planned as one traveler.
    ("Paris from London, the 3rd of May 2027, three nights, two lodgers", "two lodgers"),
])
def test_what_changes_the_plan_and_is_not_read_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]
    with pytest.raises(ValueError, match="could not read") as caught:
        TripInput(messages=text)
    assert unread in str(caught.value)


@pytest.mark.parametrize(("text", "budget"), [
    ("want a journey to rome from boston, departing june 5 2027 for 5 days, spend at most 4000",
     4000.0),
    ("Paris from London on 2027-05-03 for 3 nights, no more than 2.5k dollars", 2500.0),
])
def test_a_budget_in_other_words(text: str, budget: float) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("budget"), unread) == (budget, [])


def test_a_cap_without_a_currency_is_not_a_budget() -> None:
    found, _ = read_fully("Paris from London on 2027-05-03, less than 5 days", TODAY)
    assert "budget" not in found


def test_a_plain_request_leaves_nothing_unread() -> None:
    found, unread = read_fully("Plan 4 days in Lisbon from Boston, leaving 2027-03-10, "
                               "budget 2500 USD", TODAY)
    assert unread == []
    assert found == {"origin": "Boston", "destination": "Lisbon", "depart": "2027-03-10",
                     "return": "2027-03-14", "budget": 2500.0}


@pytest.mark.parametrize(("text", "budget"), [
    ("Rome from London on 2027-05-03 for a week, budget three thousand dollars", 3000.0),
    ("Rome from London on 2027-05-03 for a week, budget four thousand", 4000.0),
    ("Rome from London on 2027-05-03 for a week, two thousand five hundred dollars", 2500.0),
    ("Rome from London on 2027-05-03 for a week, a thousand dollars at most", 1000.0),
    # A scale word after digits multiplies them: never a budget of 3.
    ("Rome from London on 2027-05-03 for a week, budget 3 thousand dollars", 3000.0),
    ("Rome from London on 2027-05-03 for a week, budget $1.5 thousand", 1500.0),
    # A word after the amount's comma is the next phrase, not what it counts.
    ("budget 4000, need a trip to rome from boston, leaving june 5 2027 for 5 days", 4000.0),
])
def test_a_budget_in_words(text: str, budget: float) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("budget"), unread) == (budget, [])


@pytest.mark.parametrize(("text", "travelers"), [
    ("From Madrid to Amsterdam on 2027-10-01 for 5 days, family of five", 5),
    ("From Madrid to Amsterdam on 2027-10-01 for 5 days, a party of 3", 3),
    ("from Denver to Phoenix on 2027-04-02 for five days, 1 traveller", 1),
    ("from Denver to Phoenix on 2027-04-02 for five days, one traveler", 1),
    ("Trip to Rome from Athens: 2027-10-11, back 2027-10-15, one person", 1),
    ("Trip to Rome from Athens: 2027-10-11, back 2027-10-15, 1 person", 1),
    ("Trip to Rome from Athens: 2027-10-11, back 2027-10-15, me and my husband", 2),
    ("Me and my wife want to go to Rome from London on 2027-05-03 for 3 nights", 2),
    ("From Atlanta to Cancun on 2027-03-20, 6 nights, my partner and I", 2),
])
def test_parties_said_as_people_say_them(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("I'm in Boston and want to visit Chicago, leaving 2027-04-22 for 3 nights", "Boston",
     "Chicago"),
    ("i am in denver and want to go to phoenix on 2027-04-22 for 3 nights", "Denver",
     "Phoenix"),
    ("We live in Miami; a week in Bogota from 2027-08-14", "Miami", "Bogota"),
])
def test_where_the_person_is_is_the_origin(text: str, origin: str, destination: str) -> None:
    read = read_request(text, TODAY)
    assert (read.get("origin"), read.get("destination")) == (origin, destination)


@pytest.mark.parametrize(("text", "origin", "destination"), [
    # airportsdata files Frankfurt as "Frankfurt am Main", Bordeaux as "Bordeaux/Merignac".
    ("From Frankfurt to Rome: leaving May 14 2027 for one week", "Frankfurt", "Rome"),
    ("from frankfurt to rome, leaving may 14 2027 for one week", "Frankfurt", "Rome"),
    ("Bordeaux to Lisbon, 2027-06-01 for 4 nights", "Bordeaux", "Lisbon"),
    ("Tenerife from Madrid, 2027-06-01 for 4 nights", "Madrid", "Tenerife"),
])
def test_cities_the_airport_data_names_with_more_words(text: str, origin: str,
                                                       destination: str) -> None:
    read = read_request(text, TODAY)
    assert (read.get("origin"), read.get("destination")) == (origin, destination)


@pytest.mark.parametrize(("text", "travelers"), [
    ("From Madrid to Amsterdam on 2027-10-01 for 5 days, my wife and I with our 2 kids", 4),
    ("From Madrid to Amsterdam on 2027-10-01 for 5 days, me and my husband and three children",
     5),
])
def test_children_come_with_the_couple_who_bring_them(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


def test_children_alone_are_not_the_whole_party() -> None:
    found, unread = read_fully("From Madrid to Amsterdam on 2027-10-01 for 5 days with 2 kids",
                               TODAY)
    assert "travelers" not in found
    assert "2 kids" in unread


@pytest.mark.parametrize(("text", "unread"), [
    ("From Boston to Lisbon on 2027-05-03 for a week, hotel under 5 km from the beach", "5 km"),
    ("From Boston to Lisbon on 2027-05-03 for a week, max 2 stops", "2 stops"),
])
def test_a_number_of_something_else_is_no_budget(text: str, unread: str) -> None:
    found, said = read_fully(text, TODAY)
    assert "budget" not in found
    assert unread in said


def test_a_family_of_n_counts_its_children() -> None:
    text = "From Madrid to Amsterdam on 2027-10-01 for 5 days, a family of 4 with 2 kids"
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (4, [])
    found, unread = read_fully(text.replace("of 4", "of 2"), TODAY)
    assert "travelers" not in found and unread


@pytest.mark.parametrize(("text", "unread"), [
    ("From Boston to Lisbon on 2027-05-03 for a week and then Porto", "Porto"),
    ("From Boston to Lisbon on 2027-05-03 for a week, or from New York", "New York"),
])
def test_a_third_city_is_said_not_dropped(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize("text", [
    "From Boston to Lisbon on 2027-05-03 for a week, back to Boston after",
    "From Boston to Lisbon on 2027-05-03 for a week, 2 people, in Lisbon we want a quiet hotel",
    "To Lisbon from BOS on 2027-05-03 for a week, flying back to Boston",
])
def test_a_city_named_again_is_no_third_city(text: str) -> None:
    assert read_fully(text, TODAY)[1] == []


@pytest.mark.parametrize(("text", "back", "travelers"), [
    # Never "twenty" travelers and a day's trip.
    ("From Boston to Lisbon on 2027-05-03 for twenty-one days", "2027-05-24", None),
    ("From Boston to Lisbon on 2027-05-03 for twenty one nights, 2 people", "2027-05-24", 2),
    ("From Boston to Lisbon on 2027-05-03 for a week, thirty-two people", "2027-05-10", 32),
    ("Boston to Lisbon, 2027-05-03 for 1 wk", "2027-05-10", None),
])
def test_compound_numbers_in_words_and_abbreviated_weeks(text: str, back: str,
                                                         travelers: int | None) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("return"), found.get("travelers"), unread) == (back, travelers, [])


def test_a_request_with_an_arrow_the_reader_does_not_know_is_refused_not_broken() -> None:
    found, _ = read_fully("Lisbon <- Boston, 2027-05-03, 1 week", TODAY)
    assert "origin" not in found


@pytest.mark.parametrize(("text", "unread"), [
    ("From Boston to Lisbon on 2027-05-03 for a week, budget $2,500 per person",
     "per person"),
    ("From Boston to Lisbon on 2027-05-03 for a week, budget $2500 pp", "pp"),
    ("From Boston to Lisbon on 2027-05-03 for a week, my husband, me and our baby", "baby"),
    ("From Boston to Lisbon on 2027-05-03 for a week with friends, budget $900", "friends"),
    ("From Boston to Lisbon on 2027-05-03 for a week, budget 2-3k", "2-3k"),
])
def test_a_budget_per_head_a_range_or_people_without_a_count_are_said(text: str,
                                                                      unread: str) -> None:
    said = read_fully(text, TODAY)[1]
    assert any(unread in phrase for phrase in said)


@pytest.mark.parametrize(("text", "origin", "destination", "travelers"), [
    ("Origin: Boston; destination: Lisbon; dates 2027-05-03 to 2027-05-10", "Boston", "Lisbon",
     None),
    ("Boston based, want Lisbon for a week from 2027-05-03", "Boston", "Lisbon", None),
    ("Boston based, 2 ppl, Lisbon for a week from 2027-05-03", "Boston", "Lisbon", 2),
])
def test_an_origin_as_a_form_or_a_base_says_it(text: str, origin: str, destination: str,
                                               travelers: int | None) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("origin"), found.get("destination"), found.get("travelers"), unread) == (
        origin, destination, travelers, [])


@pytest.mark.parametrize(("text", "unread"), [
    # The length and the return date disagree: which one is meant is not for the reader.
    ("From Boston to Lisbon, leaving 2027-05-03 for 3 nights, back 2027-05-10", "3 nights"),
    ("From Boston to Lisbon, leaving 2027-05-10, back 2027-05-03", "2027-05-03"),
    ("From Boston to Lisbon, 2027-05-03 to 2027-05-10, then 2027-06-01", "2027-06-01"),
])
def test_dates_that_do_not_fit_together_are_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "unread"), [
    # A requirement nothing here reads, on the hotel or the flights, is said, not dropped.
    ("From Denver to Miami, 2027-04-02, 4 nights, budget $1,800, hotel must have a pool",
     "must have a pool"),
    ("Boston to Rome on 2027-05-03 for a week; the flight has to be in the morning",
     "has to be in the morning"),
    ("Seattle to Austin 2027-07-09 for 3 days, we travel with our cat", "cat"),
    ("Seattle to Austin 2027-07-09 for 3 days, pet-friendly hotel please", "pet"),
])
def test_a_requirement_or_a_pet_is_said_not_dropped(text: str, unread: str) -> None:
    said = read_fully(text, TODAY)[1]
    assert any(unread in phrase for phrase in said)


@pytest.mark.parametrize(("text", "travelers"), [
    ("Boston to Rome, 2027-05-03, 5 days, two colleagues and me", 3),
    ("Boston to Rome, 2027-05-03, 5 days, me and 4 friends, $3000", 5),
    ("Boston to Rome, 2027-05-03, 5 days, myself + 1 friend", 2),
    ("Boston to Rome, 2027-05-03, 5 days, my husband and I with 2 friends", 4),
    ("Boston to Rome, 2027-05-03, 5 days, me and my 3 kids", 4),
])
def test_companions_counted_with_the_one_who_writes(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


@pytest.mark.parametrize(("text", "travelers"), [
    ("Boston to Rome, 2027-05-03, 5 days, for 5 people (3 adults + 2 kids)", 5),
    ("Boston to Rome, 2027-05-03, 5 days, 3 travelers: 1 adult and 2 children", 3),
    ("Boston to Rome, 2027-05-03, 5 days, 4 of us incl. 1 kid", 4),
])
def test_a_total_and_its_groups_agreeing_are_one_party(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


@pytest.mark.parametrize("text", [
    "Boston to Rome, 2027-05-03, 5 days, for 5 people (2 adults + 2 kids)",
    "Boston to Rome, 2027-05-03, 5 days, 3 people: 2 adults and 2 children",
])
def test_a_total_and_groups_that_disagree_are_said(text: str) -> None:
    assert read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "origin"), [
    # airportsdata files Montreal's airport (YUL) under Dorval; the planner names it outright.
    ("From Montreal to Paris, 2027-06-01 for 10 days", "Montreal"),
    ("montreal to lisbon, 2027-06-01 for 10 days", "Montreal"),
    ("From Montréal to Lisbon, 2027-06-01 for 10 days", "Montréal"),
])
def test_a_city_the_planner_names_outright_is_a_city(text: str, origin: str) -> None:
    assert read_request(text, TODAY).get("origin") == origin


@pytest.mark.parametrize(("text", "depart", "back"), [
    # A day over 12 says the order, and the text's other dates are written the same way.
    ("nyc -> seoul, 10/4/2027 thru 10/14/2027, $3k budget", "2027-10-04", "2027-10-14"),
    ("Munich to Athens. Departure: 03.05.2027, return: 21.05.2027", "2027-05-03", "2027-05-21"),
    ("boston to denver, leaving 5/14/27 for 4 nights", "2027-05-14", "2027-05-18"),
    ("boston to denver, 5/5/2027 for 4 nights", "2027-05-05", "2027-05-09"),
])
def test_dates_in_numbers_in_the_order_the_text_writes_them(text: str, depart: str,
                                                           back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), found.get("return"), unread) == (depart, back, [])


@pytest.mark.parametrize("text", [
    # April 6th to some, June 4th to others: nothing says which.
    "A week in New York for the two of us from London, going out 04/06/2027",
    # Neither date says the order.
    "From Boston to Denver, 04/06/2027 to 04/09/2027",
])
def test_a_date_in_numbers_either_way_round_is_said(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert "depart" not in found and unread


@pytest.mark.parametrize(("text", "travelers"), [
    ("San Francisco to Tokyo, 2027-11-09 for 2 weeks, me and my bf", 2),
    ("Miami to Lima, 2027-12-15 for a week, a trip for me and my mother", 2),
    ("Miami to Lima, 2027-12-15 for a week, my dad and I", 2),
])
def test_the_writer_and_one_person_they_name_are_two(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


@pytest.mark.parametrize("text", [
    # Who goes with her, if anyone, is not said.
    "Miami to Lima, 2027-12-15 for a week, a trip for my mother",
    # More than the one person the count would hold.
    "Miami to Lima, 2027-12-15 for a week, me and my mother and sister",
    "Miami to Lima, 2027-12-15 for a week, me and my friend's family",
])
def test_people_named_without_a_count_are_said(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert "travelers" not in found and unread


@pytest.mark.parametrize(("text", "origin", "destination"), [
    # A state or country that picks another airport is part of the city's name.
    ("Flying out of Portland, Maine to Miami, FL on 2027-02-05 for 4 nights",
     "Portland, Maine", "Miami"),
    ("flying out of portland maine to miami on 2027-02-05 for 4 nights",
     "Portland, Maine", "Miami"),
    ("From Portland, ME to Boston on 2027-02-05 for 4 nights", "Portland, ME", "Boston"),
    ("from London, Ontario to Paris, France on 2027-05-03 for 3 nights", "London, Ontario",
     "Paris"),
    # One that picks the airport the city has anyway changes nothing.
    ("San Francisco to Tokyo, Japan, leaving 2027-11-09 for a week", "San Francisco", "Tokyo"),
    # "me" is a word here, not Maine: case says so.
    ("From Boston, me and my wife, to Rome on 2027-05-03 for 3 nights", "Boston", "Rome"),
    ("from boston to portland, or on june 5 2027 for 5 days", "Boston", "Portland"),
])
def test_a_state_or_country_after_a_city(text: str, origin: str, destination: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("origin"), found.get("destination"), unread) == (origin, destination, [])


@pytest.mark.parametrize(("text", "unread"), [
    # No airport of that name there: not Boston, Massachusetts in silence.
    ("From Boston, Georgia to Rome on 2027-05-03 for 3 nights", "Boston, Georgia"),
    # In small letters "me" may be Maine or a word; Portland, Oregon is not the only reading.
    ("from portland, me to boston on 2027-05-03 for 3 nights", "portland, me"),
])
def test_a_state_that_cannot_be_read_with_its_city_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


def test_a_day_of_the_week_in_capitals_is_no_airport() -> None:
    found, unread = read_fully("HEY CAN U FIND ME FLIGHTS+HOTEL BOSTON TO DENVER, LEAVING FRI "
                               "5/14/27 FOR 4 NIGHTS", TODAY)
    assert (found.get("origin"), found.get("destination"), found.get("depart"), unread) == \
        ("Boston", "Denver", "2027-05-14", [])


@pytest.mark.parametrize(("text", "depart", "back"), [
    # A date without its year comes after the dated one before it.
    ("Miami to Lima, 2 adults. We leave the 15th of December 2027 and return the 29th of December",
     "2027-12-15", "2027-12-29"),
    ("Boston to Oslo: leaving Dec 28th 2027, back Jan 3rd", "2027-12-28", "2028-01-03"),
    ("Boston to Oslo: leaving May 3rd 2027, back May 8th.", "2027-05-03", "2027-05-08"),
])
def test_a_date_without_its_year_follows_the_one_before(text: str, depart: str,
                                                        back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), found.get("return"), unread) == (depart, back, [])


@pytest.mark.parametrize(("text", "budget"), [
    ("From Toronto to Vancouver, 2027-06-03 for 5 days. Budget 2,200 US dollars.", 2200.0),
    ("Miami to Lima on 2027-12-15 for a week. Budget is US$4500.", 4500.0),
])
def test_us_dollars_said_as_such(text: str, budget: float) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("budget"), unread) == (budget, [])


@pytest.mark.parametrize("text", [
    "Miami to Lima on 2027-12-15 for a week, budget A$4500.",
    "Miami to Lima on 2027-12-15 for a week, budget CA$ 4500.",
    "Miami to Lima on 2027-12-15 for a week, 3000 Canadian dollars",
])
def test_another_countrys_dollars_are_no_budget(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert "budget" not in found and unread


@pytest.mark.parametrize(("text", "travelers"), [
    ("2 pax ATL-CUN 2027-11-20 for a week", 2),
    ("from: Minneapolis / to: Phoenix / dates: 2027-02-12 to 2027-02-15 / travelers: 3", 3),
    ("me and 3 mates fancy Dublin from Manchester, 2027-04-23 for 3 nights", 4),
])
def test_parties_in_shorthand(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


def test_mates_without_a_count_are_said() -> None:
    found, unread = read_fully("Dublin from Manchester on 2027-04-23 for 3 nights with my mates",
                               TODAY)
    assert "travelers" not in found and unread == ["mates"]


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("We (2 adults) would like to leave Houston on 2027-08-11 and spend five nights in Mexico City",
     "Houston", "Mexico City"),
    ("leave for Boston from Denver on 2027-04-23 for 3 nights", "Denver", "Boston"),
    ("2 pax ATL-CUN 11/20/2027 - 11/27/2027", "ATL", "CUN"),
])
def test_origins_said_otherwise(text: str, origin: str, destination: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("origin"), found.get("destination"), unread) == (origin, destination, [])


def test_a_day_of_the_month_after_its_weekday() -> None:
    found, unread = read_fully("Dublin from Manchester, Friday 23rd April 2027, back Monday "
                               "26th", TODAY)
    assert (found.get("depart"), found.get("return"), unread) == \
        ("2027-04-23", "2027-04-26", [])


@pytest.mark.parametrize(("text", "travelers"), [
    # Children's ages after their count: one age a child.
    ("Me, my husband and our two kids (8 and 11), Dallas to Orlando, 2027-06-19 for a week", 4),
    ("Dallas to Orlando on 2027-06-19 for a week, 2 adults and 2 kids aged 5 and 7", 4),
    # Who the party counted are, without a count.
    ("Three of us (college friends), New York to Reykjavik, 2027-03-04 for 5 days", 3),
    # The writer alone.
    ("I'm the only one going. Charlotte to Denver on 2027-04-26 for 4 days", 1),
    ("solo trip!! Boston to Seoul, 2027-10-04 for 10 days", 1),
])
def test_parties_with_more_said_about_them(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


@pytest.mark.parametrize(("text", "unread"), [
    # A number after children that is not one age a child is not their ages.
    ("Dallas to Orlando on 2027-06-19 for 5 nights, 2 adults and 1 kid 5 nights", "5 nights"),
    ("Dallas to Orlando on 2027-06-19 for a week, my husband and I, two kids (8, 11 and 13)",
     "13"),
])
def test_numbers_after_children_that_are_not_their_ages_are_said(text: str,
                                                                 unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "budget"), [
    ("Three of us, New York to Reykjavik, 2027-03-04 for 5 days. Budget $1,200 per person.",
     3600.0),
    ("New York to Reykjavik, 2027-03-04 for 5 days, 2 people, $800 pp", 1600.0),
])
def test_a_budget_a_head_for_a_counted_party(text: str, budget: float) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("budget"), unread) == (budget, [])


@pytest.mark.parametrize(("text", "unread"), [
    # No count of the party: a head's budget is not the party's.
    ("New York to Reykjavik, 2027-03-04 for 5 days, budget $1,200 per person", "per person"),
    # Adults are not all of the party.
    ("New York to Reykjavik, 2027-03-04 for 5 days, 2 adults 1 kid, budget $1,200 per adult",
     "per adult"),
])
def test_a_budget_a_head_without_the_heads_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "depart", "back"), [
    ("from: Minneapolis / to: Phoenix / dates: Feb 12-15, 2027 / travelers: 3", "2027-02-12",
     "2027-02-15"),
    ("Boston to Rome 12-15 February 2027", "2027-02-12", "2027-02-15"),
    # A length after a day is no range of days.
    ("Boston to Rome May 3-5 nights", "2027-05-03", "2027-05-08"),
])
def test_days_of_one_month_from_first_to_last(text: str, depart: str, back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), found.get("return"), unread) == (depart, back, [])


def test_a_range_of_days_backwards_is_said() -> None:
    found, unread = read_fully("Boston to Rome Feb 15-12, 2027", TODAY)
    assert "depart" not in found and unread


def test_a_return_after_its_weekday() -> None:
    found, unread = read_fully("back Saturday July 24, a family of 5 going Salt Lake City to "
                               "Anchorage? Out Saturday July 17, 2027.", TODAY)
    assert (found.get("depart"), found.get("return"), unread) == \
        ("2027-07-17", "2027-07-24", [])


def test_for_a_something_is_no_party_and_needing_to_go_is_the_trip() -> None:
    found, unread = read_fully("I now need to get from Charlotte to Denver for a conference. "
                               "I'm the only one going. Out on 2027-04-26 for 4 days", TODAY)
    assert (found.get("origin"), found.get("travelers"), unread) == ("Charlotte", 1, [])


@pytest.mark.parametrize(("text", "unread"), [
    ("From Boston to Rome on 2027-05-03 for 3 nights, the hotel needs to allow dogs",
     "needs to allow dogs"),
    ("From Boston to Rome on 2027-05-03 for 3 nights, I must be back by noon",
     "must be back by noon"),
])
def test_a_requirement_is_still_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("solo trip!! nyc -> seoul, 10/4/2027 thru 10/14/2027, $3k budget", "New York", "Seoul"),
    ("From NYC to Rome on 2027-05-03 for 3 nights", "New York", "Rome"),
    # A code in capitals says nothing of how the rest is written.
    ("need trip seattle to las vegas jan 22 2027, 3 nights, 2 ppl, 1200 USD max", "Seattle",
     "Las Vegas"),
])
def test_nicknames_and_codes_in_a_text_in_small_letters(text: str, origin: str,
                                                        destination: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("origin"), found.get("destination"), unread) == (origin, destination, [])


def test_a_word_in_small_letters_in_a_written_text_is_no_city() -> None:
    # "nice" is a city only where case tells nothing; here the writer capitalises cities.
    found = read_request("From Boston to Rome on 2027-05-03 for 3 nights, a nice hotel", TODAY)
    assert (found.get("origin"), found.get("destination")) == ("Boston", "Rome")


@pytest.mark.parametrize(("text", "back"), [
    ("Austin to San Diego on April 12, 2027 till the twentieth, just me", "2027-04-20"),
    ("From Toronto to Vancouver. Leave on the third of June 2027, come back on the eighth.",
     "2027-06-08"),
])
def test_a_day_of_the_month_in_words(text: str, back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("return"), unread) == (back, [])


def test_the_first_of_something_is_no_day() -> None:
    found = read_request("From Toronto to Vancouver on June 3 2027 for 4 days, the first hotel "
                         "we see", TODAY)
    assert found.get("return") == "2027-06-07"


def test_ages_in_words_and_an_occasion_counted() -> None:
    found, unread = read_fully("My husband and I and our two kids (eight and eleven), for our "
                               "25th wedding anniversary: Dallas to Orlando, 2027-06-19 for a "
                               "week", TODAY)
    assert (found.get("travelers"), unread) == (4, [])


def test_more_ages_than_children_are_said() -> None:
    unread = read_fully("Dallas to Orlando, 2027-06-19 for a week, 2 adults and 1 kid "
                        "(8 and 11)", TODAY)[1]
    assert unread


@pytest.mark.parametrize(("text", "travelers"), [
    ("from Minneapolis / to Phoenix / dates Feb 12-15 2027 / travelers 3 / budget $2400", 3),
    ("I'm the only 1 going. Charlotte to Denver on 2027-04-26 for 4 days", 1),
])
def test_a_form_field_without_its_colon_and_the_only_one_in_digits(text: str,
                                                                   travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


def test_a_date_after_a_field_name_is_no_count() -> None:
    found = read_request("Boston to Rome, travelers 2027-05-03 for 3 nights", TODAY)
    assert "travelers" not in found and found.get("depart") == "2027-05-03"


@pytest.mark.parametrize(("text", "depart", "back"), [
    # December 4th, 2026 is a Friday: the Saturday meant is December 4th, 2027.
    ("Philadelphia to Cancun, leaving Saturday 4 December and back Saturday the 11th, two "
     "of us", "2027-12-04", "2027-12-11"),
    # Where the weekday agrees with this year's date, this year's it is.
    ("Philadelphia to Cancun, leaving Friday 4 December and back Friday the 11th, two of us",
     "2026-12-04", "2026-12-11"),
    ("JFK -> Paris, Fri 16 July 2027, return Sun 25 July 2027, 2 adults",
     "2027-07-16", "2027-07-25"),
])
def test_a_weekday_says_the_year_of_a_date_without_one(text: str, depart: str,
                                                       back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), found.get("return"), unread) == (depart, back, [])


@pytest.mark.parametrize("text", [
    # A year written, and a weekday it does not have: two days said, none read.
    "Philadelphia to Cancun, leaving Saturday 4 December 2026 for 3 nights, two of us",
    # No year within one has December 4th on a Sunday.
    "Philadelphia to Cancun, leaving Sunday 4 December for 3 nights, two of us",
])
def test_a_weekday_that_disagrees_with_its_date_is_said(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert "depart" not in found and unread


@pytest.mark.parametrize(("text", "said"), [
    ("Dallas to Las Vegas, June 4 2027, 3 nights, 2 people, budget 1800. Hilton only", "only"),
    ("New York to Dublin 2027-08-12 to 2027-08-20, 2 adults, only on Aer Lingus please",
     "only"),
    ("Boston to Chicago, 10 March 2027, 3 nights, one traveller. I need a wheelchair "
     "accessible room.", "wheelchair"),
    ("Miami to Denver on 2027-02-14, back 2027-02-21, 2 adults, plus a rental car", "rental car"),
    ("Dallas to Las Vegas, June 4 2027, 3 nights, 2 people; we have points to use", "points"),
])
def test_a_restriction_a_need_or_an_extra_no_field_holds_is_said(text: str, said: str) -> None:
    assert said in read_fully(text, TODAY)[1]


def test_the_only_one_going_is_the_party_not_a_restriction() -> None:
    found, unread = read_fully("I'm the only one going: Charlotte to Denver on 2027-04-26 for "
                               "4 days", TODAY)
    assert (found.get("travelers"), unread) == (1, [])


def test_a_city_no_slot_holds_is_said() -> None:
    # Read by order, "Boston to Lisbon" leaves Madrid to no slot: said, not dropped.
    found, unread = read_fully("Boston to Lisbon, 2027-05-03 for 4 days, one person. Madrid "
                               "maybe?", TODAY)
    assert "Madrid" in unread
    # The same city said twice holds one slot.
    found, unread = read_fully("Boston to Lisbon, 2027-05-03 for 4 days, one person. Lisbon "
                               "in spring!", TODAY)
    assert (found.get("destination"), unread) == ("Lisbon", [])


@pytest.mark.parametrize(("text", "origin", "destination"), [
    # "CAN" (Guangzhou) is the word in a text all in capitals: Dubai is the destination.
    ("HI, CAN YOU SORT OUT SOMETHING FOR ME AND TWO COLLEAGUES? DUBAI, FROM MUMBAI, 22 FEB "
     "2027 THROUGH 26 FEB 2027.", "Mumbai", "Dubai"),
    # With small letters, capitals still say a code.
    ("Hi, can you book Mumbai to CAN, 22 Feb 2027 through 26 Feb 2027, just me", "Mumbai", "CAN"),
    # A greeting is no place ("Hola" is also a town in Kenya).
    ("Hola, I need a trip from Miami to Buenos Aires, leaving 2027-12-15 for a week",
     "Miami", "Buenos Aires"),
])
def test_everyday_words_that_are_codes_and_greetings(text: str, origin: str,
                                                     destination: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("origin"), found.get("destination"), unread) == (origin, destination, [])


def test_a_code_in_the_words_of_a_party_is_no_spare_city() -> None:
    found, unread = read_fully("NEED TRIP SEATTLE TO LAS VEGAS JAN 22 2027, 3 NIGHTS, 2 PPL",
                               TODAY)
    assert (found.get("travelers"), unread) == (2, [])


def test_a_country_after_a_city_in_its_territory() -> None:
    # Hong Kong's airport is in HK, which ISO 3166-2 lists as part of China (CN-HK).
    found, unread = read_fully("Boston to Hong Kong, China, 2027-05-03 for 4 days", TODAY)
    assert (found.get("destination"), unread) == ("Hong Kong", [])
    # A country it is no part of is still said.
    assert read_fully("Boston to Hong Kong, Japan, 2027-05-03 for 4 days", TODAY)[1] == [
        "Hong Kong, Japan"]


def test_the_numbers_of_a_date_count_no_party() -> None:
    found, unread = read_fully("Origin Montreal destination Havana depart 2027-01-20 return "
                               "2027-01-27 travellers 2 budget $2,400", TODAY)
    assert (found.get("travelers"), found.get("budget"), unread) == (2, 2400.0, [])
    # A count after a date, said as one, still counts.
    found, unread = read_fully("Montreal to Havana 2027-01-20 to 2027-01-27, 3 travellers",
                               TODAY)
    assert (found.get("travelers"), unread) == (3, [])


@pytest.mark.parametrize(("text", "depart", "back"), [
    ("London to Amsterdam, outbound 05/04/2027 and back 09/04/2027 (European dates, day "
     "first), one traveller", "2027-04-05", "2027-04-09"),
    ("Departing SFO 07/04/2027, returning 07/11/2027 (month/day/year), destination Honolulu, "
     "2 travelers", "2027-07-04", "2027-07-11"),
])
def test_the_order_a_text_says_its_dates_are_in(text: str, depart: str, back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), found.get("return"), unread) == (depart, back, [])


@pytest.mark.parametrize("text", [
    # Said day first, and a date that can only be month first: no order.
    "London to Amsterdam, 05/14/2027 to 05/20/2027 (day first), one traveller",
    # "us" in small letters is the writer, no order.
    "London to Amsterdam for the two of us dates 05/04/2027 to 09/04/2027",
])
def test_an_order_said_that_does_not_hold_reads_no_date(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert "depart" not in found and unread


@pytest.mark.parametrize(("text", "budget"), [
    ("3 of us flying from Newark to Lisbon on 9/20/2027 (US date, so September 20), returning "
     "9/27/2027. $800 each.", 2400.0),
    ("Group of 6 from Chicago to Athens, June 20-30 2027, budget 1500 per head", 9000.0),
])
def test_a_budget_each_and_a_day_said_again(text: str, budget: float) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("budget"), unread) == (budget, [])


@pytest.mark.parametrize(("text", "budget"), [
    ("Three of us want to go from Seattle to Honolulu on June 10, 2027 for 7 nights. We can "
     "each spend about $800.", 2400.0),
    ("Three of us from Seattle to Honolulu on 2027-06-10 for 7 nights. Each of us has $800.",
     2400.0),
    ("Three of us from Seattle to Honolulu on 2027-06-10 for 7 nights, budget $800 apiece.",
     2400.0),
])
def test_each_before_the_amount_is_a_budget_a_head(text: str, budget: float) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("budget"), unread) == (budget, [])


@pytest.mark.parametrize("text", [
    # No count of the party: the head's $800 is not the party's.
    "We want to go from Seattle to Honolulu on 2027-06-10 for 7 nights. We can each spend "
    "about $800.",
    "I fly from Seattle to Honolulu on 2027-06-10 for 7 nights, $800 each.",
    # "Each" that says something else of the trip is no budget a head, and no slot holds it.
    "Three of us from Seattle to Honolulu on 2027-06-10 for 7 nights, each with a suitcase, "
    "budget $800.",
])
def test_each_no_slot_reads_is_said(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert "each" in unread and found.get("budget") == 800.0


def test_a_price_each_way_is_no_budget_a_head() -> None:
    found, unread = read_fully("3 of us from Newark to Lisbon on 2027-09-20 for a week, $800 "
                               "each way", TODAY)
    assert found.get("budget") != 2400.0 and unread


@pytest.mark.parametrize(("text", "travelers"), [
    ("flying out of phoenix to san diego on aug 13 2027 back aug 16 2027 with my 2 kids", 3),
    # "our" says no count of us; "for my kids" none of the writer.
    ("flying out of phoenix to san diego on aug 13 2027 back aug 16 2027 with our 2 kids", None),
    ("a trip for my 2 kids, phoenix to san diego on aug 13 2027 back aug 16 2027", None),
])
def test_the_writer_with_their_children(text: str, travelers: int | None) -> None:
    found, unread = read_fully(text, TODAY)
    assert found.get("travelers") == travelers and bool(unread) == (travelers is None)


def test_a_route_with_an_arrow_head() -> None:
    found, unread = read_fully("budget: 2500usd. route: miami > buenos aires. dates: 2027-08-05 "
                               "to 2027-08-15. travellers: 1", TODAY)
    assert (found.get("origin"), found.get("destination"), unread) == (
        "Miami", "Buenos Aires", [])
    # Without the arrow, the order alone says which is which no more than before.
    found, unread = read_fully("route: miami, buenos aires. dates: 2027-08-05 to 2027-08-15. "
                               "travellers: 1", TODAY)
    assert found.get("origin") is None


def test_no_budget_said_is_none() -> None:
    found, unread = read_fully("Atlanta to Denver, Dec 3 2027 to Dec 6 2027, one person. No "
                               "budget in mind, just show me what's there.", TODAY)
    assert ("budget" not in found, unread) == (True, [])
    # Beside an amount, "no budget" says something the amount does not hold.
    assert read_fully("Atlanta to Denver, Dec 3 2027 to Dec 6 2027, one person. No budget "
                      "really, around $2000", TODAY)[1]


def test_a_compound_ordinal_before_its_month_is_read_whole() -> None:
    found, unread = read_fully("i'd like to go from madrid to berlin on the twenty-first of "
                               "november 2027 for five nights, by myself", TODAY)
    assert (found.get("depart"), unread) == ("2027-11-21", [])
    # Without a month after it, it is no day, and said.
    assert read_fully("madrid to berlin, 2027-11-21 for five nights, by myself, our "
                      "twenty-first trip", TODAY)[1]


@pytest.mark.parametrize(("text", "travelers", "budget"), [
    ("hey! chicago to dublin, out 14 june 2027, 9 nights, me and my sister, 4k total", 2, 4000.0),
    ("JFK -> Paris, Fri 16 July 2027, return Sun 25 July 2027, 2 adults + 1 child, 6.5k", 3,
     6500.0),
])
def test_one_named_before_a_comma_and_thousands_alone(text: str, travelers: int,
                                                     budget: float) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), found.get("budget"), unread) == (travelers, budget, [])


@pytest.mark.parametrize(("text", "said"), [
    # More people after the comma: no party of two.
    ("chicago to dublin, out 14 june 2027, 9 nights, me and my sister, mom and dad", "sister"),
    # Thousands of something else are no budget.
    ("chicago to dublin, out 14 june 2027, 9 nights, me and my sister, a 5k run", "5k"),
])
def test_more_people_or_other_thousands_are_said(text: str, said: str) -> None:
    assert said in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("Heathrow to New York, leaving 2 March 2027, back 12 March 2027, 1 adult", "LHR",
     "New York"),
    # A city and its airport's name are that airport, not the city's main one.
    ("From London Gatwick to Amsterdam, 2027-04-05 for 4 days, one traveller", "LGW",
     "Amsterdam"),
    ("Boston (BOS) to Lisbon, 2027-04-05 for 4 days, one traveller", "BOS", "Lisbon"),
])
def test_airports_by_their_names(text: str, origin: str, destination: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("origin"), found.get("destination"), unread) == (origin, destination, [])


def test_an_airport_named_apart_from_its_city_is_said() -> None:
    # Tokyo alone is Haneda: Narita said after it is another airport, not planned for.
    unread = read_fully("from Boston to Tokyo, Narita please, 2027-04-05 for 4 days",
                        TODAY)[1]
    assert unread == ["NRT"]


def test_a_pair_named_is_the_party_of_two_counted() -> None:
    found, unread = read_fully("A surprise for my parents: they live in San Francisco and want "
                               "to see Vancouver, leaving 2027-09-13 for 6 nights. Two "
                               "travellers.", TODAY)
    assert (found.get("travelers"), unread) == (2, [])


@pytest.mark.parametrize("text", [
    # Added to the two counted: four, not two.
    "Two travellers plus my parents, San Francisco to Vancouver, leaving 2027-09-13, 6 nights",
    # No count: the parents alone say none.
    "My parents, San Francisco to Vancouver, leaving 2027-09-13 for 6 nights.",
])
def test_a_pair_beside_another_count_is_said(text: str) -> None:
    assert "parents" in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "origin"), [
    ("Not from Newark, from JFK please. Going to Barcelona 2027-09-01, 8 nights, solo", "JFK"),
    ("From JFK, not Newark, to Barcelona 2027-09-01, 8 nights, solo", "JFK"),
])
def test_a_place_denied_beside_the_one_meant(text: str, origin: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("origin"), unread) == (origin, [])


@pytest.mark.parametrize("text", [
    # Denied, and no other said: the "not" is said.
    "Not from Newark. Going to Barcelona 2027-09-01, 8 nights, solo",
    # Denied the slot it holds: two things said of one place.
    "From Newark to Madrid, not to Madrid, 2027-09-01, 8 nights, solo",
])
def test_a_place_denied_alone_is_said(text: str) -> None:
    assert read_fully(text, TODAY)[1]


def test_a_date_as_a_bound_is_said() -> None:
    # "after May 1" is no day to leave on.
    assert "after" in read_fully("I want to fly to Paris from Boston after May 1 2027 for 7 "
                                 "nights, 2 people", TODAY)[1]
    # "after that" orders the trip's parts, and binds no date; nor does "back ... after".
    assert read_fully("Boston to Paris on 2027-05-01, and after that 7 nights there, "
                      "2 people", TODAY)[1] == []


def test_an_arrow_without_spaces_is_a_route() -> None:
    found, unread = read_fully("Boston->Paris 2027-05-01 for 7 nights 2 adults $4k", TODAY)
    assert (found.get("origin"), found.get("destination"), unread) == ("Boston", "Paris", [])


@pytest.mark.parametrize(("text", "said"), [
    # No count: one would be planned for where a family goes.
    ("Boston to Denver 2027-05-01 for 5 nights with my family", "family"),
    # Twins are two more than the couple counted.
    ("Boston to Denver 2027-05-01 for 5 nights, my husband and our twins", "twins"),
])
def test_a_family_or_twins_without_a_count_are_said(text: str, said: str) -> None:
    assert said in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "travelers"), [
    # A family beside a count is that party.
    ("A family trip, 4 people, Boston to Denver 2027-05-01 for 5 nights", 4),
    ("Our honeymoon! Boston to Denver 2027-05-01 for 5 nights", 2),
])
def test_a_family_counted_and_a_honeymoon(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


def test_we_without_a_count_is_said() -> None:
    # "We" are more than the one planned for where nothing counts the party.
    found, unread = read_fully("We want to go from Boston to Denver 2027-05-01 for 5 nights",
                               TODAY)
    assert "travelers" not in found and unread == ["We"]
    # Counted, "we" are that count; "US dollars" are no "us".
    found, unread = read_fully("We are 3 people going from Boston to Denver 2027-05-01 for 5 "
                               "nights, budget 2000 us dollars", TODAY)
    assert (found.get("travelers"), found.get("budget"), unread) == (3, 2000.0, [])


def test_a_date_in_words_no_slot_holds_is_said() -> None:
    found, unread = read_fully("Boston to Denver on 2027-05-01 for 5 nights, solo, or maybe "
                               "tomorrow", TODAY)
    assert "tomorrow" in unread
    # The one date, in words, is the departure.
    found, unread = read_fully("Boston to Denver next friday for 5 nights, solo", TODAY)
    assert "depart" in found and unread == []


@pytest.mark.parametrize(("text", "said"), [
    ("Boston to Denver 2027-05-01 for 5 nights, solo, budget $200 a day", "a day"),
    ("Boston to Denver 2027-05-01 for 5 nights, solo, $200/day", "/day"),
    ("Boston to Denver 2027-05-01 for 5 nights, solo, at least $2000", "at least"),
    ("Boston to Denver 2027-05-01 for 5 nights, solo, $2000 for the hotel", "for the hotel"),
])
def test_a_budget_a_day_a_floor_or_for_part_of_the_trip_is_said(text: str, said: str) -> None:
    assert said in read_fully(text, TODAY)[1]


def test_a_week_long_is_still_the_length() -> None:
    found, unread = read_fully("Boston to Denver on 2027-05-01 for a week, solo, $2000",
                               TODAY)
    assert (found.get("return"), found.get("budget"), unread) == ("2027-05-08", 2000.0, [])


def test_a_state_said_as_one_is_no_city() -> None:
    # Washington state is not Washington, DC.
    assert "state" in read_fully("From Washington state to Denver, 2027-05-01 for 5 nights, "
                                 "solo", TODAY)[1]
    assert read_fully("From Washington DC to Denver, 2027-05-01 for 5 nights, solo",
                      TODAY)[1] == []


def test_the_writers_name_after_a_sign_off_is_no_place() -> None:
    # "TOM" is Timbuktu's code; signed off in capitals, it is the writer.
    found, unread = read_fully("MY PARENTS LIVE IN SAN FRANCISCO, TWO TRAVELLERS, TO VANCOUVER "
                               "2027-09-13 FOR 6 NIGHTS. CHEERS, TOM", TODAY)
    assert (found.get("destination"), unread) == ("Vancouver", [])
    # A city after a sign-off's word inside the text is still a city.
    found, unread = read_fully("Thanks! Boston to Denver 2027-05-01 for 5 nights, solo", TODAY)
    assert (found.get("origin"), unread) == ("Boston", [])


def test_a_place_after_thanks_with_its_cue_is_read() -> None:
    found, unread = read_fully("To Denver 2027-05-01 for 5 nights, solo. Thanks, from Boston",
                               TODAY)
    assert (found.get("origin"), unread) == ("Boston", [])


@pytest.mark.parametrize("text", [
    "Boston to Denver, 2027-05-01 for 5 or 6 nights, solo",
    "Boston to Denver, 2027-05-01 for 5-6 nights, solo",
    "Boston to Denver, 2027-05-01 for half a week, solo",
    "Boston to Denver, 2027-05-01 for a week and a half, solo",
    "Boston to Denver, 2027-05-01 for 1.5 weeks, solo",
])
def test_a_length_that_is_no_one_number_of_days_is_said(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert "return" not in found and unread


def test_a_count_in_a_range_is_no_party() -> None:
    found, unread = read_fully("Boston to Denver, 2027-05-01 for 5 nights, for 2 or 3", TODAY)
    assert "travelers" not in found and unread
    # A length after a dash from its date is still the length.
    found, unread = read_fully("Boston to Denver, 2027-05-01 - 5 nights, 2 people", TODAY)
    assert (found.get("return"), unread) == ("2027-05-06", [])


@pytest.mark.parametrize(("text", "said"), [
    ("Boston to Denver 2027-05-01 for 5 nights, solo, morning flights", "morning flights"),
    ("Boston to Denver 2027-05-01 for 5 nights, solo, hotel with a pool", "pool"),
    ("Boston to Denver 2027-05-01 for 5 nights, solo, somewhere downtown", "downtown"),
])
def test_a_time_of_day_or_a_hotels_amenity_is_said(text: str, said: str) -> None:
    assert said in read_fully(text, TODAY)[1]


def test_flights_and_a_hotel_are_the_trip_itself() -> None:
    assert read_fully("Flights and a hotel from Boston to Denver 2027-05-01 for 5 nights, solo",
                      TODAY)[1] == []


@pytest.mark.parametrize(("text", "budget", "unread"), [
    ("Boston to Denver 2027-05-01 for 5 nights, solo, budget is around a grand", 1000.0, []),
    # "1.500" is fifteen hundred to some, one and a half to others; one and a half is no
    # trip's budget ("150.000", a budget either way, is said).
    ("Boston to Denver 2027-05-01 for 5 nights, solo, budget 1.500", 1500.0, []),
    ("Boston to Denver 2027-05-01 for 5 nights, solo, budget 150.000", None, ["150.000"]),
    # A scale alone, unread, is said.
    ("Boston to Denver 2027-05-01 for 5 nights, solo, we'll spend maybe a grand", None,
     ["maybe", "grand"]),
])
def test_amounts_said_roughly_or_in_two_ways(text: str, budget: float | None,
                                             unread: list[str]) -> None:
    found, said = read_fully(text, TODAY)
    assert (found.get("budget"), said) == (budget, unread)


@pytest.mark.parametrize(("text", "name"), [
    # Alabama's BHM is as big as England's BHX, and in the country the trip starts in.
    ("From Atlanta to Birmingham on 2027-05-03 for a week, 1 traveller", "Birmingham"),
    # Missouri's SGF and Illinois' SPI.
    ("From Chicago to Springfield on 2027-05-03 for a week, 1 traveller", "Springfield"),
    ("From Boston to Manchester on 2027-05-03 for a week, 1 traveller", "Manchester"),
    # airportsdata's Bali is a town in Cameroon (BLC); the island's airport is DPS.
    ("From Sydney to Bali on 2027-05-03 for a week, 1 traveller", "Bali"),
    # A place in brackets the city's airport is not in.
    ("From Paris to Birmingham (Alabama) on 2027-05-03 for a week, 1 traveller", "Birmingham"),
])
def test_a_city_another_place_shares_is_said(text: str, name: str) -> None:
    assert name in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "destination"), [
    # Abroad from both ends Alabama's is not meant; England's own Manchester is.
    ("From Paris to Birmingham on 2027-05-03 for a week, 1 traveller", "Birmingham"),
    ("From London to Manchester on 2027-05-03 for a week, 1 traveller", "Manchester"),
    ("From New York to Barcelona on 2027-05-03 for a week, 1 traveller", "Barcelona"),
    # A state or country after it tells them apart.
    ("From Chicago to Springfield, Missouri on 2027-05-03 for a week, 1 traveller",
     "Springfield"),
    ("From Chicago to Springfield, Illinois on 2027-05-03 for a week, 1 traveller",
     "Springfield, Illinois"),
    ("From Atlanta to Birmingham (UK) on 2027-05-03 for a week, 1 traveller", "Birmingham"),
    ("From Atlanta to Birmingham, Alabama on 2027-05-03 for a week, 1 traveller",
     "Birmingham, Alabama"),
])
def test_a_city_told_apart_is_read(text: str, destination: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("destination"), unread) == (destination, [])


def test_a_code_after_a_city_in_capitals_is_no_place() -> None:
    found, unread = read_fully("FROM BOSTON TO LISBON, LEAVING 10 March 2027, 4 DAYS, BUDGET "
                               "2500 USD", TODAY)
    assert (found.get("origin"), unread) == ("Boston", [])


@pytest.mark.parametrize("text", [
    "Going from Chicago to Prague with my girlfriend, leaving the 8th of October 2027, back "
    "the 18th. We've got about five grand to spend.",
    "Going from Chicago to Prague with my girlfriend, leaving 2027-10-08, back the 18th. "
    "We've got about 5 grand to spend.",
])
def test_a_count_of_grand_ending_a_clause_is_the_budget(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("budget"), unread) == (5000.0, [])


@pytest.mark.parametrize(("text", "unread"), [
    # "grand" that says something else, or a grand with no count, is no budget.
    ("Chicago to Prague, 2027-10-08 for a week, 1 traveller, five grand hotels to see.",
     "five grand"),
    ("Chicago to Prague, 2027-10-08 for a week, 1 traveller, a grand tour of Bohemia.",
     "grand tour"),
])
def test_grand_that_is_no_budget_is_said(text: str, unread: str) -> None:
    found, said = read_fully(text, TODAY)
    assert "budget" not in found and unread in said


@pytest.mark.parametrize(("text", "depart", "back"), [
    ("We'd like to fly New Orleans to New York the day after Christmas 2027 and come home on "
     "December 31st. 3 people, no fixed budget.", "2027-12-26", "2027-12-31"),
    ("Boston to Paris on Christmas Eve 2027 for a week, 1 traveller", "2027-12-24",
     "2027-12-31"),
    # No year: the first one after today.
    ("Boston to Paris the day before Christmas, back Jan 3, 1 traveller", "2026-12-24",
     "2027-01-03"),
])
def test_a_feast_named_as_the_day_is_read(text: str, depart: str, back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), found.get("return"), unread) == (depart, back, [])


@pytest.mark.parametrize("text", [
    # A season, no day.
    "Boston to Paris over Christmas 2027, 1 traveller",
    "Boston to Paris on 2027-12-20 for a week, 1 traveller, home for Christmas",
])
def test_a_feast_that_is_no_day_is_said(text: str) -> None:
    assert "Christmas" in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "back"), [
    ("Leaving Houston Thursday 8/5/2027 (US date) for Mexico City, flying home Monday 8/9. Me "
     "and my brother. $1,400 budget.", "2027-08-09"),
    ("Leaving Houston Thursday 5/8/2027 (day first) for Mexico City, flying home Monday 9/8. "
     "Me and my brother. $1,400 budget.", "2027-08-09"),
])
def test_a_month_and_day_in_numbers_after_its_weekday_is_read(text: str, back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("return"), unread) == (back, [])


@pytest.mark.parametrize("text", [
    # No weekday to agree with, or one that does not.
    "Leaving Houston Thursday 8/5/2027 (US date) for Mexico City, flying home 8/9. Me and my "
    "brother. $1,400 budget.",
    "Leaving Houston Thursday 8/5/2027 (US date) for Mexico City, flying home Tuesday 8/9. Me "
    "and my brother. $1,400 budget.",
])
def test_a_month_and_day_in_numbers_without_its_weekday_is_said(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert "return" not in found and "8/9. Me" in unread


@pytest.mark.parametrize(("text", "depart"), [
    ("Trip request origin Sydney destination Singapore dates 04.10.2027 to 11.10.2027 "
     "(DDMMYYYY) 2 pax budget 3000 USD", "2027-10-04"),
    ("Trip request origin Sydney destination Singapore dates 10.04.2027 to 10.11.2027 "
     "(MMDDYYYY) 2 pax budget 3000 USD", "2027-10-04"),
])
def test_an_order_said_as_a_format_without_separators(text: str, depart: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), unread) == (depart, [])


def test_dates_either_way_without_an_order_said_are_said() -> None:
    found, unread = read_fully("Trip request origin Sydney destination Singapore dates "
                               "04.10.2027 to 11.10.2027 2 pax budget 3000 USD", TODAY)
    assert "depart" not in found and "11.10.2027" in unread


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("Flying Orlando to London, into Gatwick please (not Heathrow), on Tuesday 16 March 2027 "
     "for twelve nights. 2 of us, $3,800.", "Orlando", "LGW"),
    ("Flying from London, out of Gatwick (not Heathrow), to Orlando on Tuesday 16 March 2027 "
     "for twelve nights. 2 of us, $3,800.", "LGW", "Orlando"),
])
def test_an_airport_of_the_city_named_where_its_main_one_is_denied(text: str, origin: str,
                                                                   destination: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("origin"), found.get("destination"), unread) == (origin, destination, [])


@pytest.mark.parametrize("text", [
    # Without the main airport denied, or with another denied, it is still said.
    "Flying Orlando to London, into Gatwick please, on Tuesday 16 March 2027 for twelve "
    "nights. 2 of us, $3,800.",
    "Flying Orlando to London, into Gatwick please (not Stansted), on Tuesday 16 March 2027 "
    "for twelve nights. 2 of us, $3,800.",
])
def test_an_airport_of_the_city_named_without_its_main_one_denied_is_said(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("destination"), unread) == ("London", ["LGW"])


@pytest.mark.parametrize(("text", "budget"), [
    ("Price per person can't go over $1,100. There are 5 of us flying Los Angeles to Cancun, "
     "Dec 4 2027 to Dec 11 2027.", 5500.0),
    ("Budget per person is $800. There are 3 of us flying Los Angeles to Cancun, Dec 4 2027 "
     "to Dec 11 2027.", 2400.0),
    # A cap said with a verb ("can't go over", "must not exceed") is the budget.
    ("The total can't go over $1,100. 2 of us flying Los Angeles to Cancun, Dec 4 2027 to "
     "Dec 11 2027.", 1100.0),
])
def test_a_budget_a_head_said_before_its_cap(text: str, budget: float) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("budget"), unread) == (budget, [])


@pytest.mark.parametrize(("text", "unread"), [
    # No count of heads, or a cap a night: said.
    ("Price per person can't go over $1,100. We are flying Los Angeles to Cancun, Dec 4 2027 "
     "to Dec 11 2027.", "per person"),
    ("Hotel per night can't go over $200. 2 of us flying Los Angeles to Cancun, Dec 4 2027 to "
     "Dec 11 2027.", "per night"),
])
def test_a_cap_a_head_or_a_night_without_its_count_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "depart", "back"), [
    # March 6th, 2027 is a Saturday, June 3rd a Thursday; October 1st a Friday, January 10th
    # a Sunday.
    ("Leeds to Rome leaving Sat 6/3/2027 for 4 nights, 2 people", "2027-03-06", "2027-03-10"),
    ("Oslo to Nice, out on Friday 10/1/2027, a week, one traveller", "2027-10-01",
     "2027-10-08"),
])
def test_a_weekday_says_which_way_round_a_date_in_numbers_is(text: str, depart: str,
                                                             back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), found.get("return"), unread) == (depart, back, [])


def test_a_weekday_that_fits_neither_way_round_is_said() -> None:
    found, unread = read_fully("Leeds to Rome leaving Wednesday 6/3/2027, 2 people, 5 nights",
                               TODAY)
    assert "depart" not in found and "6/3/2027," in unread


@pytest.mark.parametrize(("text", "depart"), [
    ("Vienna to Lyon 05.08.2027 - 09.08.2027 (day.month.year), 1 person", "2027-08-05"),
    ("Vienna to Lyon 08.05.2027 - 08.09.2027 (month.day.year), 1 person", "2027-08-05"),
])
def test_an_order_said_with_dots(text: str, depart: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), unread) == (depart, [])


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("Not flying out of Gatwick again, from Manchester to Nice, 2027-06-02, 3 nights, 1 person",
     "Manchester", "Nice"),
    ("Boston to Rome (not going to Milan after all), 2027-06-02, 3 nights, 1 person",
     "Boston", "Rome"),
])
def test_a_place_denied_with_its_verb_is_read_with_its_not(text: str, origin: str,
                                                          destination: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("origin"), found.get("destination"), unread) == (origin, destination, [])


@pytest.mark.parametrize(("text", "depart", "back"), [
    ("Denver to Cancun three days after Christmas 2027, for five nights, 1 traveller",
     "2027-12-28", "2028-01-02"),
    # The same day said twice, by its date and by its feast, is one date.
    ("Denver to Cancun on 12/23/2027, 2 days before Christmas, for a week, 1 traveller",
     "2027-12-23", "2027-12-30"),
])
def test_some_days_before_or_after_a_feast(text: str, depart: str, back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), found.get("return"), unread) == (depart, back, [])


@pytest.mark.parametrize(("text", "back", "budget"), [
    ("nyc to miami leavin 2027-02-11, 3 nites, solo, 950 max", "2027-02-14", 950.0),
    ("nyc to miami leavin 2027-02-11, 3 nites, solo, 1,100 tops", "2027-02-14", 1100.0),
])
def test_nights_and_a_cap_as_people_text_them(text: str, back: str, budget: float) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("return"), found.get("budget"), unread) == (back, budget, [])


def test_a_count_capped_at_a_clauses_end_is_no_budget() -> None:
    found, unread = read_fully("nyc to miami leavin 2027-02-11, 3 nites, solo, 1 stop max",
                               TODAY)
    assert "budget" not in found and "1 stop" in unread


@pytest.mark.parametrize("text", [
    "Oslo to Nice, 2027-06-02 for 4 nights, 2 of us; we'd prefer not to spend more than $1,900.",
    "Oslo to Nice, 2027-06-02 for 4 nights, 2 of us, and we don't want to pay over $1,900.",
])
def test_a_cap_said_with_not_is_the_budget(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("budget"), unread) == (1900.0, [])


@pytest.mark.parametrize(("text", "travelers"), [
    ("Oslo to Nice, 2027-06-02 for 4 nights. Me, my brother and his wife.", 3),
    ("Oslo to Nice, 2027-06-02 for 4 nights: my dad, my aunt, my cousin and I", 4),
    ("Oslo to Nice, 2027-06-02 for 4 nights, the 3 of us (me, my boss and my colleague)", 3),
])
def test_people_listed_one_by_one_with_the_writer(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


@pytest.mark.parametrize("text", [
    # Someone after the list not counted, no writer in it, or a count that disagrees.
    "Oslo to Nice, 2027-06-02 for 4 nights. Me, my brother and his wife and their kids.",
    "Oslo to Nice, 2027-06-02 for 4 nights. My brother, his wife and my aunt.",
    "Oslo to Nice, 2027-06-02 for 4 nights, the 4 of us (me, my boss and my colleague)",
])
def test_a_list_of_people_that_is_not_the_whole_party_is_said(text: str) -> None:
    with pytest.raises(ValueError, match="could not read"):
        TripInput(messages=text)


@pytest.mark.parametrize(("text", "unread"), [
    # "SAN" is San Diego's code, "LOS" Lagos's: here each begins a city's name misspelt
    ("NEED DENVER TO SAN FRANSICSO, APRIL 2 2027, 3 NIGHTS, 1 PERSON", "SAN FRANSICSO"),
    ("boston to LOS ANGELAS on april 2 2027 for 3 nights", "LOS ANGELAS"),
])
def test_a_code_beginning_a_misspelt_city_is_said_unread(text: str, unread: str) -> None:
    with pytest.raises(ValueError, match="could not read") as caught:
        TripInput(messages=text)
    assert unread in str(caught.value)


@pytest.mark.parametrize(("text", "origin"), [
    ("FROM SAN TO DENVER, APRIL 2 2027, 3 NIGHTS, 1 PERSON", "SAN"),
    ("FROM SAN ON APRIL 2 2027 TO DENVER, 3 NIGHTS, 1 PERSON", "SAN"),
])
def test_a_code_beside_other_words_is_still_the_airport(text: str, origin: str) -> None:
    assert TripInput(messages=text).preferences.to_state()["origin"] == origin


@pytest.mark.parametrize("text", [
    "We've wanted to see Oslo for 15 years! Boston to Oslo, leaving 2027-05-03 for 5 days, solo.",
    "Married for thirty years: Boston to Oslo, 2027-05-03 for 5 days, just me.",
    "I was last in Oslo 12 years ago. Boston to Oslo, 2027-05-03 for 5 days, just me.",
])
def test_years_gone_by_are_no_party_nor_length(text: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), found.get("return"), unread) == (1, "2027-05-08", [])


@pytest.mark.parametrize(("text", "unread"), [
    ("Boston to Oslo, leaving 2027-05-03 for 2 months", "2 months"),
    ("Boston to Oslo, leaving 2027-05-03 for 5 days, for 6 hours a day of hiking", "6 hours"),
])
def test_a_count_of_months_or_hours_after_for_is_no_party(text: str, unread: str) -> None:
    found, said = read_fully(text, TODAY)
    assert "travelers" not in found and unread in said


@pytest.mark.parametrize(("text", "read"), [
    # A travel agent's shorthand: "ex" the origin, "dest" the destination, "ret" the way home.
    ("Pls book 3pax ex Denver, dest Lima, out 2027-05-03 ret 2027-05-10",
     ("Denver", "Lima", "2027-05-03", "2027-05-10", 3)),
    ("DEN-LIM 2027-05-03/2027-05-10 2ppl", ("DEN", "LIM", "2027-05-03", "2027-05-10", 2)),
    ("3 PAX EX DENVER DEST LIMA OUT 2027-05-03 RET 2027-05-10",
     ("Denver", "Lima", "2027-05-03", "2027-05-10", 3)),
    # Chat shorthand in capitals is no airport (OMG is Omega's, LOL Lovelock's).
    ("LOL ok so: Denver → Lima, 2027-05-03 for a week, just me",
     ("Denver", "Lima", "2027-05-03", "2027-05-10", 1)),
    ("DEAR SIR, DENVER TO LIMA, 2027-05-03, 7 DAYS, 1 PERSON",
     ("Denver", "Lima", "2027-05-03", "2027-05-10", 1)),
    # People counting themselves, and a day of the month past the twenty-third in words.
    ("We are 3. Denver to Lima on the twenty-sixth of May 2027, back on the twenty-ninth.",
     ("Denver", "Lima", "2027-05-26", "2027-05-29", 3)),
    ("Denver to Lima, the twenty seventh of May 2027, 2 nights, we're 2!",
     ("Denver", "Lima", "2027-05-27", "2027-05-29", 2)),
])
def test_shorthand_chat_words_and_parties_counted_by_we(text: str,
                                                        read: tuple[str, ...]) -> None:
    found, unread = read_fully(text, TODAY)
    assert tuple(found.get(key) for key in ("origin", "destination", "depart", "return",
                                            "travelers")) == read
    assert unread == []


def test_we_are_and_a_count_of_something_else_is_no_party() -> None:
    found, unread = read_fully("We are 2 hours from Denver. Denver to Lima, 2027-05-03, 4 days",
                               TODAY)
    assert "travelers" not in found and "2 hours" in unread


@pytest.mark.parametrize(("text", "travelers"), [
    ("My wife and I are bringing our 2 grandkids: Denver to Lima, 2027-05-03 for 6 days", 4),
    ("Three couples on one trip! Denver to Lima, 2027-05-03 for 6 days", 6),
    ("two couples and 3 kids, Denver to Lima, 2027-05-03 for 6 days", 7),
])
def test_grandchildren_and_couples_counted(text: str, travelers: int) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("travelers"), unread) == (travelers, [])


def test_a_couples_massage_counts_no_one() -> None:
    found, _ = read_fully("Denver to Lima, 2027-05-03 for 6 days, a couples massage too",
                          TODAY)
    assert "travelers" not in found


@pytest.mark.parametrize(("text", "back"), [
    # 2027-05-07 is a Friday: the following Friday is a week on, the following Monday three
    # days on.
    ("Denver to Lima, leaving Friday May 7 2027, home the following Friday, solo", "2027-05-14"),
    ("Denver to Lima, leaving Friday May 7 2027, home the following Monday, solo", "2027-05-10"),
])
def test_the_following_weekday_counts_from_the_date_before(text: str, back: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("return"), unread) == (back, [])


@pytest.mark.parametrize(("text", "origin", "unread"), [
    ("from Columbus Ohio to Lima, 2027-05-03 for 6 days, solo", "Columbus", []),
    # A name that may be a word ("or") is no state without a comma: Portland is one of two.
    ("from portland or to lima, 2027-05-03 for 6 days, solo", "Portland", ["Portland"]),
])
def test_a_state_after_its_city_without_a_comma(text: str, origin: str,
                                                unread: list[str]) -> None:
    found, said = read_fully(text, TODAY)
    assert (found.get("origin"), said) == (origin, unread)


@pytest.mark.parametrize(("text", "depart"), [
    # Thanksgiving 2027 is Thursday, November 25th in the US.
    ("Denver to Lima, the day after Thanksgiving 2027 (Fri Nov 26), for 4 days, solo",
     "2027-11-26"),
    ("Denver to Lima on Thanksgiving Day 2027, i.e. 25 November 2027, for 4 days, solo",
     "2027-11-25"),
])
def test_thanksgiving_confirmed_by_its_date_is_read(text: str, depart: str) -> None:
    found, unread = read_fully(text, TODAY)
    assert (found.get("depart"), unread) == (depart, [])


def test_thanksgiving_alone_is_said_not_planned_on_one_countrys_day() -> None:
    # Canada's falls on the second Monday of October.
    found, unread = read_fully("Toronto to Lima, the day after Thanksgiving 2027, 4 days, solo",
                               TODAY)
    assert "depart" not in found and "Thanksgiving" in unread


@pytest.mark.parametrize(("text", "unread"), [
    ("Denver to Lima for Christmas, leaving 2027-12-20, back 2027-12-29, solo", []),
    ("Denver to Lima over xmas and new year, leaving 2027-12-20, back 2028-01-02, solo", []),
    # A season outside the dates read is said.
    ("Denver to Lima for Christmas, leaving 2027-12-26, back 2028-01-02, solo", ["Christmas"]),
    ("Denver to Lima for New Year, leaving 2027-12-20, back 2027-12-29, solo", ["New Year"]),
    # A time to be back by is the return, not a season away.
    ("Denver to Lima, leaving 2027-12-20, back 2027-12-29, solo, back by Christmas",
     ["Christmas"]),
])
def test_a_feast_named_as_a_season_is_read_when_the_dates_span_it(text: str,
                                                                  unread: list[str]) -> None:
    assert read_fully(text, TODAY)[1] == unread


@pytest.mark.parametrize(("text", "budget", "unread"), [
    ("Denver to Lima, 2027-05-03 for 4 days, solo. Budget 2800 USD only.", 2800.0, []),
    ("denver to lima 2027-05-03 for 4 days, solo, 1500 budget", 1500.0, []),
    # "Only" that restricts something stays said.
    ("Denver to Lima, 2027-05-03 for 4 days, solo, $2800 only on hotels", 2800.0, ["only"]),
])
def test_a_budget_closed_by_only_or_named_after_its_amount(text: str, budget: float,
                                                           unread: list[str]) -> None:
    found, said = read_fully(text, TODAY)
    assert (found.get("budget"), said) == (budget, unread)


@pytest.mark.parametrize(("text", "unread"), [
    ("Denver to Lima, 2027-05-03, 4 days. My brother lives in Lima and his wife just had a "
     "baby; it's just me going.", []),
    ("Denver to Lima, 2027-05-03, 4 days, solo. My in-laws have the guest room.", []),
    # Someone joined to the trip, or counted, stays said.
    ("Denver to Lima, 2027-05-03, 4 days. Just me, but my son may join later.", ["son"]),
    ("Denver to Lima, 2027-05-03, 4 days, solo. My 2 kids stay home.", ["2 kids"]),
])
def test_people_a_solo_writer_visits_are_no_travellers(text: str, unread: list[str]) -> None:
    found, said = read_fully(text, TODAY)
    assert (found.get("travelers"), said) == (1, unread)


@pytest.mark.parametrize(("text", "back", "unread"), [
    # The day read is a leg's own: the shift from it is no length, and is said.
    ("Leaving May 20, 2027 from Minneapolis to Nashville, I'll get there two days before. "
     "Just me.", None, ["days before", "two days"]),
    ("My flight from Boston lands in Denver May 10, 2027. I'll be there two days before. Back "
     "the day after.", None, ["days before", "day after"]),
    # A shift from a day not said ("after the conference") is said; the length after a shift
    # is still the trip's.
    ("Flying Boston to Denver on May 10, 2027, a week, and home two days after the "
     "conference.", "2027-05-17", ["days after", "two days"]),
])
def test_a_shift_from_another_day_is_no_length_and_is_said(text: str, back: str | None,
                                                          unread: list[str]) -> None:
    read, said = read_fully(text, TODAY)
    assert read.get("return") == back
    assert all(phrase in said for phrase in unread)


@pytest.mark.parametrize(("text", "depart", "back"), [
    ("My cousin's wedding is in Nashville on Saturday, May 22, 2027. I'd like to get there two "
     "days before and fly home the morning after. From Minneapolis, just me, $1,200.",
     "2027-05-20", "2027-05-23"),
    ("Conference in Denver on May 10, 2027; I'll fly in from Boston a day early and fly home "
     "2 days after, $1500.", "2027-05-09", "2027-05-12"),
    ("Conference in Denver on May 10, 2027; I'll fly in from Boston 2 days early, stay 5 "
     "nights, $1500.", "2027-05-08", "2027-05-13"),
])
def test_a_trip_set_around_one_day(text: str, depart: str, back: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read["depart"], read["return"], said) == (depart, back, [])


@pytest.mark.parametrize(("text", "unread"), [
    ("Boston to Lisbon May 10 2027 for a week, a pair of travelers, $4000", "pair"),
    ("Boston to Lisbon May 10 2027 for a week, a small group, $4000", "group"),
    ("Boston to Lisbon May 10 2027 for a week with the wife, $4000", "wife"),
    ("Boston to Lisbon May 10 2027 for a week, my husband and I plus our newborn, $4000",
     "newborn"),
    ("Boston to Denver, leaving May 10 2027, a couple of nights, $1500.", "couple"),
])
def test_a_party_word_no_count_holds_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize("text", [
    "We'd like to arrive a couple of days early: Boston to Denver May 10 2027 for 5 nights",
    "Boston to Lisbon May 10 2027 for a week, $4000, a couple hundred more is ok",
])
def test_a_couple_of_things_is_no_couple_of_people(text: str) -> None:
    read, said = read_fully(text, TODAY)
    assert "travelers" not in read and said


@pytest.mark.parametrize(("text", "travelers"), [
    ("For our honeymoon my fiancee and I want to go to Vienna from Washington on May 29, 2027, "
     "home June 6, 2027. We have $7,500 total.", 2),
    ("Me and my fiance, Boston to Rome, May 3 2027 for a week", 2),
])
def test_a_fiance_without_accents_is_one_of_a_couple(text: str, travelers: int) -> None:
    read, said = read_fully(text, TODAY)
    assert (read["travelers"], said) == (travelers, [])


@pytest.mark.parametrize(("text", "unread"), [
    ("Frankfurt to Barcelona, leaving 2027-07-14 for 10 nights, 4 people, budget max. $5.",
     "$5."),
    ("Frankfurt to Barcelona, leaving 2027-07-14 for 10 nights, 4 people, max 5 USD", "5 USD"),
])
def test_an_amount_no_trip_costs_is_no_budget(text: str, unread: str) -> None:
    read, said = read_fully(text, TODAY)
    assert "budget" not in read and unread in said


@pytest.mark.parametrize(("text", "unread"), [
    ("Toronto to Cancun, 5 January 2027 for 7 nights, two of us, budget 3000 dollars "
     "(Canadian)", "Canadian"),
    ("Sydney to Bali, 5 January 2027 for 10 nights, two of us, $3000 aud", "aud"),
    ("Boston to Lisbon, May 10 2027 for a week, $4000 plus flights", "plus"),
    ("Boston to Lisbon, May 10 2027 for a week, flights already booked, $4000", "already"),
    ("Boston to Lisbon, May 10 2027 for a week, just the flights please, budget $4000",
     "just the flights"),
    ("Boston to New York by train, May 10 2027 for 3 nights, $1000", "train"),
    ("Boston to Lisbon, May 10 2027 for a week, an Airbnb near nothing, $4000", "Airbnb"),
    ("Boston to Lisbon, May 10 2027 for a week, flying Lufthansa, $4000", "Lufthansa"),
    ("Boston to Lisbon, May 10 2027 for a week, we're vegetarian, $4000", "vegetarian"),
    ("Boston to Lisbon, May 10 2027 for a week, a king bed please, $4000", "king bed"),
    ("Boston to Lisbon, May 10 2027 for a week, we're bringing skis, $4000", "skis"),
    ("Boston to Lisbon, May 10 2027 for a week, basic economy is fine, $4000",
     "basic economy"),
])
def test_a_condition_the_plan_cannot_hold_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


def test_a_dollar_city_is_no_foreign_money() -> None:
    read, said = read_fully("Singapore to Bangkok, 5 January 2027 for 7 nights, two of us, "
                            "budget 3000 dollars", TODAY)
    assert (read["origin"], read["budget"], said) == ("Singapore", 3000, [])


@pytest.mark.parametrize("text", [
    "Boston to Lisbon, May 10 2027 for a week and a bit, $4000",
    "Boston to Lisbon, May 10 2027 for a week maybe longer, $4000",
    "Boston to Lisbon, May 10 2027 for 10 days+, $4000",
])
def test_a_length_with_more_to_it_is_no_length(text: str) -> None:
    read, said = read_fully(text, TODAY)
    assert "return" not in read and said


@pytest.mark.parametrize(("text", "depart", "back"), [
    ("We are Japanese couple, want go to Honolulu from Osaka, depart 2027/8/5, 6 nights "
     "stay.", "2027-08-05",
     "2027-08-11"),
    ("I go from Seoul to Vancouver. Depart 2027.2.19, come back 2027.3.5.", "2027-02-19",
     "2027-03-05"),
])
def test_a_date_written_year_first(text: str, depart: str, back: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read["depart"], read["return"], said) == (depart, back, [])


def test_a_date_year_first_that_is_no_day_is_said() -> None:
    read, said = read_fully("Boston to Lisbon 2027/13/40 for a week", TODAY)
    assert "depart" not in read and said


@pytest.mark.parametrize(("text", "budget", "travelers"), [
    ("Paris to Reykjavik, 1st September 2027 for 5 nights, 5 persons. The budget is 6 000 "
     "dollars.", 6000, 5),
    ("Frankfurt to Barcelona, 14.07.2027, 10 nights, 4 persons. Budget total max. 5.000 "
     "dollars.", 5000, 4),
    # "for 2 000 dollars" is no party of two.
    ("Frankfurt to Barcelona, 14.07.2027, 10 nights, for 2 000 dollars", 2000, None),
])
def test_thousands_set_apart_by_a_space_or_a_dot(text: str, budget: float,
                                                 travelers: int | None) -> None:
    read, said = read_fully(text, TODAY)
    assert (read["budget"], read.get("travelers"), said) == (budget, travelers, [])


def test_a_dotted_amount_a_budget_either_way_is_said() -> None:
    read, said = read_fully("Frankfurt to Barcelona, 14.07.2027, 10 nights, 2 people, budget "
                            "150.000 dollars", TODAY)
    assert "budget" not in read and "150.000 dollars" in said


@pytest.mark.parametrize(("text", "read"), [
    ("yo can u find me flights+hotel nyc -> miami 12/18/27 - 12/22/27, me n my gf, 2k budget",
     {"budget": 2000, "travelers": 2}),
    ("Traveller count: 1 | Origin airport: EWR | Destination: Dublin | Outbound: 9 Sep 2027 | "
     "Inbound: 16 Sep 2027 | Cap: $1,900", {"origin": "EWR", "travelers": 1}),
    ("Number of passengers: 3, origin city: Boston, destination city: Rome, 2027-05-01 to "
     "2027-05-08", {"origin": "Boston", "destination": "Rome", "travelers": 3}),
    ("1. From: Detroit\n2. To: Cancun\n3. Dates: Dec 27 2027 - Jan 3 2028\n4. Travelers: 2 "
     "adults\n5. Budget: $2,500 total", {"origin": "Detroit", "travelers": 2, "budget": 2500}),
    ("a trip from phoenix to new orleans leaving march fourth twenty twenty seven for four "
     "nights its me and my buddy", {"depart": "2027-03-04", "return": "2027-03-08",
                                    "travelers": 2}),
    ("Long weekend in Chicago for my mom's 60th! Flying from Nashville Friday, Aug 6, 2027, "
     "home Monday, Aug 9. Just me.", {"depart": "2027-08-06", "travelers": 1}),
    ("It's our tenth anniversary! Boston to Venice on 2027-05-20 for 6 nights, 2 people",
     {"travelers": 2}),
])
def test_forms_lists_dictation_and_occasions(text: str, read: dict[str, object]) -> None:
    found, said = read_fully(text, TODAY)
    assert ({key: found.get(key) for key in read}, said) == (read, [])


@pytest.mark.parametrize(("text", "unread"), [
    # A list numbered out of order is no list: its numbers are said.
    ("1. From: Detroit\n3. To: Cancun\n4. Dates: Dec 27 2027 - Jan 3 2028", "3. To"),
    # A day in words no date read is said, not dropped.
    ("phoenix to san diego on the twelfth of april twenty twenty seven for a week and a tour "
     "on the nineteenth period just me", "nineteenth"),
    ("It's our third time in Lisbon! Boston to Lisbon May 3 2027 for a week, 2 people",
     "third"),
])
def test_numbers_no_list_nor_date_holds_are_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "read"), [
    ("Team offsite, 8 of us, Austin to Denver, April 13, 2027 for 3 nights. Total budget for "
     "flights + hotel is $9,500.", {"travelers": 8, "budget": 9500}),
    ("Kindly plan a trip for myself and my parents from Delhi to Singapore, 2nd Feb 2027 for a "
     "week. Budget is approx 3.5k USD for all three.", {"origin": "New Delhi",
                                                         "travelers": 3, "budget": 3500}),
    ("I want to make a travel with my husband from São Paulo to Lisboa in 10 of march 2027 and "
     "to return in 20 of march.", {"destination": "Lisbon", "travelers": 2}),
    ("From München to Wien, 3 May 2027 for 3 nights, 2 people, $900",
     {"origin": "Munich", "destination": "Vienna"}),
    # Chennai's old name is also a town in Oregon, far smaller: the big city wins.
    ("Madras to Singapore on 2027-03-10, back 2027-03-17, 2 people", {"origin": "Chennai"}),
])
def test_the_whole_trip_a_trio_and_cities_in_their_own_tongue(
        text: str, read: dict[str, object]) -> None:
    found, said = read_fully(text, TODAY)
    assert ({key: found.get(key) for key in read}, said) == (read, [])


@pytest.mark.parametrize(("text", "unread"), [
    ("Austin to Denver, April 13, 2027 for 3 nights, 2 people, $1500 for hotel and food",
     "for hotel"),
    ("A trip for myself and my parents and my sister from Delhi to Singapore, 2nd Feb 2027 for "
     "a week", "sister"),
    # A count that is not the trio's leaves the parents unread.
    ("A trip for myself and my parents from Delhi to Singapore, 2nd Feb 2027 for a week, "
     "3.5k USD for all four", "parents"),
    ("Delhi to Singapore, 2nd Feb 2027 for a week, 3.5k USD, it's for all 4 cities",
     "4 cities"),
])
def test_a_part_of_the_trip_or_a_party_beside_the_trio_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "travelers"), [
    ("I go from Seoul to Vancouver for visit my sister, alone. Depart 2027.2.19, come back "
     "2027.3.5. Budget 2000 USD.", 1),
    ("Just me, Seoul to Vancouver to visit my sister, 2027-02-19 to 2027-03-05", 1),
])
def test_alone_and_the_person_a_solo_trip_visits(text: str, travelers: int) -> None:
    read, said = read_fully(text, TODAY)
    assert (read["travelers"], said) == (travelers, [])


@pytest.mark.parametrize(("text", "unread"), [
    # "alone" beside "we" is no party of one.
    ("We want to go alone from Seoul to Vancouver, 2027-02-19 to 2027-03-05", "We"),
    ("Just me, Seoul to Vancouver to visit my sister, my son may join, 2027-02-19 to "
     "2027-03-05", "son"),
])
def test_alone_among_others_or_one_who_may_join_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "unread"), [
    ("Boston to Rome, leaving May 14 2027 (Friday), back Sunday, 5 nights, 2 people", "Sunday"),
    ("Boston to Rome, leaving May 14 2027, 5 nights, 2 people, flights on Saturday please",
     "Saturday"),
])
def test_a_weekday_no_date_read_falls_on_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


def test_a_weekday_a_date_read_falls_on_says_nothing_more() -> None:
    read, said = read_fully("Sydney to Auckland for a mate's wedding. Fly out Fri 30 April "
                            "2027, back the Tuesday after (4 May). Just me. We're flying out on "
                            "Friday.", TODAY)
    assert (read["return"], said) == ("2027-05-04", [])


@pytest.mark.parametrize(("text", "unread"), [
    ("Boston to Rome, May 3 2027 for a week, 2 people, $5000, or in June if cheaper", "June"),
    ("Boston to Rome, May 3 2027 for a week, 2 couples, $2500 per couple", "per"),
    ("Boston to Rome, May 3 2027 for a week, 2 people, $5000 would be the floor", "floor"),
    ("Boston to Rome, May 3 2027 for a week, 2 people, we spent $5000 last time", "last time"),
])
def test_a_month_a_price_by_another_unit_a_floor_or_a_past_is_said(text: str,
                                                                   unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize("text", [
    "Boston to Rome, May 3 2027 for a week, 2 people, we spent $5000 last time",
    "Boston to Rome, May 3 2027 for a week, 2 people, we spent 5000 dollars",
])
def test_money_spent_is_no_budget(text: str) -> None:
    assert "budget" not in read_fully(text, TODAY)[0]


@pytest.mark.parametrize(("text", "unread"), [
    ("Boston to Rome, May 3 2027 for a week, $5000, we're a party of two plus a baby", "baby"),
    ("Boston to Rome, May 3 2027 for a week, $5000, me and the missus", "missus"),
    ("Boston to Rome, May 3 2027 for a week, $5000, my wife might come", "might"),
])
def test_a_party_beside_its_count_a_spouse_by_a_nickname_or_a_hedge_is_said(
        text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


def test_children_among_the_family_counted_are_still_read() -> None:
    read, said = read_fully("Boston to Rome, May 3 2027 for a week, $5000, a family of 4 with "
                            "2 kids", TODAY)
    assert (read["travelers"], said) == (4, [])


@pytest.mark.parametrize(("text", "read"), [
    ("want orlando journey for me + my 2 kids from charlotte. leave jun 26 2027 returning jul "
     "3. below 3k in all pls", {"travelers": 3, "budget": 3000}),
    ("My partner and I would like 7 nights in Athens, flying from Baltimore on the twelfth of "
     "May, 2027. We can spend about 6 thousand 5 hundred dollars.", {"budget": 6500}),
    ("Me my husband and our three kids (ages 4 9 and 12) want to go from Houston to San Diego "
     "March 20-27 2027 Total $4,500", {"travelers": 5}),
])
def test_amounts_and_ages_written_loosely(text: str, read: dict[str, object]) -> None:
    found, said = read_fully(text, TODAY)
    assert ({key: found.get(key) for key in read}, said) == (read, [])


def test_an_evening_of_a_day_is_said() -> None:
    assert "evening of" in read_fully("Boston to Rome, May 3 2027 for a week, depart evening "
                                      "of May 3, 2 people", TODAY)[1]


@pytest.mark.parametrize(("text", "unread"), [
    ("Please book for Mr. and Mrs. Smith: Chicago to London, June 3 2027 for 5 nights, $6000",
     "Mrs"),
    ("Chicago to London, June 3 2027 for 5 nights, for Sarah and Tom, $6000", "Tom"),
    ("Chicago to London, June 3 2027 for 5 nights, I'm traveling with Sarah, $6000", "Sarah"),
    ("Chicago to London, June 3 2027 for 5 nights, Tom is joining me, $6000", "Tom"),
    ("Chicago to London, June 3 2027 for 5 nights, $6000, me and the boys", "boys"),
])
def test_someone_named_by_name_or_as_a_group_is_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


def test_a_city_after_and_is_no_name() -> None:
    said = read_fully("Chicago to London and Mexico City, June 3 2027 for 5 nights, just me",
                      TODAY)[1]
    assert said == ["Mexico City"]


@pytest.mark.parametrize("text", [
    "Boston to Rome, June 3 2027 for 5 nights, 2 people, $6000 p.p.",
    "Boston to Rome, June 3 2027 for 5 nights, 2 people, $6000 ea",
])
def test_a_budget_a_head_in_shorthand_is_the_partys(text: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read["budget"], said) == (12000, [])


@pytest.mark.parametrize(("text", "unread"), [
    ("Boston to Rome, June 3 2027 for 5 nights, 2 people, $6000 for me", "for me"),
    ("Boston to Rome, June 3 2027 for 5 nights, 2 people, my half is $3000", "my half"),
])
def test_one_persons_share_is_said(text: str, unread: str) -> None:
    assert any(unread in phrase for phrase in read_fully(text, TODAY)[1])


@pytest.mark.parametrize(("text", "depart", "back"), [
    ("Oslo to Rome from the 4 to the 9 of June 2027, just me, $2000", "2027-06-04",
     "2027-06-09"),
    ("Oslo to Rome, 4 through 9 June 2027, just me, $2000", "2027-06-04", "2027-06-09"),
    ("Oslo to Rome, June 4 till 9, 2027, just me, $2000", "2027-06-04", "2027-06-09"),
    ("Oslo to Rome leaving the 4 of june of 2027, back the 9 of june, just me, $2000",
     "2027-06-04", "2027-06-09"),
    ("Oslo to Rome, 04-Jun-2027 to 09-Jun-2027, just me, $2000", "2027-06-04", "2027-06-09"),
    ("Oslo to Rome, Dec 28, 2027 to 3 Jan 2028, just me, $2000", "2027-12-28", "2028-01-03"),
    ("Oslo to Rome from the 4 to June 9th, 2027, just me, $2000", "2027-06-04", "2027-06-09"),
    ("Oslo to Rome from the 4th until 2027-06-09, just me, $2000", "2027-06-04", "2027-06-09"),
])
def test_days_of_a_month_joined_in_words_or_dashes(text: str, depart: str, back: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("depart"), read.get("return"), said) == (depart, back, [])


@pytest.mark.parametrize("text", [
    "Oslo to Rome from the 9 to the 4 of June 2027, just me, $2000",
    "Oslo to Rome from the 9 to June 4th, 2027, just me, $2000",
])
def test_a_range_ending_before_it_starts_is_said(text: str) -> None:
    read, said = read_fully(text, TODAY)
    assert said and "return" not in read


@pytest.mark.parametrize(("text", "travelers"), [
    ("Bringing my son to Oslo for his 18th birthday, from Rome, June 4 2027 for 5 nights, "
     "$3000 for the two of us", 2),
    ("My husband has always wanted to see Oslo. From Rome, June 4 2027 for 5 nights, two "
     "travellers, $3000", 2),
    ("I fly with my boss from Rome to Oslo, June 4 2027 for 5 nights, $3000 for both.", 2),
    ("My granddaughter (she's nine) and I go from Rome to Oslo to visit my brother, June 4 "
     "2027 for 5 nights, $3000 for the both of us", 2),
    ("Rome to Oslo, June 4 2027 for 5 nights, for self, wife and my father, USD 3000", 3),
    ("Me and my four groomsmen, Rome to Oslo, June 4 2027 for 5 nights, $3000 total", 5),
    ("Booking for me and my cousin, Rome to Oslo, June 4 2027 for 5 nights, $3000 between "
     "the two of us", 2),
])
def test_people_named_before_the_count_that_holds_them(text: str, travelers: int) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("travelers"), said) == (travelers, [])


def test_a_budget_for_both_of_two_things_is_no_party_of_two() -> None:
    read = read_fully("Rome to Oslo, June 4 2027 for 5 nights, flights and hotel, $3000 for "
                      "both.", TODAY)[0]
    assert "travelers" not in read


@pytest.mark.parametrize(("text", "unread"), [
    # Someone added after the count, or more people named than it holds, is said.
    ("Rome to Oslo, June 4 2027 for 5 nights, two travelers plus my wife, $3000", "wife"),
    ("Rome to Oslo, June 4 2027 for 5 nights, the two of us plus my wife, $3000", "wife"),
    ("My son and my daughter want to see Oslo. From Rome, June 4 2027 for 5 nights, two "
     "travelers, $3000", "son"),
])
def test_people_beside_a_count_that_cannot_hold_them_are_said(text: str, unread: str) -> None:
    assert unread in read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "destination"), [
    ("Rome to the Big Apple, June 4 2027 for 5 nights, just me, $3000", "New York"),
    ("rome to nola june 4 2027 for 5 nights just me 3k max", "New Orleans"),
    ("We want to see the Golden Gate Bridge! From Rome, June 4 2027 for 5 nights, two "
     "travelers, $3000", "San Francisco"),
])
def test_a_city_by_its_nickname_or_a_landmark(text: str, destination: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("destination"), said) == (destination, [])


def test_a_stay_near_a_landmark_is_said() -> None:
    said = read_fully("Rome to Paris, June 4 2027 for 5 nights, just me, $3000, a hotel near "
                      "the Eiffel Tower", TODAY)[1]
    assert "Eiffel Tower" in said


@pytest.mark.parametrize(("text", "budget"), [
    ("Rome to Oslo, June 4 2027 for 5 nights, me and my bf, 2k max for both of us", 2000),
    ("Rome to Oslo, June 4 2027 for 5 nights, me and my bf, 2k at most for both of us", 2000),
    ("Rome to Oslo, June 4 2027 for 5 nights, 3 of us, $3,000 for the group (not each!)", 3000),
])
def test_a_budget_for_the_whole_party_said_so(text: str, budget: float) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("budget"), said) == (budget, [])


def test_a_budget_not_per_person_beside_one_per_person_is_said() -> None:
    said = read_fully("Rome to Oslo, June 4 2027 for 5 nights, 3 of us, $1,000 each, not "
                      "each way", TODAY)[1]
    assert said


@pytest.mark.parametrize(("text", "unread"), [
    ("Ski trip! Rome to Oslo, June 4 2027 for 5 nights, just me, $3000, for our 30th.", None),
    ("Ski journey. Rome to Oslo, June 4 2027 for 5 nights, just me, $3000", None),
    ("Rome to Oslo, June 4 2027 for 5 nights, just me, $3000, bringing my skis", "skis"),
    ("Rome to Oslo, June 4 2027 for 5 nights, just me, $3000, leaving on our 30th", "30th"),
])
def test_a_kind_of_trip_or_a_celebration_is_no_condition(text: str, unread: str | None) -> None:
    said = read_fully(text, TODAY)[1]
    assert (unread in said) if unread else said == []


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("Rome to Oslo, June 4 2027 for 5 nights, just me, $3000. Oops, not Oslo, I meant Bergen!",
     "Rome", "Bergen"),
    ("Rome to Oslo, June 4 2027 for 5 nights, just me, $3000. Sorry: not Rome, I meant "
     "Milan. Milan to Oslo then.", "Milan", "Oslo"),
])
def test_a_place_the_writer_corrects_is_planned_as_corrected(text: str, origin: str,
                                                             destination: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("origin"), read.get("destination"), said) == (origin, destination, [])


def test_a_place_denied_with_none_meant_instead_is_said() -> None:
    assert "not" in read_fully("Rome to Oslo, June 4 2027 for 5 nights, just me, $3000. So "
                               "not Oslo!", TODAY)[1]


def test_dictation_hears_two_for_to_and_to_for_two() -> None:
    read, said = read_fully("fly from boston two rome for to people june 4 2027 for 5 nights "
                            "budget three thousand dollars", TODAY)
    assert (read.get("destination"), read.get("travelers"), said) == ("Rome", 2, [])


def test_two_beside_no_route_is_still_a_number_said() -> None:
    assert read_fully("fly from boston to rome two paris june 4 2027 for 5 nights, just me, "
                      "$3000", TODAY)[1]


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("vegas from LA, june 4 2027 for 5 nights, just me, 900 max", "Los Angeles", "Las Vegas"),
    ("SF to Boston, June 4 2027 for 5 nights, just me, $900", "San Francisco", "Boston"),
    ("Boston to New Orleans, LA, June 4 2027 for 5 nights, just me, $900", "Boston",
     "New Orleans"),
])
def test_a_city_by_its_initials_in_capitals(text: str, origin: str, destination: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("origin"), read.get("destination"), said) == (origin, destination, [])


def test_initials_in_small_letters_are_no_city() -> None:
    read = read_fully("boston to la, june 4 2027 for 5 nights, just me, $900", TODAY)[0]
    assert "destination" not in read


def test_a_day_in_words_after_the_way_home() -> None:
    read, said = read_fully("okay a trip to oslo from rome leaving the second of june twenty "
                            "twenty seven coming back the sixth just me no budget", TODAY)
    assert (read.get("depart"), read.get("return"), said) == ("2027-06-02", "2027-06-06", [])


def test_a_week_counted_after_the_way_home_is_no_day() -> None:
    read = read_fully("Rome to Oslo leaving June 2 2027, back the second week, just me, $900",
                      TODAY)[0]
    assert "return" not in read


@pytest.mark.parametrize("text", [
    "Family of four (two kids, 5 and 8) from Rome to Oslo, June 2 2027 for 6 nights, $3,800",
    "Family of four (two kids 5 and 8) from Rome to Oslo, June 2 2027 for 6 nights, $3,800",
])
def test_childrens_ages_in_brackets_after_their_count(text: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("travelers"), said) == (4, [])


def test_ages_in_brackets_that_do_not_match_the_count_are_said() -> None:
    assert read_fully("Family of four (two kids 5, 8 and 11) from Rome to Oslo, June 2 2027 for "
                      "6 nights, $3,800", TODAY)[1]


@pytest.mark.parametrize("text", [
    "Rome to Oslo, June 2 2027 for 6 nights, 3 of us, $3,800. We want to be seated together.",
    "Rome to Oslo, June 2 2027 for 6 nights, 3 of us, $3,800, seats next to each other",
    "Rome to Oslo, June 2 2027 for 6 nights, 3 of us, $3,800; we'd like to sit together",
])
def test_seats_together_are_said(text: str) -> None:
    assert read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("flyin outta Seatle to Rome on 2027-06-02 for 6 nights, solo, 1800 max", "Seattle", "Rome"),
    ("from atlanta to chicgo june 2 2027 for 6 nights, just me, 900 budget", "Atlanta",
     "Chicago"),
    ("pls book chicago to san fransisco june 2 2027, 4 nights, just me, budget 1500",
     "Chicago", "San Francisco"),
])
def test_a_place_misspelt_where_a_place_is_said(text: str, origin: str,
                                                destination: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("origin"), read.get("destination"), said) == (origin, destination, [])


@pytest.mark.parametrize("text", [
    # No cue says a place: "Seatle" is not read.
    "Rome June 2 2027 for 6 nights, Seatle was lovely, solo, 1800 max",
    # Small letters among capitals are words, not places.
    "Flying from Rome to chicgo June 2 2027 for 6 nights, solo, 1800 max",
    # "to" before a word in a text all in small letters is no place's cue.
    "we want to settle in rome, flying from oslo june 2 2027 for 6 nights, solo, 1800 max",
    # A word after "from" that goes to no place is no misspelt origin.
    "A note from Settle: I want to go to Rome on June 2 2027 for 6 nights, solo, 1800 max",
    # A region is no misspelt city: "Provence" is not Providence.
    "Rome to Provence June 2 2027 for 6 nights, solo, 1800 max",
])
def test_a_misspelling_without_a_cue_or_its_case_is_no_place(text: str) -> None:
    assert not {"Chicago", "Seattle", "Providence"} & set(read_fully(text, TODAY)[0].values())


@pytest.mark.parametrize(("text", "depart", "back"), [
    ("Rome to Oslo: we leave two weeks from Friday the 4th of June 2027 and come back one week "
     "after we fly out, just me, $900", "2027-06-18", "2027-06-25"),
    ("Rome to Oslo, leaving 3 days from June 4 2027, back 10 days after departure, just me, "
     "$900", "2027-06-07", "2027-06-17"),
])
def test_a_date_counted_from_another_and_a_return_from_the_departure(text: str, depart: str,
                                                                     back: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("depart"), read.get("return"), said) == (depart, back, [])


@pytest.mark.parametrize("text", [
    # A long flight may land the day after: a return counted from the arrival is said.
    "Rome to Oslo, leaving June 4 2027, back 10 days after we arrive, just me, $900",
    # A weekday the day counted from is not on is said.
    "Rome to Oslo, leaving 3 days from Thursday the 4th of June 2027, for a week, just me, $900",
])
def test_a_day_counted_from_what_cannot_be_read_is_said(text: str) -> None:
    assert read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("text", "origin", "destination"), [
    ("sfo to oslo 6/12/2027 - 6/19/2027 for 2, budget 5000 usd", "SFO", "Oslo"),
    ("jfk -> rome, june 2 2027 for 6 nights, 2 adults, 6.5k", "JFK", "Rome"),
    ("lax to ord!! 2027-06-02 to 2027-06-08. three people. $1500", "LAX", "ORD"),
    ("bos-mex 2027-06-02/2027-06-09 1pax usd2500", "BOS", "MEX"),
])
def test_codes_in_small_letters_where_a_route_says_them(text: str, origin: str,
                                                        destination: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("origin"), read.get("destination"), said) == (origin, destination, [])


@pytest.mark.parametrize("text", [
    # A large airport's code that is an everyday word after "to" is the word.
    "i need to run to rome from boston june 2 2027 for 6 nights, just me, $900",
    # A code followed by a word is no route's end.
    "we fly to sin city from boston june 2 2027 for 6 nights, just me, $900",
])
def test_small_letters_that_spell_a_code_elsewhere_are_words(text: str) -> None:
    read = read_fully(text, TODAY)[0]
    assert "RUN" not in read.values() and "SIN" not in read.values()


@pytest.mark.parametrize(("text", "depart"), [
    ("Rome to Oslo 04/06/2027 for 6 nights (day 1st), just me, $900", "2027-06-04"),
    ("Rome to Oslo 04/06/2027 for 6 nights (month 1st), just me, $900", "2027-04-06"),
])
def test_the_order_of_dates_said_with_an_ordinal_in_figures(text: str, depart: str) -> None:
    assert read_fully(text, TODAY)[0].get("depart") == depart


_TRIP = "Fly the two of us from Boston to Denver on 3 May 2027, back 7 May 2027, $1500 for both. "


@pytest.mark.parametrize("ask", [
    # A ride besides the flights, whatever it is called.
    "Please arrange an airport pickup to the venue.",
    "Could someone pick us up at the airport?",
    "We will need a taxi to the hotel.",
    "Get us a driver for the week.",
    "A car service from DIA would be great.",
    # Another service no plan books.
    "Please include travel insurance for both of us.",
    "I still need a visa.",
    "Can you reserve a meeting room for the Tuesday?",
    "Tickets to the game too, please.",
    # Anything else asked to be arranged that is not the trip, its flights or its stay.
    "Please arrange an airport greeter.",
    "Could you book us a table somewhere nice?",
    "PLEASE ORGANISE A SIGN AT ARRIVALS.",
])
def test_a_service_besides_the_trip_is_said(ask: str) -> None:
    assert read_fully(_TRIP + ask, TODAY)[1]
    with pytest.raises(ValueError, match="could not read"):
        TripInput(messages=_TRIP + ask)


@pytest.mark.parametrize("ask", [
    "Please book the cheapest hotel.",
    "Could you set up the same kind of trip for us?",
    "Please arrange everything.",
    "Please book a room.",
])
def test_the_trip_itself_asked_to_be_arranged_is_read(ask: str) -> None:
    read, said = read_fully(_TRIP + ask, TODAY)
    assert said == []
    assert (read["origin"], read["destination"], read["travelers"], read["budget"]) == (
        "Boston", "Denver", 2, 1500)


@pytest.mark.parametrize(("money", "budget"), [
    ("Our budget is 30.000 pesos, around 1,700 dollars.", 1700),
    ("Budget: NOK 20 000 (about USD 1,900).", 1900),
    ("we want to stay under £1,500, which I make about $1,900", 1900),
    ("total budget 9000 yuan, that is roughly 1.3k dollars", 1300),
])
def test_a_budget_in_other_money_then_in_dollars_is_the_dollars(money: str, budget: int) -> None:
    read, said = read_fully("Boston to Denver, 3 May 2027 to 7 May 2027, just me. " + money, TODAY)
    assert (read["budget"], said) == (budget, [])


@pytest.mark.parametrize("money", [
    # Other money that is not the budget, whatever follows it.
    "The hotel is 200 euros a night, about $220. Budget $2000.",
    "The hotel costs 200 euros, about $220.",
    # Other money beside the budget, not the same said twice.
    "Budget 2000 euros plus about $300.",
])
def test_other_money_not_said_as_the_budget_is_said(money: str) -> None:
    said = read_fully("Boston to Denver, 3 May 2027 to 7 May 2027, just me. " + money, TODAY)[1]
    assert any(word in " ".join(said).lower() for word in ("euros", "a night"))


@pytest.mark.parametrize(("text", "back"), [
    ("Denver to Miami, leaving Friday 4 June 2027 and coming back 10 days later, just me, $900",
     "2027-06-14"),
    # The length said twice, the same both times.
    ("Need five days in Miami! Departing Denver 2027-06-04, returning 5 days later. Solo, $900",
     "2027-06-09"),
])
def test_a_return_later_than_the_leaving_is_the_trips_length(text: str, back: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("return"), said) == (back, [])


@pytest.mark.parametrize("text", [
    # Later than the arrival, or than no leaving said in its sentence.
    "Denver to Miami, arriving Friday 4 June 2027 and coming back 10 days later, just me, $900",
    "Denver to Miami on Friday 4 June 2027. Back 10 days later. Just me, $900",
    # Two lengths that disagree.
    "A week in Miami: leaving Denver 2027-06-04, coming home 10 days later. Solo, $900",
])
def test_a_return_later_than_anything_else_is_said(text: str) -> None:
    assert read_fully(text, TODAY)[1]


@pytest.mark.parametrize(("cabin", "said"), [
    # "First" alone is a cabin only where a cabin can be said.
    ("We would like to see the new office first.", False),
    ("We will walk the neighbourhood first, then decide.", False),
    ("We fly first.", True),
    ("Seats in first, please.", True),
    ("Cabin: first.", True),
    ("Business or first.", True),
    ("First class for both of us.", True),
])
def test_first_alone_is_a_cabin_only_where_one_is_said(cabin: str, said: bool) -> None:
    text = "Boston to Denver, 3 May 2027 to 7 May 2027, the two of us, $1500. " + cabin
    assert bool(read_fully(text, TODAY)[1]) is said


@pytest.mark.parametrize("text", [
    "My 12-week placement starts Monday 7 June 2027 in Tulsa; fly me there from Omaha that day. "
    "Just me, $700.",
    "I begin a 4 week internship in Boise on June 7 2027, flying from Reno that day, solo, $700.",
    "Reno to Boise June 7 2027 for a week-long training, solo, $700.",
])
def test_a_length_joined_to_something_else_is_no_trips_length(text: str) -> None:
    read, said = read_fully(text, TODAY)
    assert "return" not in read and said


@pytest.mark.parametrize(("text", "back"), [
    ("Reno to Boise June 7 2027, a 5-day family trip, solo, $700", "2027-06-12"),
    ("Reno to Boise June 7 2027, 6 night stay, solo, $700", "2027-06-13"),
    ("Reno to Boise June 7 2027 for a week-long visit, solo, $700", "2027-06-14"),
    ("Reno to Boise June 7 2027, 3 nights at the lodge, solo, $700", "2027-06-10"),
])
def test_a_length_joined_to_the_trip_is_its_length(text: str, back: str) -> None:
    read, said = read_fully(text, TODAY)
    assert (read.get("return"), said) == (back, [])
