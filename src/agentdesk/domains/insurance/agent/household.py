"""Other drivers in the household (a spouse, a child), read from their own sentences.

A sentence that names a relative (``my wife Jane, born 05/05/1987, licensed since
2005``) describes that driver, so it is taken out of the text before the named
insured's own fields are read. Once a driver is known, a later sentence about
``her``/``his`` dates fills what is still missing.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from agentdesk.domains.insurance.validation import (
    Invalid,
    add_years,
    check_birth_date,
    check_license_date,
    parse_month,
)

from .dates import MONTH_YEAR, licensed_in
from .marital import DIED

__all__ = ["NOT_ON_THIS_QUOTE", "RELATIONS", "parenthetical_end", "read_household",
           "writer_again"]

RELATIONS = {"wife": "spouse", "husband": "spouse", "spouse": "spouse", "partner": "spouse",
             "son": "child", "daughter": "child"}
_RELATIVE = re.compile(r"\b(?i:my|our)\s+(?i:(wife|husband|spouse|partner|son|daughter))\b"
                       r"(?:,?\s+([A-Z][a-z'-]+)(?:\s+([A-Z][a-zA-Z'-]+))?)?")
_PRONOUN = re.compile(r"\b(?:her|his|him|she|he)\b", re.I)
_PRONOUN_NAMED = re.compile(r"(?:^|\b)(?i:him|her|he|she)\s*[:–-]\s*|\b(?i:his|her)\s+name\s+is\s+")
_NAME = re.compile(r"([A-Z][a-z'-]+)(?:\s+([A-Z][a-zA-Z'-]+))?")
"""The name a sentence about a known driver gives ("Him: Michael Schultz, born ...")."""
NOT_ON_THIS_QUOTE = re.compile(
    r"\b(?:her|his|their)\s+own\s+(?:policy|insurance|coverage)\b|\b(?:only|just)\s+for\s+me\b|"
    r"\b(?:won'?t|will\s+not|doesn'?t|does\s+not|don'?t|do\s+not|never|can'?t|cannot|not)\s+"
    r"drive\b|"
    r"\b(?:is\s+not|isn'?t)\s+(?:a\s+)?driv(?:er|ing)\b|\bnot\s+(?:be\s+)?(?:a\s+)?driver\b|"
    r"\b(?:separated|divorced|split\s+up|broke\s+up)\b|\b(?:he|she)\s+kept\b|"
    r"\blate\s+(?:wife|husband|spouse)\b|\b" + DIED, re.I)
"""A relative said not to drive on this quote ("my wife Sarah has her own policy with you, so
this quote is only for me", "my wife she not drive", "my wife Agnieszka don't drive"), a spouse the writer is parted from ("my husband and I
separated, he kept our old policy") or who died ("my husband Harold passed in 2011"): not
a driver of it, though her dates are hers."""
_WRITER_AGAIN = re.compile(r"\b(?:I|I'm|I've|we|we're)\s|(?<=\s)(?!(?:She|He|Her|His|Him|They|"
                           r"Their|Them|My|Our)\b)[A-Z][a-z]")
"""The writer speaking again after a relative's clause: "I ..." or "we ...", or a sentence
begun without the stop before it ("my husband Harold passed in 2011 God rest him I live
at ...", "my wife Agnieszka don't drive Car is for go to work"); never one about the
relative ("She ...") or another relative ("My daughter ...")."""


def parenthetical_end(sentence: str, start: int) -> int | None:
    """Where the brackets a relative named at ``start`` opens close ("(my husband has his
    own car)"), or None when the relative is not in brackets."""
    if not sentence[:start].rstrip().endswith("("):
        return None
    close = sentence.find(")", start)
    return close + 1 if close >= 0 else None


def writer_again(sentence: str, at: int) -> int | None:
    """Where the writer speaks again in ``sentence`` after a relative's clause that ends at
    ``at``, or None when the rest of the sentence is the relative's."""
    again = _WRITER_AGAIN.search(sentence, at)
    return again.start() if again else None
_WRITER_NAMED = re.compile(r"\bI(?:'m|\s+am)\s+[A-Z][a-z'-]+\s+[A-Z]|\b(?i:my\s+name\s+is)\b")
"""The writer naming themselves ("as her mother, I'm Paula Marchetti, born 06/18/1972"): the
sentence's dates are the writer's, though it speaks of "her"."""
_BIRTH = re.compile(r"(?:born|birth|dob|d\.o\.b)\D{0,20}?", re.I)
_LICENCE = re.compile(r"licen[cs]\w*\D{0,20}?", re.I)


def _dated(sentence: str, words: re.Pattern[str], date_pattern: str) -> str | None:
    if match := re.search(words.pattern + date_pattern, sentence, re.I):
        return match.group(1)
    return None


def read_household(text: str, *, today: date, known: dict[str, Any], parse: Any,
                   date_pattern: str) -> tuple[str, list[dict[str, Any]], dict[str, str]]:
    """(text without the relatives' sentences, the drivers, problems by field).

    ``parse`` turns a matched date text into a date (or :class:`Invalid`);
    ``date_pattern`` is the reader's date regex with one group.
    """
    drivers = [dict(d) for d in known.get("drivers") or []]
    problems: dict[str, str] = {}
    kept: list[str] = []
    year_pattern = r"(\d{4})\b"
    pieces = re.split(r"((?<=[.!?])\s+|\n+)", text)
    # Each sentence with the whitespace after it, so the text left keeps its own layout
    # (a line "Jun. 2008" stays one line).
    items = list(zip(pieces[::2], [*pieces[1::2], ""], strict=True))
    while items:
        sentence, gap = items.pop(0)
        relative = _RELATIVE.search(sentence)
        if relative and (close := parenthetical_end(sentence, relative.start())):
            # A relative in brackets ("married (my husband has his own car), licensed
            # since August 1999"): what follows them is the writer's again.
            items.insert(0, (sentence[close:], gap))
            sentence, gap = sentence[:close], " "
        about_known = (not relative and drivers and _PRONOUN.search(sentence)
                       and re.search(date_pattern, sentence, re.I)
                       and not _WRITER_NAMED.search(sentence))
        if not relative and not about_known:
            kept.append(sentence + gap)
            continue
        if relative and relative.start() > 0:
            # What comes before "my son" is still the writer's ("I'm Angela Russo DOB
            # 09/12/1972 ZIP 45202 my son Luca ..." written without stops).
            kept.append(sentence[:relative.start()] + " ")
            sentence = sentence[relative.start():]
            relative = _RELATIVE.match(sentence)
        if relative and (apart := NOT_ON_THIS_QUOTE.search(sentence)):
            # Nor is the sentence the writer's (its dates are the relative's), up to where
            # the writer speaks again in a run-on sentence ("my husband does not drive I
            # stay in Houston zip code 77036").
            if (again := writer_again(sentence, apart.end())) is not None:
                kept.append(sentence[again:] + gap)
            continue
        if relative:
            relation = RELATIONS[relative.group(1).lower()]
            first = relative.group(2)
            index = next((i for i, d in enumerate(drivers)
                          if d["relationship"] == relation and d.get("first_name") in
                          (first, None)), None)
            if index is None:
                drivers.append({"relationship": relation, "first_name": first,
                                "last_name": relative.group(3) or known.get("last_name")})
                index = len(drivers) - 1
            elif first:
                drivers[index]["first_name"] = first
        else:
            index = next((i for i, d in enumerate(drivers)
                          if not (d.get("birth_date") and d.get("license_date"))), None)
            if index is None:
                kept.append(sentence + gap)
                continue
        driver = drivers[index]
        if not relative and not driver.get("first_name") and (
                named := _PRONOUN_NAMED.search(sentence)) and (
                name := _named_at(sentence, named.end(), one_case=text in (text.lower(),
                                                                          text.upper()))):
            driver["first_name"], driver["last_name"] = name[0], name[1] or driver.get(
                "last_name")
        birth_text = _dated(sentence, _BIRTH, date_pattern)
        if birth_text:
            checked = check_birth_date(_plain(parse(birth_text)), on=today,
                                       field=f"drivers[{index}].birth_date")
            if isinstance(checked, Invalid):
                problems[checked.field] = checked.reason
            else:
                driver["birth_date"] = checked.isoformat()
        licence_text = _dated(sentence, _LICENCE, date_pattern)
        licence: str | date | None = _plain(parse(licence_text)) if licence_text else None
        month = _dated(sentence, _LICENCE, MONTH_YEAR) if licence is None else None
        if month and isinstance(first := parse_month(month), date):
            # "month and year is fine", as the question says: from the 1st of that month.
            born = driver.get("birth_date")
            licence = licensed_in(first, date.fromisoformat(born) if born else None)
        if licence is None and (year := re.search(_LICENCE.pattern + r"(?:since|in)?\s*"
                                                  + year_pattern, sentence, re.I)):
            licence = date(int(year.group(1)), 7, 1)
            born = driver.get("birth_date")
            if born:
                licence = max(licence, add_years(date.fromisoformat(born), 16))
        if licence is not None:
            born = driver.get("birth_date")
            checked_licence = check_license_date(
                licence, birth_date=date.fromisoformat(born) if born else None, on=today,
                field=f"drivers[{index}].license_date")
            if isinstance(checked_licence, Invalid):
                problems[checked_licence.field] = checked_licence.reason
            else:
                driver["license_date"] = checked_licence.isoformat()
    return "".join(kept), drivers, problems


def _named_at(sentence: str, at: int, *, one_case: bool) -> tuple[str, str | None] | None:
    """The name that starts at ``at``: capitalised words, or in an email written in one case
    the words up to a comma (never one whose inner capitals the email cannot show)."""
    if not one_case:
        name = _NAME.match(sentence, at)
        return (name.group(1), name.group(2)) if name else None
    words = re.match(r"([a-z]+)(?:\s+([a-z]+))?(?=\s*[,.;\n]|\s*$)", sentence.lower()[at:])
    if not words or any(w.startswith(("mc", "mac")) for w in words.groups() if w):
        return None
    return words.group(1).capitalize(), (words.group(2) or "").capitalize() or None


def _plain(value: date | Invalid) -> str | date:
    """A parsed date, or the text that did not parse (the check then says why)."""
    return value.value if isinstance(value, Invalid) else value
