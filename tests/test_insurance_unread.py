"""Every sentence of a customer's email that carries quote meaning is read, filler, or asked."""

from __future__ import annotations

from datetime import date

import pytest

from agentdesk.domains.insurance.agent.agenda import code_plan
from agentdesk.domains.insurance.agent.extract import merge, read_email
from agentdesk.domains.insurance.agent.render import final_email
from agentdesk.domains.insurance.agent.unread import unread_sentences

from .insurance_flow import ANN_EMAIL

TODAY = date(2026, 11, 23)


def _plan(*texts: str) -> dict[str, object]:
    info: dict[str, object] = {}
    for text in texts:
        info = merge(info, read_email(text, today=TODAY, customer_email="ann@example.com",
                                      known=info))
    return code_plan({"customer_info": info}, final_email)


def test_an_email_whose_every_token_is_used_is_quoted() -> None:
    assert "unread" not in read_email(ANN_EMAIL, today=TODAY)["problems"]
    assert _plan(ANN_EMAIL)["tool_name"] == "quote_initiate_tool"


def test_filler_is_not_asked() -> None:
    """A signature's office address, a forwarded header's date, a purchase date, a relative
    who will not drive: none is a value of the quote, none is asked."""
    email = ANN_EMAIL.replace("No tickets", "I bought the car on 03/02/2021. My wife "
                              "Jo, born 05/05/1986, will not drive it. We have been married "
                              "since June 2010. My old policy 43017 ends soon. No tickets")
    email = ("---------- Forwarded message ---------\nDate: Mon, Oct 12, 2026 at 7:41 PM\n"
             + email + "\nSales Manager | Acme\n255 E 5th St, Suite 900, Cincinnati, OH 45202")
    assert "unread" not in read_email(email, today=TODAY)["problems"]
    assert _plan(email)["tool_name"] == "quote_initiate_tool"


def test_the_email_a_reply_quotes_is_not_read_again() -> None:
    reply = ("Licensed since 06/01/2003.\n\nOn Mon, Nov 23, 2026 at 9:14 AM Agency wrote:\n"
             "Your date of birth was 01/01/1970? Your ZIP 10001?")
    assert unread_sentences(reply, {"license_date": "2003-06-01"}, {}) == []


def test_a_sentence_no_field_read_is_asked_about() -> None:
    """A brother who drives, with his date of birth: no field takes him, so the agent asks
    what the sentence means instead of quoting Ann alone."""
    said = "My brother Tom, born 05/05/1990, will drive it on weekends."
    email = ANN_EMAIL.replace("No tickets", said + " No tickets")
    plan = _plan(email)
    assert plan["tool_name"] == "ask_customer_tool"
    asked = plan["args"]["missing_fields"]  # type: ignore[index]
    assert [m["field"] for m in asked] == ["unread"]
    assert said in asked[0]["reason"]


def test_the_reply_answers_the_question_about_an_unread_sentence() -> None:
    email = ANN_EMAIL.replace("No tickets", "My brother Tom will drive it too. No tickets")
    assert _plan(email, "Sorry, he will not drive it after all.")["tool_name"] == \
        "quote_initiate_tool"


def test_a_date_a_problem_names_is_used() -> None:
    """A licence month refused before the 16th birthday is asked as the licence date, not
    again as an unread sentence."""
    problems = {"license_date": "The license date 08/01/2008 is before the driver's 16th "
                                "birthday (03/03/2010)."}
    assert unread_sentences("Born 03/03/1994, licensed 08/2008.",
                            {"birth_date": "1994-03-03"}, problems) == []
    assert unread_sentences("Born 03/03/1994, licensed 08/2008.",
                            {"birth_date": "1994-03-03"}, {}) == [
        "Born 03/03/1994, licensed 08/2008."]


def test_a_negation_beside_a_field_read_is_asked_about() -> None:
    """'Not delivered yet' beside a VIN read: the sentence may undo what was read."""
    said = "The car is not delivered yet."
    plan = _plan(ANN_EMAIL.replace("No tickets", said + " No tickets"))
    asked = plan["args"]["missing_fields"]  # type: ignore[index]
    assert [m["field"] for m in asked] == ["unread"] and said in asked[0]["reason"]


def _asked(*texts: str) -> list[str]:
    plan = _plan(*texts)
    assert plan["tool_name"] == "ask_customer_tool"
    return [m["field"] for m in plan["args"]["missing_fields"]]  # type: ignore[index]


