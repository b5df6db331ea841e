"""Dates as customers answer them: the month and year the licence question allows, and
bare answers (a reply that gives the date without saying which it is)."""

from __future__ import annotations

from datetime import date

import pytest

from agentdesk.domains.insurance.agent.agenda import missing_fields, question_email
from agentdesk.domains.insurance.agent.extract import merge, read_email
from agentdesk.domains.insurance.validation import Invalid, parse_month

TODAY = date(2026, 11, 23)
ASKED_LICENCE = {"first_name": "Bob", "last_name": "Stone", "birth_date": "1990-07-04",
                 "asking": ["license_date"], "asked": ["license_date"]}
"""A thread whose last question asked only for the licence date."""
MONTH_FORMS = ["06/2008", "6/2008", "June 2008", "Jun 2008", "jun. 2008", "2008-06"]


@pytest.mark.parametrize("text", MONTH_FORMS)
def test_a_month_and_year_is_read_as_its_first_day(text: str) -> None:
    assert parse_month(text) == date(2008, 6, 1)


@pytest.mark.parametrize(("text", "fragment"), [("13/2008", "no month 13"),
                                                ("Smarch 2008", "not a date we can read")])
def test_an_unreadable_month_says_why(text: str, fragment: str) -> None:
    parsed = parse_month(text)
    assert isinstance(parsed, Invalid) and fragment in parsed.reason


def test_a_whole_date_is_still_a_whole_date() -> None:
    assert parse_month("07/10/2008") == date(2008, 7, 10)


@pytest.mark.parametrize("text", MONTH_FORMS)
def test_licensed_since_a_month_is_accepted(text: str) -> None:
    info = read_email(f"I was licensed in {text}.", today=TODAY, known=ASKED_LICENCE)
    assert info["license_date"] == "2008-06-01"
    assert "license_date" not in info["problems"] and "license_date" in info["solved"]


@pytest.mark.parametrize("text", MONTH_FORMS)
def test_a_bare_month_answers_the_licence_question(text: str) -> None:
    """The question says "month and year is fine": "06/2008" alone is the answer."""
    update = read_email(f"Hi,\n{text}\nThanks, Bob", today=TODAY, known=ASKED_LICENCE)
    info = merge(ASKED_LICENCE, update)
    assert info["license_date"] == "2008-06-01"
    assert [m["field"] for m in missing_fields(info)] == [
        "zip_code", "marital_status", "vehicles"]  # the licence date is not asked again


def test_a_month_of_the_sixteenth_birthday_starts_on_the_birthday() -> None:
    info = read_email("licensed since 07/2006", today=TODAY, known=ASKED_LICENCE)
    assert info["license_date"] == "2006-07-04"


def test_a_month_before_the_sixteenth_birthday_is_refused_with_its_reason() -> None:
    info = read_email("licensed since 05/2006", today=TODAY, known=ASKED_LICENCE)
    assert "license_date" not in info
    assert "16th birthday" in info["problems"]["license_date"]


def test_two_bare_dates_answer_birth_and_licence_in_their_order() -> None:
    known = {"first_name": "Bob", "last_name": "Stone", "asked": ["birth_date", "license_date"],
             "asking": ["zip_code", "birth_date", "license_date", "marital_status"]}
    reply = "1. 43215\n2. 07/04/1990\n3. June 2008\n4. single"
    info = read_email(reply, today=TODAY, known=known)
    assert (info["zip_code"], info["city"], info["state"]) == ("43215", "Columbus", "OH")
    assert (info["birth_date"], info["license_date"]) == ("1990-07-04", "2008-06-01")
    assert info["marital_status"] == "single" and info["problems"] == {}


def test_a_bare_date_of_birth_needs_the_day() -> None:
    known = {"asking": ["birth_date"], "asked": ["birth_date"]}
    info = read_email("07/1990", today=TODAY, known=known)
    assert "birth_date" not in info
    assert "month and year only" in info["problems"]["birth_date"]
    assert "MM/DD/YYYY" in info["problems"]["birth_date"]


def test_born_in_a_month_says_why_it_is_asked_again() -> None:
    info = read_email("I was born in July 1990.", today=TODAY)
    assert "month and year only" in info["problems"]["birth_date"]


