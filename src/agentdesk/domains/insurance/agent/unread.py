"""What the reader left unread: every sentence of an email that carries quote meaning is
accounted for.

The field readers take each value from wherever they find it and pass over the rest, so
an email whose meaning they missed (a second driver, another person's date, a VIN they
did not take) would be quoted as if it said nothing more. Emails are long and chatty, so
they are accounted for sentence by sentence (a line, or a sentence of a line), and only
for the tokens a quote is made of:

* a date (a whole day, a month and year, or digits in a date's shape the reader cannot
  place, like ``07.04.1985``);
* a VIN-like token (17 letters and digits), read or not when its sentence says a vehicle
  leaves the quote (sold, traded in, a lease turned in, "don't include it");
* a five-digit number that is a known ZIP code;
* a relative beside a driving word ("my son will be driving it too"; within a hundred
  characters, as an email without stops is one long sentence);
* a negation a few words before a word of a field that was read ("the car is not
  delivered yet", "I don't drive it to work");
* a marital status (:mod:`.marital`);
* a vehicle said by its model year and make;
* a licence suspended or revoked (never used: asked).

Each token is *used* when its value is among the values read (a date of birth, a licence
or start date, a driver's or an accident's date; a VIN; the ZIP), or a problem the agent
asks about names it; a relative is used when the household holds a driver of that
relation; a status is used when it is the one read (a spouse named, unless the writer
was read single). A VIN the email corrects (:func:`corrected`) is used by the VIN that corrects it.
A token is *known filler* when it stands where a quote takes nothing: the
signature block under a sign-off, a forwarded email's header, a quoted line (``>``), a
postal address, a date with its clock time (when a message was sent), a clause that dates
an event a quote does not take (a purchase, an accident, a policy's end, a move) or
another licence than the one read (a CDL, a foreign one), a
sentence that says its person (or the writer) will not drive on this quote. Any
other token is *unread*, and :func:`unread_sentences` returns the sentences that hold one,
so the agent asks the customer what they mean instead of quoting without it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from typing import Any

from agentdesk.domains.insurance.validation import Invalid, check_zip, parse_month

from .dates import DATE, MONTH_YEAR, read_date
from .household import NOT_ON_THIS_QUOTE, RELATIONS, parenthetical_end, writer_again
from .marital import SPOUSE, statuses_said

__all__ = ["OTHER_LICENCE", "SIGN_OFF", "VIN_TOKEN", "above_signature", "corrected", "own_words",
           "unread_sentences"]

SIGN_OFF = re.compile(r"^(?:thanks|thank you|best|regards|cheers|sincerely|--|-- )\s*\W*$|"
                      r"^(?:thanks|thank you|many thanks|best|regards|kind regards|"
                      r"warm regards|cheers|sincerely|all the best|take care|talk soon|"
                      r"looking forward|with thanks|thanks again|best wishes|warm wishes|"
                      r"respectfully|yours|gratefully|with gratitude|warmly|very truly yours|"
                      r"very sincerely|truly yours|faithfully)\b", re.I)
"""A line that closes an email ("Best,", "Kind regards"): what follows is a signature."""
VIN_TOKEN = re.compile(r"\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{17}\b", re.I)
"""Seventeen letters and digits, both present: a VIN as it is written whole."""

_CORRECTING = re.compile(r"\b(?:actually|correct(?:ed|ion)?|right\s+one|should\s+(?:be|read|"
                         r"have\s+been)|I\s+meant?|typo|mistyped|misspelled|swapped)\b[^.!?\n]*$",
                         re.I)
"""Words before a VIN that correct one written before it ("Sorry, the VIN is actually ...")."""
_NOT_THIS = re.compile(r"\b(?:not|instead\s+of|rather\s+than)\W*$", re.I)


def corrected(text: str, vins: list[str]) -> list[str]:
    """``vins`` without each VIN that ``text`` corrects: one written before a VIN said to be
    the right one, the two a typo apart (at most three characters differ, as a swap of two
    digits does). Two VINs further apart are two vehicles, whatever the words around them."""
    tokens = list(VIN_TOKEN.finditer(text))
    away: set[str] = set()
    for later in tokens:
        before = text[max(text.rfind(c, 0, later.start()) for c in ".!?\n") + 1:later.start()]
        if not _CORRECTING.search(before) or _NOT_THIS.search(before):
            continue
        away.update(earlier.group().upper() for earlier in tokens
                    if earlier.start() < later.start() and _typo_apart(earlier.group().upper(),
                                                                       later.group().upper()))
    return [vin for vin in vins if vin not in away]


def _typo_apart(one: str, other: str) -> bool:
    return len(one) == len(other) and 0 < sum(a != b for a, b in zip(one, other, strict=True)) <= 3


_DATE_SHAPE = re.compile(r"(?<![\w./-])(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|"
                         r"\d{4}[./-]\d{1,2}[./-]\d{1,2})(?![\w/-]|[.]\d)")
"""Digits in a date's shape, whichever way round ("07.04.1985", "1994/06/21")."""
_ZIP = re.compile(r"(?<![\w$/.,:#-])\d{5}(?![\w/-]|[.,]\d|\s*(?:miles|mi\b|km|dollars|usd))",
                  re.I)
