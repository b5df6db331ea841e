"""Code reads the question: which tool answers it, and with what arguments.

The embedded model is small, so what code can decide, code decides: arithmetic and
unit expressions go to ``calculator``, dates and time zones to ``datetime_tool``,
airports, flights and hotels to the travel tools (a city's airport code is the travel
server's answer, and so is what a travel request names: both are asked through
:class:`~.lookups.TravelLookups`), and everything else to
``kb_search``. (Questions about the bank's data are read by the bank's own reader, over
MCP, in :mod:`.plan`.) A re-plan after an empty search changes the terms
(:func:`narrower_terms`).
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from agentdesk.domains.assistant.calculator import units
from agentdesk.domains.assistant.clock import TimeError, zone
from agentdesk.domains.assistant.words import alike, digits

from .lookups import CodeLookup, TravelLookups

__all__ = ["Reading", "command_first", "kb_terms", "narrower_terms", "read_question",
           "uncovered_terms", "unstated"]


@dataclass(frozen=True)
class Reading:
    """What code read the question as: the calls that answer it."""

    kind: str
    """calculator, datetime, travel, sql or kb."""
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


_LEAD = re.compile(r"^\s*(?:please\s+)?(?:what\s+is|what's|whats|calculate|compute|evaluate|change|"
                   r"how\s+much\s+is|how\s+(?:tall|long|far|heavy|high|hot|cold|fast)\s+is|work\s+out|tell\s+me|(?:can|could|would)\s+you\s+(?:please\s+)?"
                   r"(?:calculate|compute|work\s+out|tell\s+me|convert)|"
                   r"convert)\s+", re.I)
_WORD_OPS = [(r"\bdivided\s+by\b", "/"), (r"\bmultiplied\s+by\b", "*"), (r"\btimes\b", "*"),
             (r"\bplus\b", "+"), (r"\bminus\b", "-"), (r"\bover\b", "/"),
             (r"\bto\s+the\s+power\s+of\b", "**"),
             (r"\bto\s+the\s+(\d+)(?:st|nd|rd|th)(?:\s+power)?\b", r"** \1"), (r"\bsquared\b", "**2"),
             (r"\bcubed\b", "**3"), (r"(\d)\s*x\s*(\d)", r"\1*\2")]
_PERCENT_OF = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(\d[\d,]*(?:\.\d+)?)", re.I)
_PERCENT_MORE = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent)\s+(more|less|higher|lower)\s+than\s+"
                           r"(\d[\d,]*(?:\.\d+)?)", re.I)
""""12% more than 350" is 350 * (1 + 12 / 100)."""
_ADD_TO = re.compile(r"^add\s+(\d[\d,]*(?:\.\d+)?)\s+to\s+(.+)$", re.I)
""""add 12 to 15 / 100 * 80" is 15 / 100 * 80 + 12."""
_FRACTION_WORDS = {"half": 2, "halves": 2, "third": 3, "quarter": 4, "fifth": 5, "sixth": 6,
                   "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
_AS_PERCENT = re.compile(r"^(?P<value>.+?)\s+(?:expressed\s+|written\s+)?(?:as|in|to)\s+(?:a\s+)?"
                         r"(?:percentage|percent|%)$", re.I)
"""A value asked for as a percentage ("one eighth expressed as a percentage", "3/8 as a
percent"): the value times 100."""
_FRACTION = re.compile(r"^(\d+)\s+(?:(\d+)(?:st|nd|rd|th)|([a-z]+?))s?$", re.I)
"""A fraction in words after :func:`digits` ("1 8th", "3 quarters", "1 half"); "second"
is no fraction here (1 second is a time)."""


def _percentage(body: str) -> str | None:
    """The calculator expression for a value asked for as a percentage, or None."""
    if not (asked := _AS_PERCENT.match(body)):
        return None
    value = asked.group("value").strip()
    if (words := _FRACTION.match(value)):
        below = int(words.group(2)) if words.group(2) else \
            _FRACTION_WORDS.get((words.group(3) or "").lower())
        if not below:
            return None
        value = f"{words.group(1)} / {below}"
    if not re.fullmatch(r"[\d\s.,+\-*/()]+", value) or not re.search(r"\d", value):
        return None
    return f"({value.replace(',', '')}) * 100"


_ROOT = re.compile(r"\b(?:the\s+)?square\s+root\s+of\s+(\d+(?:\.\d+)?)", re.I)
_ARITHMETIC = re.compile(r"^[\d\s.,+\-*/%^()]*(?:sqrt|log|ln|exp|sin|cos|tan|abs|round)?"
                         r"[\d\s.,+\-*/%^()]*$")
_HOW_MANY = re.compile(r"^\s*(?:how\s+many|what\s+number\s+of)\s+(?P<to>[a-z° /]+?)\s+(?:(?:are\s+|is\s+)?(?:there\s+)?"
                       r"in|is|are|makes?|equals?)\s+(?P<amount>(?:-?\d[\d,]*(?:\.\d+)?|an?(?=\s))\s*[a-z° /]+?)\s*\??$",
                       re.I)
"""A conversion asked as a count ("how many minutes are there in a fortnight"): "a" or
"an" before the unit is one of it."""
_CONVERT_AMOUNT = re.compile(r"^\s*-?\d[\d,]*(?:\.\d+)?\s*[a-z°][a-z° /^\d]*$", re.I)
_CONVERT_WORD = re.compile(r"\s+(?:to|in|into|as)(?=\s)", re.I)
_CONVERT_TO = re.compile(r"^[a-z°][a-z° /^\d]*?\s*\??$", re.I)


_POLITE = re.compile(r"(?:\s*,?\s*(?:for\s+me|please|pls|thanks|thank\s+you|if\s+you\s+can))+\s*[?.!]*\s*$",
                     re.I)
_HOW_MANY_IS_THAT = re.compile(r"(?P<amount>-?\d[\d,]*(?:\.\d+)?\s*[a-z°]+)\b.*?\b(?:how\s+many|what\s+number\s+of)\s+"
                               r"(?P<to>[a-z° /]+?)\s+(?:is|are)\s+(?:that|this|it|those)\s*\??$",
                               re.I)
""""if I drive 150 miles how many km is that": the amount comes first, the unit asked last."""
_HOW_MUCH_IN = re.compile(r"(?P<amount>-?\d[\d,]*(?:\.\d+)?\s*[a-z°]+)\b[^?]*?\b(?:(?:how\s+(?:much|far|"
                          r"long|tall|high|heavy|big|fast|deep)|what)\s+"
                          r"(?:is|are)|what'?s)\s+(?:that|this|it|those)\s+in\s+(?P<to>[a-z° /]+?)\s*\??$",
                          re.I)
""""i weigh 72 kg, how much is that in pounds" (or "whats that in pounds", "350 F. What's
that in Celsius?", "A marathon is 26.2 miles - how far is that in km?"): the amount first,
the unit asked last."""
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%(?!\s*\d)")
"""A percentage in arithmetic ("12000 * 4.5% * 3"), not the remainder operator ("10 % 3")."""


_AMOUNT = r"\d[\d,]*(?:\.\d+)?"
_PRICE = re.compile(rf"[$€£]\s*({_AMOUNT})|({_AMOUNT})\s*(?:dollars|bucks|usd|euros?|eur|pounds|gbp)\b",
                    re.I)
_OFF = re.compile(rf"({_AMOUNT})\s*(?:%|percent)\s+(?:off|discount)\b|\b(?:a|an)\s+({_AMOUNT})\s*"
                  r"(?:%|percent)\s+discount\b", re.I)
_PAID = re.compile(r"\b(?:how\s+much|what)\b.*?\b(?:do|will|would|should|shall)\s+(?:i|we|you)\s+"
                   r"(?:(?!not\b|never\b|no\b)\w+\s+){0,3}(?:pay|owe|spend)\b|\bhow\s+much\s+(?:does|will|would)\s+(?:it|that|this)\s+"
                   r"(?:\w+\s+)?cost\b|\b(?:final|sale|discounted)\s+price\b", re.I)
"""A price with a percentage off, and what is paid asked for ("85 dollars and there's 40
percent off. How much do I actually pay?", "how much do I still have to pay", "what do i
actually pay after the discount"): the price
less the percentage. What is saved ("how much do I save") or not paid ("how much do I not
have to pay") is not what is paid."""


def _price_and_percent(text: str, added: list[re.Match[str]]) -> tuple[str, str] | None:
    """The one price of ``text`` and the one percentage ``added`` to it (or taken off it),
    when the text holds no other number (another number is another question); else None."""
    prices = list(_PRICE.finditer(text))
    if len(prices) != 1 or len(added) != 1 or len(re.findall(r"\d+(?:[.,]\d+)*", text)) != 2:
        return None
    percent = next(group for group in added[0].groups() if group)
    return (prices[0].group(1) or prices[0].group(2)).replace(",", ""), percent


def _discounted(text: str) -> str | None:
    """The price paid after a percentage off, when the question gives one price and one
    percentage off and asks what is paid; else None."""
    found = _price_and_percent(text, list(_OFF.finditer(text))) if _PAID.search(text) else None
    return None if found is None else f"{found[0]} * (1 - {found[1]} / 100)"


_US_MEASURE = re.compile(r"\b(?:US|U\.S\.?)\s+(?=(?:liquid\s+)?(?:gallons?|gal|quarts?|pints?|cups?|"
                         r"fl(?:uid)?\.?\s*(?:ounces?|oz)|tons?)\b)", re.I)
"""The US measure of a unit the US and Britain measure apart ("5 US gallons"): pint's
``gallon``, ``pint``, ``quart``, ``cup``, ``fluid_ounce`` and ``ton`` are the US ones. An
imperial or UK one is not read (pint has no plain name for it that the readings take)."""


_ON_TOP = re.compile(rf"({_AMOUNT})\s*(?:%|percent)\s+(?:tip|gratuity|service(?:\s+charge)?|"
                     r"tax|vat|sales\s+tax)\b", re.I)
_TOTAL = re.compile(r"\b(?:what(?:'s|\s+is|\s+will\s+be|\s+would\s+be)\s+the\s+(?:total|whole\s+bill|"
                    r"full\s+amount)|how\s+much\s+(?:is\s+it|will\s+it\s+be|in\s+total|altogether))\b",
                    re.I)
"""A price with a percentage on top ("$64 and we're leaving a 15% tip - what's the total
including the tip?"): the price and the percentage. What the tip alone is ("how much is
the tip") is not the total."""


def _with_added(text: str) -> str | None:
    """The total of one price and one percentage added to it (a tip, a tax), when the
    question asks for the total; else None."""
    found = None if not _TOTAL.search(text) or _OFF.search(text) else \
        _price_and_percent(text, list(_ON_TOP.finditer(text)))
    return None if found is None else f"{found[0]} * (1 + {found[1]} / 100)"


_PART_ASKED = re.compile(r"\b(?:what(?:'s|\s+is|\s+will\s+be|\s+would\s+be)|how\s+much\s+(?:is|will\s+be|"
                         r"would\s+be))\s+(?:the|my|our)\s+(?:tip|gratuity|tax|vat|service\s+charge)"
                         r"(?!\s+(?:and|plus|with|included|including|on\s+top)\b)", re.I)
_LEAVE_PERCENT = re.compile(rf"\b(?:leave|leaving|tip|tipping|add|adding|give|giving|plus)\s+"
                            rf"(?:a\s+)?({_AMOUNT})\s*(?:%|percent)", re.I)
"""The percentage part of a price asked for by itself ("$86.40 and I want to leave 18%.
What's the tip by itself?" -> 86.40 * 18 / 100): one price and one percentage given on top
of it ("a 15% tip", "leave 18%"); not a percentage off, and not the total."""


def _part_added(text: str) -> str | None:
    """What one percentage added to one price comes to by itself, when the question asks for
    the tip or the tax alone; else None."""
    if not _PART_ASKED.search(text) or _OFF.search(text) or _TOTAL.search(text):
        return None
    found = _price_and_percent(
        text, list(_ON_TOP.finditer(text)) or list(_LEAVE_PERCENT.finditer(text)))
    return None if found is None else f"{found[0]} * {found[1]} / 100"


_PER_ASKED = re.compile(r"\bwhat(?:'s|\s+is|\s+does\s+(?:that|this|it)\s+come\s+to)\s+"
                        r"(?:that|this|it)?\s*(?:per|a|an|each|every)\s+([a-z]+)\s*[?.!]*$", re.I)
_RATE = re.compile(rf"({_AMOUNT})\s+(?:a|an|per|each|every)\s+([a-z]+)\b", re.I)
_QUANTITY = re.compile(rf"(?<![\d.,])({_AMOUNT})\s*([a-z]+)\b", re.I)
_UNIT_ALIASES = {"kilo": "kilogram", "kilos": "kilogram"}
"""What a price or a rate comes to for another unit, asked last ("5 kg of apples cost 13.75
-- what's that per kilo?", "I'm on 52,000 a year. What's that per month?")."""


def _one_unit(word: str) -> Any | None:
    """``word`` as one pint unit ("kilo" is a kilogram), or None."""
    name = _unit_name(_spelled(_UNIT_ALIASES.get(word.lower(), word)))
    return units().Unit(name) if name else None


def _per_unit(text: str) -> str | None:
    """The price of one of a unit when the question gives a price and an amount of that
    unit (13.75 / 5); a rate for another unit of the same kind when it gives an amount per
    unit (52000 a year, per month: 52000 / 12); else None. Any other number, or a unit of
    another kind, reads nothing."""
    asked = _PER_ASKED.search(text)
    if asked is None or (to := _one_unit(asked.group(1))) is None:
        return None
    said = text[:asked.start()]
    numbers = re.findall(r"\d+(?:[.,]\d+)*", said)
    if len(numbers) == 1 and (rate := _RATE.search(said)) \
            and (unit := _one_unit(rate.group(2))) is not None and unit != to:
        try:
            factor = units().Quantity(1, unit).to(to).magnitude
        except Exception:  # pint raises several kinds; any means "not of the same kind"
            return None
        return f"{rate.group(1).replace(',', '')} / {factor:g}"
    if len(numbers) == 2:
        amounts = [m for m in _QUANTITY.finditer(said) if _one_unit(m.group(2)) == to]
        if len(amounts) == 1:
            amount = amounts[0].group(1).replace(",", "")
            price = next(n for n in numbers if n.replace(",", "") != amount).replace(",", "")
            return f"{price} / {amount}"
    return None


_POLITE_THEN = re.compile(r"^(?P<head>.*?\b(?:please|pls|thanks|thank\s+you))\s*,?\s+(?P<tail>[^\d]+?)"
                          r"\s*[?.!]*$", re.I)
"""A conversion asked politely, then a clause of context ("Convert 6 stone to kilograms
please, the GP's form wants kg")."""
_UNIT_WORDS = ("kg", "kgs", "g", "lb", "lbs", "oz", "km", "m", "cm", "mm", "mi", "ft", "yd", "l",
               "ml", "gal", "st", "stone", "stones")
"""Words of a clause that name a unit as people write one, with :data:`_COMMON_UNITS` (not
"GP" or "in", which pint also reads as units)."""


def _context_after(text: str) -> str | None:
    """A conversion the head of ``text`` asks for, when the clause after it only names the
    unit asked for again ("..., the form wants kg" after "to kilograms"); None when the
    clause names another unit ("..., in grams") or none: it may change what is asked."""
    said = _POLITE_THEN.match(text.strip())
    if said is None or (read := _calculation(said.group("head"))) is None \
            or " to " not in read:
        return None
    to = _unit_name(read.rsplit(" to ", 1)[1])
    words = "|".join((*_COMMON_UNITS, *_UNIT_WORDS))
    named = [_unit_name(_spelled(m.group(0).lower()))
             for m in re.finditer(rf"\b(?:{words})\b", said.group("tail"), re.I)]
    return read if named and to and all(name == to for name in named) else None


def _calculation(text: str) -> str | None:
    """The calculator expression the question asks for, or None."""
    if (context := _context_after(text)):
        return context
    text = _POLITE.sub("", text.strip())
    text = _US_MEASURE.sub("", text)
    if (paid := _discounted(text)):
        return paid
    if (total := _with_added(text)):
        return total
    if (part := _part_added(text)):
        return part
    if (each := _per_unit(text)):
        return each
    for asked in (_HOW_MANY_IS_THAT, _HOW_MUCH_IN):
        if (that := asked.search(text)) and _is_unit(_spelled(that.group("to"))) \
                and _is_unit(_spelled(that.group("amount").lstrip("-0123456789., "))):
            return _conversion(that.group("amount"), that.group("to"))
    body = _LEAD.sub("", text.strip()).rstrip(" ?.!")
    body = re.sub(r"\s*=[\s?]*$", "", body)  # "(1200 - 180) / 4 = ?" asks what it equals
    if (percentage := _percentage(body)):
        return percentage
    body = _PERCENT_MORE.sub(lambda m: f"{m.group(3)} * (1 {'+' if m.group(2).lower() in ('more', 'higher') else '-'} "
                                       f"{m.group(1)} / 100)", body)
    body = _PERCENT_OF.sub(lambda m: f"{m.group(1)} / 100 * {m.group(2)}", body)
    body = _ADD_TO.sub(r"\2 + \1", body)
    body = _ROOT.sub(lambda m: f"sqrt({m.group(1)})", body)
    for pattern, replacement in _WORD_OPS:
        body = re.sub(pattern, replacement, body, flags=re.I)
    if (how := _HOW_MANY.match(text)) and _is_unit(_spelled(how.group("to"))):
        one = re.match(r"an?\s+(.+)$", how.group("amount"), re.I)  # "in a fortnight"
        if one is None:
            return _conversion(how.group("amount"), how.group("to"))
        if _is_unit(_spelled(one.group(1))):  # "in an apple" is no amount of a unit
            return _conversion(f"1 {one.group(1)}", how.group("to"))
    body = _PER.sub(" / ", body)
    for sep in _CONVERT_WORD.finditer(body):  # "5 ft 10 in to cm": the split that reads
        amount, to = body[:sep.start()], body[sep.end():].lstrip()
        if _CONVERT_AMOUNT.match(amount) and _CONVERT_TO.match(to) and _is_unit(_spelled(to)):
            return _conversion(amount, to)
    if re.search(r"\d", body) and re.search(r"[+\-*/^%]|sqrt\(", body) \
            and _ARITHMETIC.match(body):
        return _PERCENT.sub(r"(\1 / 100)", body.replace(",", ""))
    return None


_PER = re.compile(r"\s+per\s+", re.I)


_DEGREES = re.compile(r"\b(?:degrees?|deg)\s+(fahrenheit|celsius|centigrade|deg[fc])\b|°\s*([FC])\b",
                      re.I)
"""A temperature's unit in two words ("72 degrees fahrenheit", "72 degrees degF", not 72
angular degrees and a fahrenheit) or with its sign ("350 °F")."""
_TEMPERATURES = frozenset({"degree_Fahrenheit", "degree_Celsius", "kelvin", "degree_Rankine"})
_TEMPERATURE_LETTER = re.compile(r"(?<=\d)\s*([FC])$", re.I)
"""An amount's unit in one letter ("350 F"): farads or coulombs to pint, degrees when the
unit asked for is a temperature."""


def _temperature(text: str) -> str:
    def spell(match: re.Match[str]) -> str:
        name = (match.group(1) or match.group(2)).lower()
        return "degF" if name in ("fahrenheit", "degf", "f") else "degC"

    return _DEGREES.sub(spell, text)


def _conversion(amount: str, to: str) -> str:
    """``amount to unit`` for the calculator, each unit spelled as pint spells it; a
    temperature in degrees or in one letter before a temperature asked for ("350 F to
    celsius") is degrees Fahrenheit or Celsius."""
    to = _spelled(_temperature(_PER.sub(" / ", to.strip().rstrip("?").strip())))
    amount = _temperature(amount.replace(",", "").strip())
    if _unit_name(to) in _TEMPERATURES:
        amount = _TEMPERATURE_LETTER.sub(lambda m: f" deg{m.group(1).upper()}", amount)
    return f"{_spelled(_PER.sub(' / ', amount))} to {to}"


def _unit_name(name: str) -> str | None:
    """The one unit pint reads ``name`` as ("celsius" is degree_Celsius), or None."""
    try:
        found = units().parse_units(name.strip())
    except Exception:  # pint raises several kinds; any means "not one unit"
        return None
    names = list(getattr(found, "_units", {}) or {})
    return names[0] if len(names) == 1 else None


_COMMON_UNITS = ("celsius", "fahrenheit", "kelvin", "kilometers", "kilometres", "meters", "metres",
                 "centimeters", "centimetres", "millimeters", "millimetres", "miles", "yards",
                 "inches", "feet", "pounds", "ounces", "kilograms", "grams", "liters", "litres",
                 "milliliters", "millilitres", "gallons", "hectares", "acres")
"""Units people write often enough to misspell; a word this close to one is that unit."""


_BINARY = {"kib": "KiB", "mib": "MiB", "gib": "GiB", "tib": "TiB"}
"""Binary multiples of a byte, as a question in one case writes them ("3 mib", "3 MIB")."""


def _spelled(text: str) -> str:
    """``text`` with each word that is no unit as written spelled as pint spells the unit:
    in lower case ("KM/H" is km/h), else the one unit its letters name in any case ("degf"
    is degree_Fahrenheit), or the common unit it misspells ("celcius"). A word that names no
    unit stays as it is."""
    registry = units()

    def spell(match: re.Match[str]) -> str:
        word = match.group(0)
        for tried in (word, word.lower()):
            try:
                registry.parse_units(tried)
                return tried
            except Exception:  # pint raises several kinds; any means "not as written"
                continue
        if word.lower() in _BINARY:  # pint finds no prefixed unit in another case
            return _BINARY[word.lower()]
        try:
            found = registry.parse_units(word, case_sensitive=False)
        except Exception:  # no unit in any case: a common unit misspelt ("celcius"), or none
            close = difflib.get_close_matches(word.lower(), _COMMON_UNITS, n=1, cutoff=0.85)
            return close[0] if close else word
        names = list(getattr(found, "_units", {}) or {})
        return names[0] if len(names) == 1 else word

    return re.sub(r"[A-Za-z_]+", spell, text)


def _is_unit(name: str) -> bool:
    try:
        units().parse_units(name.strip().replace(" ", "_") if " " in name.strip()
                            and "/" not in name else name.strip())
    except Exception:  # pint raises several kinds; any means "not a unit"
        return False
    return True


_ZONE_WORDS = re.compile(r"\b(?:time|clock|timezone|time zone)\b", re.I)
_IN_PLACE = re.compile(r"\bin\s+([A-Z][A-Za-z_]+(?:[ /][A-Z][A-Za-z_]+)?)")
_ISO = r"\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2})?"
_BETWEEN = re.compile(rf"(?:between|from)\s+({_ISO})\s+(?:and|to|until)\s+({_ISO})", re.I)
_BETWEEN_WORDS = re.compile(r"\b(?:between|from)\s+(.{6,30}?)\s+(?:and|to|until)\s+(.{6,30}?)\s*"
                            r"(?:[?.!]|$)", re.I)


_NUMERIC_DATE = re.compile(r"\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b")


def _whole_date(text: str) -> str | None:
    """``text`` as an ISO date when it names a whole day ("March 1 2027"), else None; a
    date in numbers only ("01/02/2027") that the question's own order did not read is
    either day first or month first: None, not dateparser's guess."""
    import dateparser

    if _NUMERIC_DATE.search(text):
        return None

    parsed = dateparser.parse(text, languages=["en"], settings={
        "REQUIRE_PARTS": ["day", "month", "year"], "STRICT_PARSING": True})
    return parsed.date().isoformat() if parsed is not None else None


_SHIFT_BACK = re.compile(r"(\d+\s+(?:day|week|month|year)s?)\s+(after|from|before)\s+"
                         r"(?:that|it|this|then|that date|this date)\b", re.I)
"""A shift from a date the question stated before ("starts on 2027-01-15 ... 90 days after that")."""
_UNTIL = re.compile(rf"(?<!\d )(?<!\d)(?:days?|weeks?)\s+(?:until|till|to|before)\s+({_ISO})",
                    re.I)
"""Days until a date ("how many days until X"); "3 days to X" adds, it is no count."""
_LENGTH = r"\d+\s+(?:day|week|month|year|hour)s?"
_LENGTHS = rf"{_LENGTH}(?:\s*(?:,|,?\s+and)\s*{_LENGTH})*"
"""A length of time, in one unit or several ("2 weeks and 3 days")."""
_SHIFT = re.compile(rf"({_LENGTHS})\s+(after|from|before)\s+({_ISO})", re.I)
_ADD = re.compile(rf"\b(add|plus|subtract|take|minus)\s+({_LENGTHS})\s+(?:to|from|on|off)\s+"
                  rf"({_ISO})", re.I)
"""A length added to or taken from a date ("add 2 weeks and 3 days to 2026-12-28")."""
_PLUS = re.compile(rf"({_ISO})\s+(plus|minus)\s+({_LENGTHS})\b", re.I)
"""A length added to or taken from a date written first ("20 May 2027 minus 100 days")."""
_ASKS_DATE = re.compile(r"\b(?:what|which)(?:'s|\s+(?:is|was|will\s+be|would\s+be))?\s+"
                        r"(?:the\s+)?date\b|\bdate\s+(?:will|would)\s+(?:it\s+)?be\b", re.I)
"""A question asking for a date: a count of days is not its answer."""
_WEEKDAY = re.compile(rf"(?:what\s+|which\s+)?day\s+(?:of\s+the\s+week\s+)?(?:is|was|will\s+be|"
                      rf"will|does|did)\s+(?:the\s+|it\s+be\s+on\s+)?"
                      rf"(?:[A-Za-z][a-z']*(?:\s+[A-Za-z][a-z']*){{0,2}}\s*,\s*)?({_ISO})\b", re.I)
"""The weekday of a date, the date's name before it and a comma ("which day of the week was
Christmas Day, 25/12/2026"): the date in figures is what is read, the name is not."""
_CONVERT_TIME = re.compile(rf"(\d{{1,2}}:\d{{2}}|{_ISO})\s+(?:in\s+)?([A-Z][A-Za-z_ /]+?)\s+"
                           r"(?:in|to)\s+([A-Z][A-Za-z_ /]+?)\s*\??$", re.I)
"""A time in one place to another; the zone table says whether the names are places."""
_CLOCK = r"\d{1,2}(?::\d{2})?\s*[ap]\.?m\b\.?|\d{1,2}:\d{2}"
_PLACE = r"[A-Za-z][A-Za-z_]+(?: (?!time\b)[A-Za-z_]+)?"
_ISO_DATE = r"\d{4}-\d{2}-\d{2}"
_TIME_THERE = re.compile(rf"(?<![\d:])({_CLOCK})\s+(?:on\s+(?:[A-Za-z]+\s+)?{_ISO_DATE}\s+)?"
                         rf"(?:(?:here\s+|there\s+)?in\s+)?({_PLACE})(?:\s+time)?\b", re.I)
_THERE_TIME = re.compile(rf"\bin\s+({_PLACE})\s+at\s+({_CLOCK})", re.I)
_TIME_WHERE = re.compile(rf"\b(?:time|o'?clock)\b.*\b(?:in|for|to)\s+({_PLACE})\s*[?.!]*$", re.I)
_PLACE_FIRST = re.compile(rf"^\s*in\s+({_PLACE})\s*,", re.I)
_TIME_ASKED = re.compile(r"\bwhat\s+time\s+(?:is|will)\s+(?:it|that)(?:\s+be)?(?:\s+then)?\s*[?.!]*$",
                         re.I)
"""The place asked for put first ("In Tokyo, if it's 9:30 am in New York, what time is
it?")."""
_TIME_FIRST = re.compile(rf"\btime\s+(?:is\s+it|will\s+it\s+be)\s+in\s+({_PLACE})\s+(?:when|if|while)\b",
                         re.I)
"""A time stated in one place ("18:30 Tokyo time", "9am in London", "9am on Monday
2027-11-01 in Auckland", "in Berlin at 07:45"), then asked for in another ("what time is
that in Los Angeles?", "in Chicago then?"), or asked for first ("what time is it in Paris
when it is 1:30 am in Denver"), the date anywhere in the question."""
_UNREAD_MINUTES = re.compile(
    rf"\b(?:quarter|half|past|after|to|before|till?)\s+(?:{_CLOCK}|\d{{1,2}}\b)", re.I)
"""A clock time counted from ("past 7 am", "20 to 9", "half 7"): what is before it was not
read as minutes, so the time the question states is not the clock time alone."""
_ISO_DAY = re.compile(rf"\b{_ISO_DATE}\b")
_STATED = re.compile(rf"(?<![\d:])(?:{_CLOCK})|{_ISO_DATE}", re.I)
"""A clock time or a date the question states: "the time now" is not its answer."""


def _clock24(said: str) -> str:
    """``6:30 pm`` as ``18:30``, ``9am`` as ``09:00``; ``18:30`` as it is."""
    m = re.match(r"(\d{1,2})(?::(\d{2}))?\s*([ap])?", said.lower())
    assert m is not None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3) == "p" and hour < 12:
        hour += 12
    elif m.group(3) == "a" and hour == 12:
        hour = 0
    return f"{hour:02d}:{minute:02d}"


