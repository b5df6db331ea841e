"""Bare answers to the last question: a reply that gives a value without saying what it is.

Asked for their licence date, a customer may answer just "06/2008"; asked for the date of
birth and the licence date, "07/04/1990" and "June 2008" on two lines. The keyword readers
of :mod:`.extract` find neither, so this reads the dates (and a ZIP code) a reply gives
for the fields the last question asked (``asking``), and only those:

* one date asked, one date given: it is that date (a licence date may be a month and
  year, as the question allows; a date of birth needs the day);
* both asked, two dates given: the earlier is the date of birth (a driver is born before
  being licensed), the later the licence date;
* the ZIP code asked, one valid five-digit ZIP code given: it is the ZIP code.

Sentences that name what they date (born, licensed, accident, start...) are left to the
keyword readers, and anything ambiguous (three dates, two ZIP codes) is not guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from agentdesk.domains.insurance.validation import (
    Invalid,
    check_birth_date,
    check_license_date,
    check_zip,
    parse_month,
)

from .dates import DATE, MONTH_YEAR, licensed_in, read_date

__all__ = ["read_answers"]

_NAMED = re.compile(r"\b(?:born|birth\w*|dob|d\.o\.b|licen[cs]\w*|driving|start\w*|effective|"
                    r"begin\w*|accidents?|crash\w*|collision|tickets?|violations?|speeding|"
                    r"dui|dwi|insured|insurance|policy|claims?|phone|cell|mobile)\b", re.I)
_ZIP = re.compile(r"(?<![\w/.-])(\d{5})(?:-\d{4})?(?![\w/.-])")
_DATE_FIELDS = ("birth_date", "license_date")


def _dates(sentences: list[str]) -> list[tuple[date, bool, str]]:
    """(day, whole day given?, as written) for each date in ``sentences``, in order."""
    out: list[tuple[date, bool, str]] = []
    for sentence in sentences:
        whole = [(m.span(), m.group(1)) for m in re.finditer(DATE, sentence, re.I)]
        months = [(m.span(), m.group(1)) for m in re.finditer(MONTH_YEAR, sentence, re.I)
                  if not any(a < m.end() and m.start() < b for (a, b), _ in whole)]
        for _, text, is_whole in sorted(
                [(span, text, True) for span, text in whole]
                + [(span, text, False) for span, text in months]):
            parsed = read_date(text) if is_whole else parse_month(text)
            if isinstance(parsed, date):
                out.append((parsed, is_whole, text))
    return out


def read_answers(text: str, *, asking: list[str], found: dict[str, Any],
                 problems: dict[str, str], birth: date | None, today: date,
                 keep: Callable[[str, Any], None]) -> None:
    """Read the bare answers in ``text`` to the fields ``asking`` names that the keyword
    readers left unread; each value (or :class:`Invalid`) goes to ``keep(field, value)``."""
    open_fields = [f for f in asking if f not in found and f not in problems]
    if not open_fields:
        return
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])|\n+", text)
                 if s.strip() and not _NAMED.search(s)]
    pending = [f for f in _DATE_FIELDS if f in open_fields]
    given = _dates(sentences) if pending else []
    if pending == ["birth_date"] and len(given) == 1:
        _birth(given[0], today, keep)
    elif pending == ["license_date"] and len(given) == 1:
        _licence(given[0], birth, today, keep)
    elif len(pending) == 2 and len(given) == 2:
        earlier, later = sorted(given, key=lambda g: g[0])
        born = _birth(earlier, today, keep)
        _licence(later, born, today, keep)
    if "zip_code" in open_fields:
        dated = " ".join(text for _, _, text in given)
        zips = {m.group(1) for s in sentences for m in _ZIP.finditer(s)
                if m.group(1) not in dated}
        if len(zips) == 1 and not isinstance(place := check_zip(zips.pop()), Invalid):
            keep("zip_code", place.zip_code)
            found["city"], found["state"] = place.city, place.state


def _birth(given: tuple[date, bool, str], today: date,
           keep: Callable[[str, Any], None]) -> date | None:
    day, whole, text = given
    if not whole:
        keep("birth_date", Invalid("birth_date", text, (
            f"{text} gives the month and year only; the carrier needs the whole date of "
            f"birth, with the day (MM/DD/YYYY).")))
        return None
    checked = check_birth_date(day, on=today)
    keep("birth_date", checked if isinstance(checked, Invalid) else checked.isoformat())
    return None if isinstance(checked, Invalid) else checked


def _licence(given: tuple[date, bool, str], birth: date | None, today: date,
             keep: Callable[[str, Any], None]) -> None:
    day, whole, _ = given
    value = day if whole else licensed_in(day, birth)
    checked = check_license_date(value, birth_date=birth, on=today)
    keep("license_date", checked if isinstance(checked, Invalid) else checked.isoformat())
