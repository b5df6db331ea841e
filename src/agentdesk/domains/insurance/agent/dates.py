"""Dates as customers write them: the patterns that find them in an email, and their parsing.

Two kinds: a whole day (``DATE``: 03/14/1985, 1985-03-14, March 14, 1985, 14 March 1985,
the 14th of March 1985, the fourteenth of March 1985, March twenty-first 1985)
and a month of a year (``MONTH_YEAR``: 06/2008, 6/2008, 2008-06, June 2008), which is
what the licence question allows ("month and year is fine"). A month is read as its first
day; :func:`agentdesk.domains.insurance.validation.parse_month` does the reading.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from agentdesk.domains.insurance.validation import MIN_LICENSE_AGE, Invalid, add_years, parse_date
from agentdesk.numerals import CARDINALS, ORDINAL_DAYS

__all__ = ["DATE", "MONTHS", "MONTH_YEAR", "dashed_as_slashed", "day_first_as_iso", "dotted_as_iso",
           "echoes_as_digits",
           "licensed_in", "read_date", "us_date", "year_first_as_iso"]

MONTHS = {m: i + 1 for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"])}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = (r"(?:\d{1,2}(?:st|nd|rd|th)?|"
        + "|".join(w.replace("-", "[- ]") for w in sorted(ORDINAL_DAYS, key=len, reverse=True)
                   if " " not in w)
        + r")")
DATE = (rf"(\d{{4}}-\d{{1,2}}-\d{{1,2}}|\d{{1,2}}/\d{{1,2}}/\d{{2,4}}|{_MONTH}\s+{_DAY}"
        rf",?\s+\d{{4}}|(?:the\s+)?{_DAY}(?:\s+day)?(?:\s+|-)(?:of\s+)?{_MONTH}(?:,?\s+|-)"
        rf"\d{{4}})")
"""A whole day, as one regex group; the day before its month also with dashes
("07-Aug-1991", as written in India) or as a deed says it ("the 4th day of March, 1972")."""
MONTH_YEAR = (rf"((?<![\d/-])\d{{1,2}}/\d{{4}}(?![\d/])|(?<![\d/-])\d{{4}}-\d{{1,2}}(?![\d-])|"
              rf"\b{_MONTH},?\s+\d{{4}}\b)")
"""A month of a year, as one regex group; it never matches inside a whole day."""


_NUMBER_WORDS = frozenset({*CARDINALS, *ORDINAL_DAYS, "hundred", "thousand", "and", "oh"})
_ECHOED = re.compile(r"((?:[A-Za-z]+[\s-]+){0,6}[A-Za-z]+)\s*\((\d{1,4}(?i:st|nd|rd|th)?)\)")
_SAID_TWICE = re.compile(r"\b(\w+)\s*\((\1)\)", re.I)


def echoes_as_digits(text: str) -> str:
    """``text`` with numbers written in words and echoed in digits ("the fourth (4th) day
    of March, nineteen hundred and seventy-two (1972)", as a lawyer writes them) written
    in the digits alone, so the date is read as "the 4th day of March, 1972"; a word
    echoed as itself ("4th (4th)") is said once. Words before brackets that are no number
    words ("postal code (19010)") are left as they are."""
    def digits(match: re.Match[str]) -> str:
        words = re.split(r"([\s-]+)", match.group(1))  # a word, a gap, a word, ...
        if words[-1].lower() not in _NUMBER_WORDS:
            return match.group(0)
        first = len(words) - 1
        while first >= 2 and words[first - 2].lower() in _NUMBER_WORDS:
            first -= 2
        while first < len(words) - 1 and words[first].lower() in ("and", "oh"):
            first += 2  # "two (2) cars and one (1) truck": the "and" stays
        if words[first].lower() in ("and", "oh"):
            return match.group(0)
        return "".join(words[:first]) + match.group(2)
    return _ECHOED.sub(digits, _SAID_TWICE.sub(r"\1", text))


def read_date(text: str) -> date | Invalid:
    """A day in any of the forms :data:`DATE` matches."""
    text = text.strip().rstrip(".,")
    words = re.match(rf"({_MONTH})\s+({_DAY}),?\s+(\d{{4}})$", text, re.I)
    words2 = re.match(rf"(?:the\s+)?({_DAY})(?:\s+day)?(?:\s+|-)(?:of\s+)?({_MONTH})(?:,?\s+|-)"
                      rf"(\d{{4}})$", text, re.I)
    if words or words2:
        if words:
            month_name, day, year = words.groups()
        else:
            assert words2 is not None
            day, month_name, year = words2.groups()
        month = MONTHS[month_name.lower().rstrip(".")[:3]]
        said = re.sub(r"\s+", "-", day.lower())
        number = ORDINAL_DAYS[said] if said in ORDINAL_DAYS else int(re.sub(r"\D", "", day))
        try:
            return date(int(year), month, number)
        except ValueError:
            return Invalid("date", text, f"{text!r} is not a day in the calendar.")
    return parse_date(text)


_DAY_FIRST_SAID = re.compile(
    r"\bday\s*[/.-]\s*month\s*[/.-]\s*year\b|\bdd\s*[/.-]\s*mm\s*[/.-]\s*yy(?:yy)?\b|"
    r"\bday\s+first\b|\bdates?\b[^.\n]{0,60}\b(?:british|uk|european|english)\s+"
    r"(?:way|format|style)\b", re.I)
"""The writer saying their dates put the day first ("All dates below are written the British
way, day/month/year", "DD/MM/YYYY")."""
_SLASH_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")


def day_first_as_iso(text: str) -> str:
    """``text`` with its slash dates written ISO when the writer plainly puts the day first.

    "23/06/1984" is no US date (there is no 23rd month): a writer from elsewhere puts the
    day first. Only when every slash date of the email reads one way alone, day first
    (a first number above 12, or day and month alike), are they rewritten; an email with
    one date that could be either ("05/09/2010") keeps its text, so that date is never
    read the other way round unasked, unless the writer says the day comes first
    ("DD/MM/YYYY", "dates written the British way").
    """
    return _day_first(text, _SLASH_DATE)


_DOTTED_DATE = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\.?\d)")


def dotted_as_iso(text: str) -> str:
    """``text`` with its dotted dates ("07.04.1985", as written in Germany or Russia) written
    ISO, by the rule of :func:`day_first_as_iso`: day first when the writer says so or every
    dotted date reads day first alone; an ambiguous one is left as it is, unread."""
    return _day_first(text, _DOTTED_DATE)


def _day_first(text: str, pattern: re.Pattern[str]) -> str:
    """``text`` with the dates ``pattern`` finds (day, month, year) written ISO, when the
    writer says the day comes first or every one of them can only be read so."""
    dates = [(int(a), int(b)) for a, b, _ in pattern.findall(text)]
    if _DAY_FIRST_SAID.search(text):
        # The writer says the day comes first ("dates below are day/month/year"): every
        # slash date is read so, if every one can be.
        if not all(1 <= b <= 12 for _, b in dates):
            return text
    elif not any(a > 12 for a, _ in dates) or \
            not all((a > 12 or a == b) and b <= 12 for a, b in dates):
        return text
    return pattern.sub(lambda m: f"{m.group(3)}-{int(m.group(2)):02d}-{int(m.group(1)):02d}",
                       text)


_DASHED = re.compile(r"(?<![\d/.-])(\d{1,2})-(\d{1,2})-((?:19|20)\d{2})(?![\d-])")


def dashed_as_slashed(text: str) -> str:
    """``text`` with its dates written with dashes ("3-7-1995") written with slashes, so
    they are read as slash dates are: month first, unless the day plainly comes first."""
    return _DASHED.sub(lambda m: f"{m.group(1)}/{m.group(2)}/{m.group(3)}", text)


_YEAR_FIRST = re.compile(r"(?<![\d./-])((?:19|20)\d{2})([./])(\d{1,2})\2(\d{1,2})(?!\d)")


def year_first_as_iso(text: str) -> str:
    """``text`` with its dates written year first with dots or slashes ("1992.03.07",
    "1992/03/07") written ISO: a date that begins with its year is year, month, day
    wherever it is written, so it is read, not asked."""
    return _YEAR_FIRST.sub(lambda m: f"{m.group(1)}-{int(m.group(3)):02d}-{int(m.group(4)):02d}",
                           text)


def licensed_in(month: date, birth: date | None) -> date:
    """The day a driver licensed in ``month`` (its first day) is taken as licensed.

    A driver born on 03/20/1992 and licensed in "03/2008" was licensed on their 16th
    birthday at the earliest, so the day is that birthday, not the 1st; a month before
    the 16th birthday stays as it is, for the licence check to refuse with its reason.
    """
    if birth is None:
        return month
    earliest = add_years(birth, MIN_LICENSE_AGE)
    same_month = (earliest.year, earliest.month) == (month.year, month.month)
    return max(month, earliest) if same_month else month
def us_date(value: Any) -> str:
    """``1985-03-14`` as a US reader writes it, ``03/14/1985``; anything else as it is."""
    text = str(value or "")
    if len(text) == 10 and text[4] == "-" and text[7] == "-":
        return f"{text[5:7]}/{text[8:]}/{text[:4]}"
    return text
