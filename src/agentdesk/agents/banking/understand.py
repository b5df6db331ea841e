"""Deterministic reading of a question: tables, columns, values, dates, numbers.

:func:`readings` turns "How many premier customers joined in 2025?" into one or more
:class:`~.plans.Plan` s, best first. Nothing here guesses with a model: words are
matched against the bank's vocabulary and the values the database holds, dates are
parsed with ``dateparser``; where a question can be read more than one way, each
reading is returned and the model picks one.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field, replace
from datetime import date

from .catalog import Catalog
from .plans import Filter, Plan
from .vocabulary import (
    COLUMN_WORDS,
    DATE_COLUMNS,
    DATE_VERBS,
    DEFAULT_MEASURE,
    NUMBER_WORDS,
    NUMERIC,
    STATES,
    TABLE_WORDS,
)

__all__ = ["Mention", "Reading", "read_question", "readings"]

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))


@dataclass
class Mention:
    """One thing found in the question, at ``start`` (a character offset)."""

    start: int
    end: int
    kind: str  # table | column | value | date | compare | time
    refs: tuple[str, ...] = ()
    value: object = None


@dataclass
class Reading:
    """Everything found in one question, before it becomes a plan."""

    text: str
    mentions: list[Mention] = field(default_factory=list)

    def of(self, kind: str) -> list[Mention]:
        return [m for m in self.mentions if m.kind == kind]

    def free(self, start: int, end: int) -> bool:
        return all(end <= m.start or start >= m.end for m in self.mentions)


def _plural(word: str) -> list[str]:
    """The forms a value is written in: as stored, plural, and singular ("fees" -> "fee")."""
    if word.endswith("ies"):
        return [word, word[:-3] + "y"]
    if word.endswith("es") and word[:-2].endswith(("x", "ch", "sh")):
        return [word, word[:-2]]
    if word.endswith("s") and not word.endswith("ss"):
        return [word, word[:-1]]
    if word.endswith(("x", "ch", "sh")):
        return [word, word + "es"]
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return [word, word[:-1] + "ies"]
    return [word, word + "s"]


def _find(reading: Reading, phrase: str, text: str, kind: str, refs: tuple[str, ...],
          value: object = None) -> None:
    for match in re.finditer(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text):
        if reading.free(match.start(), match.end()):
            reading.mentions.append(Mention(match.start(), match.end(), kind, refs, value))


# -- dates -----------------------------------------------------------------------------


def _span(year: int, month: int | None = None, quarter: int | None = None) -> tuple[str, str]:
    if quarter:
        first, last = 3 * quarter - 2, 3 * quarter
        return (date(year, first, 1).isoformat(),
                date(year, last, calendar.monthrange(year, last)[1]).isoformat())
    if month:
        return (date(year, month, 1).isoformat(),
                date(year, month, calendar.monthrange(year, month)[1]).isoformat())
    return f"{year}-01-01", f"{year}-12-31"


def _dates(reading: Reading, today: date) -> None:
    """Years, months, quarters and relative periods, with the word before them."""
    import dateparser

    low = reading.text.lower()
    lead = r"(?:(since|after|from|before|until|prior to|in|during|of|for)\s+)?"
    found: list[tuple[int, int, str | None, tuple[str, str]]] = []
    for match in re.finditer(lead + r"\bq([1-4])\s*(?:of\s+)?(\d{4})\b", low):
        found.append((match.start(), match.end(), match.group(1),
                      _span(int(match.group(3)), quarter=int(match.group(2)))))
    for match in re.finditer(lead + rf"\b({_MONTH_RE})\.?\s+(?:of\s+)?(\d{{4}})\b", low):
        parsed = dateparser.parse(f"{match.group(2)} {match.group(3)}",
                                  settings={"PREFER_DAY_OF_MONTH": "first"})
        if parsed is not None:
            found.append((match.start(), match.end(), match.group(1),
                          _span(parsed.year, parsed.month)))
    for match in re.finditer(lead + r"\b(19\d\d|20\d\d)\b(?!\s*(?:dollars|usd|\$))", low):
        found.append((match.start(), match.end(), match.group(1), _span(int(match.group(2)))))
    for match in re.finditer(lead + r"\b(this|last|past|previous)\s+(year|month)\b", low):
        when = dateparser.parse(f"1 {match.group(3)} ago" if match.group(2) != "this"
                                else "today", settings={"RELATIVE_BASE": _midnight(today)})
        if when is not None:
            span = _span(when.year, when.month if match.group(3) == "month" else None)
            found.append((match.start(), match.end(), match.group(1), span))
    for start, end, word, span in sorted(found, key=lambda f: (f[0], -(f[1] - f[0]))):
        if reading.free(start, end):
            reading.mentions.append(Mention(start, end, "date", (), (word, span)))


def _midnight(day: date) -> object:
    from datetime import datetime

    return datetime(day.year, day.month, day.day)


# -- numbers and comparisons -------------------------------------------------------------

_NUMBER = r"\$?\s*(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|million|m|%|percent)?"
_COMPARE = {
    "over": ">", "above": ">", "more than": ">", "greater than": ">", "exceeding": ">",
    "larger than": ">", "higher than": ">", "bigger than": ">", "at least": ">=",
    "under": "<", "below": "<", "less than": "<", "lower than": "<", "smaller than": "<",
    "at most": "<=",
}


def _amount(digits: str, unit: str | None) -> float:
    value = float(digits.replace(",", ""))
    if unit in ("k", "thousand"):
        value *= 1_000
    elif unit in ("m", "million"):
        value *= 1_000_000
    return value


def _comparisons(reading: Reading) -> None:
    low = reading.text.lower()
    words = "|".join(sorted(_COMPARE, key=len, reverse=True))
    for match in re.finditer(rf"\b({words})\s+{_NUMBER}", low):
        value = _amount(match.group(2), match.group(3))
        if value.is_integer():
            value = int(value)
        reading.mentions.append(Mention(match.start(), match.end(), "compare",
                                        (_COMPARE[match.group(1)],), value))
    for match in re.finditer(r"\b(negative|positive)\s+(balance|balances|amount|amounts)\b", low):
        op = "<" if match.group(1) == "negative" else ">"
        reading.mentions.append(Mention(match.start(), match.start() + len(match.group(1)),
                                        "compare", (op,), 0))


def _top(low: str) -> tuple[int | None, str | None]:
    """(N, direction) of "top 5", "the 3 largest", "which 10 ...", "the branch with the most"."""
    number = r"(\d+|" + "|".join(NUMBER_WORDS) + r")"
    patterns = (rf"\b(top|bottom)\s+{number}\b", rf"\b(which|what|the|first)\s+{number}\b",
                rf"\b{number}\s+(largest|biggest|highest|smallest|lowest|most|least)\b")
    for pattern in patterns:
        match = re.search(pattern, low)
        if match:
            raw = match.group(2) if pattern.startswith(r"\b(top") or pattern.startswith(
                r"\b(which") else match.group(1)
            n = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
            low_words = ("bottom", "smallest", "lowest", "least", "fewest")
            return n, "asc" if any(w in low for w in low_words) else "desc"
    if re.search(r"\b(which|what)\s+\w+(\s+\w+)?\s+(has|had|have|is|was|with)\s+the\s+"
                 r"(most|highest|largest|biggest|fewest|lowest|least|smallest)\b", low) or \
            re.search(r"\bthe\s+(most|least)\s+\w+\s+\w+$", low):
        low_words = ("fewest", "lowest", "least", "smallest")
        return 1, "asc" if any(w in low for w in low_words) else "desc"
    if re.search(r"\b(top|largest|biggest|highest)\s+\w+\s+by\b", low):
        return 10, "desc"
    return None, None


# -- the reading -----------------------------------------------------------------------


def read_question(question: str, catalog: Catalog, today: date | None = None) -> Reading:
    """Find every table, column, value, date and comparison the question mentions."""
    reading = Reading(question)
    low = question.lower()
    _dates(reading, today or date.today())
    _comparisons(reading)
    # Column phrases first ("credit limit" is not the value "credit"), longest first.
    for phrase in sorted(COLUMN_WORDS, key=len, reverse=True):
        refs = tuple(r for r in COLUMN_WORDS[phrase] if catalog.has(r))
        if refs:
            _find(reading, phrase, low, "column", refs)
    for table, words in TABLE_WORDS.items():
        if table in catalog.tables:
            for word in sorted(words, key=len, reverse=True):
                _find(reading, word, low, "table", (table,))
    if reading.of("date"):  # "opened in 2025" names a date; "closed accounts" a status
        for phrase, ref in sorted(DATE_VERBS.items(), key=lambda kv: -len(kv[0])):
            if catalog.has(ref):
                _find(reading, phrase, low, "time", (ref,))
    # Values the database holds, longest first; proper names must be written as such.
    by_value: dict[str, list[str]] = {}
    for ref, values in catalog.values.items():
        for value in values:
            by_value.setdefault(value, []).append(ref)
    for value in sorted(by_value, key=len, reverse=True):
        refs = tuple(by_value[value])
        if value.lower() != value:
            _find(reading, value, question, "value", refs, value)
            continue
        for form in _plural(value.replace("_", " ")):
            _find(reading, form, low, "value", refs, value)
    for name, code in STATES.items():
        refs = tuple(r for r in ("customers.state", "branches.state") if catalog.has(r))
        _find(reading, name, low, "value", refs, code)
    reading.mentions.sort(key=lambda m: m.start)
    return reading


def _tables_named(reading: Reading) -> list[str]:
    return [m.refs[0] for m in reading.of("table")]


def _pick(refs: tuple[str, ...], at: int, reading: Reading, base: str | None) -> str:
    """Of several columns a word may mean, the one whose table is named nearest to it."""
    if len(refs) == 1:
        return refs[0]
    tables = reading.of("table")
    named = sorted(tables, key=lambda m: abs(m.start - at))
    for mention in named:
        for ref in refs:
            if ref.startswith(mention.refs[0] + "."):
                return ref
    if base:
        for ref in refs:
            if ref.startswith(base + "."):
                return ref
    return refs[0]


_COUNT = re.compile(r"\b(how many|number of|count|counts)\b")
_AVG = re.compile(r"\b(average|avg|mean)\b")
_SPEND = re.compile(r"\b(spend|spending|spent)\b")
_SUM = re.compile(r"\b(total|sum|how much|overall)\b")
_MAX = re.compile(r"\b(largest|biggest|highest|maximum|max|most expensive)\b")
_MIN = re.compile(r"\b(smallest|lowest|minimum|min|cheapest)\b")
_LIST = re.compile(r"^\s*(list|show|give|display|which|what are|find|who)\b")
_GROUP = re.compile(r"\b(per|by|each|every|for each|for every|in each|broken down by|across)\s+"
                    r"(?:(?:the|a)\s+)?(\w+(?:\s+\w+){0,2})")


def _measure_word(low: str, top: int | None) -> str:
    if _COUNT.search(low) or (re.search(r"\bthe\s+(most|fewest|least)\s+(?!\w+ing\b)", low)
                              and not _SPEND.search(low)):
        return "count"
    if _AVG.search(low):
        return "avg"
    if _SPEND.search(low):
        return "spend"
    if _SUM.search(low):
        return "sum"
    if top is None and _MAX.search(low):
        return "max"
    if top is None and _MIN.search(low):
        return "min"
    return "rows"


def _group(reading: Reading, low: str, base: str, dates_col: str) -> str | None:
    """What the answer is broken down by: a column, a table's rows, a year or a month."""
    for match in _GROUP.finditer(low):
        words = match.group(2)
        first = words.split()[0]
        if first in ("year", "years", "yearly"):
            return f"year:{dates_col}"
        if first in ("month", "months", "monthly"):
            return f"month:{dates_col}"
        at = match.start(2)
        for mention in reading.mentions:
            if mention.start < at or mention.start > at + len(words):
                continue
            if mention.kind == "value":  # "held by private customers": a filter
                break
            if mention.kind == "column" and not set(mention.refs) <= NUMERIC:
                return _pick(tuple(r for r in mention.refs if r not in NUMERIC), at, reading,
                             base)
            if mention.kind == "table" and mention.refs[0] != base:
                following = [m for m in reading.mentions if m.start > mention.end
                             and m.start <= mention.end + 2 and m.kind == "column"]
                if following:
                    continue
                return f"entity:{mention.refs[0]}"
    if re.search(r"\b(monthly|month by month|each month|per month)\b", low):
        return f"month:{dates_col}"
    if re.search(r"\b(yearly|annually|each year|per year)\b", low):
        return f"year:{dates_col}"
    return None


