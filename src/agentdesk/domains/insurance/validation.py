"""Offline checks of what a customer tells us: VINs, ZIP codes, phone numbers and dates.

Each check returns either the cleaned value (with what could be decoded from it) or an
:class:`Invalid` whose ``reason`` is written for the customer, so the email that asks
again can quote it as it is. Nothing here reaches the network:

* VINs: the check digit (49 CFR 565) and the decoding of year, make, model and body come
  from the ``vin`` package, which ships a subset of NHTSA's vPIC database covering cars
  and light trucks, the vehicles a personal auto policy insures. vPIC's subset ends
  around model year 2024, so for a VIN it does not know, ``vininfo`` reads the maker
  from the WMI (characters 1-3) and the model year from the 10th character; the customer
  is then asked only for what is still missing (the body style).
* ZIP codes: the ``zipcodes`` package's USPS data (city, state, county, ZIP type).
* Phone numbers: ``phonenumbers`` (Google's libphonenumber metadata).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

__all__ = [
    "Invalid",
    "Phone",
    "Vehicle",
    "ZipInfo",
    "add_years",
    "age_on",
    "check_birth_date",
    "check_license_date",
    "check_phone",
    "check_vin",
    "check_zip",
    "parse_date",
    "parse_month",
]

VIN_LENGTH = 17
MIN_DRIVER_AGE = 16
MAX_DRIVER_AGE = 100
MIN_LICENSE_AGE = 16

WHERE_TO_FIND_VIN = ("You can find it on the vehicle's registration or insurance card, or "
                     "through the windshield on the driver's side of the dashboard.")


@dataclass(frozen=True)
class Invalid:
    """A value that did not pass a check."""

    field: str
    """The name of what was checked, e.g. ``vin`` or ``drivers[0].birth_date``."""
    value: str
    """The value as it was given."""
    reason: str
    """Why it is not accepted, in words a customer understands, ending with what to do."""

    def __str__(self) -> str:
        return f"{self.field}: {self.reason}"


@dataclass(frozen=True)
class Vehicle:
    """What a valid VIN says about the vehicle."""

    vin: str
    """The VIN, upper case, without spaces or dashes."""
    year: int | None
    """Model year."""
    make: str | None
    """Make (vPIC) or, when vPIC does not know the VIN, the maker its WMI names."""
    model: str | None
    """Model, when vPIC knows the VIN."""
    body_class: str | None
    """vPIC body class, e.g. ``Sedan/Saloon``, ``Pickup``; None when not decoded."""
    vehicle_type: str | None
    """vPIC vehicle type, e.g. ``Passenger Car``, ``Truck``; None when not decoded."""
    decoded: bool
    """True when vPIC knows this vehicle; False when only the maker and year were read."""

    def describe(self) -> str:
        """e.g. ``2009 Toyota Camry``."""
        return " ".join(str(part) for part in (self.year, self.make, self.model) if part)


@dataclass(frozen=True)
class ZipInfo:
    """Where a US ZIP code is."""

    zip_code: str
    """The five-digit ZIP code."""
    city: str
    state: str
    """Two-letter USPS state code."""
    county: str
    """County name as USPS writes it, e.g. ``Suffolk County``."""
    zip_type: str
    """``STANDARD``, ``PO BOX``, ``UNIQUE`` (one organisation) or ``MILITARY``."""


@dataclass(frozen=True)
class Phone:
    """A phone number that exists."""

    e164: str
    """E.164 form, e.g. ``+16175550134``."""
    national: str
    """As written in its own country, e.g. ``(617) 555-0134``."""
    region: str | None
    """ISO country code of the number, e.g. ``US``."""


# -- VIN -------------------------------------------------------------------------------


def check_vin(value: str, *, field: str = "vin", today: date | None = None) -> Vehicle | Invalid:
    """Check a VIN's form and check digit, and decode year, make, model and body."""
    # Imported here: ``vin`` opens its vPIC database when imported.
    from vin import VIN, DecodingError
    from vin.constants import VIN_MODEL_YEAR_CHARACTERS

    given = str(value or "")
    vin = re.sub(r"[\s-]", "", given).upper()

    def invalid(reason: str) -> Invalid:
        return Invalid(field, given, reason)

    if not vin:
        return invalid(f"Please send the vehicle's VIN, its 17-character identification "
                       f"number. {WHERE_TO_FIND_VIN}")
    if len(vin) != VIN_LENGTH:
        return invalid(f"A VIN has 17 characters, but {vin} has {len(vin)}. Please check it "
                       f"character by character. {WHERE_TO_FIND_VIN}")
    if confusable := sorted(set(vin) & set("IOQ")):
        return invalid(f"{vin} contains {_letters(confusable)}, which a VIN never uses (they "
                       f"are easily confused with 1 and 0). Please check those characters.")
    if other := sorted({c for c in vin if not c.isascii() or not c.isalnum()}):
        return invalid(f"{vin} contains {_letters(other)}; a VIN has only letters and digits.")
    if vin[9] not in VIN_MODEL_YEAR_CHARACTERS:
        return invalid(f"The 10th character of a VIN gives the model year and is never "
                       f"{vin[9]}, so {vin} seems mistyped. Please check it.")
    if VIN.calculate_check_digit(vin) != vin[8]:
        return invalid(f"{vin} does not add up: the 9th character of a VIN is a check digit "
                       f"computed from the others, and it does not match, so one character "
                       f"is probably mistyped. {WHERE_TO_FIND_VIN}")
    try:
        decoded = VIN(vin)
    except DecodingError:
        return _vehicle_from_wmi(vin, today or date.today())
    return Vehicle(vin=vin, year=decoded.model_year, make=decoded.make or None,
                   model=decoded.model or None, body_class=decoded.body_class or None,
                   vehicle_type=decoded.vehicle_type or None, decoded=True)