_NUMBERED = re.compile(r"\b(?:policy|claim|account|member|id|number|no\.?|apt|unit|suite|ste|"
                       r"room|box)\s*#?\s*$", re.I)
"""The words before a number that name it something else than a ZIP ("policy 12345")."""
_ADDRESS = re.compile(r"\b\d{1,6}\s+(?:[A-Za-z0-9.'-]+\s+){1,3}(?:st|street|ave|avenue|rd|road|"
                      r"blvd|boulevard|dr|drive|ln|lane|ct|court|way|pl|place|ter|terrace|pkwy|"
                      r"parkway|hwy|highway|cir|circle)\b\.?(?:,?\s*(?:suite|ste|apt|unit|#)\.?"
                      r"\s*[\w-]+)?(?:[^.!?\n\d]{0,60}?\b\d{5}(?:-\d{4})?\b)?", re.I)
"""A street line, with its city, state and ZIP when they follow ("255 E 5th St, Suite 900,
Cincinnati, OH 45202"): a postal address, whose numbers are filler beside the ZIP read."""
_TIMESTAMP = re.compile(r"\s*,?\s*(?:at\s+)?\d{1,2}:\d{2}")
"""A clock time after a date: the time a message was sent, not a date of the quote."""
_HEADER = re.compile(r"^\s*(?:>|(?:from|to|cc|sent|date|subject)\s*:|-{2,}\s*forwarded)", re.I)
"""A forwarded email's header or a quoted line: written before this email, not in it."""
_EVENT = re.compile(r"\b(?:bought|buy|purchas\w*|sold|sell\w*|accidents?|crash\w*|backed\s+into|"
                    r"hit\s+me|rear-?ended|tickets?|claims?|ends?|ended|ending|expir\w*|renew\w*|"
                    r"cancel\w*|moved|moving|relocat\w*|wedding|married|divorce\w*|widow\w*|"
                    r"separated|lived?|living|insured|covered|been\s+with|deliver\w*|pick(?:ing)?\s+up|PCS\w*|"
                    r"stationed|deploy\w*)\b", re.I)
"""Words that date an event a quote does not take as a date of its own ("Date of
Purchase: 2023-08-19", "my current policy ends 01/04/2027", "married since June 2010",
"insured with them since 03/2015", "I've been with them since 03/01/2016", a soldier's
move: "PCS from Fort Carson on 12 OCT 2026")."""
OTHER_LICENCE = re.compile(
    r"\b(?:(?:class\s+[A-D]\s+)?(?:CDL|commercial\s+(?:driv\w*\s+)?licen[cs]\w*)\b|"
    r"(?:motorcycle|moped)\s+(?:licen[cs]\w*|endorsement)\b|"
    r"(?:foreign|international|overseas|Mexican|Canadian|Ukrainian|Russian|Polish|Indian|Chinese|"
    r"British|UK|German|French|Italian|Spanish|Brazilian|Colombian|Venezuelan|Cuban|"
    r"Dominican|Salvadoran|Guatemalan|Honduran|Filipino|Vietnamese|Korean|Japanese|Nigerian|"
    r"Ethiopian|Turkish|Iranian|Israeli|Romanian|Bulgarian|Belarusian|Georgian|Armenian|"
    r"Pakistani|Bangladeshi|Egyptian|Moroccan|Haitian|Jamaican|Peruvian|Argentine|Chilean|"
    r"Ecuadorian|Australian|Irish|Dutch|Swedish|Greek|Portuguese)\s+"
    r"(?:driv\w*'?s?\s+)?licen[cs]\w*)[^,;.\n]*", re.I)