def _top_group(reading: Reading, low: str, base: str) -> str | None:
    """The thing ranked in "which 5 cities ...", "top 5 merchants ...", "which branch ..."."""
    pattern = (r"\b(top|bottom|which|what|the)\s+(?:\d+|" + "|".join(NUMBER_WORDS)
               + r")?\s*(\w+(?:\s+\w+)?)")
    for match in re.finditer(pattern, low):
        at = match.start(2)
        for mention in reading.mentions:
            if not at <= mention.start < at + len(match.group(2)):
                continue
            if mention.kind == "column" and not set(mention.refs) <= NUMERIC:
                return _pick(mention.refs, at, reading, base)
            if mention.kind == "table":
                return None if mention.refs[0] == base else f"entity:{mention.refs[0]}"
            if mention.kind == "value":
                return None
    return None


def _base(reading: Reading, low: str, measure: str, column: str | None) -> str | None:
    if column and measure in ("sum", "avg", "min", "max", "spend"):
        return column.split(".")[0]
    named = reading.of("table")
    if measure in ("sum", "avg", "min", "max"):  # "how much do customers hold in accounts"
        measured = [m for m in named if m.refs[0] in DEFAULT_MEASURE]
        if measured:
            return measured[0].refs[0]
    if measure == "count":
        count = _COUNT.search(low) or re.search(r"\bthe\s+(most|fewest|least)\b", low)
        after = [m for m in named if count and m.start >= count.end()]
        if after:
            return after[0].refs[0]
    values = reading.of("value")
    if not named and values:
        return values[0].refs[0].split(".")[0]
    if named:
        return named[0].refs[0]
    return None


