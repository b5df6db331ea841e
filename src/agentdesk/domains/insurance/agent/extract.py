"""Code reads the customer's emails: names, ZIP, dates, phone, record, vehicles, coverage.

:func:`read_email` returns what one message says, as an update of ``customer_info``.
Values are checked with :mod:`.validation` as they are read: a valid value is stored
cleaned, an invalid one goes to ``problems`` with the reason the customer is told, so
it is asked again and never sent to the carrier.
"""

from __future__ import annotations

import re
from datetime import date
from itertools import groupby
from typing import Any

from agentdesk.domains.insurance.quote_request import STATE_CODES
from agentdesk.domains.insurance.validation import (
    Invalid,
    Vehicle,
    add_years,
    check_birth_date,
    check_license_date,
    check_phone,
    check_vin,
    check_zip,
    parse_month,
)
from agentdesk.numerals import cardinals

from .answers import read_answers
from .dates import (
    DATE,
    MONTH_YEAR,
    dashed_as_slashed,
    day_first_as_iso,
    dotted_as_iso,
    echoes_as_digits,
    licensed_in,
    read_date,
    year_first_as_iso,
)
from .household import RELATIONS, read_household
from .marital import marital_status
from .terms import read_terms
from .unread import (
    OTHER_LICENCE,
    SIGN_OFF,
    VIN_TOKEN,
    above_signature,
    corrected,
    own_words,
    unread_sentences,
)

__all__ = ["merge", "read_email"]

_BORN = (r"(?:born(?:\s+(?:on|in))?|date\s+of\s+birth|d\.?o\.?b\.?|birth\s*date|"
         r"birth\s*day|b-?day|nac[ií](?:do|da)?\b(?:\s+(?:el|en))?|fecha\s+de\s+nacimiento)"
         r"(?:\s*\([^()\n]{0,20}\))?\s*(?:is|:|-)?\s*")
"""The words before a date of birth: English, a form's label with its format after it
("Date of Birth (MM/DD/YYYY):"), "bday", and Spanish ("nací el", "fecha de nacimiento")."""
_BIRTH = re.compile(_BORN + DATE, re.I)
_BIRTH_MONTH = re.compile(_BORN + MONTH_YEAR, re.I)
_LICENSED = r"(?:licen[cs](?:ed?|ia)\b|\bDL\b|\blic\b)"
"""A licence said in English, in Spanish ("licencia desde 2006"), as "DL" ("TX DL since
1999-05-10") or "lic" ("had my drivers lic since 6/15/1995")."""
_LICENSE_DATE = re.compile(rf"(?:{_LICENSED}[^.\n\d|]{{0,40}}?(?:since|on|in|desde|:)?|"
                           rf"{_LICENSED}[^.\n\d|]{{0,120}}?\b(?:first\s+)?issued\s+(?:on\s+)?|"
                           rf"{_LICENSED}\s+to\s+(?:operate|drive)[^.\n\d|]{{0,100}}?\b(?:since|on)\s+|"
                           rf"driving\s+since)\s*{DATE}", re.I)
_LICENSE_MONTH = re.compile(rf"{_LICENSED}[^.\n\d|]{{0,40}}?(?:since|on|in|desde|:)?\s*"
                            rf"{MONTH_YEAR}", re.I)
_LICENSE_YEAR = re.compile(rf"(?:{_LICENSED}|driving\b)(?:[^.\n\d|]{{0,40}}?(?:since|in|on|desde)\s+|"
                           rf"\s*[:-]?\s*)((?:19|20)\d{{2}})\b(?![/.-]\d)", re.I)
"""A year alone: "licensed since 2006", "licensed in 1989", and right after the word
("licensed 1990, ZIP 45202", "License: 1978"). No licence pattern reaches over a table's
cell border ("First licensed | Garaging ZIP Amelia | 1968-05-30": that is her birth date)."""
_AGES = {"15": 15, "16": 16, "17": 17, "18": 18, "fifteen": 15, "sixteen": 16, "seventeen": 17,
         "eighteen": 18}
_LICENSED_ON_BIRTHDAY = re.compile(
    rf"{_LICENSED}[^.\n\d]{{0,40}}?\bon\s+my\s+(1[5-8]|fifteen|sixteen|seventeen|eighteen)"
    rf"(?:st|nd|rd|th)?\s+birthday|{_LICENSED}[^.\n\d]{{0,40}}?\bthe\s+(?:very\s+)?day\s+I\s+"
    rf"turned\s+(1[5-8]|fifteen|sixteen|seventeen|eighteen)\b", re.I)
"""A licence dated by a birthday ("I got my license on my 16th birthday", "licensed the day I
turned sixteen"): that birthday, once the date of birth is known; "when I turned 16" gives
no day, and is asked."""
_LICENSE_YEARS = re.compile(r"(?:licen[cs]ed|driving)\s+(?:for\s+)?(\d{1,2})\s+years", re.I)
_AGE = re.compile(r"\bI(?:'m| am)\s+(\d{2})\b(?:\s*(?:years?|yo))?", re.I)
_VIN_NEAR = re.compile(r"\bVIN\b\s*(?:number|no\.?|#)?\s*(?:is|:|-)?\s*([A-Z0-9][A-Z0-9 -]{4,24}"
                       r"[A-Z0-9])", re.I)
_ZIP_NEAR = re.compile(r"\b(?:zip|postal)(?:\s*code)?\s*(?:is|:|-)?\s*(\d{3,}(?:-\d{4})?)\b",
                       re.I)
_ZIP_ADDRESS = re.compile(r"\b[A-Z]{2},?\s+(\d{5})(?:-\d{4})?\b")
_ZIP_AFTER_STATE = re.compile(r"\b([a-z]{2}),?\s+(\d{5})(?:-\d{4})?\b", re.I)
"""A state code in any case before five digits ("studio city, ca 91604"): a ZIP when the
ZIP is in that state, so "in 60614" is no Indiana address."""
_CITY_STATE_ZIP = re.compile(r"(?:[A-Za-z],[ \t]*(?P<after_comma>(?i:[a-z]{2}))|"
                             r"[a-z][ \t]+(?P<capitals>[A-Z]{2})),?[ \t]+(?P<zip>\d{5})"
                             r"(?:-\d{4})?\b")
"""A city, its state's code and a ZIP ("Columbus, OH 43215", "Columbus OH 43215"): the
code after a comma in any case, or in capitals after a word in small letters."""
_ZIP_ALONE = re.compile(r"(?<![\w$/.,:-])(\d{5})(?![\w/-]|[.,]\d|\s*(?:miles|mi\b|km|dollars|usd|k\b))",
                        re.I)
