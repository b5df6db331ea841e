"""Offline validation of what a customer sends: real VINs, real ZIPs, phone formats, dates."""

from __future__ import annotations

from datetime import date

import pytest

from agentdesk.domains.insurance.validation import (
    Invalid,
    Phone,
    Vehicle,
    ZipInfo,
    add_years,
    age_on,
    check_birth_date,
    check_license_date,
    check_phone,
    check_vin,
    check_zip,
    parse_date,
)

TODAY = date(2026, 11, 23)

# -- VINs ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("vin", "year", "make", "model", "body"), [
    ("1HGCM82633A004352", 2003, "Honda", "Accord", "Coupe"),
    ("4T1BE46K19U856421", 2009, "Toyota", "Camry", "Sedan/Saloon"),
    ("1G1ZT53826F109149", 2006, "Chevrolet", "Malibu", "Sedan/Saloon"),
    ("5FNYF5H59HB011946", 2017, "Honda", "Pilot",
     "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)"),
    ("1C4RJFAG0FC625797", 2015, "Jeep", "Grand Cherokee",
     "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)"),
    ("2GCEC19Z0S1245490", 1995, "Chevrolet", "GMT-400", "Pickup"),
    ("JH4KA7561PC008269", 1993, "Acura", "Legend", "Sedan/Saloon"),
])
def test_real_vins_decode_offline(vin: str, year: int, make: str, model: str,
                                  body: str) -> None:
    found = check_vin(vin, today=TODAY)
    assert isinstance(found, Vehicle), found
    assert (found.vin, found.year, found.make, found.model, found.body_class) == (
        vin, year, make, model, body)
    assert found.decoded
    assert found.describe() == f"{year} {make} {model}"


def test_vin_is_cleaned_of_case_spaces_and_dashes() -> None:
    found = check_vin(" 1hgcm8263-3a004352 ", today=TODAY)
    assert isinstance(found, Vehicle) and found.vin == "1HGCM82633A004352"


def test_vin_unknown_to_vpic_keeps_maker_and_year_from_its_characters() -> None:
    # A valid check digit on a 2025 Toyota (model year code S) newer than the shipped data.
    found = check_vin("4T1DAACK8SU000000", today=TODAY)
    assert isinstance(found, Vehicle)
    assert (found.year, found.make, found.model, found.body_class, found.decoded) == (
        2025, "Toyota", None, None, False)


@pytest.mark.parametrize(("vin", "fragment"), [
    ("1HGCM82633A004353", "9th character"),           # last digit changed: check digit fails
    ("1HGCM82643A004352", "9th character"),           # one character mistyped in the VDS
    ("4T1BE46K29U856421", "9th character"),           # check digit itself wrong
    ("1HGCM82633A00435", "has 16"),
    ("1HGCM82633A0043521", "has 18"),
    ("1HGCM8263OA004352", "'O'"),
    ("1HGCM8263IA0Q4352", "'I' and 'Q'"),
    ("1HGCM826#3A004352", "'#'"),
    ("1HGCM82633U004352", "9th character"),
    ("1HGCM8263UA004352", "10th character"),          # U is never a model year code
    ("", "17-character"),
])
def test_invalid_vins_say_why(vin: str, fragment: str) -> None:
    found = check_vin(vin, field="vehicles[0].vin", today=TODAY)
    assert isinstance(found, Invalid), found
    assert found.field == "vehicles[0].vin" and found.value == vin
    assert fragment in found.reason
    assert str(found).startswith("vehicles[0].vin: ")


def test_check_digit_reason_tells_the_customer_where_to_look() -> None:
    found = check_vin("1HGCM82633A004353")
    assert isinstance(found, Invalid)
    assert "registration" in found.reason and "mistyped" in found.reason


# -- ZIP codes -------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "city", "state", "county"), [
    ("02134", "Allston", "MA", "Suffolk County"),
    ("90210", "Beverly Hills", "CA", "Los Angeles County"),
    ("10001-1234", "New York", "NY", "New York County"),
    ("606011234", "Chicago", "IL", "Cook County"),
    (" 43215 ", "Columbus", "OH", "Franklin County"),
])
def test_real_zips_give_city_state_and_county(value: str, city: str, state: str,
                                              county: str) -> None:
    found = check_zip(value)
    assert isinstance(found, ZipInfo), found
    assert (found.zip_code, found.city, found.state, found.county) == (
        value.strip()[:5], city, state, county)
    assert found.zip_type == "STANDARD"


def test_po_box_zip_says_so() -> None:
    found = check_zip("76101")
    assert isinstance(found, ZipInfo) and found.zip_type == "PO BOX"


@pytest.mark.parametrize(("value", "fragment"), [
    ("2134", "5 digits"), ("abcde", "5 digits"), ("", "5 digits"), ("02134-12", "5 digits"),
    ("00000", "cannot find the ZIP code 00000"), ("99999", "cannot find"),
    ("01133", "no longer in use"),
])
def test_invalid_zips_say_why(value: str, fragment: str) -> None:
    found = check_zip(value, field="garaging_zip")
    assert isinstance(found, Invalid), found
    assert found.field == "garaging_zip" and fragment in found.reason