"""A licence of another kind ("class A CDL since 4/2/2001", a motorcycle endorsement) or of
another country ("I have Ukrainian driving license since 2010"): beside a US driver's
licence, its date is not the licence date the carrier takes, and the check takes it for
filler once that licence date is read."""
_LEAVING = re.compile(r"\b(?:sold|selling|sell|trad(?:e|ed|ing)[\s-]+(?:it\s+)?in|trade-?in|"
                      r"lease\b[^.;\n]{0,60}\b(?:is\s+up|ends?|ending|expir\w*|over|runs?\s+out)|"
                      r"turn(?:s|ed|ing)?\s+(?:it\s+|her\s+|him\s+)?(?:back\s+)?in|"
                      r"return(?:s|ed|ing)?\s+(?:it|her|him|the)|totall?ed|stolen|replac\w*|"
                      r"instead\s+of|(?:don['’]?t|do\s+not|not)\s+(?:include|insure|quote|cover|"
                      r"add))\b|\bnot\s+(?:the\s+)?(?:vin\s+)?(?=[A-Z0-9]*\d)[A-Z0-9]{17}\b", re.I)
"""Words that say a vehicle leaves or stays off the quote ("my lease on the Altima (VIN
...) is up Dec 3", "sold it", "don't include the Altima", "..., not <VIN>"): a VIN in such
a sentence may be the car not to quote, though the reader took it."""
_VEHICLE = re.compile(
    r"\b((?:19[89]|20[0-4])\d)\s+(?:acura|audi|bmw|buick|cadillac|chevy|chevrolet|chrysler|"
    r"dodge|fiat|ford|genesis|gmc|honda|hyundai|infiniti|jaguar|jeep|kia|land\s+rover|lexus|"
    r"lincoln|mazda|mercedes|mini|mitsubishi|nissan|porsche|ram|rivian|subaru|tesla|toyota|"
    r"volkswagen|vw|volvo)\b", re.I)
"""A vehicle said by its model year and make ("add my 2019 Toyota Camry, I'll send the VIN
later"): used when a vehicle read (its VIN decoded) is of that year, or a VIN stands in its
sentence, filler when the sentence says it leaves ("we sold our 2012 Honda"); a car without
its VIN beside those read is asked, never left off the quote."""
_RELATIVE = re.compile(r"\b(?:my|our)\s+(wife|husband|spouse|partner|son|daughter|boyfriend|"
                       r"girlfriend|fianc[eé]e?|mom|mother|dad|father|brother|sister|roommate|"
                       r"kids?|child|children|teen\w*|grand(?:son|daughter)|nephew|niece|"
                       r"cousin|aunt|uncle|step(?:son|daughter|mom|mother|dad|father)|"
                       r"(?:son|daughter|brother|sister|mother|father)-in-law|housemate|"
                       r"flatmate|tenant|nanny|caregiver)\b", re.I)
_DRIVING = re.compile(r"\bdriv\w*|\bbehind\s+the\s+wheel\b|\bborrow\w*", re.I)
_QUOTED_FOR = re.compile(r"\b(?:(?:quote|quoting|insure|insuring|cover|covering|insurance)\s+"
                         r"(?:for\s+)?|on\s+behalf\s+of\s+|writing\s+for\s+)$", re.I)
"""The words before a relative the quote is for ("can you quote my dad", "on behalf of my
son"): the applicant, whose name and dates the reader takes."""
_NEGATED = re.compile(r"(?:\b(?:not|no|never|without)|n['’]t)(?:\s+(?:a|an|the|my|our|it|its|have|"
                      r"has|had|yet|even|been|be|is|use|used|using|drive|driving|to|for|any|US|"
                      r"valid|got|get|own))*\s+"
                      r"(?:(?P<vehicles>vin|car|vehicle|truck|van|suv|delivered|registered|title)|"
                      r"(?P<license_date>licen[cs]\w*)|(?P<commute>work|commut\w*|office)|"
                      r"(?P<business>business))\b", re.I)
"""A negation a few words before a word of a field ("the car is not delivered yet", "I don't
have a US license", "I don't drive it to work"): when that field was read (for the car's
use, read as the use the word names), the sentence may say the opposite of what was read."""
_WRITER_DOES_NOT_DRIVE = re.compile(
    r"\bI\s+(?:don['’]t|do\s+not|never|won['’]t|will\s+not|can['’]t|cannot)\s+drive\b"
    r"(?!\s+(?:it|her|him|the|this|that|my|our|to|for|on|in|much|often|far|daily|every|there|"
    r"a|an)\b)", re.I)