"""Five digits standing alone ("We're at 98101", "..., 85004."): a ZIP only when the email
holds exactly one such number and it is a known ZIP code."""
_PHONE = re.compile(r"(?:phone|cell|mobile|tel|call me at|reach me at)[^\d+]{0,15}"
                    r"(\+?[\d(][\d\s().-]{6,}\d)", re.I)
_UP, _LOW = "A-ZÀ-ÖØ-ÞĀ-ž", "a-zß-öø-ÿĀ-ž"
"""Capitals and small letters of names, with the accented ones ("Lucía Fernández",
"Krzysztof Wiśniewski", "Łukasz"): Latin Extended-A mixes its capitals and small letters,
so the whole block stands in both."""
_PARTICLES = frozenset({"van", "von", "der", "den", "de", "del", "della", "la", "le", "di",
                        "da", "du", "dos", "das", "ter", "ten"})
"""Words that begin a family name ("van der Meer", "De la Cruz"): the surname is all of it."""
_PARTICLE_WORD = "|".join(sorted(_PARTICLES, key=len, reverse=True))
_PARTICLE = rf"(?:\s+(?i:{_PARTICLE_WORD}))"
_PERSON = (rf"([{_UP}][{_LOW}'-]+(?:-[{_UP}][{_LOW}]+)?(?:\s+[A-Z]\.?)?{_PARTICLE}{{0,3}}\s+"
           rf"[{_UP}](?=[{_UP}'-]*[{_LOW}])[{_LOW}{_UP}'-]+)")
"""A first and a last name; the last one has a small letter ("McNeil", "O'Brien"): a word
in capitals after a name is an acronym ("Marcus T Whitfield USA DOB ...")."""
_FORM_NAME = re.compile(rf"\b(?i:first\s*name)\s*[:-]?\s*([{_UP}][{_LOW}'-]+"
                        rf"(?:-[{_UP}][{_LOW}]+)?)"
                        rf"(?:[ \t,;|]+|[ \t]*\n[ \t]*)"
                        rf"(?i:last\s*name|surname|family\s*name)[ \t]*[:-]?[ \t]*"
                        rf"((?:(?i:{_PARTICLE_WORD})[ \t]+)"
                        rf"{{0,3}}[{_UP}][{_LOW}{_UP}'-]+)")
"""A form's name fields on one line ("First Name: Priya    Last Name: Raghunathan") or on
two, the last name with its particles ("Last Name: De la Cruz")."""
_FORM_WORDS = frozenset({"name", "first", "last", "full", "middle", "surname", "date", "birth",
                         "applicant", "driver", "status", "marital", "license", "licence"})
"""A form's labels, never a name ("Last Name Raghunathan" is no Mr. Name Raghunathan)."""
_UNTICKED = re.compile(r"(?:\[\s*\]|☐|\(\s*\))\s*[A-Za-z][\w-]*(?:[ \t]+[a-z][\w-]*)?")
"""An option a form leaves unticked ("[ ] Single  [X] Married"): not what the customer is."""
_NAME_SAID = re.compile(r"\b(?i:my name is|name:)\s+" + _PERSON)
_NAMES = [re.compile(r"\b(?i:my name is|name:|name's|I am|I'm|this is|me llamo|"
                     r"mi nombre es)\s+" + _PERSON),
          re.compile(_PERSON + r",?\s+(?i:born|dob|d\.o\.b|date of birth)\b"),
          re.compile(r"\b(?i:quote|quotation|estimate|insurance)(?:\s+(?i:please|pls))?\s+for\s+"
                     + _PERSON
                     + r"\b"),
          re.compile(r"(?:^|[.!?]\s+|\n)" + _PERSON + r"\s+here\b"),
          re.compile(r"(?:^|\n)[ \t]*(?i:(?:full\s+)?name)[ \t]*[:-]?[ \t]*" + _PERSON),
          re.compile(r"(?:^|\s)[-–—]\s*" + _PERSON + r"\s*\Z")]
_ON_BEHALF = re.compile(r"\b(?:writ|ask|email|reach|contact|inquir|enquir)\w*\b[^.\n]{0,20}?\b"
                        r"(?:for|on behalf of)\s+(?:my|our)\s+(wife|husband|spouse|partner|son|"
                        r"daughter)\b", re.I)
"""The writer asks for a relative ("I'm writing for my husband Dan Ruiz"): the quote is his."""
_TITLE = r"(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+)?"
_FOR_ANOTHER = re.compile(r"\bon\s+behalf\s+of\b|\b(?:my|our)\s+clients?\b", re.I)
"""An email written for someone else than its writer (a broker's "on behalf of my client"):
the signature and the sender's name are the writer's, not the person to quote."""
_ANOTHER_NAMED = [
    re.compile(r"\b(?i:on\s+behalf\s+of)\s+(?:(?i:my|our)\s+(?i:client|customer)\s*,?\s+)?"
               + _TITLE + _PERSON),
    re.compile(r"\b(?i:my|our)\s+(?i:client|customer)\s*,?\s+" + _TITLE + _PERSON)]
"""Where the person an email is written for is named ("on behalf of my client, Mr. Hector
Alvarez", "our client Ana Ruiz")."""
_EMAIL = re.compile(r"\b[^@\s<>]+@[^@\s<>]+\.[A-Za-z]{2,}\b")
_STATE_LICENSE = re.compile(r"\b([A-Z]{2})\s+(?:[Dd]river'?s?\s+)?[Ll]icen[cs]e")
_FULL_NAME_LINE = re.compile(rf"([{_UP}][{_LOW}'-]+(?:\s+[{_UP}][{_LOW}{_UP}'-]+)+)[\s.!?]*")
"""A line that is a full name alone (a signature; the variants' "?!" after it is no word)."""
_CLOSED_IN_LINE = re.compile(r"(?:^|[.!?]\s+)(?i:thanks|thank you|many thanks|regards|"
                             r"best regards|kind regards|warm regards|sincerely|cheers|best|"
                             r"with thanks|best wishes|respectfully|yours truly|warmly)"
                             r"[,!]?\s+" + _PERSON + r"[\s.!?]*\Z")