# -- phone numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "e164"), [
    ("(617) 555-0134", "+16175550134"), ("617-555-0134", "+16175550134"),
    ("617.555.0134", "+16175550134"), ("+1 617 555 0134", "+16175550134"),
    ("1-617-555-0134", "+16175550134"), ("6175550134", "+16175550134"),
    ("1-800-555-1212", "+18005551212"),
])
def test_us_phone_formats(value: str, e164: str) -> None:
    found = check_phone(value)
    assert isinstance(found, Phone), found
    assert found.e164 == e164 and found.region == "US"
    assert found.national.startswith("(")


def test_international_number_with_country_code() -> None:
    found = check_phone("+44 20 7946 0958")
    assert isinstance(found, Phone)
    assert (found.e164, found.region) == ("+442079460958", "GB")


@pytest.mark.parametrize(("value", "fragment"), [
    ("555-0134", "include the area code"),
    ("123", "too short"),
    ("call me", "does not look like a phone number"),
    ("+999 1234 5678", "country code"),
    ("617555013412345", "too many digits"),
    ("(123) 555-0134", "not a phone number in use"),
])
def test_invalid_phones_say_why(value: str, fragment: str) -> None:
    found = check_phone(value)
    assert isinstance(found, Invalid), found
    assert fragment in found.reason


# -- dates -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "expected"), [
    ("1985-03-14", date(1985, 3, 14)), ("03/14/1985", date(1985, 3, 14)),
    ("3/4/1985", date(1985, 3, 4)), (date(1985, 3, 14), date(1985, 3, 14)),
])
def test_dates_in_iso_and_us_form(value: str | date, expected: date) -> None:
    assert parse_date(value) == expected


@pytest.mark.parametrize(("value", "fragment"), [
    ("1985-02-30", "not a day in the calendar"), ("02/29/2023", "not a day in the calendar"),
    ("13/01/1985", "not a day in the calendar"), ("03/14/85", "in full"),
    ("March 14th", "MM/DD/YYYY"), ("", "MM/DD/YYYY"),
])
def test_unreadable_dates_say_why(value: str, fragment: str) -> None:
    found = parse_date(value, field="birth_date")
    assert isinstance(found, Invalid) and fragment in found.reason


def test_leap_day_birthdays() -> None:
    assert add_years(date(2008, 2, 29), 16) == date(2024, 2, 29)
    assert add_years(date(2008, 2, 29), 17) == date(2025, 3, 1)
    assert age_on(date(2008, 2, 29), date(2025, 2, 28)) == 16
    assert age_on(date(2008, 2, 29), date(2025, 3, 1)) == 17


def test_birth_date_bounds() -> None:
    assert check_birth_date("1985-03-14", on=TODAY) == date(1985, 3, 14)
    # Exactly 16 today is old enough; one day short is not.
    assert check_birth_date("2010-11-23", on=TODAY) == date(2010, 11, 23)
    young = check_birth_date("2010-11-24", on=TODAY)
    assert isinstance(young, Invalid) and "makes the driver 15" in young.reason
    future = check_birth_date("2027-01-01", on=TODAY)
    assert isinstance(future, Invalid) and "in the future" in future.reason
    old = check_birth_date("1920-01-01", on=TODAY)
    assert isinstance(old, Invalid) and "makes the driver 106" in old.reason
    assert check_birth_date("1926-11-23", on=TODAY) == date(1926, 11, 23)


def test_license_date_after_sixteenth_birthday_and_not_in_the_future() -> None:
    born = date(1990, 6, 15)
    assert check_license_date("2006-06-15", birth_date=born, on=TODAY) == date(2006, 6, 15)
    early = check_license_date("06/14/2006", birth_date=born, on=TODAY)
    assert isinstance(early, Invalid)
    assert "before the driver's 16th birthday (06/15/2006)" in early.reason
    # A state that licenses at 15.
    assert check_license_date("2005-06-15", birth_date=born, on=TODAY,
                              min_license_age=15) == date(2005, 6, 15)
    future = check_license_date("2026-11-24", birth_date=born, on=TODAY)
    assert isinstance(future, Invalid) and "in the future" in future.reason
    assert check_license_date("2026-11-23", birth_date=born, on=TODAY) == date(2026, 11, 23)
    # Leap-day driver: the 16th birthday of 2008-02-29 is 2024-02-29.
    leap = check_license_date("2024-02-28", birth_date=date(2008, 2, 29), on=TODAY)
    assert isinstance(leap, Invalid) and "(02/29/2024)" in leap.reason


def test_reasons_are_sentences_for_the_customer() -> None:
    problems = [check_vin("1HGCM82633A004353"), check_zip("00000"), check_phone("123"),
                check_birth_date("2030-01-01", on=TODAY),
                check_license_date("2000-01-01", birth_date=date(1990, 1, 1), on=TODAY)]
    for problem in problems:
        assert isinstance(problem, Invalid)
        assert problem.reason[0].isupper() or problem.reason[0] in "'0123456789"
        assert problem.reason.endswith(".")
        assert "Error" not in problem.reason and "Exception" not in problem.reason