def _time_there(text: str) -> dict[str, Any] | None:
    """A time stated in one place converted to another, or None."""
    if (asked := _TIME_WHERE.search(text)):
        said = text[:asked.start(1)]
    elif (asked := _TIME_FIRST.search(text)) or (
            (asked := _PLACE_FIRST.match(text)) and _TIME_ASKED.search(text)):
        said = text[asked.end():]
    else:
        return None
    # "in Chicago then?" asks for Chicago
    if (to := _zone_of(asked.group(1)) or _zone_of(asked.group(1).split()[0])) is None:
        return None
    stated = [(m.group(1), m.group(2)) for m in _TIME_THERE.finditer(said)]
    stated += [(m.group(2), m.group(1)) for m in _THERE_TIME.finditer(said)]
    if _UNREAD_MINUTES.search(said):
        # "20 past 7 am": the hour is read, the minutes from it are not; say so, not 07:00.
        return None
    for clock, place in stated:  # "Paris on" is Paris
        if (there := _zone_of(place) or _zone_of(place.split()[0])) and there != to:
            day = _ISO_DAY.search(text)
            value = f"{day.group() if day else date.today()} {_clock24(clock)}"
            return {"operation": "convert", "timezone": there, "value": value, "to_timezone": to}
    return None


_RELATIVE = re.compile(r"\b(?:next|last|this\s+coming)\s+(?:monday|tuesday|wednesday|thursday|"
                       r"friday|saturday|sunday|week|month|year)\b|\bin\s+\d+\s+(?:days?|weeks?|"
                       r"months?)\b|\b\d+\s+(?:days?|weeks?)\s+ago\b|\btomorrow\b|\byesterday\b",
                       re.I)