def _vehicle_from_wmi(vin: str, today: date) -> Vehicle:
    """Maker and model year from the VIN's own characters, for a VIN vPIC does not know."""
    from vininfo import Vin

    info = Vin(vin)
    maker = info.manufacturer
    # The year code repeats every 30 years: take the latest year that is not yet to come.
    years = [year for year in info.years if year <= today.year + 1]
    return Vehicle(vin=vin, year=max(years) if years else None,
                   make=None if maker == "UnsupportedBrand" else maker, model=None,
                   body_class=None, vehicle_type=None, decoded=False)


def _letters(chars: list[str]) -> str:
    quoted = [f"'{c}'" for c in chars]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


# -- ZIP codes -------------------------------------------------------------------------

ZIP_FORM = re.compile(r"^(\d{5})(?:-?\d{4})?$")


def check_zip(value: str, *, field: str = "zip_code") -> ZipInfo | Invalid:
    """Check that a ZIP (or ZIP+4) code exists and say where it is."""
    import zipcodes

    given = str(value or "")
    match = ZIP_FORM.match(given.strip())
    if match is None:
        return Invalid(field, given, f"A US ZIP code has 5 digits, like 02134 (or 9 with "
                                     f"ZIP+4, like 02134-1234); {given.strip()!r} is not one.")
    zip5 = match.group(1)
    found = zipcodes.matching(zip5)
    if not found:
        return Invalid(field, given, f"We cannot find the ZIP code {zip5}. Please check it.")
    row: dict[str, Any] = found[0]
    if not row.get("active", True):
        return Invalid(field, given, f"The ZIP code {zip5} ({row['city']}, {row['state']}) is "
                                     f"no longer in use. Please send your current ZIP code.")
    return ZipInfo(zip_code=zip5, city=row["city"], state=row["state"],
                   county=row.get("county") or "", zip_type=row.get("zip_code_type") or "")


# -- phone numbers ---------------------------------------------------------------------


def check_phone(value: str, *, field: str = "phone", region: str = "US") -> Phone | Invalid:
    """Check a phone number; without a ``+`` country code it is read as a ``region`` number."""
    import phonenumbers
    from phonenumbers import NumberParseException, PhoneNumberFormat, ValidationResult

    given = str(value or "")

    def invalid(reason: str) -> Invalid:
        return Invalid(field, given, reason)

    try:
        number = phonenumbers.parse(given, region)
    except NumberParseException as exc:
        if exc.error_type == NumberParseException.INVALID_COUNTRY_CODE:
            return invalid(f"{given.strip()!r} starts with a country code we do not recognise. "
                           f"Please check it, or send a US number with its area code.")
        if exc.error_type == NumberParseException.TOO_LONG:
            return invalid(f"{given.strip()!r} is too long to be a phone number. Please check it.")
        if exc.error_type == NumberParseException.NOT_A_NUMBER:
            return invalid(f"{given.strip()!r} does not look like a phone number. Please send "
                           f"it with its area code, like (617) 555-0134.")
        return invalid(f"{given.strip()!r} is too short to be a phone number. Please include "
                       f"the area code, like (617) 555-0134.")
    possible = phonenumbers.is_possible_number_with_reason(number)
    if possible in (ValidationResult.TOO_SHORT, ValidationResult.INVALID_LENGTH,
                    ValidationResult.IS_POSSIBLE_LOCAL_ONLY):
        return invalid(f"{given.strip()!r} is too short to be a phone number. Please include "
                       f"the area code, like (617) 555-0134.")
    if possible == ValidationResult.TOO_LONG:
        return invalid(f"{given.strip()!r} has too many digits for a phone number. "
                       f"Please check it.")
    if not phonenumbers.is_valid_number(number):
        return invalid(f"{given.strip()!r} is not a phone number in use (its area code or "
                       f"exchange does not exist). Please check it.")
    return Phone(e164=phonenumbers.format_number(number, PhoneNumberFormat.E164),
                 national=phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL),
                 region=phonenumbers.region_code_for_number(number))


# -- dates -----------------------------------------------------------------------------

ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
US_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})$")


