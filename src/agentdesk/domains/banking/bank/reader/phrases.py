"""Finding things in a question: phrases on word boundaries, dates, amounts, "top N".

Used by :mod:`.understand`; everything here is plain text processing (``dateparser``
reads month names and relative periods).
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from agentdesk.numerals import ONES, ORDINAL_DAYS, TEENS, TENS, year_in_words

from .vocabulary import MISSING_WORDS, NULLABLE_WORDS, NUMBER_WORDS, TABLE_WORDS

__all__ = ["ACQUIRING", "Mention", "Reading", "find", "find_ages", "find_comparisons", "find_dates",
           "find_having", "find_missing", "find_top", "forms"]

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))


@dataclass
class Mention:
    """One thing found in the question, at ``start`` (a character offset)."""

    start: int
    end: int
    kind: str  # table | column | value | date | compare | time | having | missing | used
    refs: tuple[str, ...] = ()
    value: Any = None
    negated: bool = False
    """A value after "not" ("not in California", "aren't active")."""


@dataclass
class Reading:
    """Everything found in one question, before it becomes a plan."""

    text: str
    mentions: list[Mention] = field(default_factory=list)

    def of(self, kind: str) -> list[Mention]:
        return [m for m in self.mentions if m.kind == kind]

    def free(self, start: int, end: int) -> bool:
        return all(end <= m.start or start >= m.end for m in self.mentions)


def forms(word: str) -> list[str]:
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


def find(reading: Reading, phrase: str, text: str, kind: str, refs: tuple[str, ...],
         value: Any = None) -> None:
    """Add a mention for each free occurrence of ``phrase`` (on word boundaries) in ``text``."""
    if phrase not in text:  # most phrases are absent: skip compiling their pattern
        return
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


def find_dates(reading: Reading, today: date) -> None:
    """Years, months, quarters and relative periods, with the word before them."""
    import dateparser

    low = reading.text.lower()
    lead = (r"(?:(since|after|from|before|until|prior to|in|during|of|for|on|between|"
            r"(?:before|by|until|till)\s+the\s+end\s+of)\s+)?")
    found: list[tuple[int, int, str | None, tuple[str, str]]] = []
    # Days: "2025-07-04", "1/15/2023" (month first), "Sept 1st, 2026", "4 July 2025",
    # "Sept first, 2026".
    day = r"(?:\d{1,2}(?:st|nd|rd|th)?|" + "|".join(sorted(_ORDINALS, key=len, reverse=True)) + ")"
    order = _slashed_order(low)
    for pattern in (r"\d{4}-\d{1,2}-\d{1,2}", *([_SLASHED.pattern] if order else []),
                    rf"(?:{_MONTH_RE})\.?\s+{day},?\s+\d{{4}}",
                    rf"(?:the\s+)?{day}\s+(?:of\s+)?(?:{_MONTH_RE})\.?,?\s+\d{{4}}"):
        for match in re.finditer(lead + rf"\b({pattern})\b", low):
            iso = _day(match.group(2), day, order or "MDY")
            if iso is not None:
                found.append((match.start(), match.end(), match.group(1), (iso, iso)))
    # Two days of one year: "between January 1st and June 30th, 2025".
    for match in re.finditer(rf"\b(between|from)\s+((?:{_MONTH_RE})\.?\s+{day})\s+"
                             rf"(?:and|to|through|until|-)\s+((?:{_MONTH_RE})\.?\s+{day}),?\s+"
                             r"(\d{4})\b", low):
        first, last = (_day(f"{match.group(i)} {match.group(4)}", day) for i in (2, 3))
        if first is not None and last is not None and first <= last:
            found.append((match.start(), match.end(), "between", (first, last)))
    # Halves: "the second half of 2024", "the last half of 2024", "H1 2025".
    for match in re.finditer(lead + r"\b(?:(?:the\s+)?(first|1st|second|2nd|last|latter)\s+half|"
                             r"h([12]))\s+(?:of\s+)?(\d{4})\b", low):
        second = match.group(2) in ("second", "2nd", "last", "latter") or match.group(3) == "2"
        year = int(match.group(4))
        found.append((match.start(), match.end(), match.group(1),
                      (f"{year}-07-01", f"{year}-12-31") if second else
                      (f"{year}-01-01", f"{year}-06-30")))
    for match in re.finditer(lead + r"\bq([1-4])\s*(?:of\s+)?(\d{4})\b", low):
        found.append((match.start(), match.end(), match.group(1),
                      _span(int(match.group(3)), quarter=int(match.group(2)))))
    # "the first quarter of 2026", "the 4th quarter 2025", "the last quarter of 2025".
    for match in re.finditer(lead + rf"\b(?:the\s+)?({'|'.join(_QUARTERS)})\s+quarter\s+"
                             r"(?:of\s+)?(\d{4})\b", low):
        found.append((match.start(), match.end(), match.group(1),
                      _span(int(match.group(3)), quarter=_QUARTERS[match.group(2)])))
    # "from March through June 2025": the first month in the year the last one names.
    for match in re.finditer(rf"(?:(between|from)\s+)?\b({_MONTH_RE})\.?\s+(?:and|to|until|through|"
                             rf"thru|-)\s+({_MONTH_RE})\.?\s+(?:of\s+)?(\d{{4}})\b", low):
        first = dateparser.parse(f"{match.group(2)} {match.group(4)}",
                                 settings={"PREFER_DAY_OF_MONTH": "first"})
        last = dateparser.parse(f"{match.group(3)} {match.group(4)}",
                                settings={"PREFER_DAY_OF_MONTH": "first"})
        if first is not None and last is not None and first.month < last.month:
            found.append((match.start(), match.end(), "between",
                          (_span(first.year, first.month)[0], _span(last.year, last.month)[1])))
    for match in re.finditer(lead + rf"\b({_MONTH_RE})\.?\s+(?:of\s+)?(\d{{4}}|['’]\d\d)(?!\w)",
                             low):
        parsed = dateparser.parse(f"{match.group(2)} {_full_year(match.group(3))}",
                                  settings={"PREFER_DAY_OF_MONTH": "first"})
        if parsed is not None:
            found.append((match.start(), match.end(), match.group(1),
                          _span(parsed.year, parsed.month)))
    # "in 2025", "during calendar year 2025", "2025's transactions": a year.
    for match in re.finditer(lead + r"(?:(?:the\s+)?(?:calendar\s+|fiscal\s+)?year\s+)?"
                             r"\b(19\d\d|20\d\d)(?:['’]s)?\b(?!\s*(?:dollars|usd|\$))", low):
        found.append((match.start(), match.end(), match.group(1), _span(int(match.group(2)))))
    for match in re.finditer(lead + r"(?:(?:the\s+)?year\s+)?\b((?:nineteen|twenty)[\s-]+"
                             rf"(?:{_YEAR_IN_WORDS}))\b", low):  # "in twenty twenty five"
        spoken = year_in_words(match.group(2))
        if spoken is not None:
            found.append((match.start(), match.end(), match.group(1), _span(spoken)))
    # "last yr", "this qtr": the period's short word after the word saying which
    for match in re.finditer(lead + r"\b(this|last|past|previous)\s+(year|yr|month)\b", low):
        unit = "year" if match.group(3) == "yr" else match.group(3)
        when = dateparser.parse(f"1 {unit} ago" if match.group(2) != "this"
                                else "today", settings={"RELATIVE_BASE": _midnight(today)})
        if when is not None:
            span = _span(when.year, when.month if unit == "month" else None)
            found.append((match.start(), match.end(), match.group(1), span))
    for match in re.finditer(lead + r"\b(?:the\s+)?(this|last|past|previous)\s+(?:quarter|qtr)\b",
                             low):
        found.append((match.start(), match.end(), match.group(1),
                      _quarter_of(today, back=match.group(2) != "this")))
    for match in re.finditer(lead + r"(?:the\s+)?\b((?:19|20)\d)0['’]?s\b", low):  # "the 1950s"
        decade = int(match.group(2)) * 10
        found.append((match.start(), match.end(), match.group(1),
                      (f"{decade}-01-01", f"{decade + 9}-12-31")))
    for match in re.finditer(r"\b(ytd|year[\s-]to[\s-]date)\b", low):
        found.append((match.start(), match.end(), None,
                      (f"{today.year}-01-01", today.isoformat())))
    kept: list[tuple[int, int, str | None, tuple[str, str]]] = []
    for item in sorted(found, key=lambda f: (f[0], -(f[1] - f[0]))):
        if all(item[0] >= end or item[1] <= start for start, end, _, _ in kept):
            kept.append(item)
    for index, (start, end, word, span) in enumerate(kept):
        # "between 1/15/2023 and 2/15/2023", "from 2020 to 2022": one range.
        after = kept[index + 1] if index + 1 < len(kept) else None
        if word in ("between", "from") and after is not None and after[2] is None and \
                re.fullmatch(r"\s*(?:and|to|until|through|-)\s*", low[end:after[0]]):
            end, span = after[1], (span[0], after[3][1])
            word = "between"
            kept[index + 1] = (after[0], after[1], "merged", after[3])
        elif word == "merged":
            continue
        if reading.free(start, end):
            reading.mentions.append(Mention(start, end, "date", (), (word, span)))


_YEAR_IN_WORDS = (rf"(?:oh[\s-]+)?(?:{'|'.join(('zero', *ONES, *TEENS))})|(?:{'|'.join(TENS)})"
                  rf"(?:[\s-]+(?:{'|'.join(ONES)}))?")
"""The last two digits of a year said in words ("twenty five", "oh five", "ten"), read by
:func:`agentdesk.numerals.year_in_words`."""


def _full_year(written: str) -> str:
    """A year as four digits: "'26" is 2026 (the bank's years are of this century)."""
    return f"20{written[-2:]}" if len(written) == 3 else written


def _quarter_of(today: date, back: bool) -> tuple[str, str]:
    """The first and last day of ``today``'s quarter, or of the one before it."""
    quarter, year = (today.month - 1) // 3 + 1, today.year
    if back:
        quarter, year = (quarter - 1, year) if quarter > 1 else (4, year - 1)
    return _span(year, quarter=quarter)


_QUARTERS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
             "4th": 4, "last": 4, "final": 4}