def _zone_of(place: str) -> str | None:
    try:
        return str(zone(place.strip().replace(" ", "_")))
    except TimeError:
        return None


def _shift(value: str, amount: str, direction: str) -> dict[str, Any]:
    """``amount`` ("2 weeks") ``direction`` (after, from, before) the date ``value``."""
    sign = "-" if direction.lower() == "before" else "+"
    return {"operation": "shift", "value": value, "amount": f"{sign}{amount}"}


def _datetime(text: str) -> dict[str, Any] | None:
    """The ``datetime_tool`` arguments the question asks for, or None."""
    if (there := _time_there(text)):
        return there
    if (m := _CONVERT_TIME.search(text)) and (a := _zone_of(m.group(2))) \
            and (b := _zone_of(m.group(3))):
        value = m.group(1) if "-" in m.group(1) else f"{date.today()} {m.group(1)}"
        return {"operation": "convert", "timezone": a, "value": value, "to_timezone": b}
    if (m := _BETWEEN.search(text)):
        return {"operation": "difference", "value": m.group(1), "other": m.group(2)}
    if (m := _BETWEEN_WORDS.search(text)) and (a := _whole_date(m.group(1))) \
            and (b := _whole_date(m.group(2))):
        return {"operation": "difference", "value": a, "other": b}
    if (m := _ADD.search(text)):  # "subtract 45 days from X" goes back from X
        taken = m.group(1).lower() in {"subtract", "take", "minus"}
        return _shift(m.group(3), m.group(2), "before" if taken else "after")
    if (m := _PLUS.search(text)):
        return _shift(m.group(1), m.group(3), "before" if m.group(2).lower() == "minus" else "after")
    if (m := _SHIFT.search(text)):  # "2 weeks before X" is a shift, not "weeks before X"
        return _shift(m.group(3), m.group(1), m.group(2))
    if (m := _SHIFT_BACK.search(text)) and len(days := _ISO_DAY.findall(text[:m.start()])) == 1:
        return _shift(days[0], m.group(1), m.group(2))
    if (m := _UNTIL.search(text)):
        return {"operation": "difference", "value": str(date.today()), "other": m.group(1)}
    if (m := _WEEKDAY.search(text)):
        return {"operation": "parse", "value": m.group(1)}
    if (m := _RELATIVE.search(text)) and re.search(r"\b(?:date|day|when)\b", text, re.I):
        return {"operation": "parse", "value": m.group(0)}
    if _ZONE_WORDS.search(text) and re.search(r"\b(?:what|current|now)\b", text, re.I):
        place = next((z for p in _IN_PLACE.findall(text) if (z := _zone_of(p))), None)
        if place:
            return {"operation": "now", "timezone": place}
    if re.search(r"\bwhat(?:'s| is)\s+(?:the\s+)?(?:date|day)\s+today\b|\btoday'?s\s+date\b",
                 text, re.I):
        return {"operation": "now", "timezone": "UTC"}
    return None