@pytest.mark.parametrize("said", [
    "I was divorced in 2015 and married again in 2019.",
    "Single, no kids.",
    "My wife and I are both on the lease, I'm single on paper though.",
])
def test_a_second_marital_status_is_asked_about(said: str) -> None:
    """Ann is read married; a sentence that says another status may be the true one, so it
    is asked, never quoted on the status the reader lists first."""
    email = ANN_EMAIL.replace("No tickets", said + " No tickets")
    assert "unread" in _asked(email)


@pytest.mark.parametrize(("said", "status"), [
    ("Single for now, we are getting married on 05/01/2027.", "single"),
    ("My late husband bought the car.", "widowed"),
    ("My husband Frank passed away in 2019.", "widowed"),
    ("My husband Frank passed in 2019 I still drive to work.", "widowed"),
])
def test_a_status_to_come_or_a_spouse_who_died_is_no_second_status(said: str,
                                                                   status: str) -> None:
    """A wedding to come is not a status now; a spouse who died makes a widow, and is no
    driver whose dates are asked."""
    email = ANN_EMAIL.replace("married, ", "").replace("No tickets", said + " No tickets")
    info = read_email(email, today=TODAY)
    assert info["marital_status"] == status and not info.get("drivers")
    assert _plan(email)["tool_name"] == "quote_initiate_tool"


def test_the_agencys_question_quoted_under_a_reply_is_not_the_answer() -> None:
    """The question lists every status; the customer's answer above it is the one read."""
    first = ANN_EMAIL.replace("married, ", "")
    reply = ("Widowed.\n\nOn Mon, Nov 23, 2026 at 9:14 AM Agency <q@agency.example> wrote:\n"
             "> Your marital status (single, married, divorced or widowed)?")
    assert _plan(first, reply)["tool_name"] == "quote_initiate_tool"
    info = merge(read_email(first, today=TODAY), read_email(reply, today=TODAY))
    assert info["marital_status"] == "widowed"


@pytest.mark.parametrize("said", [
    "I sold my old Civic, VIN 1HGCM82633A004352, last week.",
    "We are trading in the Honda (VIN 1HGCM82633A004352) for the new one.",
    "The lease on this one, VIN 1HGCM82633A004352, is up in December.",
    "Please do not include VIN 1HGCM82633A004352.",
])
def test_a_vin_whose_vehicle_leaves_the_quote_is_asked_about(said: str) -> None:
    """A VIN read in a sentence that says its vehicle is sold, traded or turned in may be
    the car not to quote: asked, never quoted as one of the cars."""
    email = ANN_EMAIL.replace("The car is a Honda, VIN 1HGCM82633A004352, I use it to commute.",
                              said + " The new car is a Toyota, VIN 4T1B11HK3JU594218, I use "
                              "it to commute.")
    assert "unread" in _asked(email)


def test_a_vin_beside_a_purchase_is_still_quoted() -> None:
    email = ANN_EMAIL.replace("The car is a Honda", "I bought the car last week, a Honda")
    assert _plan(email)["tool_name"] == "quote_initiate_tool"


@pytest.mark.parametrize(("said", "use", "asked"), [
    ("It is my weekend car, I don't drive it to work.", "pleasure", False),
    ("Errands only, I never take it to the office.", "pleasure", False),
    ("I drive it to work but I don't use it for business.", "commute", False),
    ("I don't drive it to work anymore.", None, True),
])
def test_a_car_not_driven_to_work_is_no_commute_and_the_writer_still_drives(
        said: str, use: str | None, asked: bool) -> None:
    """"I don't drive it to work" says the car's use, not that the writer does not drive:
    read as no commute, and the use asked when no other is said (a quote assumes one)."""
    email = ANN_EMAIL.replace("I use it to commute.", said)
    info = read_email(email, today=TODAY)
    assert info.get("use") == use
    assert ("use" in info["problems"]) is asked and "unread" not in info["problems"]


def test_a_commute_read_beside_a_sentence_that_denies_it_is_asked_about() -> None:
    """The check asks about a negation of the use read ("to work" read elsewhere)."""
    said = "I use it to commute. I don't drive it to work on Fridays, though."
    assert "unread" in read_email(ANN_EMAIL.replace("I use it to commute.", said),
                                  today=TODAY)["problems"]