"""A closing and a full name ending an email written on one line ("... With thanks,
Margaret O'Brien")."""
_SIGNED_FIRST = re.compile(r"^[-–—]?\s*([A-Z][a-z'-]+)[.!]?$")
"""A last line that is one first name alone ("-Marcus", after "Thanks," "Dana")."""
_USE = [(re.compile(r"\bbusiness\b|\bfor work\b|\bdeliver|\buber\b|\blyft\b|\bride-?shar\w*|"
                    r"\bdoordash\b|\binstacart\b|\bgrubhub\b|\bjob\s+to\s+job\b|\bjob\s*sites?\b|"
                    r"\b(?:haul|hauls|hauling|carry|carries|carrying)\s+(?:my\s+|the\s+)?"
                    r"(?:tools|equipment|materials|supplies)\b", re.I), "business"),
        (re.compile(r"\bcommut|\bto (?:my )?work\b|\bdriv(?:e|es|ing|en)\b(?:(?!\b(?:son|daughter|kids?|"
                    r"children|wife|husband|mom|dad|mother|father|friends?|family)\b)[^.\n]){0,60}?"
                    r"\bto\s+"
                    r"(?:the\s+|my\s+|our\s+)?(?:office|job|campus|college|university|"
                    r"class(?:es)?|school|internship)\b", re.I), "commute"),
        (re.compile(r"\bpleasure\b|\bweekends?\b|\berrands\b|\bpersonal\s+use\b|\bleisure\b|"
                    r"\bchurch\b|\bgrocer(?:y|ies)\b|\bshopping\b|\baround\s+town\b|"
                    r"\bvisit(?:s|ing)?\s+(?:my\s+|our\s+|the\s+)?(?:family|friends|relatives|"
                    r"grand\w*|kids|children|parents)\b", re.I), "pleasure"),
        (re.compile(r"\bfarm (?:use|work)\b|\bon (?:a|the|my|our) farm\b", re.I), "farm")]
_NOT_THE_CARS_USE = re.compile(
    r"\b(?:take|takes|took|taking|ride|rides|riding|catch|catches)\s+(?:the\s+|a\s+)?"
    r"(?:train|bus|subway|metro|tram|ferry)\s+to\s+(?:my\s+)?work\b|"
    r"\b(?:walk|walks|walking|bike|bikes|biking|cycle|cycles|cycling)\s+to\s+(?:my\s+)?work\b|"
    r"\b(?:mov|relocat|transferr?)\w*\b[^.\n]{0,40}?\bfor\s+(?:work|business)\b", re.I)
"""Work said of something else than the car: the train taken to work, a move for work."""
_NOT_DRIVEN_TO = re.compile(
    r"(?:\b(?:not|never)|n['’]t)\s+(?:drive|take|use)\s+(?:it\s+|her\s+|him\s+|the\s+car\s+)?"
    r"(?:to|for)\s+(?:my\s+|the\s+)?(?:work|office|job|business)\b", re.I)
"""A use the car is said not to have ("it's my weekend car, I don't drive it to work"): no
commute, and when no other use is said, the use is asked (a quote without one assumes
the commute)."""
_PAST_USE = re.compile(r"\b(?:I|we|he|she)\s+used\s+to\b|\bno\s+longer\b|\bany\s*more\b|"
                       r"\bretir\w*|\bformerly\b", re.I)
"""A use the car had once ("I used to drive into Pittsburgh every day for work but I
retired"): its words (work, commute, business) say what it is no more, so the use is asked."""
_USE_SAID = re.compile(
    r"\b(?:use[sd]?|using)\s+(?:it|her|him|the\s+\w+|my\s+\w+|this\s+\w+)\s+(?:for|to|4|as|"
    r"mostly|mainly|primarily|every|daily)\b|\bused\s+(?:for|as)\b|\b(?:primary|main)\s+use\b|"
    r"\bdriv(?:e|es|ing|en)\s+(?:it\s+|her\s+|him\s+)?to\s+(?:the|my|our)\s+\w+",
    re.I)
"""The car's use said in words the reader does not know ("I use it every day to go job to
job", "drive it to the hospital 4 nights a week"): the use is asked, never taken as a
commute."""
_COVERAGE = [(re.compile(r"\bfull\s+coverage\b|\bbest\s+coverage\b|\bfully\s+covered\b", re.I),
              "full"),
             (re.compile(r"\b(?:state\s+)?minimum\b|\bcheapest\b|\bliability\s+only\b|"
                         r"\bbare\s+minimum\b", re.I), "minimum")]
_ASKS_ABOUT = re.compile(r"\b(?:does|do|is|are|what|what's|which|how)\b[^?]*\?\s*$", re.I)
"""A question about what a coverage is ("does your full coverage include roadside
assistance?"): no choice of it, as "can I get full coverage?" is."""
_VIOLATIONS = [
    ("dui", re.compile(r"\b(?:dui|dwi|owi|drunk driving|driving under the influence)\b", re.I)),
    ("speeding_major", re.compile(r"\b(?:major|excessive)\s+speeding\b", re.I)),
    ("speeding", re.compile(r"\bspeeding(?:\s+ticket)?\b", re.I)),
    ("red_light", re.compile(r"\bred[- ]light\b", re.I)),
    ("stop_sign", re.compile(r"\bstop[- ]sign\b", re.I)),
    ("reckless_driving", re.compile(r"\breckless\b", re.I)),
    ("distracted_driving", re.compile(r"\b(?:distracted driving|texting while)\b", re.I)),
]
_OTHER_PARTY = re.compile(
    r"\b(?:the\s+other\s+(?:guy|driver|car|person|party|vehicle|motorist|man|woman|lady)|"
    r"someone|somebody|another\s+(?:driver|car|vehicle|motorist)|"
    r"(?:a|an|the)\s+(?:driver|guy|car|truck|motorist|van|suv)\s+(?:who|that))"
    r"(?:\W+\w+){0,3}\W+$", re.I)
"""The other party of an accident, just before the violation it did ("the other guy ran a
red light", "hit by a driver who ran a stop sign"): not the customer's record."""
_CLEAN = re.compile(r"\b(?:clean (?:driving )?record|no (?:tickets|violations|accidents|claims)|"
                    r"never had (?:a |any )?(?:ticket|accident)|no points)\b", re.I)
_ACCIDENT = re.compile(r"\b(?:accident|crash|collision|fender[- ]bender)s?\b", re.I)
_NOT_AT_FAULT = re.compile(r"\bnot\s+(?:my|at)\s+fault\b|\bwasn'?t\s+my\s+fault\b|"
                           r"\bother driver'?s? fault\b|\brear-?ended\b", re.I)
_YEAR = re.compile(r"\b(19[5-9]\d|20[0-4]\d)\b")
_BODIES = [(re.compile(r"\bsedan\b", re.I), "sedan"), (re.compile(r"\bcoupe\b", re.I), "coupe"),
           (re.compile(r"\bhatchback\b", re.I), "hatchback"),
           (re.compile(r"\b(?:station )?wagon\b", re.I), "wagon"),
           (re.compile(r"\bconvertible\b", re.I), "convertible"),
           (re.compile(r"\b(?:suv|crossover)\b", re.I), "suv"),
           (re.compile(r"\bminivan\b", re.I), "minivan"),
           (re.compile(r"\b(?:pickup|pick-up|truck)\b", re.I), "pickup"),
           (re.compile(r"\bvan\b(?![ \t]+(?:der|den|de)\b)", re.I), "van")]