_AIRPORT = re.compile(r"\b(?:airport|iata)\b", re.I)
_FLIGHTS = re.compile(r"\b(?:flights?|fly|flying|airfares?)\b", re.I)
_HOTELS = re.compile(r"\b(?:hotels?|rooms?|stay)\b", re.I)
_LETTERS = r"(?:[^\W\d_]|[.'-])*"
"""The rest of a place's name, in any alphabet's letters ("Kraków", "Zürich")."""
_CITY_AFTER = re.compile(rf"\b(?i:for|of|in|into|near|serves|serving|to|at|does)\s+([A-Z]{_LETTERS}"
                         rf"(?:[ ,]+[A-Z]{_LETTERS}){{0,3}})")
_LOWER = r"(?:[^\W\d_A-Z]|[.'-])"
_LOWER_CITY = re.compile(rf"\b(?i:for|of|in|serves|serving|does)\s+([a-z]{_LOWER}+(?:,?\s+[a-z]{_LOWER}+)"
                         r"{0,2})\s*(?:[?.!,]|$)")
"""A city written in lower case, before an end mark or a comma ("the airport code for
seattle", "for portland, maine, what is..."): the travel server says whether it is one."""
_CITY_BEFORE = re.compile(r"(?<![\w'])([A-Za-z][A-Za-z.'-]*(?: [A-Z][A-Za-z.'-]*){0,2})(?:'s)?\s+"
                          r"(?:international\s+)?airport\b")