def test_a_vin_corrected_in_the_same_email_is_replaced_by_the_correction() -> None:
    email = ANN_EMAIL.replace("No tickets", "Sorry, the VIN is actually 1HGCM82633A004325, I "
                              "swapped two digits. No tickets")
    info = read_email(email, today=TODAY)
    assert [v["vin"] for v in info["vehicles"]] == ["1HGCM82633A004325"]
    assert "unread" not in info["problems"]


@pytest.mark.parametrize(("said", "vins"), [
    ("Actually, the second car is VIN 4T1B11HK3JU594218.",
     ["1HGCM82633A004352", "4T1B11HK3JU594218"]),
    ("The VIN is actually 1HGCM82633A004325, not 1HGCM82633A004352.", ["1HGCM82633A004325"]),
])
def test_only_a_vin_a_typo_apart_from_one_before_it_corrects_it(said: str,
                                                                  vins: list[str]) -> None:
    """Two VINs more than a typo apart are two cars; the one after 'not' is no correction."""
    email = ANN_EMAIL.replace("No tickets", said + " No tickets")
    assert [v["vin"] for v in read_email(email, today=TODAY)["vehicles"]] == vins


def test_a_vin_said_not_to_be_the_one_is_asked_about() -> None:
    email = ANN_EMAIL.replace("No tickets", "The right one is 1HGCM82633A004352, not "
                              "4T1B11HK3JU594218. No tickets")
    assert "unread" in read_email(email, today=TODAY)["problems"]


@pytest.mark.parametrize("said", ["My wife she not drive.", "My wife Olga don't drive.",
                                  "My wife do not drive, only me."])
def test_a_relative_said_not_to_drive_in_plain_words_is_no_driver(said: str) -> None:
    email = ANN_EMAIL.replace("No tickets", said + " No tickets")
    assert _plan(email)["tool_name"] == "quote_initiate_tool"


def test_the_writer_speaks_again_in_a_sentence_written_without_stops() -> None:
    """After a relative who does not drive, a new sentence begun without its stop is the
    writer's again: read for the writer, and checked."""
    run_on = ANN_EMAIL.replace("I use it to commute.", "My wife Olga don't drive Car is to "
                               "commute every day")
    assert read_email(run_on, today=TODAY)["use"] == "commute"
    other_zip = ANN_EMAIL.replace("No tickets", "My wife Olga don't drive Garage is at 43017 "
                                  "No tickets")
    assert "unread" in read_email(other_zip, today=TODAY)["problems"]
    hers = ANN_EMAIL.replace("No tickets", "My wife Olga don't drive She was born 05/05/1988 "
                             "No tickets")
    info = read_email(hers, today=TODAY)
    assert info["birth_date"] == "1985-03-14" and "unread" not in info["problems"]


def test_a_name_with_letters_of_latin_extended_a() -> None:
    email = ANN_EMAIL.replace("Ann Lee", "Łukasz Wiśniewski")
    info = read_email(email, today=TODAY)
    assert (info["first_name"], info["last_name"]) == ("Łukasz", "Wiśniewski")


@pytest.mark.parametrize(("aside", "drivers"), [
    ("(my husband has his own car and his own policy)", 0),
    ("(my husband Tom drives it too)", 1),
])
def test_what_follows_a_relative_in_brackets_is_the_writers(aside: str, drivers: int) -> None:
    email = ANN_EMAIL.replace("married, licensed", f"married {aside}, licensed")
    info = read_email(email, today=TODAY)
    assert info["license_date"] == "2003-06-01"
    assert len(info.get("drivers") or []) == drivers
    assert not (info.get("drivers") or [{}])[0].get("license_date")


@pytest.mark.parametrize("licences", [
    "drivers lic since 06/01/2003, class A CDL since 04/02/2009",
    "Nigerian license since 03/05/2001, Ohio license since 06/01/2003",
    "licensed since 06/01/2003 (motorcycle endorsement 05/10/2010)",
])
def test_another_licences_date_beside_the_one_read_is_filler(licences: str) -> None:
    info = read_email(ANN_EMAIL.replace("licensed since 06/01/2003", licences), today=TODAY)
    assert info["license_date"] == "2003-06-01" and "unread" not in info["problems"]


def test_a_cdls_date_alone_is_no_licence_date_and_is_asked() -> None:
    email = ANN_EMAIL.replace("licensed since 06/01/2003", "class A CDL since 04/02/2009")
    assert "license_date" in _asked(email)