"""Body styles; "van" before "der" is a family name's ("Pieter van der Meer")."""
_SR22 = re.compile(r"\bsr[- ]?22\b", re.I)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


def _vins(text: str) -> list[str]:
    """The VINs of ``text``, cleaned, each once, in the order the email gives them."""
    found: list[tuple[int, str]] = []
    tokens = list(VIN_TOKEN.finditer(text))
    for match in _VIN_NEAR.finditer(text):
        if any(match.start(1) <= t.start() < match.end(1) for t in tokens):
            # A whole VIN stands in what follows "VIN" ("VIN on the card is 4T1B...",
            # "el VIN es 5npd..."): it is read as it stands, without the words before it.
            continue
        token = match.group(1).strip()
        # A VIN written with spaces or dashes is one token; words after it are not.
        parts = re.split(r"\s+", token)
        candidate = parts[0]
        if len(candidate) < 17 and len(parts) > 1 and all(re.fullmatch(r"[A-Z0-9-]+", p, re.I)
                                                           for p in parts):
            candidate = "".join(parts)
        if re.search(r"\d", candidate):  # words after "VIN" ("printed on my card") are none
            found.append((match.start(1), candidate))
    found.extend((match.start(), match.group(0)) for match in tokens)
    seen: list[str] = []
    for _, vin in sorted(found, key=lambda f: f[0]):
        clean = re.sub(r"[\s-]", "", vin).upper()
        if clean not in seen:
            seen.append(clean)
    return seen


_LOWER_NAME = re.compile(r"\bmy name is\s+([a-z][a-z'-]+)\s+([a-z][a-z'-]+)\b")
"""A name written in lower case after "my name is" ("hi my name is jake turner i was ...")."""
_NOT_NAMES = frozenset({
    "a", "an", "and", "the", "is", "on", "in", "of", "at", "to", "for", "not", "my", "our",
    "your", "his", "her", "their", "this", "that", "it", "i", "im", "i'm", "was", "am", "are",
    "be", "been", "with", "from", "by", "as", "or", "but", "so", "also", "still", "just",
    "here", "there", "what", "who", "written", "listed", "given", "shown", "above", "below",
    "same", "different"})
"""Words that end the phrase after "my name is" without being a name."""
_TWO_WORDS = r"([a-zß-öø-ÿ]+)\s+([a-zß-öø-ÿ]+)"
_UNCASED_NAMES = [
    re.compile(r"\bfirst\s*name\s*[:-]?\s*([a-z]+)[ \t,;|]+(?:last\s*name|surname|family\s*name)"
               r"\s*[:-]?\s*([a-z]+)\b"),
    re.compile(r"\b(?:my name is|name\s*[:-]|name's|name is|policy ?holder:|me llamo|"
               r"mi nombre es)\s*" + _TWO_WORDS
               + r"\b"),
    re.compile(r"\b(?:quote|quotation|estimate|insurance)(?:\s+(?:please|pls))?\s+for\s+"
               + _TWO_WORDS
               + r"(?=\s*[.,;!\n])"),
    re.compile(r"(?:^|[.,:;!?]\s*|\n|\b(?:i'm|im|i am|for|is|please|pls|plz|hi|hello|hey)\s+)"
               + _TWO_WORDS
               + r",?\s+(?:born|dob|d\.o\.b|date of birth|birth\s*date)\b"),
    re.compile(r"(?:^|[.!?]\s+|\n)" + _TWO_WORDS + r"\s+here\b"),
    re.compile(r"(?:^|\s)[-–—]\s*" + _TWO_WORDS + r"\s*\Z"),
    re.compile(r"(?:^|[.!?]\s+)(?:thanks|thank you|many thanks|regards|best regards|"
               r"kind regards|warm regards|sincerely|yours faithfully|yours truly|cheers|best|"
               r"--)[,!]?\s+" + _TWO_WORDS + r"[ \t]*$", re.M)]
"""Where a name stands in an email written all in one case ("dan wu, born ...", "regards,
maria gomez"): the places a capitalised name is read, without the capitals."""
_UNCASED_ANOTHER = [
    re.compile(r"\bon\s+behalf\s+of\s+(?:(?:my|our)\s+(?:client|customer)\s*,?\s+)?"
               r"(?:(?:mr|mrs|ms|miss|mx|dr)\.?\s+)?" + _TWO_WORDS + r"\b"),
    re.compile(r"\b(?:my|our)\s+(?:client|customer)\s*,?\s+(?:(?:mr|mrs|ms|miss|mx|dr)\.?\s+)?"
               + _TWO_WORDS + r"\b")]
"""Where the person an email in one case is written for is named ("on behalf of my client,
mr. hector alvarez")."""
_NOT_UNCASED_NAMES = _NOT_NAMES | frozenset({
    "single", "married", "divorced", "widowed", "widow", "widower", "separated", "male",
    "female", "wife", "husband", "spouse", "partner", "son", "daughter", "mother", "father",
    "mom", "dad", "child", "kid", "teen", "driver", "new", "car", "vehicle", "truck", "quote",
    "insurance", "auto", "please", "pls", "thanks", "thank", "you", "hi", "hello", "hey",
    "dear", "sir", "madam", "we", "were", "have", "has", "had", "he", "she", "they", "me",
    "date", "birth", "born", "sent", "iphone", "looking", "need", "needs", "details",
    "regards", "best", "kind", "years", "old", "age", "aged", "sincerely", "cheers", "yours",
    "faithfully", "truly", "both", "cars", "vehicles", "trucks", "us", "them", "him", "all",
    "two", "three", "family", "household", "used", "next", "year", "month", "week",
    "renewal", "policy"}) | _FORM_WORDS | _PARTICLES
"""Words that are not a name where an uncased email's name would stand."""


_THIRD_WORD = re.compile(r"[ \t]+([a-zß-öø-ÿ]{2,})\b(?!['-])([ \t]*(?:[,;.!?\n]|\Z))?")
"""A third word after a name read in one case: its last name when the phrase ends there
("my name is brittany sue calloway, ..."), else a name whose end the email does not show."""