"""A city named before the word airport ("Helsinki airport code", "oslo airport"): used
only when the travel server knows it as a city."""
_CITY_LEAD = re.compile(rf"^\s*([A-Za-z]{_LETTERS}(?:,?\s+[A-Za-z]{_LETTERS}){{0,2}}?)\s*[-–—:]\s+"
                        r"(?=.*\bits\b)", re.I)
"""A city put first, then a dash and a question about "its" airport ("Birmingham, Alabama -
which IATA code is its airport?"): used only when the travel server knows it as a city."""
_NOT_A_CITY_WORDS = """the a an i this that these those its it my our your their his her
which what whats what's main nearest closest nearby local big biggest major international
home same other"""
_NOT_A_CITY = frozenset(_NOT_A_CITY_WORDS.split())
"""Words that start no city's name: "the airport code" names no city, whatever the travel
server makes of "the" (it finds an airport named "The Eastern Iowa Airport")."""
_NOT_MEANT = re.compile(r"\s*\(\s*(?:not|no|i\s+don'?t\s+mean)\b[^()]*\)|"
                        r"\s*[,;-]?\s*\b(?:not|rather\s+than|instead\s+of|i\s+don'?t\s+mean)\s+"
                        r"(?:the\s+one\s+|the\s+city\s+|the\s+airport\s+)?(?:in|at|near)\s+"
                        r"[^,;.?!()]*", re.I)
"""An aside that says what is not meant, in brackets ("(not the one in England!)") or not
("for portland oregon not the one in maine", "Portland, rather than the one in Maine"):
the place it names is never the one looked up."""