def test_bare_dates_are_read_only_for_what_was_asked() -> None:
    # Nothing asked: a date without a word for it is not guessed.
    assert "license_date" not in read_email("06/2008", today=TODAY)
    # Three dates for two fields: ambiguous, not guessed.
    known = {"asking": ["birth_date", "license_date"]}
    info = read_email("07/04/1990, 06/2008, 01/2020", today=TODAY, known=known)
    assert "birth_date" not in info and "license_date" not in info


def test_a_licence_date_asked_again_says_again_only_then() -> None:
    refused = {**ASKED_LICENCE, "asked": [], "problems": {"license_date": "It is in the future."}}
    first = question_email(refused, missing_fields(refused))
    assert "Why we ask: It is in the future." in first and "again" not in first
    asked = {**refused, "asked": ["license_date"]}
    second = question_email(asked, missing_fields(asked))
    assert "Why we ask again: It is in the future." in second


def test_a_spouse_licensed_in_a_month_is_accepted() -> None:
    known = {"first_name": "Ann", "last_name": "Lee",
             "drivers": [{"relationship": "spouse", "first_name": "Tom",
                          "birth_date": "1983-05-05"}],
             "asking": ["drivers[0].license_date"]}
    info = read_email("My husband Tom was licensed in 09/2001.", today=TODAY, known=known)
    assert info["drivers"][0]["license_date"] == "2001-09-01"
    assert "drivers[0].license_date" in info["solved"]


@pytest.mark.parametrize("text", ["born on the 2nd of February 1956", "born the 2nd February 1956",
                                  "born 2 Feb 1956", "born February 2nd, 1956"])
def test_a_day_in_words_is_read_whole(text: str) -> None:
    assert read_email(f"I was {text}.", today=TODAY)["birth_date"] == "1956-02-02"


def test_a_ticket_in_a_month_is_dated_in_that_month_not_mid_year() -> None:
    info = read_email("I got a speeding ticket in March 2025.", today=TODAY)
    assert info["violations"] == [{"kind": "speeding", "date": "2025-03-01"}]


def test_driving_since_a_day_is_the_licence_date() -> None:
    info = read_email("Born 09/23/1983, driving since 10/01/2001.", today=TODAY)
    assert info["license_date"] == "2001-10-01"


def test_dates_plainly_written_day_first_are_read_day_first() -> None:
    info = read_email("DOB 25/12/1980, licensed since 30/01/1999.", today=TODAY)
    assert (info["birth_date"], info["license_date"]) == ("1980-12-25", "1999-01-30")


@pytest.mark.parametrize("text", ["DOB 25/12/1980, licensed since 04/05/1999.",
                                  "DOB 25/12/1980, licensed since 01/30/1999."])
def test_a_day_first_email_with_a_date_read_either_way_is_not_turned_round(text: str) -> None:
    info = read_email(text, today=TODAY)
    assert "birth_date" in info["problems"] and info.get("license_date") != "1999-05-04"


@pytest.mark.parametrize(("text", "day"), [
    ("Born on the fourth of July, 1976.", "1976-07-04"),
    ("I was born March twenty-first 1990.", "1990-03-21"),
    ("born the Twenty first of March, 1990", "1990-03-21"),
    ("born on the thirty-first of April, 1990", None),  # no such day: asked, not moved
])
def test_a_day_written_as_an_ordinal_word_is_read(text: str, day: str | None) -> None:
    assert read_email(text, today=TODAY).get("birth_date") == day


@pytest.mark.parametrize(("text", "birth", "licence"), [
    ("Dates are DD/MM/YYYY. Born 03/02/1985, licensed 07/08/2004.", "1985-02-03", "2004-08-07"),
    ("My dates follow the European format. DOB 03/02/1985, licensed 07/08/2004.", "1985-02-03",
     "2004-08-07"),
    ("Born 03/02/1985, licensed 07/08/2004.", "1985-03-02", "2004-07-08"),  # said nothing
])
def test_dates_the_writer_says_put_the_day_first_are_read_so(
        text: str, birth: str, licence: str) -> None:
    info = read_email(text, today=TODAY)
    assert (info["birth_date"], info["license_date"]) == (birth, licence)