def _uncased_name(text: str, places: list[re.Pattern[str]] | None = None,
                  ) -> tuple[str, str] | None:
    """The name of an email written all in lower (or all in upper) case, where ``places``
    (by default, where an email's writer gives their name) put it.

    A word with an apostrophe or a hyphen, or a Mc-/Mac- name, keeps capitals inside it
    ("O'Brien", "McNeil") that the email does not show, so such a name is asked, not guessed;
    a letter alone is an initial ("harold w. pennington"), never a last name.
    """
    if text != text.lower() and text != text.upper():
        return None
    low = text.lower()
    if places is None:
        signed = _signed_again(low)
        places = [*_UNCASED_NAMES, *([signed] if signed else [])]
    for pattern in places:
        start = 0
        while match := pattern.search(low, start):
            words = match.groups()
            third = _THIRD_WORD.match(low, match.end(2))
            if third and third.group(1) not in _NOT_UNCASED_NAMES and \
                    words[1] not in _PARTICLES and match.end() == match.end(2):
                if not third.group(2):
                    start = match.start() + 1
                    continue  # "brittany sue calloway birthday ...": where the name ends is asked
                words = (words[0], third.group(1))
            if not _NOT_UNCASED_NAMES.intersection(words) and \
                    not any(w.startswith(("mc", "mac")) or len(w) < 2 for w in words) and \
                    not re.match(r"['-]", low[match.end(2):match.end(2) + 1]):
                return words[0].capitalize(), words[1].capitalize()
            start = match.start() + 1
    return None


def _signed_again(low: str) -> re.Pattern[str] | None:
    """The signed first name of a lower-cased email followed by a word, where it stands in
    full earlier ("marcus bell. ... -marcus"); None for an email not signed so."""
    lines = [line.strip() for line in low.strip().splitlines() if line.strip()]
    signed = re.fullmatch(r"[-–—]?\s*([a-z]+)[.!]?", lines[-1]) if len(lines) > 1 else None
    if signed and (lines[-1].startswith(("-", "–", "—")) or SIGN_OFF.match(lines[-2])):
        return re.compile(rf"\b({signed.group(1)})\s+([a-z]+)\b")
    return None


def _split(name: str) -> tuple[str, str]:
    """First and last name of a written name: the last word, or every word from a particle
    on ("Pieter van der Meer" is Pieter, van der Meer; "Ana De la Cruz" is Ana, De la Cruz)."""
    parts = name.split()
    for i in range(1, len(parts) - 1):
        if parts[i].lower() in _PARTICLES:
            return parts[0], " ".join(parts[i:])
    return parts[0], parts[-1]


_NAME_BEFORE = re.compile(rf"\b(?i:name|name\s+is|I'm|I\s+am)[ \t]*[:-]?[ \t]*"
                          rf"([{_UP}][{_LOW}-]+)[ \t]+\Z")
_NAME_AFTER = re.compile(rf"[ \t]+([{_UP}][{_LOW}-]+)\b(?!['’-])"
                         rf"(?=[ \t]*(?:[,;.!?\n]|\Z)|[ \t]+[{_LOW}]|"
                         rf"[ \t]+(?i:date\s+of\s+birth|dob|born|birthday)\b)")
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "rev"})
_NUMBER_WORDS = cardinals(20)
"""Numbers in words, never a name ("Quote please for Victor Reyes One accident ...")."""


def _whole(text: str, match: re.Match[str]) -> str:
    """The name ``match`` read, with a capitalised word written right beside it on its line
    (right after "name" or "I'm", or before a stop, a word in small letters or the birth
    date's label): a middle name read as the first or last name otherwise ("Full name
    Christine Marie Albrecht", whose "Marie Albrecht" stands before "Date of birth"; "My
    name is Brittany Sue Calloway birthday ..."). A title, a number or a word of the email's
    own is not a name."""
    name = match.group(1)
    line = text.rfind("\n", 0, match.start(1)) + 1
    if (before := _NAME_BEFORE.search(text, line, match.start(1))) and \
            before.group(1).lower() not in _NOT_UNCASED_NAMES | _TITLES:
        name = f"{before.group(1)} {name}"
    if (after := _NAME_AFTER.match(text, match.end(1))) and \
            after.group(1).lower() not in _NOT_UNCASED_NAMES | _TITLES | _NUMBER_WORDS.keys():
        name = f"{name} {after.group(1)}"
    return name


def _name(text: str, given: str | None) -> tuple[str, str] | None:
    if form := _FORM_NAME.search(text):
        return form.group(1), form.group(2)
    for pattern in _NAMES:
        for match in pattern.finditer(text):
            parts = match.group(1).split()
            if re.search(r"(?i:last|first|middle|family|maiden)\s*(?i:name)\s*[:-]?\s*\Z",
                         text[:match.start(1)]):
                continue  # one field of a form's name ("Last Name: De la Cruz") is no name
            if not _FORM_WORDS.intersection(p.lower() for p in parts):
                return _split(_whole(text, match))
    if (lower := _LOWER_NAME.search(text)) and not (_NOT_NAMES | _PARTICLES).intersection(
            lower.groups()):
        first, last = lower.groups()
        third = _THIRD_WORD.match(text, lower.end(2))
        if not third or third.group(1) in _NOT_UNCASED_NAMES:
            return first.capitalize(), last.capitalize()
        if third.group(2):
            return first.capitalize(), third.group(1).capitalize()
    if uncased := _uncased_name(text):
        return uncased
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    for i, line in enumerate(lines[:-1]):
        # A closing: a sign-off, or the short line ending in a comma above the last line.
        closing = SIGN_OFF.match(line) or (i == len(lines) - 2 and len(line.split()) <= 4
                                            and line.endswith(","))
        if closing and (full := _FULL_NAME_LINE.fullmatch(lines[i + 1])):
            parts = full.group(1).split()
            return parts[0], parts[-1]
    if closed := _CLOSED_IN_LINE.search(text):
        return _split(closed.group(1))
    if signed := _signed_in_full(lines):
        return signed
    if given:
        plain = re.sub(r"[<\"].*$", "", given).replace(",", " ")
        if len(plain.split()) >= 2:
            return _split(plain)
    return None


def _dated_name(text: str, found: dict[str, Any]) -> re.Match[str] | None:
    """A whole date right after the applicant's full name ("tyler boone 4/2/1998 single"):
    the date a terse email puts beside a name is that person's birth date."""
    if not (found.get("first_name") and found.get("last_name")):
        return None
    return re.search(rf"\b{re.escape(found['first_name'])}\s+{re.escape(found['last_name'])}"
                     rf"\s*[,:(-]?\s*{DATE}", text, re.I)