def test_a_soldiers_move_dates_no_field() -> None:
    email = ANN_EMAIL.replace("No tickets", "PCS from Fort Bragg on 10/01/2026. No tickets")
    assert "unread" not in read_email(email, today=TODAY)["problems"]


def test_an_email_in_small_letters_is_checked_sentence_by_sentence() -> None:
    """A mother named in one sentence and a drive in the next are two sentences, though no
    capital follows the stop."""
    email = ANN_EMAIL.replace("No tickets", "My mom came with me to the DMV. I drive it "
                                "daily. No tickets").lower()
    assert "unread" not in read_email(email, today=TODAY)["problems"]
    email = ANN_EMAIL.replace("No tickets", "My mom will drive it too. No tickets").lower()
    assert "unread" in read_email(email, today=TODAY)["problems"]


def test_a_letters_closing_begins_its_signature() -> None:
    email = ANN_EMAIL.replace("Thanks,", "Very truly yours,") + "\nMember of the Ohio Bar " \
        "since October 16, 1997"
    assert "unread" not in read_email(email, today=TODAY)["problems"]


@pytest.mark.parametrize("said", ["My nephew Jake will drive it on weekends.",
                                  "Our nanny borrows the car for school runs.",
                                  "My stepson, who just turned 17, will be driving it too."])
def test_a_relative_of_any_kind_who_drives_is_asked_about(said: str) -> None:
    assert "unread" in _asked(ANN_EMAIL.replace("No tickets", said + " No tickets"))


def test_a_relative_far_from_a_driving_word_in_a_long_sentence_is_not_asked() -> None:
    said = ("My nephew told me to write to you because his agent retired last spring and he "
            "says you answer quickly, and I have not had a single ticket since I started "
            "driving.")
    email = ANN_EMAIL.replace("No tickets or accidents.", said)
    assert _plan(email)["tool_name"] == "quote_initiate_tool"


def test_the_writers_own_parting_is_a_status_the_check_looks_at() -> None:
    """"We are now divorced" without a relative named is the writer's status, not a spouse
    set aside: beside "married since 2010" it is asked."""
    email = ANN_EMAIL.replace("married, ", "").replace(
        "No tickets", "I've been married since 2010 but we are now divorced. No tickets")
    assert "unread" in read_email(email, today=TODAY)["problems"]


def test_a_quote_for_a_relative_read_under_the_writers_name_is_asked_about() -> None:
    """Written for a mother the reader does not take as the person to quote: her dates
    were read under the name that signs the email, so the sentence is asked."""
    email = ("Hi, I'm writing for my mom, Jane Doe. She was born 01/02/1950, licensed since "
             "06/01/1968, widowed, ZIP 43215. Her car is a Honda, VIN 1HGCM82633A004352, for "
             "errands.\nThanks,\nTom Doe")
    assert read_email(email, today=TODAY)["first_name"] == "Tom"
    assert "unread" in _asked(email)
    forwarded = ("Hi, can you quote my dad? His details are below.\nThanks, Tom\n\n"
                 "---------- Forwarded message ---------\nFrom: Gary Doe <g@example.com>\n\n"
                 "Gary Doe, born 01/02/1950, married, licensed since 06/01/1968, ZIP 43215, "
                 "VIN 1HGCM82633A004352, errands.")
    assert _plan(forwarded)["tool_name"] == "quote_initiate_tool"


@pytest.mark.parametrize(("said", "asked"), [
    ("Please also add my 2019 Toyota Camry, I'll send the VIN later.", True),
    ("We sold our 2012 Honda Civic last year.", False),
    ("It is a 2003 Honda Accord.", False),  # the year the VIN read decodes to
])
def test_a_vehicle_said_without_its_vin_beside_those_read_is_asked(said: str,
                                                                   asked: bool) -> None:
    email = ANN_EMAIL.replace("No tickets", said + " No tickets")
    assert ("unread" in read_email(email, today=TODAY)["problems"]) is asked


def test_a_remarriage_beside_another_status_is_asked_about() -> None:
    email = ANN_EMAIL.replace("married, ", "widowed since 2015 and remarried last year, ")
    assert "unread" in read_email(email, today=TODAY)["problems"]


@pytest.mark.parametrize("said", ["My license was suspended from 2019 to 2021.",
                                  "I had my licence revoked once, for a year."])
def test_a_licence_suspended_or_revoked_is_asked_about(said: str) -> None:
    assert "unread" in _asked(ANN_EMAIL.replace("No tickets", said + " No tickets"))