"""A quarter of a year by its ordinal ("the third quarter")."""

_ORDINALS = {word: str(n) for word, n in ORDINAL_DAYS.items()}
"""Days of the month in words ("Sept first"), as the digits dateparser reads."""


_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})/\d{4}")


def _slashed_order(low: str) -> str | None:
    """The order of the day and month in the question's numeric dates: one written day first
    where only a day can be ("30/9/2026") makes them all day first ("between 1/7/2026 and
    30/9/2026" starts in July), else month first ("1/15/2023"); ``None`` when they disagree
    ("13/1/2026 to 1/20/2026"), and then none is read."""
    pairs = [(int(m.group(1)), int(m.group(2))) for m in _SLASHED.finditer(low)]
    day_first = any(first > 12 for first, _ in pairs)
    month_first = any(second > 12 for _, second in pairs)
    if day_first and month_first:
        return None
    return "DMY" if day_first else "MDY"


def _day(text: str, day: str, order: str = "MDY") -> str | None:
    """The ISO date of one day as written ("Sept 1st, 2026", "the 4th of July 2025"),
    ``day`` the pattern of a day of the month, ``order`` that of numeric dates."""
    import dateparser

    text = re.sub(r"(?<=\d)(?:st|nd|rd|th)\b|\bsept\b|\bthe\s+", _day_words, text)
    text = re.sub(day, lambda m: _ORDINALS.get(m.group(), m.group()), text)
    parsed = dateparser.parse(text, languages=["en"], settings={"DATE_ORDER": order})
    return None if parsed is None else parsed.date().isoformat()