async def _travel(text: str, travel: TravelLookups) -> list[tuple[str, dict[str, Any]]] | None:
    """Travel tool calls the question asks for, or None."""
    code = travel.code
    flights, hotels = _FLIGHTS.search(text), _HOTELS.search(text)
    if flights or hotels:
        found = await travel.read(text)
        depart = found.get("depart")
        if flights and found.get("origin") and found.get("destination") and depart:
            args = {"origin": await code(found["origin"]),
                    "destination": await code(found["destination"]), "date": depart,
                    **({"return_date": found["return"]} if found.get("return") else {})}
            return [("search_flights", args)]
        city = found.get("destination") or found.get("origin")
        if hotels and city and depart and found.get("return"):
            return [("search_hotels", {"city_code": await code(city), "check_in": depart,
                                       "check_out": found["return"]})]
    if _AIRPORT.search(text):
        # A question in capitals names its city as one in lower case does; a city it says
        # it does not mean ("(not the one in England!)") is none of those asked for.
        said = " ".join(_NOT_MEANT.sub(" ", text).split())
        said = said.lower() if said.upper() == said else said
        cities = [m.group(1).strip(" ,").removesuffix("'s") for m in _CITY_AFTER.finditer(said)]
        cities = [c for c in cities if c.split()[0].lower() not in _NOT_A_CITY]
        if not cities and (lower := _LOWER_CITY.search(said)):
            cities = [await _known_part(lower.group(1), code)]
        lead = None if cities else _CITY_LEAD.match(said)
        if lead and lead.group(1).split()[0].lower() not in _NOT_A_CITY:
            named = await _with_region(lead.group(1), code)
            if await code(named) != named:  # the travel server knows it as a city
                cities = [lead.group(1)]
        if not cities:
            cities = [m.group(1) for m in _CITY_BEFORE.finditer(said)
                      if m.group(1).split()[0].lower() not in _NOT_A_CITY
                      and await code(m.group(1)) != m.group(1)]
        for first, then in itertools.pairwise(list(cities)):
            # "Kraków in Poland", "Sydney in Australia": a city and its country or region,
            # when the travel server knows them together.
            if f"{first} in {then}" in said and await code(f"{first}, {then}") != \
                    f"{first}, {then}" and first in cities and then in cities:
                cities[cities.index(first)] = f"{first}, {then}"
                cities.remove(then)
        if cities:
            cities = [await _with_region(city, code) for city in cities]
            for aside in _NOT_MEANT.finditer(text):
                # "Portland, not the one in Maine": a city named with no region of its own
                # that the travel server finds as the one in the place not meant is not
                # looked up (Paris is found in France, not as "Paris, Texas").
                place = re.sub(r"^[\s,;(-]*\w+(?:\s+\w+)*?\s+(?:in|at|near)\s+", "",
                               " ".join(aside.group().split())).strip(" )!?.")
                for city in cities:
                    if "," not in city and (known := await code(city)) != city \
                            and known == await code(f"{city}, {place}"):
                        return None
            return [("get_airport_code", {"city_name": city}) for city in dict.fromkeys(cities)]
    return None


async def _known_part(said: str, code: CodeLookup) -> str:
    """The longest start of ``said`` ("vienna, airport code") the travel server knows as a
    city ("vienna"), up to the words of the question ("airport", "code"); ``said`` itself
    when it knows none, for the server to say so."""
    parts = list(itertools.takewhile(lambda part: not re.search(
        r"\b(?:airport|iata|code)\b", part, re.I), said.split(","))) or said.split(",")
    for cut in range(len(parts), 0, -1):
        city = ",".join(parts[:cut]).strip()
        if await code(city) != city:
            return city
    return said


async def _with_region(city: str, code: CodeLookup) -> str:
    """A city and its region or country written without a comma ("Portland Maine") as the
    travel server knows them ("Portland, Maine"); a name it knows as written stays."""
    words = city.split()
    if "," in city or len(words) < 2 or await code(city) != city:
        return city
    for cut in range(len(words) - 1, 0, -1):
        place = f"{' '.join(words[:cut])}, {' '.join(words[cut:])}"
        if await code(place) != place:
            return place
    return city


_CLAUSES = re.compile(r"(?<=[?!.])\s+(?=[A-Z])|\s*;\s*|(?:,|,?\s+and)\s+(?=(?:what|how|which|when|"
                      r"convert|calculate|find|tell)\b)", re.I)


async def read_question(text: str, travel: TravelLookups) -> Reading | None:
    """The calls code is sure of, or None (the knowledge base then, or the bank's data).

    Each clause is read on its own ("What is 2+2? And what time is it in Tokyo?"), so
    independent questions become independent calls, which run in parallel. Flights and
    hotels are searched by airport code: ``travel.code`` turns a city into one.
    """
    text = _unfronted(text)
    plain = _plain(text)
    if (there := _time_there(plain)):  # "18:30 in Tokyo. What time is that in LA?"
        return Reading("datetime", [("datetime_tool", there)])
    stated = _STATED.search(plain) is not None
    asks_date = _ASKS_DATE.search(plain) is not None

    def answers(reading: Reading | None) -> bool:
        # The time now is not the answer to a question that states a time or a date, nor
        # a count of days to one that asks for a date.
        if reading is None:
            return False
        operations = [args.get("operation") for _, args in reading.calls]
        return not ((stated and all(op == "now" for op in operations))
                    or (asks_date and "difference" in operations))

    parts = [p for p in _CLAUSES.split(text) if p and p.strip()]
    readings = [r for r in [await _read_one(p, travel) for p in parts]
                if r is not None and answers(r)]
    if len(readings) <= 1:
        if readings:
            return readings[0]
        whole = await _read_one(text, travel)
        return whole if answers(whole) else None
    calls = [call for r in readings for call in r.calls]
    return Reading("+".join(dict.fromkeys(r.kind for r in readings)), calls)


_FRONTED = re.compile(r"^\s*((?:in|by|after|before|for|from|at|on|during|since)\s+"
                      r"(?:[^?!.]|\.(?=\d)){1,40}?),"
                      r"\s+((?:what|what's|whats|how|which|when|where|who|is|are|do|does|can|could|"
                      r"would|will|find|convert|calculate|compute|tell|show|give)\b.*?)\s*([?!.]*)"
                      r"\s*$", re.I)
"""A phrase put before the question ("For Portland, Maine, what is..."): it ends at the
comma before the question's first word."""


def _unfronted(text: str) -> str:
    """A phrase put first put back at the end: "In 3 miles, how many meters are?" is "How
    many meters are in 3 miles?" (the question's own order, which the readers know)."""
    if not (m := _FRONTED.match(text)):
        return text
    phrase, rest = m.group(1), m.group(2)
    return f"{rest[0].upper()}{rest[1:]} {phrase[0].lower()}{phrase[1:]}{m.group(3)}"


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_MONTH = r"(" + "|".join(f"{m[:3]}(?:{m[3:]})?" for m in _MONTHS) + r")\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_DATE_WORDS = re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+(\d{{4}})\b|\b{_DAY}\s+(?:of\s+)?{_MONTH},?"
                         r"\s+(\d{4})\b", re.I)


def _iso(match: re.Match[str]) -> str:
    month, day, year = (match.group(1), match.group(2), match.group(3)) if match.group(1) \
        else (match.group(5), match.group(4), match.group(6))
    number = next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(month.lower()[:3]))
    try:
        return date(int(year), number, int(day)).isoformat()
    except ValueError:  # no such day: left as written, for the tool to say so
        return match.group(0)


_SLASHED = re.compile(r"(?<![\d/])(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?![\d/])")


_DAY_FIRST = re.compile(r"\b(?:(?:uk|british|european|australian)\s+(?:date|format)|"
                        r"day\s*/\s*month\b|dd\s*/\s*mm\b|day\s+first\b)", re.I)
_MONTH_FIRST = re.compile(r"\b(?:(?:us|u\.s\.|american)\s+(?:date|format)|"
                          r"month\s*/\s*day\b|mm\s*/\s*dd\b|month\s+first\b)", re.I)
"""The order of a date's numbers the question says it writes ("Using UK dates (day/month):",
"in US format")."""


def _date_order(text: str) -> str | None:
    """``day`` or ``month`` first, as the question says it writes its dates, or as its
    dates in numbers show when one has a day past 12 and none says the other order (a
    question writes its dates one way: "from 01/02/2027 to 01/13/2027" is in January);
    None when nothing says which."""
    day, month = bool(_DAY_FIRST.search(text)), bool(_MONTH_FIRST.search(text))
    if not (day or month):
        pairs = [(int(m.group(1)), int(m.group(2))) for m in _SLASHED.finditer(text)]
        day = any(first > 12 >= second for first, second in pairs)
        month = any(second > 12 >= first for first, second in pairs)
    return "day" if day and not month else "month" if month and not day else None