def readings(question: str, catalog: Catalog, today: date | None = None) -> list[Plan]:
    """The plans the question can mean, best first (empty if none is recognised)."""
    reading = read_question(question, catalog, today)
    low = question.lower()
    top, direction = _top(low)
    measure = _measure_word(low, top)
    numeric = [m for m in reading.of("column") if set(m.refs) <= NUMERIC]
    column = numeric[0].refs[0] if numeric else None
    if measure == "spend":
        column = "transactions.amount"
    base = _base(reading, low, measure, column)
    if base is None:
        return []
    if measure in ("sum", "avg", "min", "max") and column is None:
        column = DEFAULT_MEASURE.get(base)
        if column is None:
            measure = "count"
    # Dates belong to the date a verb names ("joined", "opened"), else to the base table's.
    times = reading.of("time")
    dates_col = times[0].refs[0] if times else DATE_COLUMNS.get(base, "")
    filters: list[Filter] = []
    for mention in reading.of("date"):
        word, (start, end) = mention.value  # type: ignore[misc]
        if word in ("since", "from"):
            filters.append(Filter(dates_col, ">=", start))
        elif word == "after":
            filters.append(Filter(dates_col, ">", end))
        elif word in ("before", "until", "prior to"):
            filters.append(Filter(dates_col, "<", start))
        else:
            filters.append(Filter(dates_col, "between", (start, end)))
    swaps: list[tuple[Filter, Filter]] = []
    named = set(_tables_named(reading))
    for mention in reading.of("value"):
        ref = _pick(mention.refs, mention.start, reading, base)
        chosen = Filter(ref, "=", mention.value)
        filters.append(chosen)
        # Another reading only where the question names that column's table too
        # ("customers of branches in Texas": the customers' state or the branches').
        others = [r for r in mention.refs if r != ref and r.split(".")[0] in named]
        if others:
            swaps.append((chosen, Filter(others[0], "=", mention.value)))
    for mention in reading.of("compare"):
        before = [m for m in numeric if m.end <= mention.start]
        target = before[-1].refs[0] if before else DEFAULT_MEASURE.get(base)
        if target:
            filters.append(Filter(target, mention.refs[0], mention.value))  # type: ignore[arg-type]
    group = None
    limit = None
    order = None
    if top is not None:
        group = _top_group(reading, low, base)
        if group is None and measure in ("count", "max", "min", "rows"):
            measure, column = "rows", column or DEFAULT_MEASURE.get(base)
        elif group is not None and measure in ("max", "min", "rows"):
            measure = "sum" if column else "count"
        limit, order = top, direction
        if measure == "count" and group is None:
            measure, column = "rows", DEFAULT_MEASURE.get(base)
    else:
        group = _group(reading, low, base, dates_col)
        if measure == "rows" and group is not None:
            measure = "count"
    if measure == "count" and group is None and column and _COUNT.search(low) is None:
        measure = "sum"
    if measure == "rows" and column and not order:
        column = None
    plan = Plan(table=base, measure=measure, column=column if measure != "count" else None,  # type: ignore[arg-type]
                group=group, filters=tuple(filters), order=order, limit=limit)
    out = [plan]
    for chosen, other in swaps:
        out.append(replace(plan, filters=tuple(other if f == chosen else f for f in plan.filters)))
    return out