@pytest.mark.parametrize("said", ["I drive for Uber on weekends.", "Lyft and DoorDash at night.",
                                  "Some rideshare driving too."])
def test_rideshare_and_delivery_apps_are_business_use(said: str) -> None:
    email = ANN_EMAIL.replace("I use it to commute.", said)
    assert read_email(email, today=TODAY)["use"] == "business"


@pytest.mark.parametrize(("written", "last"), [
    ("My name is Ann Jo Lee, born", "Lee"), ("my name is ann jo lee, born", "Lee"),
    ("MY NAME IS ANN JO LEE, BORN", "Lee"), ("Full name Ann Jo Lee Date of birth", "Lee"),
    ("My name is Ann Jo Lee born", "Lee"), ("Quote please for Ann Lee One", "Lee")])
def test_a_middle_name_is_never_read_as_the_first_or_last(written: str, last: str) -> None:
    found = read_email(ANN_EMAIL.replace("My name is Ann Lee, born", written), today=TODAY)
    assert (found.get("first_name"), found.get("last_name")) == ("Ann", last)


def test_a_name_whose_end_an_uncased_email_does_not_show_is_asked() -> None:
    email = (ANN_EMAIL.lower().replace("my name is ann lee, born", "my name is ann jo lee born")
             .replace("thanks,\nann lee", "thanks"))
    assert "last_name" not in read_email(email, today=TODAY)
    assert "name" in _asked(email)


def _missing(text: str) -> list[str]:
    """The fields the plan asks for (none when it quotes)."""
    plan = _plan(text)
    return [m["field"] for m in plan["args"]["missing_fields"]] \
        if plan["tool_name"] == "ask_customer_tool" else []  # type: ignore[index]


@pytest.mark.parametrize(("said", "asked"), [
    ("My license was just renewed, the card says issued 06/01/2003.", True),
    ("I got a duplicate license card on 06/01/2003.", True),
    ("My license was first issued 06/01/2003, it expires 2030.", False),
    ("Licensed since 06/01/2003, renewal of my policy is due.", False)])
def test_a_licence_card_renewed_is_not_the_first_licence(said: str, asked: bool) -> None:
    email = ANN_EMAIL.replace("licensed since 06/01/2003.", "single.\n" + said)
    assert ("license_date" in _missing(email)) is asked


@pytest.mark.parametrize(("said", "asked"), [
    ("I work at 1 Main St, Columbus, OH 43215 but the car stays at home.", True),
    ("My office is at 1 Main St, Columbus, OH 43215.", True),
    ("I live at 1 Main St, Columbus, OH 43215 and drive to my job at the mall.", False)])
def test_a_workplace_zip_is_asked_not_taken(said: str, asked: bool) -> None:
    email = ANN_EMAIL.replace("I live in Columbus, OH 43215.", said)
    assert ("zip_code" in _missing(email)) is asked


def test_a_car_driven_to_campus_is_a_commute() -> None:
    email = ANN_EMAIL.replace("I use it to commute.", "It is driven to campus daily.")
    assert read_email(email, today=TODAY)["use"] == "commute"


@pytest.mark.parametrize(("said", "use"), [
    ("I used to drive it to work, but I retired in May; now it is errands.", None),
    ("It no longer goes to work, just church and errands.", None),
    ("The car is used to commute.", "commute"),
    ("I'm retired, so it is errands and church.", "pleasure")])
def test_a_use_the_car_once_had_is_asked(said: str, use: str | None) -> None:
    found = read_email(ANN_EMAIL.replace("I use it to commute.", said), today=TODAY)
    assert found.get("use") == use
    assert ("use" in found["problems"]) is (use is None)


@pytest.mark.parametrize("said", ["Single, never been married.", "I've never got married."])
def test_never_been_married_is_single(said: str) -> None:
    assert read_email(ANN_EMAIL.replace("married, ", said + " "), today=TODAY)[
        "marital_status"] == "single"


@pytest.mark.parametrize(("said", "asked"), [
    ("I've been with Geico since 03/01/2016.", False),
    ("I've had them since 03/01/2016.", True)])
def test_the_date_since_which_the_writer_is_insured_is_filler(said: str, asked: bool) -> None:
    email = ANN_EMAIL.replace("No tickets", said + " No tickets")
    assert ("unread" in read_email(email, today=TODAY)["problems"]) is asked