def _slashed(match: re.Match[str], order: str | None = None) -> str:
    """``15/01/2027`` (a day past 12 first) or ``01/15/2027`` (past 12 second) as an ISO
    date; ``03/04/2027``, which could be either, as the ``order`` the question says it
    writes (``day`` or ``month`` first), else as written. A date that is no day in the
    order said stays as written too."""
    first, second, year = (int(group) for group in match.groups())
    if order == "day" or (order is None and first > 12 >= second):
        day, month = first, second
    elif order == "month" or (order is None and second > 12 >= first):
        day, month = second, first
    else:
        return match.group(0)
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return match.group(0)


_GREETING = re.compile(r"^(?:(?:hey|hi|hello|hiya|morning|good\s+(?:morning|afternoon|evening)|"
                       r"(?:a\s+)?quick\s+(?:one|question))\b[\s,!.:;-]*)+", re.I)
"""A greeting or "quick one" before the question: no part of what is asked."""
_ASIDE = re.compile(r"\s*\([^()\d]*\)")
"""An aside in brackets with no figure in it ("(marathon distance)")."""


_PAST_HOUR = re.compile(r"\b(?:(?:a\s+)?(quarter|half)|(\d{1,2})\s+(?:minutes?|mins?))\s+"
                        r"(past|after|to|before)\s+(\d{1,2})(?![\d:])", re.I)
"""A time said as minutes from an hour ("quarter past 7", "half past 6", "quarter to 9",
"20 minutes past 3"); "20 past 3" with no word for minutes is not read as one."""


def _past_hour(match: re.Match[str]) -> str:
    """``quarter past 7`` as ``7:15``, ``quarter to 9`` as ``8:45``; an hour past 12 or a
    count of minutes of an hour or more is left as written (then no clock time is read)."""
    word, count, way, hour = (g.lower() if g else g for g in match.groups())
    minutes = {"quarter": 15, "half": 30}[word] if word else int(count)
    if not 1 <= int(hour) <= 12 or not 0 < minutes < 60 or (
            word == "half" and way in {"to", "before"}):
        return match.group()
    if way in {"to", "before"}:
        return f"{(int(hour) - 2) % 12 + 1}:{60 - minutes:02d}"
    return f"{hour}:{minutes:02d}"


def _plain(text: str) -> str:
    """The question as the calculator's and the clock's readers take it: one space between
    words, one end mark ("?!" or "..." is "?"), numbers in words as digits ("three" is 3,
    "thirty-one" is 31, "two thousand" is 2000; "2 and a quarter" is 2.25), whole dates in
    words as ISO dates ("March 10, 2027" is 2027-03-10), and a question in capitals in lower
    case."""
    text = " ".join(text.split())
    order = _date_order(text)  # before the aside that may say it goes: "(day/month)"
    text = _GREETING.sub("", text)
    text = _ASIDE.sub("", text)
    text = re.sub(r"\s*[?!.…]{2,}$|\s+[?!.]$", "?", text)
    if text.upper() == text:
        text = text.lower()
    text = digits(text)
    text = re.sub(r"\b(\d+) and a half\b", r"\1.5", text)
    text = re.sub(r"\b(\d+) and (?:a|one) quarter\b(?!\s+(?:past|to|after|before)\b)", r"\1.25",
                  text)
    text = re.sub(r"\b(\d+) and (?:three|3) quarters\b", r"\1.75", text)
    text = _PAST_HOUR.sub(_past_hour, text)
    text = re.sub(r"\b(\d{1,2}(?::\d{2})?)\s+in\s+the\s+(morning|afternoon|evening)\b",
                  lambda m: f"{m.group(1)} {'am' if m.group(2).lower() == 'morning' else 'pm'}", text,
                  flags=re.I)
    text = re.sub(r"\b(?:12\s+)?(noon|midday|midnight)\b",
                  lambda m: "00:00" if m.group(1).lower() == "midnight" else "12:00", text, flags=re.I)
    text = _SLASHED.sub(lambda match: _slashed(match, order), text)
    return _DATE_WORDS.sub(_iso, text)


async def _read_one(text: str, travel: TravelLookups) -> Reading | None:
    plain = _plain(text)
    expression = _calculation(plain)
    if expression:
        return Reading("calculator", [("calculator", {"expression": expression})])
    calls = await _travel(text, travel)
    if calls:
        return Reading("travel", calls)
    when = _datetime(plain)
    if when:
        return Reading("datetime", [("datetime_tool", when)])
    return None


_STOP_WORDS = """a an the is are was were be been do does did of to in on for with and or
what whats what's which who whom how when where why can could would should will i me my
we our you your it its this that these those there please tell about explain describe
show give find list does doing done any some much many get set use using used vs"""
_STOP = frozenset(_STOP_WORDS.split())


_UNSET = re.compile(r"\b(?:if|when|unless)\s+(?:i|you|we|one|nobody|no\s+one)\s+"
                    r"(?:don'?t|do\s+not|doesn'?t|does\s+not|never)\s+(?:set|change|configure|"
                    r"specify|pass|touch)\s+(?:anything|it|them|that|a\s+thing)\b|"
                    r"\bif\s+nothing\s+is\s+(?:set|configured|changed|specified)\b|"
                    r"\bout\s+of\s+the\s+box\b", re.I)
"""What is "by default" in other words ("if I don't set anything", "out of the box"): the
documentation says ``default``, and the words themselves match passages about anything."""