def _day_words(match: re.Match[str]) -> str:
    """An ordinal's digits ("1st" -> "1"), and "sept" as dateparser knows it."""
    return "sep" if match.group().lower() == "sept" else ""


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day)


# -- numbers and comparisons -------------------------------------------------------------

_NUMBER = r"\$?\s*(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|million|m|%|percent)?"
_COMPARE = {
    "over": ">", "above": ">", "more than": ">", "greater than": ">", "exceeding": ">",
    "larger than": ">", "higher than": ">", "bigger than": ">", "at least": ">=",
    "under": "<", "below": "<", "less than": "<", "lower than": "<", "smaller than": "<",
    "at most": "<=",
}


_GROUPED = re.compile(r"\d{1,3}(?:\.\d{3})+")
"""A number with a dot before each three digits ("5.000"): a thousands dot where money is
said ("5.000 dollars", "$1.250": cents are two digits), else as likely a decimal; with no
unit that says which, it is not read."""
_MONEY = re.compile(r"\$|\b(?:dollars|usd|bucks)\b")


def _money(low: str, match: re.Match[str]) -> bool:
    """Whether a comparison's number is said in dollars ("$5.000", "5.000 dollars")."""
    return bool(_MONEY.search(match.group()) or _MONEY.match(low[match.end():].lstrip()))