def _zip_in(text: str) -> str | None:
    """The ZIP ``text`` gives: after "ZIP", in an address, after its state's code, or the
    one known ZIP code standing alone."""
    if zip_match := _ZIP_NEAR.search(text) or _ZIP_ADDRESS.search(text):
        return zip_match.group(1)
    if after_state := _zip_after_state(text):
        return after_state
    alone = {m.group(1) for m in _ZIP_ALONE.finditer(text)}
    if len(alone) == 1 and not isinstance(check_zip(next(iter(alone))), Invalid):
        return next(iter(alone))
    return None


_WORKPLACE_ZIP = re.compile(r"\bI\s+work\s+(?:at|in|on|out\s+of)\b|\b(?:my|our)\s+(?:office|"
                           r"job|work(?:place)?|employer|company)\s+is\s+(?:at|in|on)\b|"
                           r"\bwork\s+address\b", re.I)
"""A place of work said before the ZIP in its sentence ("I work at 233 S Wacker Dr, Chicago IL
60606 but the car is parked at my place"): not where the car is kept, so asked."""


def _sentence_of(text: str, token: str) -> str:
    """The sentence (or line) of ``text`` that holds ``token`` first, else ``""``."""
    return next((s for s in _sentences(text) if token in s), "")


def _at_workplace(text: str, zip_text: str) -> bool:
    """Whether the sentence of ``zip_text`` says a place of work before it."""
    sentence = _sentence_of(text, zip_text)
    return bool(_WORKPLACE_ZIP.search(sentence[:sentence.find(zip_text)]))


def _zip_after_state(text: str) -> str | None:
    """The first ZIP written after the code of its own state, in any case."""
    for match in _ZIP_AFTER_STATE.finditer(text):
        place = check_zip(match.group(2))
        if not isinstance(place, Invalid) and place.state == match.group(1).upper():
            return match.group(2)
    return None


def _state_against(text: str, zip_text: str) -> str | None:
    """The state code of a city written right before ``zip_text``, when the ZIP is in
    another state ("Columbus, OH 34215": 34215 is in Florida), so the ZIP is asked, not
    taken; else None. Only after a city's comma is a code one ("I LIVE IN 90034" is not
    Indiana)."""
    place = check_zip(zip_text)
    if isinstance(place, Invalid):
        return None
    for match in _CITY_STATE_ZIP.finditer(text):
        code = (match.group("after_comma") or match.group("capitals")).upper()
        if match.group("zip") == zip_text and code in STATE_CODES and code != place.state:
            return code
    return None


def _another_named(text: str) -> tuple[str, str] | None:
    """The name of the person an email written for someone else is written for, or None."""
    for pattern in _ANOTHER_NAMED:
        if match := pattern.search(text):
            return _split(match.group(1))
    return _uncased_name(text, _UNCASED_ANOTHER)


def _signed_in_full(lines: list[str]) -> tuple[str, str] | None:
    """The name of an email signed with a first name alone ("-Marcus"), written in full
    earlier ("Marcus Bell. DOB ..."): the signature says which two words are the name."""
    if len(lines) < 2 or not (signed := _SIGNED_FIRST.match(lines[-1])) or not (
            lines[-1].startswith(("-", "–", "—")) or SIGN_OFF.match(lines[-2])):
        return None
    first = signed.group(1)
    if full := re.search(rf"\b{first}\s+([A-Z][a-zA-Z'-]+)\b", "\n".join(lines[:-1])):
        return first, full.group(1)
    return None


def _table_as_lines(text: str) -> str:
    """``text`` with each table of a heading row and one row under it ("Driver | Date of
    birth | ...", cells split by ``|``; a Markdown rule row under the headings left out)
    written as ``heading: cell`` lines, as a form gives them, so each cell is read beside
    its heading. A table of several rows (two drivers, two cars) is left as it is: which
    row is whose is not guessed."""
    out: list[str] = []
    for is_table, group in groupby(text.split("\n"), key=lambda line: "|" in line):
        lines = [line for line in group if not (is_table and re.fullmatch(r"[\s|:-]+", line))]
        cells = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines]
        if is_table and len(lines) == 2 and len(cells[0]) == len(cells[1]) > 1:
            out.extend(f"{head}: {cell}" for head, cell in zip(*cells, strict=True))
        else:
            out.extend(lines)
    return "\n".join(out)