@pytest.mark.parametrize(("text", "birth", "licence"), [
    ("dob 4-9-1990, licensed 10-15-2006", "1990-04-09", "2006-10-15"),
    ("born 25-12-1988, licensed 14-06-2005", "1988-12-25", "2005-06-14"),  # plainly day first
])
def test_dates_written_with_dashes_read_as_slash_dates(text: str, birth: str, licence: str) -> None:
    info = read_email(text, today=TODAY)
    assert (info["birth_date"], info["license_date"]) == (birth, licence)


def test_a_phone_number_is_no_dashed_date() -> None:
    assert "birth_date" not in read_email("call 555-12-2024 or born ?", today=TODAY)


@pytest.mark.parametrize(("text", "birth", "licence"), [
    ("Date of birth 07.04.1985 (day.month.year), licensed since 15.01.2019.", "1985-04-07",
     "2019-01-15"),
    ("born 25.12.1988, licensed 14.06.2005", "1988-12-25", "2005-06-14"),  # plainly day first
])
def test_dotted_dates_are_read_day_first_when_plainly_so(text: str, birth: str,
                                                         licence: str) -> None:
    info = read_email(text, today=TODAY)
    assert (info["birth_date"], info["license_date"]) == (birth, licence)


def test_a_dotted_date_read_either_way_is_asked_not_guessed() -> None:
    info = read_email("Born 07.04.1985, licensed 03/01/2004.", today=TODAY)
    assert "birth_date" not in info and "unread" in info["problems"]


def test_a_date_beside_the_full_name_is_the_birth_date() -> None:
    info = read_email("quote for my camry pls. tyler boone 4/2/1998 single zip 75204",
                      today=TODAY, customer_name="Tyler Boone")
    assert info["birth_date"] == "1998-04-02"


@pytest.mark.parametrize(("text", "birth", "licence"), [
    ("My DOB is 07-Aug-1991, licence held since 15-Oct-2016.", "1991-08-07", "2016-10-15"),
    ("dob 3-mar-1980, licensed 9-SEPT-1998", "1980-03-03", "1998-09-09"),
    ("born 31-Feb-1980, licensed 12-Jan-1998", None, "1998-01-12"),  # no such day: asked
])
def test_a_day_its_month_in_letters_and_its_year_joined_by_dashes(
        text: str, birth: str | None, licence: str) -> None:
    info = read_email(text, today=TODAY)
    assert (info.get("birth_date"), info["license_date"]) == (birth, licence)
    assert ("birth_date" in info["problems"]) is (birth is None)


@pytest.mark.parametrize(("said", "licence"), [
    ("I got my license on my 16th birthday.", "2001-03-14"),
    ("licensed the day I turned seventeen", "2002-03-14"),
    ("Got my licence on my sixteenth birthday!", "2001-03-14"),
    ("I got my license when I turned 16.", None),  # no day: asked
])
def test_a_licence_on_a_birthday_is_that_birthday(said: str, licence: str | None) -> None:
    info = read_email(f"Born 03/14/1985. {said}", today=TODAY)
    assert info.get("license_date") == licence


@pytest.mark.parametrize(("text", "birth", "licence"), [
    ("The applicant was born on the ninth (9th) day of June, nineteen hundred and "
     "eighty-one (1981), and was first licensed to operate a motor vehicle in the State of "
     "Ohio on the second (2nd) day of July, 1997.", "1981-06-09", "1997-07-02"),
    ("BORN ON THE NINTH (9TH) DAY OF JUNE, 1981. LICENSED SINCE 07/02/1997.", "1981-06-09",
     "1997-07-02"),
])
def test_a_deeds_dates_in_words_echoed_in_digits(text: str, birth: str, licence: str) -> None:
    info = read_email(text, today=TODAY)
    assert (info["birth_date"], info["license_date"]) == (birth, licence)


def test_words_before_brackets_that_are_no_number_stay() -> None:
    info = read_email("Garaged at home, postal code (43215). I have two (2) cars.", today=TODAY)
    assert info["zip_code"] == "43215"