def kb_terms(text: str) -> str:
    """The words of ``text`` that carry meaning, for a knowledge-base search; what is said
    "by default" in other words is searched as ``default``."""
    text = _UNSET.sub(" default ", text)
    words = re.findall(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", text)
    kept = [w.strip(".") for w in words if w.lower() not in _STOP and len(w) > 1]
    return " ".join(kept) or text.strip()


def narrower_terms(query: str, tried: list[str]) -> str | None:
    """Different terms after an empty search: the shortest word dropped, then the longest
    word alone, then the words without a plural ``s``; None when all were tried."""
    words = query.split()
    options = []
    if len(words) > 1:
        shortest = min(words, key=len)
        options.append(" ".join(w for w in words if w is not shortest))
    options.append(max(words, key=len) if words else "")
    options.append(" ".join(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words))
    for option in options:
        if option and option != query and option not in tried:
            return option
    return None


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def uncovered_terms(question: str, passages: list[str], found: Sequence[str] = ()) -> list[str]:
    """What of the question the passages leave out, when it is too much for them to answer it.

    A search ranks passages that hold *some* of the question's words (:func:`kb_terms`),
    so a passage about something else can read as an answer. The passages do not answer
    the question when they leave out a number it gives, a name it capitalises (not its
    first word), or more than a third of its words (a stem found anywhere counts as held).
    A name in capitals and the word after it ("API key") count as held only together, and
    only in the first passage, the one the answer leads with (a passage that says "no key"
    and "the API" apart is about something else, whatever the next one holds); in a
    question written all in one case, a name is a word the passages or the other passages
    ``found`` by the same search write in capitals. Returns the words left out in that
    case, else an empty list.

    A count of what "we" or the bank hold ("what number of clients do we have altogether")
    is a question about data: the documentation is never its answer, whatever it holds.
    """
    if counted := _OUR_COUNT.search(question):
        return [counted.group("what") or counted.group("what2")]
    text = " ".join(passages).lower()
    # "which setting switches on X": the setting's name answers it, in words of its own.
    asked = _ASKS_SETTING.search(question)
    terms = list(dict.fromkeys(kb_terms(_ASKS_SETTING.sub(" ", question)).split()))
    if asked and not _SETTING_NAME.search(" ".join(passages)):
        return [asked.group(1)]  # no setting's name in what the answer would state
    first = (re.findall(r"[A-Za-z0-9_]+", question) or [""])[0]

    def held(term: str) -> bool:
        if term.isdigit():
            return re.search(rf"(?<![\d.]){term}(?![\d.]\d)", text) is not None
        return _stem(term) in text

    missing = [term for term in terms if not held(term)]
    specific = [term for term in missing if term.isdigit() or (
        term[:1].isupper() and term != first and not term.isupper())]
    # A name in capitals and the word after it name one thing ("API key", "MCP servers"):
    # a first passage that does not hold the two together is about something else.
    pairs = _COMPOUND.findall(question)
    if question.upper() == question or question.lower() == question:
        named = set(re.findall(r"\b[A-Z]{2,6}\b", " ".join([*passages, *found])))
        pairs = [(name, word) for name, word in _PAIR.findall(question)
                 if name.upper() in named and not word.isdigit() and name.lower() not in _STOP]
    best = passages[0].lower() if passages else ""
    apart = [f"{name} {word}" for name, word in pairs
             if word.lower() not in _STOP and not re.search(
                 rf"(?<![a-z0-9]){name.lower()}[\s_-]+{re.escape(_stem(word))}", best)]
    if apart:
        return [*apart, *missing]
    return missing if specific or len(missing) * 3 > len(terms) else []


_ASKS_SETTING = re.compile(r"\b(?:which|what)\s+((?:setting|option|flag|env(?:ironment)?\s+"
                           r"var(?:iable)?|variable|config(?:uration)?\s+(?:setting|option|key))s?)"
                           r"(?:\s+(?:switches|turns|sets|changes|controls|enables|disables|"
                           r"configures)(?:\s+(?:it|this|that|on|off))?)?\b", re.I)
"""A question that asks for a setting ("which setting switches on re-ranking", "which env
var changes it"): the words naming the kind of thing asked for and what it does to it are
not the passages' words; a setting's name (``AGENTDESK_KB_RERANK``) is."""
_SETTING_NAME = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|(?<![\w-])--[a-z][a-z0-9-]+")
"""A setting's name: a variable (``AGENTDESK_KB_RERANK``) or a command's option (``--k``)."""
_SETTING_WORDS = frozenset({"env", "environment", "var", "variable", "variables", "setting",
                            "settings", "option", "options", "flag", "flags", "config",
                            "configuration", "key", "decides", "controls", "sets", "changes",
                            "default", "need", "needs"})
"""Words of a question for a setting that say it wants one, not which one."""


def unstated(question: str, stated: Sequence[str]) -> list[str]:
    """What of the question what the answer states (``stated``: the excerpts it quotes and
    their commands) leaves out, though the passages they come from hold it; empty if none.

    The passages are searched whole, the answer quotes a few sentences of them: a figure
    the question states ("25/12/2026", "port 8080"; not the 1 of "1 agent") must be in what
    it quotes, and a setting asked for must be named in a line that holds one of the
    question's own words (the ``AGENTDESK_GRAPHS`` command quoted for "which env var decides
    which insurance tools need review" holds none of them: the variable of another thing).
    """
    quoted = " ".join(stated)
    # "1 agent" is "an agent" in figures: no value to find ("exit code 1" is one).
    numbers = re.findall(r"(?<![\w.])(?!1\s+[a-z])\d+(?:\.\d+)?(?![\w])", question, re.I)
    missing = [n for n in dict.fromkeys(numbers)
               if not re.search(rf"(?<![\d.]){re.escape(n)}(?![\d]|\.\d)", quoted)]
    if _ASKS_SETTING.search(question):
        words = {_stem(w) for w in kb_terms(_ASKS_SETTING.sub(" ", question)).split()
                 if w.lower() not in _SETTING_WORDS and not w.isdigit() and len(w) > 2}
        lines = [line for text in stated for line in re.split(r"\n|(?<=[.;:])\s+", text)
                 if _SETTING_NAME.search(line)]
        if words and not any(word in line.lower() for line in lines for word in words):
            missing.append("a setting of what was asked")
    return missing


_ASKS_COMMAND = re.compile(r"\b(?:what|which)\s+(?:\w+\s+)?(?:command|cli\s+command)s?\b|"
                           r"\bcommand(?:-|\s+)line\b|\b(?:from|in|on|with)\s+(?:the\s+)?(?:cli|terminal|"
                           r"shell)\b|\bwhat\s+do\s+i\s+(?:run|type)\b", re.I)
"""A question that asks for a command ("what command starts...", "from the command line")."""
_COMMAND_WORDS = frozenset({"command", "commands", "line", "cli", "terminal", "shell", "run",
                            "type", "try", "start", "starts", "use"})
"""Words of such a question that say it wants a command, not which one."""
_LINKING = frozenset({"from", "into", "onto", "via", "by", "at", "as", "if", "so", "then"})


def command_first(question: str, results: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """For a question that asks for a command: ``results`` with the hit whose command holds
    the most of the question's other words first, and that command first among the hit's;
    None when no command holds half of them and at least two (or the only one) -- the
    passages found then say nothing of the command asked for. A command's comment and the
    quoted text it is given are not the command. ``results`` unchanged for any other
    question."""
    if not _ASKS_COMMAND.search(question):
        return results
    words = [term for term in dict.fromkeys(kb_terms(question).lower().split())
             if term not in _COMMAND_WORDS and term not in _STOP and term not in _LINKING
             and not term.isdigit()]
    best: tuple[int, int, int] | None = None
    for index, hit in enumerate(results):
        for position, command in enumerate(hit.get("commands") or []):
            # The command itself: not its comment, not the example text it is given.
            said = re.sub(r"\"[^\"]*\"|'[^']*'", " ", command.split("  #", 1)[0]).lower()
            parts = re.findall(r"[a-z0-9]+", said)
            held = sum(any(alike(word, part) for part in parts) for word in words)
            if held and (best is None or held > best[0]):
                best = (held, index, position)
    if best is None or best[0] < min(2, len(words)) or best[0] * 2 < len(words):
        return None
    _, index, position = best
    hit = dict(results[index])
    commands = list(hit["commands"])
    hit["commands"] = [commands[position], *commands[:position], *commands[position + 1:]]
    return [hit, *results[:index], *results[index + 1:]]


_OUR_COUNT = re.compile(
    r"\b(?:how\s+many|what\s+number\s+of|the\s+(?:total\s+)?number\s+of|count\s+(?:of\s+)?(?:all\s+)?"
    r"(?:the\s+)?|total\s+(?:number\s+of\s+)?)\s*(?P<what>[a-z]+(?:\s+[a-z]+)?)\b.*?"
    r"\b(?:do|did|does|have|has)\s+(?:we|our\s+bank|the\s+bank)\s+(?:have|hold|got|own|serve|"
    r"issue|issued|open|opened)\b|"
    r"\b(?:how\s+many|what\s+number\s+of|the\s+(?:total\s+)?number\s+of)\s+(?P<what2>[a-z]+)\b"
    r".*?\b(?:altogether|all\s+together|in\s+total|in\s+all|on\s+(?:record|file|the\s+books)|"
    r"in\s+(?:the|our)\s+(?:database|bank|books|data))\b", re.I)
"""A count of what the bank holds, asked as people ask it."""
_COMPOUND = re.compile(r"\b([A-Z]{2,6})\s+([a-z]{3,})\b")
_PAIR = re.compile(r"\b([A-Za-z]{2,6})\s+(?=([A-Za-z]{3,})\b)")