def read_email(text: str, *, today: date, customer_name: str | None = None,
               customer_email: str | None = None,
               known: dict[str, Any] | None = None) -> dict[str, Any]:
    """What ``text`` says, as a partial ``customer_info`` (``problems`` for invalid values).

    ``known`` is what earlier emails said: a date of birth there checks a licence date
    here, and VINs found here replace VINs refused there before they are added.
    """
    known = known or {}
    found: dict[str, Any] = {}
    problems: dict[str, str] = {}
    solved: list[str] = []
    # Words spaced by runs of blanks ("red  light", "to  work") read as singly spaced.
    text = dotted_as_iso(day_first_as_iso(dashed_as_slashed(year_first_as_iso(
        re.sub(r"[ \t]+", " ", echoes_as_digits(_table_as_lines(own_words(text))))))))
    text = _UNTICKED.sub(" ", text)
    whole = text
    text, drivers, problems = read_household(text, today=today, known=known, parse=read_date,
                                             date_pattern=DATE)
    applicant = _written_for(whole, drivers, known)
    if applicant:
        drivers = []
        problems = {k.split(".", 1)[1]: v for k, v in problems.items()}
        found["first_name"], found["last_name"] = applicant["first_name"], applicant["last_name"]
        for field in ("birth_date", "license_date"):
            if applicant.get(field):
                found[field] = applicant[field]
                solved.append(field)
    if drivers:
        found["drivers"] = drivers
        earlier = known.get("drivers") or []
        for i, driver in enumerate(drivers):
            before = earlier[i] if i < len(earlier) else {}
            solved.extend(f"drivers[{i}].{k}" for k in ("birth_date", "license_date",
                                                        "first_name")
                          if driver.get(k) and not before.get(k))

    def keep(field: str, value: Any) -> None:
        if isinstance(value, Invalid):
            problems[field] = value.reason
        else:
            found[field] = value
            solved.append(field)

    if not applicant and _FOR_ANOTHER.search(whole):
        # Written for a client: only the client's name named as such is theirs.
        if client := _another_named(whole):
            found["first_name"], found["last_name"] = client
    elif not applicant and known.get("first_name") and known.get("last_name"):
        # A reply keeps the name known unless it says another ("my name is ..."): its
        # signature may be someone else's (a broker's, a spouse's).
        if said := _NAME_SAID.search(text):
            found["first_name"], found["last_name"] = _split(said.group(1))
    elif not applicant and (name := _name(text, customer_name)):
        found["first_name"], found["last_name"] = name
    if customer_email and not known.get("email"):
        found["email"] = customer_email
    elif not known.get("email") and (mail := _EMAIL.search(text)):
        found["email"] = mail.group(0)

    zip_text = _zip_in(above_signature(text)) or _zip_in(text)
    if zip_text and _at_workplace(text, zip_text):
        problems["zip_code"] = (f"ZIP {zip_text} is written as your workplace's; the quote "
                                "needs the ZIP where you live and keep the car. What is it?")
        zip_text = None
    if zip_text and (stated := _state_against(text, zip_text)):
        problems["zip_code"] = (f"ZIP {zip_text} is not in {stated}, the state of your "
                                f"address; please confirm your ZIP code.")
        zip_text = None
    if zip_text:
        checked = check_zip(zip_text)
        keep("zip_code", checked if isinstance(checked, Invalid) else checked.zip_code)
        if not isinstance(checked, Invalid):
            found["city"], found["state"] = checked.city, checked.state
    if phone := _PHONE.search(text):
        checked_phone = check_phone(phone.group(1))
        keep("phone", checked_phone if isinstance(checked_phone, Invalid)
             else checked_phone.national)

    birth: date | None = None
    if "birth_date" in found:
        birth = date.fromisoformat(found["birth_date"])  # the person written for's
    elif match := _BIRTH.search(text) or _dated_name(text, found):
        checked_birth = check_birth_date(_date_text(match.group(1)), on=today)
        keep("birth_date", checked_birth if isinstance(checked_birth, Invalid)
             else checked_birth.isoformat())
        birth = None if isinstance(checked_birth, Invalid) else checked_birth
    elif (month := _BIRTH_MONTH.search(text)) and not known.get("birth_date"):
        problems["birth_date"] = (f"{month.group(1)} gives the month and year only; the "
                                  f"carrier needs the whole date of birth, with the day "
                                  f"(MM/DD/YYYY).")
    elif (age := _AGE.search(text)) and "birth_date" not in known:
        problems["birth_date"] = (f"You mentioned being {age.group(1)}; the carrier needs the "
                                  f"exact date of birth (MM/DD/YYYY).")
    if birth is None and known.get("birth_date"):
        birth = date.fromisoformat(known["birth_date"])
    if "license_date" not in found:
        _licence(text, today, birth, keep, found)
    read_answers(text, asking=known.get("asking") or [], found=found, problems=problems,
                 birth=birth, today=today, keep=keep)
    state = _STATE_LICENSE.search(text)
    if state and state.group(1) in STATE_CODES:
        found["license_state"] = state.group(1)

    if status := marital_status(whole):
        found["marital_status"] = status
    car_use = _NOT_THE_CARS_USE.sub(" ", _NOT_DRIVEN_TO.sub(" ", text))
    if any(_PAST_USE.search(s) and (_USE[0][0].search(s) or _USE[1][0].search(s))
           for s in _sentences(car_use)):
        problems["use"] = ("Your email says the car's use has changed (it once went to work): "
                           "what is it used for now: commuting, pleasure, business or farm use?")
        car_use = ""
    for pattern, use in _USE:
        if pattern.search(car_use):
            found["use"] = use
            solved.append("use")
            break
    else:
        if _USE_SAID.search(car_use) or _NOT_DRIVEN_TO.search(text):
            problems["use"] = ("Your email says what the car is used for, but not in words we "
                               "could be sure of: is it commuting, pleasure, business or farm "
                               "use?")
    chosen = " ".join(s for s in _sentences(text) if not _ASKS_ABOUT.search(s))
    for pattern, choice in _COVERAGE:
        if pattern.search(chosen):
            found["coverage_choice"] = choice
            break
    terms, term_problems = read_terms(whole, today=today, parse=read_date, date_pattern=DATE)
    found.update(terms)
    problems.update(term_problems)
    solved.extend(k for k in terms if k == "effective_date")
    for pattern, body in _BODIES:
        if pattern.search(text):
            found["body"] = body
            break
    if _SR22.search(text):
        found["sr22_required"] = not re.search(r"\bno\s+sr[- ]?22", text, re.I)
    _record(text, today, found, problems)

    vins = corrected(text, _vins(text))
    if vins:
        vehicles = _vehicles(vins, known, problems, today)
        found["vehicles"] = vehicles
    if known:
        solved.append("unread")  # a reply answers what the last question quoted
    if missed := unread_sentences(whole, {**known, **found},
                                  {**known.get("problems", {}), **problems}):
        problems["unread"] = ("We could not tell what this part of your email means for the "
                              "quote: " + " / ".join(f'"{s}"' for s in missed)
                              + " Please tell us in a few words (who it is about, what the "
                              "date or number is).")
    found["problems"] = problems
    found["solved"] = solved
    return found


def _written_for(text: str, drivers: list[dict[str, Any]],
                 known: dict[str, Any]) -> dict[str, Any] | None:
    """The one relative a first email is written for, named in full: the person to quote.

    The writer of "I'm writing for my husband Dan Ruiz, ..." asks for his quote, so his
    name and dates are the applicant's, not a second driver's beside the writer.
    """
    if known or len(drivers) != 1 or not (behalf := _ON_BEHALF.search(text)):
        return None
    driver = drivers[0]
    if driver["relationship"] != RELATIONS[behalf.group(1).lower()] or not (
            driver.get("first_name") and driver.get("last_name")):
        return None
    return driver


def _date_text(raw: str) -> str | date:
    parsed = read_date(raw)
    return raw if isinstance(parsed, Invalid) else parsed


_RENEWED = re.compile(r"\b(?:renewed|re-?issued|replaced|duplicate|expires|expiring|expired|"
                      r"expiration)\b[^.!?\n]*?\b(?:licen[cs]e|card)\b|"
                      r"\b(?:licen[cs]e|card)\b[^.!?\n]*?\b(?:renewed|re-?issued|replaced|"
                      r"duplicate|expires|expiring|expired|expiration)\b", re.I)
"""A licence card renewed, replaced or with its expiry ("my license was just renewed, the
card says issued 03/09/2024"): a date beside it is the card's, not the first licence's,
unless the sentence says first ("first issued"). A policy's renewal is not this."""
_FIRST = re.compile(r"\b(?:first|original\w*|initial\w*)\b", re.I)