def parse_date(value: str | date, *, field: str = "date") -> date | Invalid:
    """A date written ``YYYY-MM-DD`` or, as in the US, ``MM/DD/YYYY``."""
    if isinstance(value, date):
        return value
    given = str(value or "")
    text = given.strip()
    if iso := ISO_DATE.match(text):
        year, month, day = (int(part) for part in iso.groups())
    elif us := US_DATE.match(text):
        if len(us.group(3)) == 2:
            return Invalid(field, given, f"Please write the year of {text!r} in full "
                                         f"(1985, not 85).")
        month, day, year = (int(part) for part in us.groups())
    else:
        return Invalid(field, given, f"{text!r} is not a date we can read. Please write it "
                                     f"as MM/DD/YYYY, like 03/14/1985.")
    try:
        return date(year, month, day)
    except ValueError:
        return Invalid(field, given, f"{text!r} is not a day in the calendar (month {month}, "
                                     f"day {day}). Please check the day and the month.")


MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august",
               "september", "october", "november", "december")
US_MONTH = re.compile(r"^(\d{1,2})/(\d{4})$")
ISO_MONTH = re.compile(r"^(\d{4})-(\d{1,2})$")
WORD_MONTH = re.compile(r"^([a-z]{3,9})\.?,?\s+(\d{4})$", re.I)


def parse_month(value: str | date, *, field: str = "date") -> date | Invalid:
    """A month of a year, read as its first day: ``06/2008``, ``6/2008``, ``2008-06`` or
    ``June 2008`` (``Jun 2008``); a whole date is read by :func:`parse_date`."""
    if isinstance(value, date):
        return value
    given = str(value or "")
    text = given.strip().rstrip(".,")
    month: int | None = None
    if us := US_MONTH.match(text):
        month, year = int(us.group(1)), int(us.group(2))
    elif iso := ISO_MONTH.match(text):
        year, month = int(iso.group(1)), int(iso.group(2))
    elif (words := WORD_MONTH.match(text)) and (name := words.group(1).lower()) and any(
            m.startswith(name) for m in MONTH_NAMES if len(name) >= 3):
        month = next(i for i, m in enumerate(MONTH_NAMES, 1) if m.startswith(name))
        year = int(words.group(2))
    else:
        return parse_date(value, field=field)
    if not 1 <= month <= 12:
        return Invalid(field, given, f"{text!r} has no month {month}. Please write the month "
                                     f"and year as MM/YYYY, like 06/2008.")
    return date(year, month, 1)


def add_years(day: date, years: int) -> date:
    """``day`` moved by ``years``; 29 February becomes 1 March in a year without one."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return date(day.year + years, 3, 1)


def age_on(birth_date: date, on: date) -> int:
    """Age in whole years on day ``on``."""
    return on.year - birth_date.year - ((on.month, on.day) < (birth_date.month, birth_date.day))


def check_birth_date(value: str | date, *, on: date | None = None, field: str = "birth_date",
                     min_age: int = MIN_DRIVER_AGE,
                     max_age: int = MAX_DRIVER_AGE) -> date | Invalid:
    """A driver's date of birth: a real date, in the past, for an age between the bounds."""
    parsed = parse_date(value, field=field)
    if isinstance(parsed, Invalid):
        return parsed
    today = on or date.today()
    given = str(value)
    shown = parsed.strftime("%m/%d/%Y")
    if parsed > today:
        return Invalid(field, given, f"The date of birth {shown} is in the future. "
                                     f"Please check the year.")
    age = age_on(parsed, today)
    if age < min_age:
        return Invalid(field, given, f"The date of birth {shown} makes the driver {age}; "
                                     f"a driver must be at least {min_age}. Please check "
                                     f"the year.")
    if age > max_age:
        return Invalid(field, given, f"The date of birth {shown} makes the driver {age}. "
                                     f"Please check the year.")
    return parsed


def check_license_date(value: str | date, *, birth_date: date | None = None,
                       on: date | None = None, field: str = "license_date",
                       min_license_age: int = MIN_LICENSE_AGE) -> date | Invalid:
    """The date a driver was first licensed: not in the future, not before they could be."""
    parsed = parse_date(value, field=field)
    if isinstance(parsed, Invalid):
        return parsed
    today = on or date.today()
    given = str(value)
    shown = parsed.strftime("%m/%d/%Y")
    if parsed > today:
        return Invalid(field, given, f"The license date {shown} is in the future. Please "
                                     f"send the date the driver was first licensed.")
    if birth_date is not None:
        earliest = add_years(birth_date, min_license_age)
        if parsed < earliest:
            return Invalid(field, given, (
                f"The license date {shown} is before the driver's {_ordinal(min_license_age)} "
                f"birthday ({earliest.strftime('%m/%d/%Y')}), the earliest a license can be "
                f"issued. Please check the license date and the date of birth."))
    return parsed


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        number % 10, "th")
    return f"{number}{suffix}"
