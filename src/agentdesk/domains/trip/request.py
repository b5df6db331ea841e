"""A free-text trip request read into the preference fields, by code.

"Plan 4 days in Lisbon from Boston, leaving 2027-03-10, budget 2500 USD" gives
origin Boston, destination Lisbon, depart 2027-03-10, return 2027-03-14, one
traveler and a budget of 2500. Dates are read with ``dateparser``, cities are
checked against ``airportsdata``'s city names (their codes are looked up by the
planner with the travel server's ``get_airport_code``). What is not in the text
stays unset; the input check then says what is missing.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

__all__ = ["find_dates", "read_request"]

_MONTHS = ("january|february|march|april|may|june|july|august|september|october|"
           "november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec")
_DATE = re.compile(
    rf"\b(\d{{4}}-\d{{2}}-\d{{2}}|(?:{_MONTHS})\.? \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?|"
    rf"\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{_MONTHS})\.?(?:,? \d{{4}})?|"
    r"\d{1,2}/\d{1,2}/\d{4}|tomorrow|next (?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|week|month)|in \d+ (?:days|weeks|months))\b", re.I)
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
          "fourteen": 14}
_COUNT = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen)"
_STOP = (r"(?=\s*(?:,|\.|;|\bfrom\b|\bto\b|\bin\b|\bon\b|\bfor\b|\bleaving\b|\bdeparting\b|"
         r"\bstarting\b|\bwith\b|\bbudget\b|\band\b|\breturning\b|\bback\b|\bnext\b|\bunder\b|"
         r"\bbetween\b|\bvia\b|\d|$))")
_PLACE = r"([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ.'-]*(?: [A-Za-zÀ-ÿ][A-Za-zÀ-ÿ.'-]*){0,3}?)"


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


@lru_cache(maxsize=1)
def _cities() -> frozenset[str]:
    import airportsdata

    return frozenset(_fold(row["city"]) for row in airportsdata.load("IATA").values()
                     if row.get("city"))


@lru_cache(maxsize=1)
def _codes() -> frozenset[str]:
    import airportsdata

    return frozenset(airportsdata.load("IATA"))


def _city(words: str) -> str | None:
    """The longest leading run of ``words`` that is a city (or an IATA code)."""
    parts = words.strip().split()
    for size in range(len(parts), 0, -1):
        candidate = " ".join(parts[:size]).strip(".,'")
        if len(candidate) == 3 and candidate.isupper() and candidate in _codes():
            return candidate
        if _fold(candidate) in _cities() and candidate[:1].isupper():
            return candidate
    return None


def _place(text: str, keywords: str) -> str | None:
    for match in re.finditer(rf"\b(?:{keywords})\s+{_PLACE}{_STOP}", text):
        found = _city(match.group(1))
        if found:
            return found
    return None


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def _parse_date(phrase: str, today: date) -> date | None:
    import dateparser

    base = datetime.combine(today, datetime.min.time())
    parsed = dateparser.parse(phrase, languages=["en"], settings={
        "PREFER_DATES_FROM": "future", "RELATIVE_BASE": base, "DATE_ORDER": "MDY"})
    return parsed.date() if parsed else None


def find_dates(text: str, today: date | None = None) -> list[tuple[int, date]]:
    """Every date ``text`` names, with where it starts, read by the rules requests are."""
    today = today or date.today()
    found = ((m.start(), _parse_date(m.group(1), today)) for m in _DATE.finditer(text))
    return [(at, day) for at, day in found if day is not None]


def read_request(text: str, today: date | None = None) -> dict[str, Any]:
    """The preference fields a request states (keys as ``TripPreferences`` names them)."""
    today = today or date.today()
    found: dict[str, Any] = {}
    origin = _place(text, "from|leaving from|departing from|flying from|out of")
    if origin:
        found["origin"] = origin
    destination = _place(text, "to|in|visit|visiting|for|trip to|days in|nights in|week in")
    if destination and destination != origin:
        found["destination"] = destination
    dates = [d for d in (_parse_date(m.group(1), today) for m in _DATE.finditer(text)) if d]
    if dates:
        found["depart"] = dates[0].isoformat()
    if len(dates) > 1 and dates[1] >= dates[0]:
        found["return"] = dates[1].isoformat()
    lowered = text.lower()
    if "return" not in found and dates:
        length = re.search(rf"\b{_COUNT}[ -](day|night|week)s?\b", lowered)
        if length:
            count = _number(length.group(1)) * (7 if length.group(2) == "week" else 1)
            found["return"] = (dates[0] + timedelta(days=count)).isoformat()
    party = re.search(rf"\b{_COUNT} (?:people|persons|travell?ers|adults|of us|guests)\b",
                      lowered) or re.search(rf"\bfor {_COUNT}\b(?! (?:day|night|week))",
                                            lowered)
    if party:
        found["travelers"] = _number(party.group(1))
    elif re.search(r"\b(?:couple|two of us|my (?:wife|husband|partner))\b", lowered):
        found["travelers"] = 2
    budget = re.search(r"(?:budget(?: of| is|:)?|under|max(?:imum)?|up to)\s*(?:usd|\$)?\s*"
                       r"(\d[\d,]*(?:\.\d+)?)\s*(k\b)?", lowered) or re.search(
        r"(?:\$|usd)\s*(\d[\d,]*(?:\.\d+)?)\s*(k\b)?", lowered) or re.search(
        r"(\d[\d,]*(?:\.\d+)?)\s*(k)?\s*(?:usd|dollars|\$)", lowered)
    if budget:
        amount = float(budget.group(1).replace(",", ""))
        found["budget"] = amount * (1000 if budget.group(2) else 1)
    return found