"""The writer saying they do not drive: they write for another, whose values were read. Not
"I don't drive it to work", which says how the car is used."""
_WRITER_BEFORE = re.compile(r"\bI\s*$")
_LICENCE_LOST = re.compile(r"\b(?:suspen(?:ded|sion)|revoked|revocation|disqualified)\b", re.I)
"""A licence suspended or revoked: no field of the quote says it, and the carrier rates it,
so it is asked, never quoted as a clean licence."""
_PARTED = re.compile(r"separated|divorced|split|broke", re.I)
"""A parting that sets a relative aside, but without a relative named before it is the
writer's own marital status ("I've been married since 2010 but we are now divorced"),
which the check still looks at."""
_NAMED_DAY = re.compile(r"\b\d{2}/\d{2}/\d{4}\b")
"""A day as a problem's reason names it ("The license date 08/01/2008 is before ...")."""


def unread_sentences(text: str, info: dict[str, Any], problems: dict[str, str]) -> list[str]:
    """The sentences of ``text`` that hold a token of quote meaning neither used by a value
    of ``info`` (what the reader read, with what earlier emails said) nor named in one of
    ``problems``, nor known filler; in order, each once."""
    asked = " ".join(problems.values())
    days = set(_days(info)) | {d for d in map(read_date, _NAMED_DAY.findall(asked))
                               if isinstance(d, date)}
    months = {(d.year, d.month) for d in days}
    written = [t.group().upper() for t in VIN_TOKEN.finditer(text)]
    vins = {v.get("vin") for v in info.get("vehicles") or []} | (
        set(written) - set(corrected(text, written)))
    writer_read = _signs(text, info.get("first_name"))
    out: list[str] = []
    for sentence in _sentences(text):
        parts = _writers_parts(sentence)
        if (any(_unread(_ADDRESS.sub(" ", part), info, vins, days, months, asked)
                for part in parts) or (writer_read and any(map(_for_a_relative, parts)))) and \
                sentence.strip() not in out:
            out.append(sentence.strip())
    return out


def _signs(text: str, first_name: str | None) -> bool:
    """Whether ``first_name`` signs ``text``: stands on its first sign-off line ("Thanks,
    Erik") or the two lines under it."""
    lines = own_words(text).splitlines()
    end = next((i for i, line in enumerate(lines) if SIGN_OFF.match(line.strip())), None)
    return bool(first_name) and end is not None and bool(
        re.search(rf"\b{re.escape(first_name or '')}\b", "\n".join(lines[end:end + 3]), re.I))


def _for_a_relative(sentence: str) -> bool:
    """Whether ``sentence`` asks the quote for a relative ("I'm writing for my mom, Jane
    Doe"): when the name read signs the email, the reader took the writer for the person
    to quote, and the relative's dates for the writer's."""
    return any(_QUOTED_FOR.search(sentence[:r.start()]) for r in _RELATIVE.finditer(sentence))


def _writers_parts(sentence: str) -> list[str]:
    """``sentence`` without what it says of a person who will not drive on this quote (read
    and set aside): the whole sentence of a writer who does not drive, else a relative's
    clause, from the relative named to where the writer speaks again ("my wife Agnieszka
    don't drive Car is for go to work", written without stops) or its brackets close. "I won't drive it to work"
    is the writer's car's use, not this."""
    if _WRITER_DOES_NOT_DRIVE.search(sentence):
        return []
    for apart in NOT_ON_THIS_QUOTE.finditer(sentence):
        named = [m.start() for m in _RELATIVE.finditer(sentence, 0, apart.start())]
        if _WRITER_BEFORE.search(sentence[:apart.start()]) or (
                not named and _PARTED.match(apart.group())):
            continue  # the writer's own use or status ("we are now divorced")
        again = (parenthetical_end(sentence, named[-1]) if named else None) or \
            writer_again(sentence, apart.end())
        return [sentence[:named[-1] if named else 0],
                *([sentence[again:]] if again is not None else [])]
    return [sentence]


def above_signature(text: str) -> str:
    """The lines of ``text`` above its first sign-off ("Best,"): the email without the
    signature block, whose office address and phone are the writer's workplace's."""
    lines = text.splitlines()
    end = next((i for i, line in enumerate(lines) if SIGN_OFF.match(line.strip())), len(lines))
    return "\n".join(lines[:end])


_QUOTED_REPLY = re.compile(r"^\s*(?:on\s.{0,120}\bwrote:|-{2,}\s*original\s+message)", re.I | re.M)
"""Where a reply quotes the email it answers: what follows was written before (a forwarded
email, whose content the writer sends on, is read)."""
_QUOTED_LINE = re.compile(r"^[ \t]*>.*$\n?", re.M)