def _amount(digits: str, unit: str | None, money: bool = False) -> float | None:
    """The number as written, with its unit; ``None`` for a dotted one that may be either
    (:data:`_GROUPED`)."""
    if unit is None and _GROUPED.fullmatch(digits):
        if not money:
            return None
        digits = digits.replace(".", "")
    value = float(digits.replace(",", ""))
    if unit in ("k", "thousand"):
        value *= 1_000
    elif unit in ("m", "million"):
        value *= 1_000_000
    return value


def _whole(value: float) -> float | int:
    return int(value) if value.is_integer() else value


_AGE = re.compile(r"\b(?:aged?\s+)?(\d{1,3})\s+(?:years?\s+old\s+|years?\s+of\s+age\s+)?"
                  r"(?:or|and)\s+(older|younger)\b")
"""An age bound with its end said ("65 or older", "aged 30 and younger"); not "over 65"
(an amount as well) nor "older than 65" (65 itself, or from 66 on)."""


def _years_before(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


def find_ages(reading: Reading, today: date) -> None:
    """People's ages ("customers 65 or older"): a bound on their birth date as of ``today``
    (refs[1] the column): at least 65 is born on or before today's date 65 years ago, at
    most 30 is born after today's date 31 years ago."""
    for match in _AGE.finditer(reading.text.lower()):
        years = int(match.group(1))
        if not reading.free(match.start(), match.end()):
            continue
        if match.group(2) == "older":
            bound = ("<=", _years_before(today, years).isoformat())
        else:
            bound = (">", _years_before(today, years + 1).isoformat())
        reading.mentions.append(Mention(match.start(), match.end(), "compare",
                                        (bound[0], "customers.birth_date"), bound[1]))


def find_comparisons(reading: Reading) -> None:
    """Amount comparisons ("over $5,000", "below 4%", "between 5 and 6 percent") and
    negative/positive balances."""
    low = reading.text.lower()
    for match in re.finditer(rf"\bbetween\s+{_NUMBER}\s+and\s+{_NUMBER}", low):
        low_end = _amount(match.group(1), match.group(2), _money(low, match))
        high_end = _amount(match.group(3), match.group(4), _money(low, match))
        if reading.free(match.start(), match.end()) and low_end is not None and \
                high_end is not None:
            reading.mentions.append(Mention(match.start(), match.end(), "compare",
                                            ("between",), (_whole(low_end), _whole(high_end))))
    # "loans that run for longer than 20 years": a term, in months (refs[1] the column);
    # not "more than 5 years ago" nor "years old" (a date).
    for match in re.finditer(rf"(?:\brun(?:s|ning)?\s+(?:for\s+)?)?\b(longer|more|shorter|less)"
                             rf"\s+than\s+{_NUMBER_OR_WORD}\s+years?\b(?!\s+(?:ago|old)\b)", low):
        if reading.free(match.start(), match.end()):
            op = ">" if match.group(1) in ("longer", "more") else "<"
            reading.mentions.append(Mention(match.start(), match.end(), "compare",
                                            (op, "loans.term_months"),
                                            12 * _count(match.group(2))))
    words = "|".join(sorted(_COMPARE, key=len, reverse=True))
    for match in re.finditer(rf"\b({words})\s+{_NUMBER}", low):
        value = _amount(match.group(2), match.group(3), _money(low, match))
        if not reading.free(match.start(), match.end()) or value is None:
            continue
        reading.mentions.append(Mention(match.start(), match.end(), "compare",
                                        (_COMPARE[match.group(1)],), _whole(value)))
    # "36 months or less", "$5,000 or more": the comparison after the number.
    for match in re.finditer(rf"(?<![\w$]){_NUMBER}(?:\s+(?:months?|dollars|usd))?\s+or\s+"
                             r"(less|fewer|lower|under|below|more|greater|higher|over|above)\b",
                             low):
        value = _amount(match.group(1), match.group(2), _money(low, match))
        if not reading.free(match.start(), match.end()) or value is None:
            continue
        op = "<=" if match.group(3) in ("less", "fewer", "lower", "under", "below") else ">="
        reading.mentions.append(Mention(match.start(), match.end(), "compare", (op,),
                                        _whole(value)))
    for match in re.finditer(rf"\b({words})\s+zero\b", low):  # "a balance below zero"
        if reading.free(match.start(), match.end()):
            reading.mentions.append(Mention(match.start(), match.end(), "compare",
                                            (_COMPARE[match.group(1)],), 0))
    # "30-year mortgages": the loans' term, in months (refs[1] the column).
    for match in re.finditer(rf"\b{_NUMBER_OR_WORD}[\s-]year(?=\s+(?:\w+\s+)?(?:loans?|"
                             r"mortgages?)\b)", low):
        if reading.free(match.start(), match.end()):
            reading.mentions.append(Mention(match.start(), match.end(), "compare",
                                            ("=", "loans.term_months"),
                                            12 * _count(match.group(1))))
    # "payroll credited in 2026", "incoming transfers", "interest paid out", "cash
    # withdrawals", "cash that went out": money in or out, of transactions only. Not "received": a customer
    # receives a card or a loan as well as money, and that reading would count their
    # transactions instead.
    for match in re.finditer(r"\b(?:(credited|incoming|pa(?:id|ys?|ying)\s+out)|"
                             r"debited|outgoing|withdrawals?|"
                             r"(?:went|gone|goes|go|going)\s+out(?:\s+(?:through|via))?)\b", low):
        if reading.free(match.start(), match.end()):
            op = ">" if match.group(1) else "<"
            reading.mentions.append(Mention(match.start(), match.end(), "compare",
                                            (op, "transactions.amount"), 0))
    for match in re.finditer(r"\b(negative|positive)\s+(balance|balances|amount|amounts)\b", low):
        op = "<" if match.group(1) == "negative" else ">"
        reading.mentions.append(Mention(match.start(), match.start() + len(match.group(1)),
                                        "compare", (op,), 0))


_NUMBER_OR_WORD = r"(\d+|" + "|".join(NUMBER_WORDS) + r")"
_THRESHOLD = {
    "at least": ">=", "no fewer than": ">=", "no less than": ">=", "more than": ">",
    "over": ">", "above": ">", "greater than": ">", "fewer than": "<", "less than": "<",
    "under": "<", "below": "<", "at most": "<=", "no more than": "<=", "exactly": "=",
    "just": "=", "only": "=",
}
_OR = {"more": ">=", "fewer": "<=", "less": "<="}


ACQUIRING = (r"taken\s+out|took\s+out|take\s+out|opened|made|make|makes|"
             r"(?:been\s+)?issued|got|gotten|received")
"""The verbs of getting a row (not of holding it): "taken out a loan", "made a transaction",
"been issued a card"."""
_ACQUIRED = rf"have|has|had|hold|holds|held|own|owns|owned|{ACQUIRING}"
"""The verbs of owning a row, or of having got it: "have a loan", "never taken out a loan"."""


def _count(raw: str) -> int:
    return int(raw) if raw.isdigit() else NUMBER_WORDS[raw]


def find_having(reading: Reading) -> None:
    """Thresholds on owned rows: "at least 3 cards", "more than two accounts", "2 or more
    loans", "one account" after have/hold/own/with; ``value`` is (op, count, table)."""
    low = reading.text.lower()
    nouns = {w: t for t, words in TABLE_WORDS.items() for w in words if " " not in w}
    names = "|".join(sorted(nouns, key=len, reverse=True))
    noun = rf"({names})\b(?:\s+(?:attached|linked|associated)(?:\s+to\s+(?:it|them))?\b)?"
    words = "|".join(sorted(_THRESHOLD, key=len, reverse=True))
    patterns = [
        (rf"\b({words})\s+{_NUMBER_OR_WORD}\s+(?:\w+\s+)?{noun}", lambda m: (
            _THRESHOLD[m.group(1)], _count(m.group(2)), m.group(3))),
        (rf"\b{_NUMBER_OR_WORD}\s+or\s+(more|fewer|less)\s+(?:\w+\s+)?{noun}", lambda m: (
            _OR[m.group(2)], _count(m.group(1)), m.group(3))),
        (rf"\b(?:have|has|hold|holds|own|owns|with|holding|owning)\s+{_NUMBER_OR_WORD}\s+"
         rf"{noun}", lambda m: ("=", _count(m.group(1)), m.group(2))),
        # "accounts that have no card", "customers without any loans", "customers who
        # don't have any loans", "who have never taken out a loan": none of them.
        (rf"\b(?:(?:have|has|hold|holds|own|owns|with|holding|owning)\s+no|without|"
         rf"(?:don['’]?t|doesn['’]?t|didn['’]?t|do\s+not|does\s+not|did\s+not|never)\s+"
         rf"(?:{_ACQUIRED}))\s+(?:(?:a|an|any)\s+)?(?:single\s+)?{noun}",
         lambda m: ("=", 0, m.group(1))),
        # "customers who have a loan", "clients that made a transaction": one or more.
        (rf"\b(?:{_ACQUIRED})\s+(?:a|an)\s+{noun}(?!\s+(?:{names})\b)",
         lambda m: (">=", 1, m.group(1))),
    ]
    for pattern, read in patterns:
        for match in re.finditer(pattern, low):
            if reading.free(match.start(), match.end()):
                op, count, word = read(match)
                reading.mentions.append(Mention(match.start(), match.end(), "having", (),
                                                (op, count, nouns[word])))


def find_missing(reading: Reading) -> None:
    """Missing values: "without an employer", "no closing date", "missing a merchant", "no
    credit limit set"."""
    low = reading.text.lower()
    lead = "|".join(sorted(MISSING_WORDS, key=len, reverse=True))
    column = "|".join(sorted(NULLABLE_WORDS, key=len, reverse=True))
    for match in re.finditer(rf"\b({lead})\s+(?:(?:a|an|the|any)\s+)?({column})\b"
                             r"(?:\s+(?:on\s+(?:file|record)|set))?", low):
        if reading.free(match.start(), match.end()):
            reading.mentions.append(Mention(match.start(), match.end(), "missing",
                                            (NULLABLE_WORDS[match.group(2)],)))


def _used(reading: Reading | None, match: re.Match[str] | None) -> None:
    """Mark the words a pattern read (so the coverage check counts them as read)."""
    if reading is not None and match is not None and reading.free(match.start(), match.end()):
        reading.mentions.append(Mention(match.start(), match.end(), "used"))


def find_top(low: str, reading: Reading | None = None) -> tuple[int | None, str | None]:
    """(N, direction) of "top 5", "the 3 largest", "which 10 ...", "the branch with the most".

    With ``reading``, the words read are marked used."""
    number = r"(?P<n>\d+|" + "|".join(NUMBER_WORDS) + r")"
    smallest = r"\b(bottom|smallest|lowest|least|fewest)\b"
    for pattern in (rf"\b(top|bottom)\s+{number}\b", rf"\b(which|what|the|first)\s+{number}\b",
                    rf"\b{number}\s+(largest|biggest|highest|smallest|lowest|most|least)\b"):
        match = re.search(pattern, low)
        if match and (reading is None or reading.free(match.start(), match.end())):
            _used(reading, match)
            raw = match.group("n")
            n = int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
            return n, "asc" if re.search(smallest, low) else "desc"
    match = re.search(r"\b(which|what)\s+\w+(\s+\w+)?\s+(has|had|have|is|was|with)\s+the\s+"
                      r"(most|highest|largest|biggest|fewest|lowest|least|smallest)\b", low) or \
        re.search(r"\bthe\s+(most|least)\s+\w+\s+\w+$", low)
    if match:
        _used(reading, match)
        return 1, "asc" if re.search(smallest, low) else "desc"
    match = re.search(r"\b(top|largest|biggest|highest)\s+\w+\s+by\b", low)
    if match:
        _used(reading, match)
        return 10, "desc"
    return None, None