def _licence(text: str, today: date, birth: date | None, keep: Any,
             found: dict[str, Any]) -> None:
    value: str | date | None = None
    assumed = None
    home = OTHER_LICENCE.sub(" ", text)
    if re.search(_LICENSED, home, re.I):
        text = home  # a US licence is said too: the foreign one's date is not read
    if match := _LICENSE_DATE.search(text):
        value = _date_text(match.group(1))
    elif (birthday := _LICENSED_ON_BIRTHDAY.search(text)) and birth is not None:
        value = add_years(birth, _AGES[(birthday.group(1) or birthday.group(2)).lower()])
    elif (month := _LICENSE_MONTH.search(text)) and isinstance(
            first := parse_month(month.group(1)), date):
        # The question allows the month and year: the day is the 1st (or the 16th birthday).
        value = licensed_in(first, birth)
    elif year := _LICENSE_YEAR.search(text):
        value = date(int(year.group(1)), 7, 1)
        assumed = f"first licensed mid-{year.group(1)} (only the year was given)"
    elif years := _LICENSE_YEARS.search(text):
        value = add_years(today, -int(years.group(1)))
        assumed = f"first licensed {years.group(1)} years ago (no date was given)"
    if value is None:
        return
    if match and _RENEWED.search(_sentence_of(text, match.group(1))) and \
            not _FIRST.search(_sentence_of(text, match.group(1))):
        keep("license_date", Invalid("license_date", match.group(1),
                                     f"{match.group(1)} reads as the date your licence was "
                                     "renewed or its card issued; the quote needs the date you "
                                     "were first licensed. When was that (MM/DD/YYYY)?"))
        return
    if isinstance(value, date) and birth is not None and assumed:
        value = max(value, add_years(birth, 16))
    checked = check_license_date(value, birth_date=birth, on=today)
    keep("license_date", checked if isinstance(checked, Invalid) else checked.isoformat())
    if assumed and not isinstance(checked, Invalid):
        found.setdefault("assumed", []).append(assumed)


def _record(text: str, today: date, found: dict[str, Any], problems: dict[str, str]) -> None:
    """Violations and accidents, each dated by the date or year after it in its clause,
    else the clause's first (an email without stops is one clause, whose first date is
    the birth date)."""
    violations: list[dict[str, Any]] = []
    accidents: list[dict[str, Any]] = []
    clauses = [c for s in _sentences(text) for c in re.split(r";|\band\b|\bbut\b", s, flags=re.I)]
    for sentence in clauses:
        whole = _when(sentence, today)
        for kind, pattern in _VIOLATIONS:
            if (said := pattern.search(sentence)) and not re.search(
                    r"\bno\s+" + pattern.pattern[2:], sentence, re.I) and \
                    not _OTHER_PARTY.search(sentence[:said.start()]):
                when = _when(sentence[said.end():], today) or whole
                if when is None:
                    problems[f"violations.{kind}"] = (
                        f"You mentioned a {kind.replace('_', ' ')} violation; please send its "
                        f"date (MM/DD/YYYY, or the month and year).")
                else:
                    violations.append({"kind": kind, "date": when.isoformat()})
                break
        if (crash := _ACCIDENT.search(sentence)) and not _CLEAN.search(sentence) and \
                not re.search(r"\bno\s+accidents?\b", sentence, re.I):
            when = _when(sentence[crash.end():], today) or whole
            # An accident counts as at fault unless the customer says otherwise.
            at_fault = not _NOT_AT_FAULT.search(sentence)
            if when is None:
                problems["accidents"] = ("You mentioned an accident; please send its date "
                                         "and whether you were at fault.")
            else:
                accidents.append({"date": when.isoformat(), "at_fault": at_fault})
    if violations:
        found["violations"] = violations
    if accidents:
        found["accidents"] = accidents
    if _CLEAN.search(text) and not violations and not accidents:
        found["violations"], found["accidents"] = [], []
        found["record_stated"] = True


def _when(sentence: str, today: date) -> date | None:
    if match := re.search(DATE, sentence, re.I):
        parsed = read_date(match.group(1))
        if isinstance(parsed, date):
            return parsed
    if re.search(r"\blast year\b", sentence, re.I):
        return date(today.year - 1, 7, 1)
    if match := re.search(MONTH_YEAR, sentence, re.I):
        month = parse_month(match.group(1))
        if isinstance(month, date):
            return month if month <= today else None
    if match := _YEAR.search(sentence):
        year = int(match.group(1))
        return min(date(year, 7, 1), today) if year <= today.year else None
    return None


def _vehicles(vins: list[str], known: dict[str, Any], problems: dict[str, str],
              today: date) -> list[dict[str, Any]]:
    """Known vehicles with these VINs added: a new VIN replaces a refused one first.

    A VIN sent after one was refused is the customer's retyped VIN, valid or not: it
    takes the refused one's place (each refused VIN once) rather than adding a vehicle.
    """
    vehicles = [dict(v) for v in known.get("vehicles", [])]
    refused = [i for i, v in enumerate(vehicles) if v.get("problem")]
    for vin in vins:
        if any(v["vin"] == vin for v in vehicles):
            continue
        checked = check_vin(vin, today=today)
        entry: dict[str, Any] = {"vin": vin}
        if isinstance(checked, Invalid):
            entry["problem"] = checked.reason
        else:
            entry.update(_decoded(checked))
        if refused:
            index = refused.pop(0)
            vehicles[index] = {**{k: v for k, v in vehicles[index].items() if k in ("use",)},
                               **entry}
        else:
            vehicles.append(entry)
    for i, vehicle in enumerate(vehicles):
        if vehicle.get("problem"):
            problems[f"vehicles[{i}].vin"] = vehicle["problem"]
    return vehicles


def _decoded(vehicle: Vehicle) -> dict[str, Any]:
    out: dict[str, Any] = {"vin": vehicle.vin, "year": vehicle.year, "make": vehicle.make,
                           "model": vehicle.model, "decoded": vehicle.decoded}
    return {k: v for k, v in out.items() if v is not None}


def merge(info: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """``info`` with ``update`` read in: new values win, solved problems are dropped."""
    merged = {**info}
    problems = dict(info.get("problems", {}))
    for field in update.get("solved", []):
        problems.pop(field, None)
    if "vehicles" in update:
        problems = {k: v for k, v in problems.items() if not k.startswith("vehicles[")}
    for key, value in update.items():
        if key in ("problems", "solved"):
            continue
        if key == "assumed":
            merged["assumed"] = list(dict.fromkeys([*info.get("assumed", []), *value]))
            continue
        merged[key] = value
    problems.update(update.get("problems", {}))
    for field in list(problems):
        if field.startswith("violations.") and "violations" in update:
            problems.pop(field)
    if "accidents" in update and "accidents" in problems and update.get("accidents"):
        problems.pop("accidents")
    merged["problems"] = problems
    return merged
