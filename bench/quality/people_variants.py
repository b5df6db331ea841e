"""The trip and simulation agents' own phrasing rules, added to :mod:`.variants`' general ones.

Each agent gets its synonyms, a ``units`` rule and, for ``word_order``, its clauses in
another order (the last one first). The ``units`` rules restate an amount in other units
with the number scaled by pint (simulation: mg and µg, per minute, per hour and per day,
mL and L, minutes, hours and days, percent and a fraction; "h" and "hours" spelled out or
short) or restate a date, a length of stay or a sum of money (trip: "2027-05-03",
"3 May 2027", "May 3rd, 2027" and "the 3rd of May 2027"; "a week" and "7 days"; "$2,000",
"2000 USD" and "2k dollars"). Every rule keeps the labelled meaning.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from decimal import Decimal

from .variants import variants

__all__ = ["SIMULATION_SYNONYMS", "TRIP_SYNONYMS", "agent_variants", "clause_order",
           "simulation_units", "trip_units"]

TRIP_SYNONYMS: dict[str, str] = {
    "fly": "travel", "flying": "travelling", "travel": "fly", "travelling": "flying",
    "leaving": "departing", "departing": "leaving", "budget": "spend at most",
    "people": "travellers", "travellers": "people", "travelers": "people",
    "trip": "journey", "need": "want", "max": "at most", "under": "below",
    "back": "returning", "starting": "beginning", "adults": "grown-ups", "total": "in all",
}
"""Words of a trip request and stand-ins that keep its meaning ("nights" and "days" are
not swapped: the set reads them alike, a person may not)."""

SIMULATION_SYNONYMS: dict[str, str] = {
    "set": "change", "change": "set", "dose": "amount", "simulate": "run", "run": "simulate",
    "give me": "tell me", "tell me": "give me", "report": "give", "please": "thanks",
    "bioavailability": "bioavailable fraction", "elimination rate constant": "elimination rate",
    "give": "administer", "load": "open",
}
"""Words of a simulation request and stand-ins ("half-life" and the PK figures stay)."""

_SPACE_COMMA = re.compile(r",\s+")


def clause_order(text: str) -> list[str]:
    """The last comma-separated clause brought to the front, its end mark kept at the end."""
    core = text.rstrip("?.! ")
    end = text[len(core):]
    clauses = _SPACE_COMMA.split(core)
    if len(clauses) < 2:
        return []
    return [", ".join([clauses[-1], *clauses[:-1]]) + end]


# -- simulation -------------------------------------------------------------------------

def _number(value: float) -> str:
    return format(Decimal(repr(round(value, 10))).normalize(), "f")


# (pattern of the unit as written, pint unit, pint unit it is scaled to and how that is
# written, how the same unit is written otherwise). The longer spellings come first.
_SIM_UNITS: list[tuple[str, str, tuple[str, str], str]] = [
    (r"mL\s*/\s*min\b", "milliliter/minute", ("liter/hour", "L/h"), "millilitres per minute"),
    (r"(?:per\s+minute|/\s*min\b|min\s*(?:\^\s*-1|[-−]1|⁻¹))", "1/minute",
     ("1/hour", "per hour"), "/min"),
    (r"(?:per\s+hour|/\s*h\b|h\s*(?:\^\s*-1|[-−]1|⁻¹))", "1/hour", ("1/minute", "per minute"),
     "/h"),
    (r"(?:per\s+day|/\s*day\b)", "1/day", ("1/hour", "per hour"), "/day"),
    (r"(?:micrograms?|µg|μg|mcg|ug)\b", "microgram", ("milligram", "mg"), "µg"),
    (r"(?:milligrams?|mg)\b", "milligram", ("microgram", "micrograms"), "milligrams"),
    (r"(?:grams?|g)\b", "gram", ("milligram", "mg"), "grams"),
    (r"(?:mL|millilitres?|milliliters?)\b", "milliliter", ("liter", "litres"), "millilitres"),
    (r"(?:L|litres?|liters?)\b", "liter", ("milliliter", "mL"), "litres"),
    (r"(?:hours?|hrs?|h)\b(?!\s*(?:\^|[-−]1|⁻¹))", "hour", ("minute", "minutes"), "hours"),
    (r"(?:minutes?|mins?)\b(?!\s*(?:\^|[-−]1|⁻¹))", "minute", ("hour", "hours"), "minutes"),
    (r"days?\b", "day", ("hour", "hours"), "days"),
    (r"(?:%|percent\b)", "percent", ("dimensionless", ""), " percent"),
]
_SIM_AMOUNT = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)(\s*)(" + "|".join(f"({p})" for p, *_ in _SIM_UNITS) + ")")
_SHORT = {"hours": "h", "hour": "h", "hrs": "h", "hr": "h", "h": "hours",
          "minutes": "min", "minute": "min", "mins": "min", "min": "minutes",
          "milligrams": "mg", "micrograms": "µg", "litres": "L", "liters": "L"}


def _sim_entry(match: re.Match[str]) -> tuple[str, str, tuple[str, str], str]:
    index = next(i for i, group in enumerate(match.groups()[3:]) if group is not None)
    return _SIM_UNITS[index]


def _scaled(match: re.Match[str]) -> str:
    from agentdesk.units import get_units

    _, unit, (target, written), _ = _sim_entry(match)
    units = get_units()
    value = units.Quantity(float(match.group(1)), unit).to(target).magnitude
    return f"{_number(float(value))} {written}".rstrip()


def _spelled(match: re.Match[str]) -> str:
    _, unit, _, other = _sim_entry(match)
    written = match.group(3)
    word = _SHORT.get(written.lower(), other) if unit in ("hour", "minute", "day") else other
    if word.strip().lower() == written.strip().lower():
        return match.group(0)
    return f"{match.group(1)}{'' if word.startswith(('/', ' ')) else ' '}{word}"


def simulation_units(text: str) -> list[str]:
    """Each amount in the other unit of its kind (number scaled by pint), and each unit
    written the other way ("h" as "hours", "per minute" as "/min")."""
    return [_SIM_AMOUNT.sub(_scaled, text), _SIM_AMOUNT.sub(_spelled, text)]


# -- trip -------------------------------------------------------------------------------

_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
                "September", "October", "November", "December")
_MONTH = r"(?:" + "|".join(f"{m[:3]}(?:{m[3:]})?" if len(m) > 3 else m
                         for m in _MONTH_NAMES) + r"|Sept)\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(\d{4}))?"
_TRIP_DATE = re.compile(
    r"\b(\d{4})-(\d{2})-(\d{2})\b"
    rf"|(?:\bthe\s+)?\b{_DAY}\s+(?:of\s+)?({_MONTH}){_YEAR}\b"
    rf"|\b({_MONTH})\s+{_DAY}\b{_YEAR}\b", re.I)


def _suffix(day: int) -> str:
    return "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _month(name: str) -> int:
    return next(i for i, m in enumerate(_MONTH_NAMES, 1)
                if m.lower().startswith(name.lower().rstrip(".")[:3]))


def _date_parts(match: re.Match[str]) -> tuple[int | None, int, int]:
    g = match.groups()
    if g[0]:
        return int(g[0]), int(g[1]), int(g[2])
    if g[3]:
        return (int(g[5]) if g[5] else None), _month(g[4]), int(g[3])
    return (int(g[8]) if g[8] else None), _month(g[6]), int(g[7])


def _date_style(style: str) -> Callable[[re.Match[str]], str]:
    def write(match: re.Match[str]) -> str:
        year, month, day = _date_parts(match)
        name = _MONTH_NAMES[month - 1]
        if style == "iso":
            return f"{year:04d}-{month:02d}-{day:02d}" if year else match.group(0)
        if style == "day month":
            return f"{day} {name}" + (f" {year}" if year else "")
        if style == "month day":
            return f"{name} {day}{_suffix(day)}" + (f", {year}" if year else "")
        return f"the {day}{_suffix(day)} of {name}" + (f" {year}" if year else "")
    return write


_WEEK_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3}
_WEEKS = re.compile(r"\b(\d+|a|one|two|three)\s+weeks?\b", re.I)
_DAYS_IN_WEEKS = re.compile(r"\b(7|14|21)\s+days\b", re.I)
_MONEY = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)(\s?k\b)?|(?<![\w.,])(\d[\d,]*(?:\.\d+)?)(\s?k)?"
                    r"\s*(?:USD|dollars)\b", re.I)


def _weeks(match: re.Match[str]) -> str:
    count = match.group(1).lower()
    return f"{7 * (int(count) if count.isdigit() else _WEEK_WORDS[count])} days"


def _money_style(style: str) -> Callable[[re.Match[str]], str]:
    def write(match: re.Match[str]) -> str:
        digits, thousands = (match.group(1), match.group(2)) if match.group(1) else \
            (match.group(3), match.group(4))
        if re.search(r"\.\d{3}$", digits):
            return match.group(0)  # "5.000 dollars": five thousand to its writer, not 5.000
        value = Decimal(digits.replace(",", "")) * (1000 if thousands else 1)
        plain = format(value.normalize(), "f")
        if style == "sign":
            return f"${value.normalize():,f}"
        if style == "code":
            return f"{plain} USD"
        if value >= 1000 and (value / 1000) == (value / 1000).quantize(Decimal("0.1")):
            return f"{format((value / 1000).normalize(), 'f')}k dollars"
        return f"{plain} dollars"
    return write


def trip_units(text: str) -> list[str]:
    """Dates in each of four styles, weeks as days and back, money in three styles."""
    made = [_TRIP_DATE.sub(_date_style(style), text)
            for style in ("iso", "day month", "month day", "the day of month")]
    made.append(_WEEKS.sub(_weeks, text) if _WEEKS.search(text) else _DAYS_IN_WEEKS.sub(
        lambda m: {"7": "a week", "14": "two weeks", "21": "three weeks"}[m.group(1)], text))
    made += [_MONEY.sub(_money_style(style), text) for style in ("sign", "code", "thousands")]
    return made


# -- both -------------------------------------------------------------------------------

_RULES: dict[str, tuple[Mapping[str, str], Callable[[str], list[str]]]] = {
    "trip": (TRIP_SYNONYMS, trip_units),
    "simulation": (SIMULATION_SYNONYMS, simulation_units),
}


def agent_variants(agent: str, text: str) -> list[tuple[str, str]]:
    """``text``'s variants by the general rules and ``agent``'s own, as ``(class, text)``."""
    synonyms, units = _RULES[agent]
    return variants(text, synonyms, extra={"units": units, "word_order": clause_order})
