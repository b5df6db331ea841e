"""Amounts in a person's words ("200 mg", "every 8 hours", "1.5 per hour") and their units.

Unit names are read by pint (:mod:`agentdesk.units`), which knows plurals, long names
and symbols ("milligrams", "mcg", "hrs", "litres", "%"); only the ways of saying "per"
that pint does not read ("per hour", "h^-1") are rewritten first. A unit is then
written the way the bundled models' sidecars write their parameters' units, so a
setting's unit reads the same as the parameter's ("L/h", "ug", "mL", "day").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from agentdesk.numerals import ONES, TEENS, TENS, cardinals
from agentdesk.units import get_units, scaled

__all__ = ["WORD_VALUE", "Amount", "convert", "in_hours", "numbers_in_digits", "read_amounts",
           "unit_text"]


def _quantity(unit: str) -> Any:
    units = get_units()
    if unit.strip().lower() in ("", "1", "dimensionless"):
        return units.Quantity(1, "dimensionless")
    return units.parse_expression(unit)


def convert(value: float, unit: str, target: str) -> float | None:
    """``value`` ``unit`` in ``target`` units, or None when they do not convert.

    An offset unit (degC, degF) does not convert, as pint's default registry refuses
    to scale one.
    """
    try:
        given, wanted = _quantity(unit), _quantity(target)
        if given.dimensionality != wanted.dimensionality:
            return None
        return float(scaled(value, given).to(wanted.units).magnitude / wanted.magnitude)
    except Exception:
        return None


_NUMBER_WORDS = {"a": 1, "an": 1, **cardinals(12), "half a": 0.5, "a half": 0.5, "single": 1}
_COUNTED = re.compile(r"[ -]*(?:doses?|administrations?|tablets?|capsules?|pills?)\b", re.I)
"""A number word counts without a unit only before what it counts ("six doses", "two
tablets", which the reader must not take for one)."""

WORD_VALUE = cardinals(90)
_NUMBER_WORD = rf"(?:{'|'.join((*TENS, *TEENS, *ONES))}|hundred|thousand)"
_NUMBER_TOKEN = rf"(?:{_NUMBER_WORD}|(?<=y-)\d(?![\d.])|\d(?=[ -]+(?:hundred|thousand)\b))"
"""A number word, or one digit where words go on around it ("2 hundred", "thirty-6")."""
_SPELLED = re.compile(
    rf"(?<![\w.]){_NUMBER_TOKEN}(?:(?:[ -]+|\s+and\s+)(?={_NUMBER_TOKEN}){_NUMBER_TOKEN})*\b",
    re.I)
_TIME_WORD = r"(?:minutes?|mins?|hours?|hrs?|days?|weeks?)"
_AND_A_HALF = re.compile(
    rf"\b(\d+(?:\.\d+)?|{'|'.join(w for w in _NUMBER_WORDS if ' ' not in w)}) (?:and a half ({_TIME_WORD})|({_TIME_WORD}) and a half)\b",
    re.I)


def _spelled_value(words: list[str]) -> int | None:
    """The number that words such as "two hundred and fifty" say, or None when they do not
    make one number ("two three")."""
    total, current, last = 0, 0, ""
    for word in words:
        if word == "and":
            if last not in ("hundred", "thousand"):
                return None
            continue
        if word == "hundred":
            if not 0 < current < 10:
                return None
            current *= 100
        elif word == "thousand":
            if current == 0 or total:
                return None
            total, current = current * 1000, 0
        else:
            value = int(word) if word.isdigit() else WORD_VALUE[word]
            if last in ONES or last in TEENS or (last in TENS and value >= 10):
                return None  # "two three", "twenty thirty": a list, not one number
            current += value
        last = word
    return total + current


def numbers_in_digits(text: str) -> str:
    """``text`` with numbers said in several words written in digits ("two hundred and fifty"
    is 250, "thirty-six" 36) and "and a half" added ("a day and a half" is 1.5 day), so
    "thirty-six hours" is not read as six hours. One plain word ("six") is left to
    :func:`read_amounts`, which reads it only where it counts or carries a unit."""

    def digits(match: re.Match[str]) -> str:
        words = re.findall(r"[a-z]+|\d", match.group(0).lower())
        value = _spelled_value(words)
        if value is None or (len(words) == 1 and words[0] not in TEENS[3:] + TENS):
            return match.group(0)
        return str(value)

    def half(match: re.Match[str]) -> str:
        number = match.group(1).lower()
        value = float(_NUMBER_WORDS[number]) if number in _NUMBER_WORDS else float(number)
        return f"{value + 0.5:g} {match.group(2) or match.group(3)}"

    return _AND_A_HALF.sub(half, _SPELLED.sub(digits, text))


# The units an amount may carry: rates, clearances, masses, volumes, times and percents.
# A rate is "per" a time ("per minute", "/min", "1/h") or a time to the power -1 ("min-1",
# "h^-1", "day⁻¹"); the longer spellings come first so "0.01 min-1" is not read as minutes.
_TIMES = r"(?:hours?|hrs?|h|minutes?|mins?|days?|d)"
_UNIT = (rf"(?:{_TIMES}\s*(?:\^\s*\(?\s*[-−]\s*1\s*\)?|[-−]\s*1|⁻¹)(?!\d|\.\d)|"
         rf"(?:per|a|an|each|every)\s+{_TIMES}\b|/\s*{_TIMES}\b|1\s*/\s*{_TIMES}\b|"
         rf"(?:l|ml|litres?|liters?|millilitres?|milliliters?)\s*(?:/|per\s+)\s*{_TIMES}\b|"
         r"(?:milligrams?|mg|micrograms?|mcg|µg|μg|ug|grams?|g|kilograms?|kg)\b|"
         r"(?:litres?|liters?|l|millilitres?|milliliters?|ml)\b|"
         r"(?:weeks?|days?|hours?|hrs?|h|minutes?|mins?)\b|%|percent\b)")
_NUMBER = r"(\d+(?:\.\d+)?(?:e[-+]?\d+)?|(?:half a|a half|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|single)(?=[ -]))"
_AMOUNT = re.compile(rf"(?<![\w.]){_NUMBER}[ -]?({_UNIT})?", re.I)

# "per hour", "/ h", "1/h" and "h^-1" are all one over a unit; pint reads only "1/h".
_PER = re.compile(r"(?:per |a |an |each |every |/ ?|1 ?/ ?)(\w+)")
_INVERSE = re.compile(r"(\w+) ?(?:\^ ?\(? ?[-−] ?1 ?\)?|[-−] ?1|⁻¹)")
_VOLUME_PER = re.compile(r"(\w+) ?(?:/|per) ?(\w+)")

_SPELLING = {"µg": "ug", "μg": "ug", "l": "L", "ml": "mL", "d": "day", "%": "percent"}
"""Where the sidecars write a unit otherwise than pint's symbol for it."""


def unit_text(raw: str | None) -> str:
    """A unit as written, in the sidecars' spelling ("per hour" -> "1/h", "%" -> "percent")."""
    if not raw:
        return ""
    text = re.sub(r"\s+", " ", raw.strip().lower())
    if one_over := _PER.fullmatch(text) or _INVERSE.fullmatch(text):
        text = f"1/{one_over.group(1)}"
    elif volume_per := _VOLUME_PER.fullmatch(text):
        text = f"{volume_per.group(1)}/{volume_per.group(2)}"
    symbol = f"{get_units().parse_units(text.replace(' ', '')):~C}"
    return "/".join(_SPELLING.get(part, part) for part in symbol.split("/"))


@dataclass
class Amount:
    """A number and its unit ("" when none was given), where the clause says it."""

    start: int
    end: int
    value: float
    unit: str

    def dimension(self) -> str:
        if not self.unit:
            return "number"
        try:
            return str(_quantity(self.unit).dimensionality)
        except Exception:
            return "unknown"


def read_amounts(clause: str) -> list[Amount]:
    """Every amount in ``clause``; a number word ("a", "one") counts only with a unit."""
    found = []
    for match in _AMOUNT.finditer(clause):
        number, unit = match.group(1).lower(), unit_text(match.group(2))
        value = float(_NUMBER_WORDS[number]) if number in _NUMBER_WORDS else float(number)
        if number in _NUMBER_WORDS and not unit and not (
                number not in ("a", "an", "single", "half a", "a half")
                and _COUNTED.match(clause, match.end(1))):
            continue  # "a" or "one" alone is not an amount
        found.append(Amount(match.start(), match.end(), value, unit))
    return found


def in_hours(amount: Amount) -> float | None:
    """The amount in hours, if it is a time."""
    return convert(amount.value, amount.unit, "h") if amount.unit else None