def own_words(text: str) -> str:
    """``text`` without the email it replies to: what follows "On ... wrote:" and every
    quoted line (``>``). The agency's question quoted under a reply lists every marital
    status and names fields; none of it is the customer's answer."""
    if quoted := _QUOTED_REPLY.search(text):
        text = text[:quoted.start()]
    return _QUOTED_LINE.sub("", text)


def _sentences(text: str) -> Iterator[str]:
    """The email's sentences above its signature, without headers and quoted lines: a
    stop ends one before a capital ("St. Louis" does not), or before any word in an email
    written in small letters only."""
    stop = r"(?<=[.!?])\s+" if text == text.lower() else r"(?<=[.!?])\s+(?=[A-Z])"
    for line in above_signature(own_words(text)).splitlines():
        if not _HEADER.match(line):
            yield from (s for s in re.split(stop, line) if s.strip())


def _unread(sentence: str, info: dict[str, Any], vins: set[str | None], days: set[date],
            months: set[tuple[int, int]], asked: str) -> bool:
    """Whether ``sentence`` holds a token of quote meaning no value used and no filler
    explains (``vins``: those read, and those the email corrects away)."""
    for start, end in _dates(sentence):
        clause = _clause(sentence, start, end)
        if not _EVENT.search(clause) and \
                not (info.get("license_date") and OTHER_LICENCE.search(clause)) and \
                not _TIMESTAMP.match(sentence, end) and \
                not _date_used(sentence[start:end], days, months, asked):
            return True
    if any(t.group().upper() not in vins or _LEAVING.search(sentence)
           for t in VIN_TOKEN.finditer(sentence)):
        return True
    years = [v.get("year") for v in info.get("vehicles") or []]
    if years and all(years) and not VIN_TOKEN.search(sentence) and \
            not _LEAVING.search(sentence) and any(
            int(m.group(1)) not in years and m.group(1) not in asked
            for m in _VEHICLE.finditer(sentence)):
        return True
    for match in _ZIP.finditer(sentence):
        number = match.group()
        if number != info.get("zip_code") and number not in asked and \
                not _NUMBERED.search(sentence[:match.start()]) and \
                not isinstance(check_zip(number), Invalid):
            return True
    for negated in _NEGATED.finditer(sentence):
        field = next(k for k, v in negated.groupdict().items() if v)
        if info.get("use") == field if field in ("commute", "business") else info.get(field):
            return True
    if _LICENCE_LOST.search(sentence):
        return True
    read = info.get("marital_status")
    if any(status != read and (status != SPOUSE or read == "single")
           for _, status in statuses_said(sentence)):
        return True
    drivers = {d.get("relationship") for d in info.get("drivers") or []}
    return any(RELATIONS.get(r.group(1).lower()) not in drivers and
               not _QUOTED_FOR.search(sentence[:r.start()]) and
               _DRIVING.search(sentence, max(0, r.start() - 60), r.end() + 100)
               for r in _RELATIVE.finditer(sentence))


def _dates(sentence: str) -> list[tuple[int, int]]:
    """Where the date tokens of ``sentence`` are: whole days, months of years and
    date-shaped digits."""
    spans: list[tuple[int, int]] = []
    for pattern in (DATE, MONTH_YEAR, _DATE_SHAPE.pattern):
        for match in re.finditer(pattern, sentence, re.I):
            if not any(a < match.end() and match.start() < b for a, b in spans):
                spans.append(match.span())
    return spans


_BREAK = re.compile(r"[;()]|,(?!\s*\d{4})|\s(?:and|but)\s")
"""Where a clause ends: a comma that does not stand inside a date ("March 9th, 1977")."""


def _clause(sentence: str, start: int, end: int) -> str:
    """The clause of ``sentence`` around the token at ``start:end``."""
    before = [m.end() for m in _BREAK.finditer(sentence, 0, start)]
    after = _BREAK.search(sentence, end)
    return sentence[before[-1] if before else 0:after.start() if after else len(sentence)]


def _date_used(token: str, days: set[date], months: set[tuple[int, int]], asked: str) -> bool:
    """Whether a date token is a day (or a month) read, or named by a problem asked."""
    day = read_date(token)
    if isinstance(day, date):
        return day in days or token in asked
    month = parse_month(token)
    if isinstance(month, date):
        return (month.year, month.month) in months or token in asked
    return token in asked


def _days(value: Any) -> Iterator[date]:
    """Every ISO day among the values read, however deep (a driver's, an accident's)."""
    if isinstance(value, dict):
        for inner in value.values():
            yield from _days(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _days(inner)
    elif isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        yield date.fromisoformat(value)
