"""Deterministic reading of a question: tables, columns, values, dates, numbers.

:func:`readings` turns "How many premier customers joined in 2025?" into one or more
:class:`~.plans.Plan` s, best first. Nothing here guesses with a model: words are
matched against the bank's vocabulary and the values the database holds, dates are
parsed with ``dateparser``; where a question can be read more than one way, each
reading is returned and the model picks one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from datetime import date
from itertools import pairwise
from typing import Literal, cast

from rapidfuzz.distance import OSA

from .catalog import Catalog
from .coverage import FILLER, unread
from .phrases import (
    ACQUIRING,
    Mention,
    Reading,
    find,
    find_ages,
    find_comparisons,
    find_dates,
    find_having,
    find_missing,
    find_top,
    forms,
)
from .plans import LINKS, NULLABLE, Comparison, Filter, Having, Measure, Op, Plan
from .plans import tables as _plan_tables
from .vocabulary import (
    BARE_DATE_VERBS,
    COLUMN_WORDS,
    COUNTED_IN,
    DATE_COLUMNS,
    DATE_VERBS,
    DEFAULT_MEASURE,
    NUMBER_WORDS,
    NUMERIC,
    OWNED,
    STATES,
    TABLE_WORDS,
    UNITS,
    VALUE_WORDS,
)

__all__ = ["read", "read_question", "readings"]

_NOT = re.compile(r"(\bnot|\w*n['’]t|\b(?:are|is|was|were|do|does|did|has|have|had)nt|\bno longer"
                  r"|\bexcluding|\bexcept(?:\s+for)?|\bother than|\bapart from|\bbesides"
                  r"|\boutside(?:\s+of)?|\bdifferent\s+(?:than|from))\s+((?:\w+\s+){0,3})$")
"""What excludes the value after it: "not", "aren't" (or "arent"), "other than", "outside",
"different than"."""


def _negations(reading: Reading) -> None:
    """A value right after "not" (a few filler words between) is excluded, not required."""
    low = reading.text.lower()
    for mention in reading.of("value"):
        match = _NOT.search(low[:mention.start])
        if match and all(w in FILLER for w in match.group(2).split()):
            mention.negated = True
            reading.mentions.append(Mention(match.start(), match.end(1), "used"))


_SHORT_WORDS = frozenset({"or", "in", "me", "hi", "oh", "ok", "de", "la", "ma", "mo", "ne",
                          "pa", "al", "co", "id", "ga", "md", "wa", "va"})
"""State codes that are also words (or common abbreviations) in a question written in one case."""


def _table_words_as_values(reading: Reading, low: str, by_value: dict[str, list[str]]) -> None:
    """A table's word that is also a value of another table's column is that value where a
    table makes no sense: before that table's word ("card transactions": the channel) or
    negated ("not made by card")."""
    values = {form: value for value in by_value if value.lower() == value
              for form in forms(value.replace("_", " "))}
    tables = sorted(reading.of("table"), key=lambda m: m.start)
    for index, mention in enumerate(tables):
        value = values.get(low[mention.start:mention.end])
        if value is None:
            continue
        following = tables[index + 1] if index + 1 < len(tables) else None
        refs: tuple[str, ...] = ()
        if following is not None and not low[mention.end:following.start].strip():
            refs = tuple(r for r in by_value[value]
                         if r.split(".")[0] == following.refs[0] != mention.refs[0])
        elif re.match(r"\s+(?:spend|spending|spent)\b", low[mention.end:]):
            # "card spend": the money spent by card, a value of the transactions
            refs = tuple(r for r in by_value[value] if r.startswith("transactions."))
        negation = _NOT.search(low[:mention.start])
        if not refs and negation and all(w in FILLER for w in negation.group(2).split()):
            refs = tuple(r for r in by_value[value] if r.split(".")[0] != mention.refs[0])
        if refs:
            mention.kind, mention.refs, mention.value = "value", refs, value


_DIRECTION = re.compile(r"(credit|debit)s?")
"""A transaction named by the way its money went ("a payroll credit", "fee debits")."""


def _credits_and_debits(reading: Reading, low: str) -> None:
    """ "credit" or "debit" right after a transaction category names the way the money went
    ("the average payroll credit": the amounts credited), not an account or card type; as
    a sign it is no filter on another table."""
    values = sorted(reading.of("value"), key=lambda m: m.start)
    for before, mention in pairwise(values):
        word = _DIRECTION.fullmatch(low[mention.start:mention.end])
        if word is None or "transactions.category" not in before.refs or \
                low[before.end:mention.start].strip():
            continue
        mention.kind, mention.value = "compare", 0
        mention.refs = (">" if word.group(1) == "credit" else "<", "transactions.amount")


def read_question(question: str, catalog: Catalog, today: date | None = None) -> Reading:
    """Find every table, column, value, date, comparison, threshold and missing value the
    question mentions."""
    question = " ".join(question.split())
    reading = Reading(question)
    low = question.lower()
    # "private-segment customers", "paid-off loans": a hyphen joins words the bank names
    # apart (same length, so offsets hold); proper names keep theirs ("H-E-B").
    spaced = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", low)
    # Any case the person wrote in: all lower or all capitals names no proper noun by case.
    uncased = question.islower() or question.isupper()
    day = today or catalog.today or date.today()
    find_dates(reading, day)
    find_ages(reading, day)
    find_having(reading)
    find_missing(reading)
    find_comparisons(reading)
    # "New York state": the state, before the city "New York" and the column "state".
    state_refs = tuple(r for r in ("customers.state", "branches.state") if catalog.has(r))
    for name, code in STATES.items():
        if name.endswith(" state"):
            find(reading, name, spaced, "value", state_refs, code)
    # Values the database holds, by value.
    by_value: dict[str, list[str]] = {}
    for ref, values in catalog.values.items():
        for value in values:
            by_value.setdefault(value, []).append(ref)
    _employers(reading, question, catalog)
    if not uncased:  # "Best Buy" written as a name is the merchant, whatever "buy" may be
        for value in sorted(by_value, key=len, reverse=True):
            if " " in value and value.lower() != value:
                find(reading, value, question, "value", tuple(by_value[value]), value)
    # Column phrases first ("credit limit" is not the value "credit"), longest first.
    for phrase in sorted(COLUMN_WORDS, key=len, reverse=True):
        refs = tuple(r for r in COLUMN_WORDS[phrase] if catalog.has(r))
        if refs:
            find(reading, phrase, spaced, "column", refs)
    for table, words in TABLE_WORDS.items():
        if table in catalog.tables:
            for word in sorted(words, key=len, reverse=True):
                find(reading, word, spaced, "table", (table,))
    if reading.of("date"):  # "opened in 2025" names a date; "closed accounts" a status
        for phrase, ref in sorted(DATE_VERBS.items(), key=lambda kv: -len(kv[0])):
            if catalog.has(ref):
                find(reading, phrase, spaced, "time", (ref,))
        _bare_date_verbs(reading, spaced, catalog)
    # Values the database holds, longest first; proper names must be written as such.
    for value in sorted(by_value, key=len, reverse=True):
        refs = tuple(by_value[value])
        if value.lower() != value:
            if uncased and value.lower() in _SHORT_WORDS:
                # "checking or savings" is not Oregon: in one case, a code that is also a
                # word is the code only where it ends the question ("customers in OR").
                for match in re.finditer(rf"(?<![\w-]){value.lower()}(?=\s*(?:[?.!,;]|$))",
                                         low):
                    if reading.free(match.start(), match.end()):
                        reading.mentions.append(Mention(match.start(), match.end(), "value",
                                                        refs, value))
                continue
            find(reading, value.lower() if uncased else value, low if uncased else question,
                 "value", refs, value)
            continue
        for form in forms(value.replace("_", " ")):
            find(reading, form, spaced, "value", refs, value)
    for name, code in STATES.items():
        find(reading, name, spaced, "value", state_refs, code)
    for phrase, (ref, value) in VALUE_WORDS.items():
        if value in catalog.values.get(ref, ()):
            find(reading, phrase, spaced, "value", (ref,), value)
    _segment_banking(reading, low)
    _only(reading, low)
    _table_words_as_values(reading, low, by_value)
    _credits_and_debits(reading, low)
    _emails(reading, low, catalog)
    for match in re.finditer(r"\b(how many|number of)\s+(" + "|".join(UNITS) + r")\b", low):
        if catalog.has(UNITS[match.group(2)]) and reading.free(match.start(), match.end()):
            reading.mentions.append(Mention(match.start(2), match.end(), "column",
                                            (UNITS[match.group(2)],)))
            reading.mentions.append(Mention(match.start(), match.end(1), "used"))
    _negations(reading)
    _sized(reading)
    if not reading.of("date"):  # with no date, "joined" or "opened" says nothing more
        for phrase in DATE_VERBS:
            find(reading, phrase, spaced, "used", ())
    _restated_lead(reading, low)
    _dictated(reading, low)
    reading.mentions.sort(key=lambda m: m.start)
    return reading


_BARE_VERB = re.compile(
    r"\b(?:did|do|does|will)\s+(?:(?!not\b|never\b)[\w'’-]+\s+){0,4}?"
    r"(" + "|".join(BARE_DATE_VERBS) + r")\b(?=\s*(?:$|[?.!,;]|(?:in|during|since|after|before|"
    r"between|from|on|last|this|over|through|until|so)\b))")
"""A bare date verb after an auxiliary and its subject, with its object asked about before
it and only a date or the end after it ("how many cards did we issue last month"); never
negated ("did not open in 2025" is left to the coverage check)."""


_SPOKEN_COMMA = re.compile(r"\bcomma\b")
_SPOKEN_END = re.compile(r"\s+(?:period|full\s+stop)(?=\W*$)")
_SPOKEN_QUESTION = re.compile(r"\s+question\s+mark(?=\W*$)")
_NEXT_ONE = re.compile(r"^\W*(?:(?:okay|ok|alright|right|so)\W+)*(?:the\s+)?next\s+(?:one|1|question)\b")


def _dictated(reading: Reading, low: str) -> None:
    """A dictated question's spoken punctuation and lead-in: "comma", "period" ending it
    right after what it names ("... this year period"; not "during that period": which
    period is not said), "question mark" ending it after any word ("... so far question
    mark": it names nothing in a bank), "okay next one"."""
    spans = [m.span() for m in _SPOKEN_COMMA.finditer(low)]
    spans += [m.span() for m in _SPOKEN_QUESTION.finditer(low)]
    spans += [m.span() for m in _NEXT_ONE.finditer(low)]
    end = _SPOKEN_END.search(low)
    if end and any(m.end == end.start() for m in reading.mentions if m.kind != "used"):
        spans.append(end.span())
    for start, stop in spans:
        if reading.free(start, stop):
            reading.mentions.append(Mention(start, stop, "used"))


def _segment_banking(reading: Reading, low: str) -> None:
    """ "private banking clients", "the premier banking segment": a segment named with the
    line of business it is ("banking") names that segment; "banking" is read with it."""
    for mention in reading.of("value"):
        if "customers.segment" in mention.refs:
            after = re.match(r"[\s-]+banking\b", low[mention.end:])
            if after and reading.free(mention.end, mention.end + after.end()):
                reading.mentions.append(Mention(mention.end, mention.end + after.end(), "used"))


_NAME = r"(?P<name>[A-Z][\w&'’-]*(?:\s+(?:(?:and|&|of|the)\s+)?[A-Z][\w&'’-]*)*)"
"""A proper name, its words capitalised ("Johnson Inc", "Smith and Sons")."""
_EMPLOYED = (
    re.compile(rf"\b(?:works?|working|worked|employed)\s+(?:for|at|by)\s+{_NAME}"),
    re.compile(rf"{_NAME}\s+as\s+(?:(?:their|his|her|the|an?)\s+)?employer\b"),
    re.compile(rf"\bemployer\s+(?:is\s+|was\s+)?[:=]?\s*{_NAME}"),
)
"""A verb of working and the proper name of whom for ("work for Johnson Inc"), or a name
said to be the employer ("Smith and Sons as their employer", "whose employer is Acme")."""


def _employers(reading: Reading, question: str, catalog: Catalog) -> None:
    """ "customers who work for Johnson Inc", "Smith and Sons as their employer": the name
    written after a verb of working, or said to be the employer, is an employer (the bank
    keeps employers as free text, not among its values), whatever else a name of that
    spelling may be (a merchant). One negated ("don't list Acme as their employer") is left
    unread: whether those with no employer are meant is not said."""
    if not catalog.has("customers.employer"):
        return
    for pattern in _EMPLOYED:
        for match in pattern.finditer(question):
            negation = _NOT.search(question[:match.start("name")].lower())
            if negation and all(w in FILLER for w in negation.group(2).split()):
                continue  # "don't list Acme as their employer": those with none, too?
            if reading.free(match.start(), match.end()):
                reading.mentions.append(Mention(match.start("name"), match.end("name"), "value",
                                                ("customers.employer",), match.group("name")))
                for start, end in ((match.start(), match.start("name")),
                                   (match.end("name"), match.end())):
                    if start < end:
                        reading.mentions.append(Mention(start, end, "used"))


def _only(reading: Reading, low: str) -> None:
    """ "per segment, California only": "only" after a value says the value is the filter,
    which it already is."""
    for mention in reading.of("value"):
        after = re.match(r"\s+only\b", low[mention.end:])
        if after and reading.free(mention.end, mention.end + after.end()):
            reading.mentions.append(Mention(mention.end, mention.end + after.end(), "used"))


def _bare_date_verbs(reading: Reading, spaced: str, catalog: Catalog) -> None:
    """The verb of a date in its bare form: "how many accounts did premier customers open in
    2026" dates the accounts' opening; "open" there is no status."""
    for match in _BARE_VERB.finditer(spaced):
        ref = BARE_DATE_VERBS[match.group(1)]
        if catalog.has(ref) and reading.free(match.start(1), match.end(1)):
            reading.mentions.append(Mention(match.start(1), match.end(1), "time", (ref,)))


_LEAD_IN = re.compile(r"^(?:(?:hi|hello|hey)\b[\s,!.]*)?([^:?]{1,80}):\s+(?=\S)")
"""What is said before the question, up to a colon ("Hi, I'm looking at our Chicago base:
how many customers in Chicago ...")."""


def _restated_lead(reading: Reading, low: str) -> None:
    """A lead-in before a colon that names nothing the question after it does not name again
    (a value said twice, no table, column, date or number of its own) is context: its words
    are read, and its mentions give no filter of their own. One that names something of its
    own keeps it, and its words stay for the coverage check."""
    lead = _LEAD_IN.match(low)
    if lead is None or re.search(r"\d", lead.group(1)):
        return
    before = [m for m in reading.mentions if m.end <= lead.end()]
    after = [m for m in reading.mentions if m.start >= lead.end()]
    if not after or any(m.kind != "value" or not any(
            a.kind == "value" and a.value == m.value for a in after) for m in before):
        return
    reading.mentions = [*after, Mention(0, lead.end(), "used")]


def _emails(reading: Reading, low: str, catalog: Catalog) -> None:
    """An e-mail provider the customers' addresses are at: "a gmail address", "gmail.com
    e-mails", "@yahoo.com" (with the verb before it: "customers who use a gmail address")."""
    for domain in catalog.domains:
        name, _, rest = domain.partition(".")
        word = rf"@?{re.escape(name)}(?:\.{re.escape(rest)})?"
        for match in re.finditer(
                r"(?<![\w@.-])(?:(?:use|uses|using|used|with|have|has|having|on)\s+)?"
                rf"(?:(?:a|an)\s+)?(?:{word}\s+(?:e-?mail\s+)?(?:address(?:es)?|e-?mails?)\b"
                rf"|@?{re.escape(domain)}(?![\w.-]))", low):
            if reading.free(match.start(), match.end()):
                reading.mentions.append(Mention(match.start(), match.end(), "email",
                                                ("customers.email",), "@" + domain))


def _sized(reading: Reading) -> None:
    """A number word of several tables ("size") is the one of the table the question names,
    or of the table of the values it names ("the size of a payroll deposit": an amount);
    with neither, or both ambiguous, it is left unread."""
    for mention in [m for m in reading.of("column") if len(m.refs) > 1
                    and set(m.refs) <= NUMERIC]:
        named = {m.refs[0] for m in reading.of("table")} or \
            {r.split(".")[0] for m in reading.of("value") for r in m.refs}
        refs = tuple(r for r in mention.refs if r.split(".")[0] in named)
        if len(refs) == 1:
            mention.refs = refs
        else:
            reading.mentions.remove(mention)


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


_TIMES = re.compile(r"\b(?:how many|number of)\s+(times)\b")
"""How often something happened: a count of the transactions that record it."""
_DISTINCT = re.compile(r"\b(how many|number of)\s+(different|distinct|unique)\b")
_SIGN_OF_COUNT = r"(?<![\w#])(?:#|no\.)"
"""The sign before "of" that says a count: "# of loans", "no. of accounts"."""
_COUNT = re.compile(rf"(?:\b(?:how many|number of|count|counts|tally)|{_SIGN_OF_COUNT}\s*of)\b"
                    r"(?!\s+(?:" + "|".join(UNITS) + r")\b)")
"""A count of rows ("how many", "# of", "no. of"); not "how many months" (a number of a column's unit,
:data:`UNITS`)."""
_NUMBER_SIGN = re.compile(rf"{_SIGN_OF_COUNT}(?=\s*of\b)")
"""The sign of "# of" or "no. of": read by a plan that counts (:func:`_ignored` unreads it
otherwise)."""
_MOST = re.compile(r"\bthe\s+(most|fewest|least)\s+(?!\w+ing\b|recent(?:ly)?\b|(?:in|of|on|at|"
                   r"for|by|during|since|over|overall|this|last|per)\b)")
"""A count ranked ("the most accounts"); not "the most spending", "the most recently opened",
nor the most of a number ("borrowed the most in total")."""
_AVG = re.compile(r"\b(average|avg|mean)\b")
_SPEND = re.compile(r"\b(spend|spending|spent|collected|(?:paid|pay|pays|paying)"
                    r"(?![\s_-]+(?:off|back|down|out|to|into)\b))"
                    r"\b")
"""Money going out of the customers' accounts ("rent paid in 2024", "fees collected": taken
by the bank); not "paid off" loans, nor money paid out, to someone or into an account
("interest paid to customers")."""
_PAYEES = r"(?:(?:our|the)\s+)?(?:customers?|clients?|people|members|we|they|i)"
_PAID_TO = re.compile(rf"(?:\b{_PAYEES}\s+(?:were|was|got|get|gets|are|is|be|been|being)|"
                      rf"\b(?:were|was|are|is|did|do|does)\s+{_PAYEES}(?:\s+(?:get|got|being))?)"
                      r"\s+$")
"""Who was paid, before "paid": money coming in ("how much were customers paid", "customers
got paid")."""


_BANK_PAYS = re.compile(r"\b(?:we|us|bank|bank['’]s)\b")
"""The bank as who pays ("how much did we pay in interest"): money coming in."""


def _spending(low: str) -> list[re.Match[str]]:
    """The words of money going out: :data:`_SPEND`, but not "customers were paid", nor
    what "we" pay."""
    return [m for m in _SPEND.finditer(low)
            if (m.group(1) != "paid" or not _PAID_TO.search(low[:m.start()])) and
            (not m.group(1).startswith("pa") or not _BANK_PAYS.search(low[:m.start()]))]
_MONEY_OUT = Filter("transactions.amount", "<", 0)
"""The transactions of money going out: what a count of spending counts."""
_SUM = re.compile(r"\b(total|sum|how much|overall|combined)\b")
_HOW_MUCH = re.compile(r"\bhow\s+much\b")
"""An amount asked: of rows with no number of their own it is not their count."""
_BORROWED = re.compile(r"\b(borrow|borrowed)\b")
"""What was borrowed, ranked, is a total of principal ("which 5 customers borrowed the
most"); not "which customers borrowed in 2025" (who, not how much)."""
_MAX = re.compile(r"\b(largest|biggest|highest|maximum|max|most expensive)\b")
_MIN = re.compile(r"\b(smallest|lowest|minimum|min|cheapest)\b")
_GROUP = re.compile(r"\b(per|by|each|every|for each|for every|in each|broken down by|across)\s+"
                    r"(?:(?:the|a)\s+)?(?P<owner>(?:account\s+|card\s+)?(?:owner|holder|borrower)"
                    r"(?:['’]s|s['’])\s+)?(?P<words>\w+(?:\s+\w+){0,2})")
"""A breakdown ("per state", "by the owner's segment": of the customers owning the rows)."""


_RELATIVE_CLAUSE = re.compile(r"\s+(?:who|that|which|whose)\b")
"""A clause saying which rows are meant: rows after "by" with one ("accounts opened by
customers who live in Florida") are who did it, not what the answer is broken down by."""


def _measure_word(low: str, top: int | None) -> str:
    if _PERCENT.search(low) or _OF_ALL_SHARE.search(low):
        return "percent"
    if _RATIO.search(low):
        return "ratio"
    if _COUNT.search(low) or (_MOST.search(low) and not _spending(low)):
        return "count"
    if _AVG.search(low):
        return "avg_spend" if _spending(low) else "avg"
    if _spending(low):
        return "spend"
    if _SUM.search(low) or (top is not None and _BORROWED.search(low)):
        return "sum"
    if top is None and _MAX.search(low):
        return "max"
    if top is None and _MIN.search(low):
        return "min"
    return "rows"


def _group(reading: Reading, low: str, base: str, dates_col: str) -> str | None:
    """What the answer is broken down by: a column, a table's rows, a year or a month."""
    for match in _GROUP.finditer(low):
        words = match.group("words")
        first = words.split()[0]
        owner = match.group("owner")
        if owner is None and first in ("year", "years", "yearly"):
            return f"year:{dates_col}"
        if owner is None and first in ("month", "months", "monthly"):
            return f"month:{dates_col}"
        at = match.start("words")
        for mention in reading.mentions:
            if mention.start < at or mention.start > at + len(words):
                continue
            if mention.kind == "value":  # "held by private customers": a filter
                break
            if mention.kind == "column" and not set(mention.refs) <= NUMERIC:
                ref = _pick(tuple(r for r in mention.refs if r not in NUMERIC), at, reading,
                            base)
                if owner is None:
                    return ref
                # "by the owner's segment": a column of the customers owning the rows
                if ref.startswith("customers.") and "customers" in _owners(base):
                    reading.mentions.append(Mention(match.start("owner"), at, "used"))
                    return ref
                break
            if owner is not None:
                break
            if mention.kind == "table" and mention.refs[0] != base:
                following = [m for m in reading.mentions if m.start > mention.end
                             and m.start <= mention.end + 2 and m.kind == "column"]
                if following:
                    continue
                if match.group(1) == "by" and _RELATIVE_CLAUSE.match(low, mention.end):
                    break  # "opened by customers who live in Florida": who, not per whom
                return f"entity:{mention.refs[0]}"
    if re.search(r"\b(monthly|month by month|each month|per month)\b", low):
        return f"month:{dates_col}"
    if re.search(r"\b(yearly|annually|each year|per year)\b", low):
        return f"year:{dates_col}"
    return None


def _top_group(reading: Reading, low: str, base: str) -> str | None:
    """The thing ranked in "which 5 cities ...", "top 5 merchants ...", "which branch ...";
    not what "the most accounts" counts ("with the most accounts, the three branches")."""
    pattern = (r"\b(top|bottom|which|what|the)\s+(?:\d+|" + "|".join(NUMBER_WORDS)
               + r")?\s*(\w+(?:\s+\w+)?)")
    for match in re.finditer(pattern, low):
        if re.match(r"(most|fewest|least)\b", match.group(2)):
            continue
        at = match.start(2)
        for mention in reading.mentions:
            if not at <= mention.start < at + len(match.group(2)):
                continue
            if mention.kind == "column" and not set(mention.refs) <= NUMERIC:
                return _pick(mention.refs, at, reading, base)
            if mention.kind == "table":
                return None if mention.refs[0] == base else f"entity:{mention.refs[0]}"
            if mention.kind == "value":
                return _valued_column(reading, mention, at + len(match.group(2)), base)
    return None


def _valued_column(reading: Reading, value: Mention, end: int, base: str) -> str | None:
    """The column named right after a value of another column ("top 5 dining merchants":
    the merchants, of dining), else none ("top 5 premier customers")."""
    following = [m for m in reading.mentions if value.end < m.start < end]
    if following and following[0].kind == "column" and not set(following[0].refs) <= NUMERIC \
            and not set(following[0].refs) & set(value.refs):
        return _pick(following[0].refs, following[0].start, reading, base)
    return None


def _owners_asked(reading: Reading, low: str, base: str) -> str | None:
    """ "which customers spent at Starbucks in 2025": the owners of the rows summed, each
    with their total (not one total of all of them)."""
    for match in re.finditer(r"\b(?:which|what)\s+", low):
        asked = [m for m in reading.of("table") if m.start == match.end()]
        if asked and asked[0].refs[0] != base and asked[0].refs[0] in _owners(base):
            return f"entity:{asked[0].refs[0]}"
    return None


_AGGREGATE = re.compile(r"\b(?:(?:total|average|avg|mean|combined|overall)(?:\s+\w+){0,2}"
                        r"|spend|spending|spent)\s+$")
"""The words before a comparison of the total itself ("merchants with total spend over")."""


def _kept_group(reading: Reading, base: str, filters: list[Filter]) -> str | None:
    """What a threshold on the total keeps: the column or the rows the question names
    ("merchants with total spend over $450k": the merchants), else none."""
    filtered = {f.column for f in filters}
    for mention in reading.mentions:
        if mention.kind == "column" and not set(mention.refs) <= NUMERIC:
            refs = tuple(r for r in mention.refs if r not in NUMERIC and r not in filtered)
            if refs:
                return _pick(refs, mention.start, reading, base)
        if mention.kind == "table" and mention.refs[0] != base:
            return f"entity:{mention.refs[0]}"
    return None


_ROWS_ASKED = re.compile(r"\b(?:list|show|display|give|which|what|name)\s+(?:me\s+)?"
                         r"(?:(?:the|all|all\s+the|our|each|every)\s+)?$")
"""Words asking for the rows named right after them ("list customers", "which clients")."""
_TOTAL = re.compile(r"\b(?:total|sum|combined)\b")
"""The words of a total ("overall" may be of all the rows, "on average overall")."""
_TOTAL_ROWS = re.compile(r"\b(total|sum|combined)\s+(?:of\s+)?(?:(?:the|all|our)\s+)?")
"""A total said right before the rows it is of."""
_BY_FIRST = re.compile(r"^\W*(?:by|per|for\s+each|for\s+every)\s+(?:the\s+|each\s+|every\s+)?$")
"""A breakdown that opens the question, before the rows it breaks down ("By branch, ...")."""
_BREAKDOWN = re.compile(r"\b(?:broken\s+(?:down|out)|break(?:ing)?\s+(?:it\s+|them\s+)?down|"
                        r"break[\s-]?downs?|split(?:\s+out)?|grouped|segmented|bucketed)\b")
"""The words asking for a breakdown: a plan with no group does not read them."""


def _base(reading: Reading, low: str, measure: str, column: str | None) -> str | None:
    if column and measure in ("sum", "avg", "min", "max", "spend", "avg_spend"):
        return column.split(".")[0]
    # "total deposits into checking accounts": a value that is a word for the rows themselves
    # names the transactions, as "transactions" would.
    named = sorted([*reading.of("table"), *(
        Mention(m.start, m.end, "table", ("transactions",)) for m in reading.of("value")
        if "transactions.category" in m.refs and low[m.start:m.end] in _ROW_NOUNS)],
        key=lambda m: m.start)
    # "By branch, accounts opened last quarter": what the rows are broken down by, said
    # first, is not the rows.
    named = [m for m in named if not _BY_FIRST.search(low[:m.start])] or named
    if measure in ("sum", "avg", "min", "max"):  # "how much do customers hold in accounts"
        measured = [m for m in named if m.refs[0] in DEFAULT_MEASURE]
        if measured:
            return measured[0].refs[0]
        # "how much interest was credited to customers": the table of the values said,
        # where only it has a number to add up
        valued = {r.split(".")[0] for m in reading.of("value") for r in m.refs}
        if len(valued) == 1 and valued <= set(DEFAULT_MEASURE):
            return valued.pop()
    if measure == "count":
        count = _COUNT.search(low) or re.search(r"\bthe\s+(most|fewest|least)\b", low)
        after = [m for m in named if count and m.start >= count.end()]
        if _TIMES.search(low):  # "how many times did people buy ...": the purchases
            after = [m for m in after if m.refs[0] == "transactions"]
        if after:
            return after[0].refs[0]
    values = reading.of("value")
    if not named and values:
        # "the five lowest rates on active mortgages": the table every value (and the number
        # asked for) can be of, not the first table "active" is a status of.
        common = set.intersection(*({r.split(".")[0] for r in m.refs} for m in values))
        if column and column.split(".")[0] in common:
            return column.split(".")[0]
        if len(common) == 1:
            return common.pop()
        return values[0].refs[0].split(".")[0]
    if named:
        return named[0].refs[0]
    missing = reading.of("missing")
    if column or missing:  # "the five highest interest rates": the rates' table
        return (column or missing[0].refs[0]).split(".")[0]
    return None


def readings(question: str, catalog: Catalog, today: date | None = None) -> list[Plan]:
    """The plans the question can mean, best first; empty if none is recognised or a part
    of the question was not read (:func:`read` says which)."""
    plans, missed = read(question, catalog, today)
    return [] if missed else plans


def _having(reading: Reading, base: str) -> tuple[str, Having | None]:
    """The table whose rows a threshold keeps, and the threshold ("customers with 3 cards")."""
    found = reading.of("having")
    if not found:
        return base, None
    op, count, child = found[0].value
    before = [m.refs[0] for m in reading.of("table") if m.start < found[0].start
              and child in OWNED.get(m.refs[0], ())]
    owner = before[-1] if before else base
    if child not in OWNED.get(owner, ()):
        return base, None
    return owner, Having(child, op, count)


def _date_column(reading: Reading, base: str, catalog: Catalog) -> str:
    """The date a time refers to: the one a verb names ("joined"), else the base table's.

    A verb's date of a table the question does not name is the base table's date of the
    same name when it has one ("branches opened before 2005": the branches' opening)."""
    times = reading.of("time")
    bought = [m for m in reading.of("table") if reading.text[m.start:m.end].lower()
              in ("buy", "bought", "purchased", "shopped")]
    spent = _spending(reading.text.lower()) and base in _owners("transactions")
    if not times and (bought or spent):
        # "customers who bought at Starbucks in 2024", "customers who paid rent in
        # September": the purchases', the payments'
        return DATE_COLUMNS["transactions"]
    dates = reading.of("date")
    acquired = [m.value[2] for m in reading.of("having")
                if _ACQUIRING.search(reading.text[m.start:m.end].lower())]
    if not times and dates and acquired and acquired[0] in OWNED.get(base, ()):
        # "In 2025, how many customers opened an account": the date of the account's opening
        return DATE_COLUMNS[acquired[0]]
    if not times and dates:
        # No verb: the rows named last before the time ("customers who made transactions
        # at Starbucks in 2025": the transactions' date, not the customers' joining; "with
        # 2 loans in 2025": the loans').
        named = sorted([(m.end, m.refs[0]) for m in reading.of("table")]
                       + [(m.end, m.value[2]) for m in reading.of("having")])
        before = [(end, t) for end, t in named if end <= dates[0].start and t in DATE_COLUMNS]
        if before and before[-1][1] in OWNED.get(base, ()):
            return DATE_COLUMNS[before[-1][1]]
        if not before and any(t == "transactions" for _, t in named) and \
                "transactions" in OWNED.get(base, ()):
            # "In Oct 2026, how many customers had a dining purchase": a time said before any
            # rows, of rows owning transactions, dates the transactions (a purchase happens
            # on its day; an account or a card is held over many).
            return DATE_COLUMNS["transactions"]
    if not times:
        return DATE_COLUMNS.get(base, "")
    ref = times[0].refs[0]
    table, _, name = ref.partition(".")
    subject = _subject(reading, times[0])
    if subject is not None and catalog.has(f"{subject}.{name}"):
        return f"{subject}.{name}"
    if table != base and table not in _tables_named(reading) and catalog.has(f"{base}.{name}"):
        return f"{base}.{name}"
    return ref


_RELATIVE = re.compile(r"\s+(?:(?:that|which|who)\s+)?(?:(?:were|was|are|is|got|have\s+been|"
                       r"has\s+been|had\s+been)\s+)?")
"""What may stand between rows and the verb they are the subject of ("branches that opened",
"cards which were issued", "loans originated")."""


def _subject(reading: Reading, verb: Mention) -> str | None:
    """The table whose rows a date verb is said of, named right before it: "accounts held at
    branches that opened before 2000" dates the branches, not the accounts."""
    low = reading.text.lower()
    for mention in reading.of("table"):
        if mention.end <= verb.start and _RELATIVE.fullmatch(low[mention.end:verb.start]):
            return mention.refs[0]
    return None


_ACQUIRING = re.compile(rf"\b(?:{ACQUIRING})\b")
"""A verb of getting a row (not of holding it): a time said with one dates the row got."""


def _bare(reading: Reading, low: str, numeric: list[Mention]) -> bool:
    """Whether "the N largest X" ranks the column X itself, not rows ranked by X: not
    "top 5 loans by principal", nor "which 5 accounts have the highest balance" (a table
    named before X, other than as its modifier, "the 3 largest account balances")."""
    if not numeric or re.search(r"\b(by|in terms of)\s+(?:the\s+)?$", low[:numeric[0].start]):
        return False
    at = numeric[0].start
    return all(low[m.end:at].strip() == "" for m in reading.of("table") if m.start < at)


def read(question: str, catalog: Catalog, today: date | None = None,
         ) -> tuple[list[Plan], list[str]]:
    """The plans the question can mean (best first) and the phrases of it no plan read.

    A word read nowhere that is one slip from exactly one word of the bank's vocabulary
    with its first letter ("intrest", "custmers") is read as that word."""
    question = " ".join(question.split())
    plans, missed = _read(question, catalog, today)
    if missed:
        fixed = _spelled(question, missed, catalog)
        if fixed != question:
            return _read(fixed, catalog, today)
    return plans, missed


def _vocabulary(catalog: Catalog) -> frozenset[str]:
    """The words the reader knows, for spelling (values as the bank stores them in lower
    case; proper names are not guessed)."""
    words: set[str] = set(FILLER)
    for phrase in [*COLUMN_WORDS, *(w for ws in TABLE_WORDS.values() for w in ws),
                   *DATE_VERBS, *STATES]:
        words.update(phrase.split())
    for values in catalog.values.values():
        for value in values:
            if value.lower() == value:
                for form in forms(value.replace("_", " ")):
                    words.update(form.split())
    return frozenset(w for w in words if len(w) >= 5 and w.isalpha())


def _spelled(question: str, missed: list[str], catalog: Catalog) -> str:
    known = _vocabulary(catalog)
    for phrase in missed:
        for word in phrase.split():
            if len(word) < 5 or not word.isalpha() or word.lower() in known:
                continue
            low = word.lower()
            if any(low.endswith(end) and low[:-len(end)] in known for end in _ENDINGS):
                continue  # "credited" is a word of its own, not "credit" misspelt
            # A slip keeps the first letter: "newest" is no "fewest" misspelt, and reading it
            # so would rank the other way.
            close = [w for w in known if w[0] == low[0] and abs(len(w) - len(low)) <= 1
                     and _one_slip(low, w)]
            if len(close) == 1:
                question = re.sub(rf"\b{re.escape(word)}\b", close[0], question)
    return question


_ENDINGS = ("s", "es", "d", "ed", "ing", "er", "ers", "ly")


def _one_slip(word: str, known: str) -> bool:
    """Whether ``word`` is ``known`` with one letter added, dropped, changed or two
    neighbours swapped: an optimal string alignment distance of one."""
    return OSA.distance(word, known, score_cutoff=1) == 1


def _read(question: str, catalog: Catalog, today: date | None,
          ) -> tuple[list[Plan], list[str]]:
    reading = read_question(question, catalog, today)
    low = question.lower()
    found = len(reading.mentions)
    top, direction = find_top(low, reading)
    ranked = reading.mentions[found:]  # the words of "top 5", "which branch has the most"
    for match in _spending(low):  # the measure "spend" reads these words
        reading.mentions.append(Mention(match.start(), match.end(), "used"))
    for match in _NUMBER_SIGN.finditer(low):
        reading.mentions.append(Mention(match.start(), match.end(), "used"))
    times = _TIMES.search(low)
    if times and any(m.refs[0] == "transactions" for m in reading.of("table")):
        reading.mentions.append(Mention(times.start(1), times.end(1), "used"))
    found_plans = _plans(reading, low, top, direction, catalog)
    plans = [plan for plan in found_plans if not _ranks_owners_by_a_row(plan)]
    if found_plans and not plans:
        return [], _ranked_by(reading, question, found_plans[0])
    if plans:
        _new_rows(reading, low, plans[0])
        _names(reading, low, plans[0], catalog)
        _ranked_first(reading, low, plans[0])
        _spreadsheet(reading, low, plans[0])
        for mention in reading.of("column"):  # "regardless of status": its words are read
            said = _ANY_OF.search(low[:mention.start])
            if said and _any_of(low, plans[0], mention) and \
                    reading.free(said.start(), mention.start):
                reading.mentions.append(Mention(said.start(), mention.start, "used"))
    if not plans:
        return plans, unread(reading)
    ignored = _ignored(reading, low, plans[0], catalog)
    if plans[0].limit is None:  # "top 5 customers with at least 2 cards": every one of them
        ignored += [(m.start, m.end) for m in ranked]
    return plans, unread(reading, ignored)


def _ranks_owners_by_a_row(plan: Plan) -> bool:
    """ "top 5 customers by balance": owners ranked by a column of rows they own several of
    (a customer's accounts), which lists one owner once per row ranked and never says
    whether the total or the largest was meant; "by total balance" sums it, and the one
    largest ("which customer has the largest balance") has no second place to repeat."""
    return (plan.measure == "rows" and plan.column is not None and not plan.bare
            and (plan.limit or 0) > 1 and plan.table in _owners(plan.column.split(".")[0]))


def _ranked_by(reading: Reading, question: str, plan: Plan) -> list[str]:
    """The words naming the column a plan ranks by, said back as not read."""
    said = [question[m.start:m.end] for m in reading.of("column") if plan.column in m.refs]
    return said[:1] or [plan.column or ""]


_PIVOT = re.compile(r"\b(?:pivot(?:ed)?(?:\s+table)?|(?:one|1|a\s+single)\s+row\s+(?=per\b|for\s+"
                    r"(?:each|every)\b|each\b)|columns?\s+[a-d1-4](?=\s*[:=,-]?\s*\w))")
"""A spreadsheet's words for a breakdown: "pivot ... by", "one row per month", "column A
month, column B ..."."""


def _spreadsheet(reading: Reading, low: str, plan: Plan) -> None:
    """Words someone thinking in spreadsheets says of what the plan does: a pivot and one row
    per group where it groups, "the cards table" of rows it reads, "the average rate column"
    of a column it computes, and "only" after a time or after the rows it counts, filtered
    ("active cards only"; not "customers with checking accounts only", of owned rows)."""
    spans: list[tuple[int, int]] = []
    if plan.group:
        spans += [m.span() for m in _PIVOT.finditer(low)]
    read_tables = set(_plan_tables(plan))
    for mention in reading.of("table"):
        after = re.match(r"\s+table\b", low[mention.end:])
        if after and mention.refs[0] in read_tables:
            spans.append((mention.end, mention.end + after.end()))
    used = _uses(plan, None)
    for mention in reading.of("column"):
        after = re.match(r"\s+column\b", low[mention.end:])
        if after and set(mention.refs) & used:
            spans.append((mention.end, mention.end + after.end()))
    values = {m.end for m in reading.of("value")}
    for mention in [*reading.of("date"), *reading.of("table")]:
        after = re.match(r"\s+only\b", low[mention.end:])
        if after and (mention.kind == "date" or (mention.refs[0] == plan.table and any(
                not low[end:mention.start].strip() for end in values))):
            spans.append((mention.end, mention.end + after.end()))
    for start, end in spans:
        if reading.free(start, end):
            reading.mentions.append(Mention(start, end, "used"))


_FIRST = ("oldest", "earliest", "first")


def _when(reading: Reading, low: str, catalog: Catalog) -> tuple[str, str] | None:
    """("min" | "max", date column) of "when was the oldest customer born", "when did our
    newest customer join": a date a verb names, at the end a superlative says."""
    when = re.search(r"\b(?:when\s+(?:was|were|did|is)|(?:what\s+(?:is|was)\s+)?(?:the\s+)?"
                     r"date\s+of)\b", low)
    ends = re.search(r"\b(oldest|earliest|first|youngest|newest|latest|last|most recent)\b",
                     low)
    spaced = re.sub(r"(?<=[a-z])-(?=[a-z])", " ", low)  # "sign-up"
    verbs = [(m.start(), ref) for phrase, ref in DATE_VERBS.items() if catalog.has(ref)
             for m in re.finditer(rf"\b{phrase}\b", spaced)]
    if not (when and ends and verbs):
        return None
    ref = min(verbs)[1]
    reading.mentions.append(Mention(when.start(), when.end(), "used"))
    reading.mentions.append(Mention(ends.start(), ends.end(), "used"))
    # The oldest customer was born first; the youngest last.
    return ("min" if ends.group(1) in _FIRST else "max"), ref


_SOONEST = {"first": "asc", "1st": "asc", "earliest": "asc", "last": "desc", "latest": "desc",
            "most recently": "desc", "most recent": "desc"}
_VERBS = "|".join(re.escape(v) for v, ref in sorted(DATE_VERBS.items(), key=lambda kv: -len(kv[0]))
                  if ref != "cards.expires_at")
"""The verbs of a date that has passed ("which card expires first" asks of the cards still
valid, which the reader does not say: it is not read)."""
_NOUNS = "|".join(sorted((w for ws in TABLE_WORDS.values() for w in ws if " " not in w),
                         key=len, reverse=True))
_SOON = r"(?P<end>first|1st|earliest|last|latest|most\s+recently|most\s+recent)"
_NOT_A_PERIOD = (r"(?!\s+(?:\d|(?:\w+\s+){0,2}(?:days?|weeks?|months?|years?|quarters?|"
                 r"decades?|time|night|summer|winter|spring|fall|autumn)\b))")
_IN_TIME = (
    # "which branch opened first", "the accounts opened most recently"
    re.compile(rf"\b(?P<verb>{_VERBS})\s+(?:the\s+)?{_SOON}\b{_NOT_A_PERIOD}"
               rf"(?!\s+(?:\w+\s+)?(?:{_NOUNS})\b)"),
    # "the most recently opened account", "the last-issued card"
    re.compile(rf"\b{_SOON}[\s-]+(?P<verb>{_VERBS})\b"),
    # "the first customer to join", "the last 3 loans originated"
    re.compile(rf"\b{_SOON}\s+(?:(?P<n>\d+|{'|'.join(NUMBER_WORDS)})\s+)?(?P<noun>{_NOUNS})"
               rf"\s+(?:(?:to|that|which|who)\s+(?:be\s+|was\s+|were\s+|got\s+)?)?"
               rf"(?P<verb>{_VERBS})\b"),
)
"""A date's order said by a verb and a superlative of time: its first (or last) rows."""


def _in_time(reading: Reading, low: str, base: str, catalog: Catalog,
             ) -> tuple[str, str, int | None] | None:
    """(date column, "asc" | "desc", N or None) of "which branch opened first", "the most
    recently opened account", "the first 3 customers to join": the base table's rows in the
    order of the date the verb names. Not "joined last month" (a period), and not a date of
    another table's rows ("which customer opened an account first" is not read)."""
    dates = [(m.start, m.end) for m in reading.of("date")]
    for pattern in _IN_TIME:
        for match in pattern.finditer(low):
            end = match.span("end")
            if any(s < end[1] and end[0] < e for s, e in dates):
                continue  # "last" of "last month": a period, read as a date
            noun = match.group("noun") if "noun" in pattern.groupindex else None
            if noun is not None and noun not in TABLE_WORDS.get(base, ()):
                return None
            ref = DATE_VERBS[re.sub(r"\s+", " ", match.group("verb"))]
            table, _, name = ref.partition(".")
            if table != base and table not in _tables_named(reading) and \
                    catalog.has(f"{base}.{name}"):
                ref = f"{base}.{name}"
            if not ref.startswith(base + ".") or not catalog.has(ref):
                return None
            raw = match.groupdict().get("n")
            count = None if raw is None else int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
            reading.mentions.append(Mention(match.start(), match.end(), "used"))
            return ref, _SOONEST[re.sub(r"\s+", " ", match.group("end"))], count
    return None


_OTHER_DATE_VERB = re.compile(r"\b(?:" + "|".join(
    re.escape(v) for v, ref in DATE_VERBS.items() if ref != "customers.birth_date") + r")\b")
_AGED = re.compile(rf"\b(?:(?P<n>\d+|{'|'.join(NUMBER_WORDS)})\s+)?(?P<age>oldest|youngest)\s+"
                   r"(?:\w+\s+){0,2}?(?:(?P<one>customer|client|member|person)|customers|clients|"
                   r"members|people)\b")


def _by_age(reading: Reading, low: str, base: str, catalog: Catalog, top: int | None,
            ) -> tuple[Literal["asc", "desc"], int] | None:
    """("asc" | "desc", N) of "who is our oldest customer", "the 3 youngest premier clients":
    people ranked by their age, the earliest birth date first for the oldest; "the oldest
    customers" says not how many, and "the oldest customer to join" names another date:
    neither is read."""
    match = _AGED.search(low)
    if match is None or base != "customers" or not catalog.has("customers.birth_date") or \
            _OTHER_DATE_VERB.search(re.sub(r"(?<=[a-z])-(?=[a-z])", " ", low)):
        return None  # "the oldest customer to join": of another date, not read here
    raw = match.group("n")
    count = top if raw is None else int(raw) if raw.isdigit() else NUMBER_WORDS[raw]
    if count is None and match.group("one"):
        count = 1
    if count is None:
        return None
    reading.mentions.append(Mention(match.start(), match.end("age"), "used"))
    return ("asc" if match.group("age") == "oldest" else "desc"), count


_ROW_NOUNS = frozenset({"deposit", "deposits", "payment", "payments", "transfer", "transfers"})
"""Values that are also a word for the rows themselves ("a payroll deposit")."""
_PURCHASES = frozenset({"purchase", "purchases"})
"""Words for transactions that are money going out, whatever they bought."""
_DEPOSITS = frozenset({"deposit", "deposits"})
"""A word for transactions of money coming in, after the category it is of."""
_PAYMENTS = frozenset({"payment", "payments"})
"""A word for transactions that pay for the category before it ("a rent payment"): money out
where that category only ever goes out, money in where it only comes in ("a payroll
payment"), either where it goes both ways."""


def _paid_out(reading: Reading, low: str, catalog: Catalog) -> Mention | None:
    """The word naming the rows as money going out: a purchase, or a payment of a category
    the bank only ever debits ("rent payments")."""
    for mention in reading.of("table"):
        if low[mention.start:mention.end] in _PURCHASES:
            return mention
    for mention in _payments(reading, low):
        if _paid_for(reading, low, mention) & catalog.debits:
            return mention
    return None


def _money_in(plan: Plan, catalog: Catalog) -> bool:
    """Whether the plan keeps only money coming in: amounts above zero, or categories the
    bank only ever credits (payroll, refunds)."""
    for item in plan.filters:
        if item.column == "transactions.amount" and item.op in (">", ">=") and item.value >= 0:
            return True
        values = item.value if item.op == "in" else (item.value,)
        if item.column == "transactions.category" and item.op in ("=", "in") and \
                set(values) <= catalog.credits:
            return True
    return False


def _payments(reading: Reading, low: str) -> list[Mention]:
    """The row nouns "payment(s)" read after a category ("rent payments")."""
    return [m for m in reading.of("used") if low[m.start:m.end] in _PAYMENTS]


def _paid_for(reading: Reading, low: str, rows: Mention) -> set[str]:
    """The categories said right before a word for the rows ("rent" of "rent payments",
    "cash" of "cash deposits")."""
    return {str(m.value) for m in reading.of("value") if "transactions.category" in m.refs
            and m.end <= rows.start and not low[m.end:rows.start].strip(" -")}


def _adjacent_values(reading: Reading, low: str, filters: list[Filter],
                     where: list[int]) -> None:
    """Two values of one column with nothing between them are not either of them: in "a
    payroll deposit" or "rent payments" the second names the rows (of the first value);
    any other pair ("cash travel") is left unread."""
    values = {m.start: m for m in reading.of("value")}
    for index in range(len(filters) - 1, 0, -1):
        second, first = filters[index], filters[index - 1]
        one, two = values.get(where[index - 1]), values.get(where[index])
        if one is None or two is None or first.op != "=" or second.op != "=" or \
                first.column != second.column or low[one.end:two.start].strip():
            continue
        del filters[index], where[index]
        reading.mentions.remove(two)
        if low[two.start:two.end] in _ROW_NOUNS:
            reading.mentions.append(Mention(two.start, two.end, "used"))


def _either(reading: Reading, low: str, filters: list[Filter], where: list[int]) -> str | None:
    """Two values of one column are either of them ("checking and savings accounts",
    "online vs card"): their filters become one ``in``; the column, if any, is returned.
    One value said twice ("eating out (dining)") is one filter."""
    for index in range(len(filters) - 1, 0, -1):
        if filters[index].op == "=" and filters[index] in filters[:index]:
            del filters[index], where[index]
    _adjacent_values(reading, low, filters, where)
    by_column: dict[str, list[int]] = {}
    for index, item in enumerate(filters):
        if item.op == "=":
            by_column.setdefault(item.column, []).append(index)
    for column, indexes in by_column.items():
        if len(indexes) < 2:
            continue
        values = tuple(filters[i].value for i in indexes)
        first = indexes[0]
        for i in reversed(indexes[1:]):
            del filters[i], where[i]
        filters[first] = Filter(column, "in", values)
        for match in re.finditer(r"\b(vs|versus)\b", low):
            reading.mentions.append(Mention(match.start(), match.end(), "used"))
        return column
    return None


_RATIO = re.compile(r"\bratio\s+of\b")


def _ratio(reading: Reading, low: str, base: str, filters: list[Filter],
           where: list[int]) -> list[Plan]:
    """ "ratio of credit cards to debit cards": how many rows pass what is said before "to"
    for each row passing what is said after it."""
    said = _RATIO.search(low)
    to = re.search(r"\b(to|versus|vs)\b", low[said.end():]) if said else None
    if said is None or to is None:
        return []
    at = said.end() + to.start()
    above = tuple(f for f, w in zip(filters, where, strict=True) if said.end() < w < at)
    below = tuple(f for f, w in zip(filters, where, strict=True) if w > at)
    if not above or not below or len(above) + len(below) != len(filters):
        return []
    reading.mentions.append(Mention(said.start(), said.end(), "used"))
    reading.mentions.append(Mention(at, at + len(to.group(1)), "used"))
    return [Plan(table=base, measure="ratio", part=above, per=below)]


_PERCENT = re.compile(r"(\b(?:percentage|percent|share|proportion|fraction)|(?<![\w%])%)\s+of\b")
_OF_ALL_SHARE = re.compile(r"^\s*(?:out\s+)?of\s+(?:all\s+)?[^,?]+,\s*"
                           r"(what|which)\s+(%|percent|percentage|share|proportion|fraction)"
                           r"(?!\s+of\b)")
"""A share of the rows named first: "Of all shopping transactions, what % were made
online?" (the whole before the comma, the part after the share)."""
_IN_PERCENT = re.compile(r"\b(?:in|as\s+an?)\s+(?:percent|percentage|%)(?!\w)")
"""The unit a share is given in, said after it: what a percentage measure already is."""


def _percent(reading: Reading, low: str, base: str, filters: list[Filter],
             where: list[int]) -> list[Plan]:
    """ "What percentage of accounts are closed": of the rows the noun names (with what is
    said up to it), the share that pass what is said after it."""
    said = _PERCENT.search(low)
    nouns = [m for m in reading.of("table") if said and m.start > said.end()]
    after = nouns[0].end if nouns else 0
    share = said.span(1) if said else (0, 0)
    of_all = _OF_ALL_SHARE.search(low) if said is None else None
    if of_all is not None:  # "of all shopping transactions, what % were made online"
        said, after, share = of_all, of_all.end(), (of_all.start(1), of_all.end(2))
        nouns = [m for m in reading.of("table") if m.end <= of_all.start(1)]
    if said is None or not nouns:
        return []
    part = tuple(f for f, at in zip(filters, where, strict=True) if at > after)
    if not part:
        return []
    whole = tuple(f for f in filters if f not in part)
    reading.mentions.append(Mention(*share, "used"))
    for unit in _IN_PERCENT.finditer(low):  # "share of customers that are premier, in percent"
        reading.mentions.append(Mention(unit.start(), unit.end(), "used"))
    return [Plan(table=base, measure="percent", filters=whole, part=part)]


def _new_rows(reading: Reading, low: str, plan: Plan) -> None:
    """ "new customers per year", "new accounts in 2025": rows new by the date the plan
    counts them by (the table's own), so "new" is read; with no such date it is not."""
    for match in re.finditer(r"\bnew\s+", low):
        named = [m for m in reading.of("table") if m.start == match.end()]
        if named and DATE_COLUMNS.get(named[0].refs[0]) in _uses(plan, None):
            reading.mentions.append(Mention(match.start(), match.end(), "used"))


_NAMES = re.compile(r"(?<!first\s)(?<!last\s)(?<!full\s)\bnames?\b")
"""The names asked of rows ("names please"); not a name that filters ("a first name of
John")."""


def _names(reading: Reading, low: str, plan: Plan, catalog: Catalog) -> None:
    """ "the names of customers who ...", "names please": rows listed are listed with their
    names, so "names" is read where the plan lists rows that have one."""
    named = {"name", "first_name"} & set(catalog.tables.get(plan.table, ()))
    if plan.measure != "rows" or plan.bare or not named:
        return
    for match in _NAMES.finditer(low):
        if reading.free(match.start(), match.end()):
            reading.mentions.append(Mention(match.start(), match.end(), "used"))


_LARGEST = r"\b(?:biggest|largest|highest|most|top)\b"
_SMALLEST = r"\b(?:smallest|lowest|fewest|least|bottom)\b"
_FIRST_OF_RANK = re.compile(rf"(?:({_LARGEST})|{_SMALLEST})\s+first\b")


def _ranked_first(reading: Reading, low: str, plan: Plan) -> None:
    """ "biggest first", "in order": the order of a ranking the plan already keeps, where
    nothing ranks the other way ("the largest ..., smallest first" keeps the largest and lists them the
    other way round, which the reader does not say: left unread)."""
    for match in re.finditer(r"\bin\s+(?:that\s+)?order\b", low):  # "top three, in order"
        if plan.order and plan.limit and reading.free(match.start(), match.end()):
            reading.mentions.append(Mention(match.start(), match.end(), "used"))
    for match in _FIRST_OF_RANK.finditer(low):
        other = _SMALLEST if match.group(1) else _LARGEST
        rest = low[:match.start()] + " " + low[match.end():]
        if plan.order == ("desc" if match.group(1) else "asc") and \
                not re.search(other, rest) and reading.free(match.start(), match.end()):
            reading.mentions.append(Mention(match.start(), match.end(), "used"))


def _owners(table: str) -> set[str]:
    """The tables whose rows own ``table``'s rows, through the bank's foreign keys."""
    out: set[str] = set()
    todo = [table]
    while todo:
        child = todo.pop()
        for (linked, parent) in LINKS:
            if linked == child and parent not in out:
                out.add(parent)
                todo.append(parent)
    return out


def _uses(plan: Plan, catalog: Catalog | None) -> set[str]:
    """The columns a plan computes, groups, filters on or lists (rows list every column)."""
    refs = {plan.column, *(f.column for f in plan.filters)}
    if plan.measure == "rows" and not plan.bare and catalog is not None:
        refs |= {f"{plan.table}.{c}" for c in catalog.tables.get(plan.table, ())}
    if plan.group:
        refs.add(plan.group.rpartition(":")[2])
    return {r for r in refs if r}


def _ignored(reading: Reading, low: str, plan: Plan, catalog: Catalog,
             ) -> list[tuple[int, int]]:
    """Words a mention read that the plan does not use: it would answer another question.

    "On average, how many months ..." counted, "merchants with total spend over $450k"
    summed over every merchant, "with the most accounts" listed by balance."""
    out: list[tuple[int, int]] = []
    average = _AVG.search(low)
    if average and plan.measure not in ("avg", "avg_spend"):
        out.append(average.span())
    if plan.group is None:  # "accounts broken down" answered with one number
        out += [m.span() for m in _BREAKDOWN.finditer(low)]
    if plan.measure in ("avg", "avg_spend", "max", "min"):
        # "the total and the average principal", "the average total balance per customer":
        # a total the plan does not add up
        out += [m.span() for m in _TOTAL.finditer(low)]
    if plan.measure in ("max", "min"):  # "the maximum and minimum balance": one of them
        other = _MIN if plan.measure == "max" else _MAX
        out += [m.span() for m in other.finditer(low)]
    if plan.measure in ("sum", "spend") and not any(
            set(m.refs) <= NUMERIC for m in reading.of("column")):
        # "total accounts opened in 2025", "total purchases at Costco": how many of them, or
        # the money they hold or cost; no number's word says which
        for match in _TOTAL_ROWS.finditer(low):
            if any(m.start == match.end() for m in reading.of("table")):
                out.append(match.span(1))
    who = _WHO.search(low)
    if who and plan.table != "customers" and plan.group != "entity:customers":  # no people
        out.append(who.span(1))
    if plan.measure == "avg_spend" and (plan.group or "").startswith("entity:"):
        # "average spend per customer": of each one's purchases, or of their totals
        owner = (plan.group or "").partition(":")[2]
        out += [(m.start, m.end) for m in reading.of("table") if m.refs[0] == owner]
    if plan.measure not in ("spend", "avg_spend") and _MONEY_OUT not in plan.filters:
        # "on average, how much do people spend": debits as spent
        out += [m.span() for m in _spending(low)]
    count = _COUNT.search(low) or _MOST.search(low)
    if count and plan.measure not in ("count", "spend", "distinct", "percent", "ratio") and \
            plan.having is None:
        out.append(count.span())
    if plan.keep is not None and plan.group is None:  # a threshold on one total
        out += [(m.start, m.end) for m in reading.of("compare")]
    ranked = re.search(r"\b(top|bottom|largest|biggest|highest|smallest|lowest|most|least|"
                       r"fewest|maximum|minimum|max|min|cheapest)\b", low)
    if ranked and plan.order is None and plan.measure not in ("max", "min") and \
            not any(m.start <= ranked.start() < m.end for m in reading.mentions
                    if m.kind not in ("table", "column", "value")):
        out.append(ranked.span())  # "the average rate of the biggest loans": of every loan
    # A table named but not read ("how many branch transactions" counting branches); the
    # owners of the rows may be named as who they are ("how much did customers spend").
    joined = set(_plan_tables(plan)) | _owners(plan.table)
    for mention in reading.of("table"):
        if mention.refs[0] not in joined:
            out.append((mention.start, mention.end))
        elif mention.refs[0] not in _plan_tables(plan) and plan.measure != "rows" and \
                _ROWS_ASKED.search(low[:mention.start]):
            # "list customers and their total balance": each one's, not one total of all
            out.append((mention.start, mention.end))
    compared = {(f.op, f.value) for f in plan.filters} | {plan.keep}
    if plan.measure in ("spend", "avg_spend"):
        compared.add((_MONEY_OUT.op, _MONEY_OUT.value))  # "withdrawals": what is spent
    if _goes_out(plan.filters, catalog):  # "withdrawals over $400": below -400 as posted
        compared |= {(_negated(f).op, _negated(f).value) for f in plan.filters
                     if f.column == _MONEY_OUT.column and f.op in _FLIPPED and f.value != 0}
    for mention in reading.of("compare"):  # a comparison with nothing to compare
        if (mention.refs[0], mention.value) not in compared:
            out.append((mention.start, mention.end))
    for mention in reading.of("having"):  # "loans with 2 cards", a second threshold
        op, count, child = mention.value
        if plan.having != Having(child, op, count):
            out.append((mention.start, mention.end))
    if plan.having is not None and not reading.of("time") and any(
            f.column == DATE_COLUMNS.get(plan.table) for f in plan.filters):
        # "In 2025, how many customers had a loan": the loans of 2025 or the customers
        # who joined then; no verb says which.
        out += [(m.start, m.end) for m in reading.of("date")]
    dated = {plan.column, *(f.column for f in plan.filters), plan.group}
    names = {ref.rpartition(".")[2] for ref in dated if ref}
    named = {plan.table, *_tables_named(reading), *(m.value[2] for m in reading.of("having"))}
    for mention in reading.of("time"):  # "opened in 2020 and closed in 2025": one date read
        name = mention.refs[0].partition(".")[2]
        if name not in names:
            out.append((mention.start, mention.end))
        elif not {r.rpartition(":")[2].split(".")[0] for r in dated
                  if r and r.rpartition(".")[2] == name} & named:
            # "loans expiring in 2030": the date of rows the question never names (the
            # cards of the loans' owners)
            out.append((mention.start, mention.end))
    if plan.group is None:  # "checking and savings accounts, respectively": one number
        out += [m.span() for m in re.finditer(r"\brespectively\b", low)]
    used = _uses(plan, catalog)
    for mention in reading.of("column"):
        if _any_of(low, plan, mention):
            continue  # "all loan statuses": no filter on it, as the plan has none
        if (not set(mention.refs) & used and not _after_its_value(reading, low, mention)) \
                or not _read_as_said(reading, low, plan, mention):
            out.append((mention.start, mention.end))
    out += _other_units(low, plan)
    if plan.column == "transactions.amount" and plan.measure in ("sum", "avg", "min", "max",
                                                                 "rows"):
        # "the largest purchase", "the average transfer payment": amounts as posted, signed,
        # where the words ask what was paid (the largest debit is the smallest amount)
        out += [(m.start, m.end) for m in reading.of("table")
                if low[m.start:m.end] in _PURCHASES]
        out += [(m.start, m.end) for m in _payments(reading, low)
                if not _paid_for(reading, low, m) <= catalog.credits]
    if _MONEY_OUT in plan.filters and plan.column == "transactions.amount" and \
            plan.measure in ("min", "max", "rows"):
        # "the largest withdrawal": the amounts as posted are below zero, the largest the
        # smallest withdrawn
        out += [(m.start, m.end) for m in reading.of("compare") if m.refs[1:] == (
            "transactions.amount",) and m.refs[0] == "<"]
    out += _of_siblings(reading, plan)
    if _money_in(plan, catalog):  # "payroll purchases", "refund purchases": money in, not out
        out += [(m.start, m.end) for m in reading.of("table") if low[m.start:m.end] in _PURCHASES]
    numeric = [m for m in reading.of("column") if set(m.refs) <= NUMERIC]
    for compare in (m for m in reading.of("compare") if len(m.refs) == 1):
        before = [m for m in numeric if m.end <= compare.start]
        rows = [m for m in reading.of("table") if before and before[-1].end <= m.start
                and m.end <= compare.start]
        if rows and DEFAULT_MEASURE.get(rows[-1].refs[0]) not in before[-1].refs:
            # "the average rate on loans over 200k": the loans' principal, not their rate
            out.append((compare.start, compare.end))
    # "cash deposits": money in, of a category that never comes in (cash is withdrawn)
    out += [(m.start, m.end) for m in reading.of("used") if low[m.start:m.end] in _DEPOSITS
            and not _paid_for(reading, low, m) <= catalog.credits]
    for either in (f for f in plan.filters if f.op == "in"):
        if either.column.split(".")[0] == plan.table:
            continue
        # "customers with a checking and a savings account": both, or either; the plan
        # keeps owners of either (any one of their rows passes one filter)
        said = sorted(m.start for m in reading.of("value") if either.column in m.refs)
        out += [m.span() for m in re.finditer(r"\b(?:and|plus|as\s+well\s+as)\b|&",
                                              low[:said[-1]]) if m.start() > said[0]]
    # Two values of one column side by side ("payroll deposit") are one kind of the other,
    # not either of them: which one the question means is not read.
    values = sorted(reading.of("value"), key=lambda m: m.start)
    for first, then in pairwise(values):
        if set(first.refs) & set(then.refs) and not low[first.end:then.start].strip(" -"):
            out.append((first.start, then.end))
    return out


_ANY_OF = re.compile(r"\b(?:all|any|every|regardless\s+of|irrespective\s+of|whatever)\s+"
                     r"(?:(?:the|their|its|loan|account|card)\s+){0,2}$")


def _any_of(low: str, plan: Plan, column: Mention) -> bool:
    """Whether a column of categories is said to be any of its values ("all statuses",
    "regardless of the loan status") and the plan keeps every one of them."""
    return not set(column.refs) & NUMERIC and bool(_ANY_OF.search(low[:column.start])) and \
        not any(f.column in column.refs for f in plan.filters) and \
        plan.group not in column.refs and plan.column not in column.refs


_BESIDE_A_COMPARISON = re.compile(r"\s*(?:(?:in|of|for|the|their|its|a|an)\s+)*")
"""What may stand between a comparison and the column it compares, said after it ("over
$100k in principal")."""
_NAMING_A_VALUE = re.compile(r"[\s,:=]*(?:(?:as|is|isn['’]t|was|wasn['’]t|not|their|his|her|"
                             r"its|the|a|an|of|being)[\s,:=]+)*")
"""What may stand between a value and a column's word naming what it is ("Walmart as their
employer", "whose employer is not Walmart")."""


def _read_as_said(reading: Reading, low: str, plan: Plan, column: Mention) -> bool:
    """Whether the plan uses a column its word names as the question says it, not only
    somewhere else: a number's word (principal, balance) must be what the plan measures,
    ranks, groups or lists, or stand with the comparison the plan filters it by ("loans over
    $100k: how many, and their total principal" counts, and the principal of the comparison
    is not the principal asked); a word of a listed table's column must not name what a
    value of another column is ("customers who list Walmart as their employer": Walmart is
    a merchant, and listing customers shows their employers without filtering on them)."""
    refs = set(column.refs)
    listed = plan.measure == "rows" and not plan.bare and \
        any(r.startswith(plan.table + ".") for r in refs)
    kept = {plan.column, (plan.group or "").rpartition(":")[2]}
    if refs <= NUMERIC:
        if refs & kept or listed:
            return True
        compares = [m for m in reading.of("compare") if len(m.refs) == 1 or m.refs[1] in refs]
        numeric = [m for m in reading.of("column") if set(m.refs) <= NUMERIC]
        for compare in compares:
            before = [m for m in numeric if m.end <= compare.start]
            if before and before[-1] is column:
                return True
            if compare.end <= column.start and \
                    _BESIDE_A_COMPARISON.fullmatch(low[compare.end:column.start]):
                return True
        return False
    if not listed or refs & ({f.column for f in plan.filters} | kept):
        return True
    for value in reading.of("value"):
        if set(value.refs) & refs:
            continue
        between = low[value.end:column.start] if value.end <= column.start else \
            low[column.end:value.start]
        if _NAMING_A_VALUE.fullmatch(between):
            return False
    return True


def _of_siblings(reading: Reading, plan: Plan) -> list[tuple[int, int]]:
    """Values filtering rows neither the plan's, their owners' nor theirs, reached through an
    owner of both the question does not name: "average loan payment" is no average of loans
    whose owner has a payment transaction, nor "card payments" cards whose account has one,
    nor "loans per branch" the branches of their owners' accounts. "accounts of customers
    with a mortgage" names the owner it goes through."""
    named = set(_tables_named(reading))
    kin = {plan.table} | _owners(plan.table)

    def near(table: str) -> bool:  # its own rows, owners, owned rows, or co-owners of rows
        return table in kin or plan.table in _owners(table) or any(
            {table, plan.table} <= _owners(child) for child in DATE_COLUMNS)

    out: list[tuple[int, int]] = []
    for item in plan.filters:
        table = item.column.split(".")[0]
        if near(table) or table in named or named & _owners(table) & _owners(plan.table):
            continue
        out += [(m.start, m.end) for m in reading.of("value") if item.column in m.refs]
    grouped = (plan.group or "").rpartition(":")[2].split(".")[0]
    if grouped and not near(grouped) and not _owners(grouped) & _owners(plan.table):
        # "how many loans did each branch originate": loans have no branch
        out += [(m.start, m.end) for m in reading.mentions
                if m.kind in ("table", "column") and grouped in {r.split(".")[0] for r in m.refs}]
    return out


_IN_UNIT = re.compile(r"\b(?:in|as)\s+(?:(?:the\s+)?number\s+of\s+)?(?:an?\s+)?("
                      + "|".join(map(re.escape, COUNTED_IN)) + r")(?!\w)(?!\s*\d)")
"""The unit an answer is asked in ("in years", "as a percentage"); not a period ("in years
2024 and 2025")."""


def _other_units(low: str, plan: Plan) -> list[tuple[int, int]]:
    """The units asked that the plan's number is not counted in ("average term of student
    loans, in years": the terms are in months), never filler: the answer would be in another
    unit than the one asked."""
    number = "transactions.amount" if plan.measure in ("spend", "avg_spend") else plan.column
    out: list[tuple[int, int]] = []
    for match in _IN_UNIT.finditer(low):
        unit = match.group(1)
        share = plan.measure == "percent" and unit in ("percent", "percentage", "%")
        if not share and number not in COUNTED_IN[unit]:
            out.append(match.span())
    return out


_WHO = re.compile(r"(?:^|[?.!:;]\s*)(who)\b")
""" "Who" asking (not "customers who ..."): the answer is people, the bank's customers."""


def _people(plan: Plan, low: str) -> Plan:
    """ "who has a mortgage over $900k": the customers owning the rows the plan lists, each
    once (or the one owning the first row, "who has the largest loan"); any other list
    after "who" is left as it is, and :func:`_ignored` unreads the "who"."""
    if _WHO.search(low) and plan.measure == "rows" and plan.table != "customers" and \
            "customers" in _owners(plan.table) and plan.group is None and not plan.bare and \
            plan.having is None and (plan.order is None or plan.limit == 1):
        return replace(plan, table="customers")
    return plan


def _after_its_value(reading: Reading, low: str, column: Mention) -> bool:
    """Whether a column's word follows a value of that column, naming what the value is
    ("the online channel", "the retail segment"): the value's filter reads it."""
    return any(set(m.refs) & set(column.refs) and m.end <= column.start
               and not low[m.end:column.start].strip() for m in reading.of("value"))


_BOUNDS = frozenset({"since", "from", "after", "before", "until", "prior to"})
"""The words of a date that bound a period on one side ("since 2020 and before 2025" is one
period)."""


def _distinct_rows(reading: Reading, at: int) -> bool:
    """Whether a table's rows follow "distinct" at ``at`` ("distinct customers"), not a
    column of theirs ("unique card networks": the networks)."""
    rows = [m for m in reading.of("table") if m.start == at + 1]
    return bool(rows) and not any(m.start == rows[0].end + 1 for m in reading.of("column"))


_FLIPPED: dict[str, Op] = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "between": "between"}


def _goes_out(filters: Iterable[Filter], catalog: Catalog) -> bool:
    """Whether the rows are money going out: amounts kept below zero, or only categories
    that are only ever debited ("fee debits")."""
    filters = list(filters)
    categories = [f for f in filters if f.column == "transactions.category"]
    debited = bool(categories) and all(
        (f.op == "=" and f.value in catalog.debits)
        or (f.op == "in" and set(f.value) <= catalog.debits) for f in categories)
    return debited or any(f.column == _MONEY_OUT.column and f.op in ("<", "<=") and
                          f.value == 0 for f in filters)


def _negated(bound: Filter) -> Filter:
    """The bound on the amounts' other side of zero: "> 400" is "< -400", "between 10 and
    50" is "between -50 and -10"."""
    if bound.op == "between":
        low, high = bound.value
        return Filter(bound.column, "between", (-high, -low))
    return Filter(bound.column, _FLIPPED[bound.op], -bound.value)


def _bounds_as_spent(filters: list[Filter], catalog: Catalog) -> list[Filter]:
    """A bound on the amounts of money going out is said of the money spent: those amounts
    are posted below zero, so "ATM withdrawals of $400 or more" are those of -400 or less and
    "card purchases under $10" those above -10."""
    if not _goes_out(filters, catalog):
        return filters
    return [_negated(f) if f.column == _MONEY_OUT.column and f.op in _FLIPPED and
            min(f.value if f.op == "between" else (f.value,)) > 0 else f for f in filters]


def _plans(reading: Reading, low: str, top: int | None, direction: str | None,
           catalog: Catalog) -> list[Plan]:
    measure = _measure_word(low, top)
    numeric = [m for m in reading.of("column") if set(m.refs) <= NUMERIC]
    column = numeric[0].refs[0] if numeric else None
    distinct = _DISTINCT.search(low)
    if distinct and _distinct_rows(reading, distinct.end(2)):
        # "how many distinct customers shopped at Costco": a count of rows counts each once
        reading.mentions.append(Mention(distinct.start(2), distinct.end(2), "used"))
        distinct = None
    if distinct:  # "how many different cities": the values of a column, counted once
        after = [m for m in reading.of("column") if m.start >= distinct.end()]
        if not after or not reading.free(distinct.start(2), distinct.end(2)):
            return []
        reading.mentions.append(Mention(distinct.start(2), distinct.end(2), "used"))
        base: str | None = after[0].refs[0].split(".")[0]
        column = _pick(after[0].refs, after[0].start, reading, None)
        measure = "distinct"
    if measure in ("spend", "avg_spend"):
        column = "transactions.amount"
    dated = _when(reading, low, catalog)
    if dated is not None:  # "when was our oldest customer born": the earliest birth date
        measure, column = dated
    base = column.split(".")[0] if measure == "distinct" and column else \
        _base(reading, low, measure, column)
    if base is None:
        return []
    base, having = _having(reading, base)
    if having is not None:
        measure = "count" if measure == "count" else "rows"
    if measure in ("sum", "avg", "min", "max") and column is None:
        column = DEFAULT_MEASURE.get(base)
        if column is None and measure == "sum" and _HOW_MUCH.search(low):
            return []  # "how much do premier customers hold": an amount, not how many
        if column is None:
            measure = "count"
    # Dates belong to the date a verb names ("joined", "opened"), else to the base table's.
    dates_col = _date_column(reading, base, catalog)
    filters: list[Filter] = [Filter(m.refs[0], "null") for m in reading.of("missing")]
    where = [m.start for m in reading.of("missing")]  # where each filter was said
    for mention in reading.of("date"):
        word, (start, end) = mention.value
        if word not in _BOUNDS and any(f.op == "between" for f in filters) and \
                len({m.refs[0] for m in reading.of("time")}) <= 1:
            # "joined in 2024 and 2025": both at once is none, and either or each of them
            # is not read; the second period is left unread (a second date's verb, "issued
            # in 2022 that expire in 2026", is unread itself).
            reading.mentions.remove(mention)
            continue
        where.append(mention.start)
        if word in ("since", "from"):
            filters.append(Filter(dates_col, ">=", start))
        elif word == "after":
            filters.append(Filter(dates_col, ">", end))
        elif word in ("before", "until", "prior to"):
            filters.append(Filter(dates_col, "<", start))
        elif word is not None and word.endswith(" end of"):  # "before the end of this year"
            filters.append(Filter(dates_col, "<=", end))
        else:
            filters.append(Filter(dates_col, "between", (start, end)))
    swaps: list[tuple[Filter, Filter]] = []
    named = set(_tables_named(reading))
    for mention in reading.of("value"):
        ref = _pick(mention.refs, mention.start, reading, base)
        chosen = Filter(ref, "<>" if mention.negated else "=", mention.value)
        filters.append(chosen)
        where.append(mention.start)
        # Another reading only where the question names that column's table too
        # ("customers of branches in Texas": the customers' state or the branches').
        others = [r for r in mention.refs if r != ref and r.split(".")[0] in named]
        if others:
            swaps.append((chosen, Filter(others[0], chosen.op, mention.value)))
    for mention in reading.of("email"):
        negation = _NOT.search(low[:mention.start])
        if negation and all(w in FILLER for w in negation.group(2).split()):
            return []  # "customers not using gmail": not read
        filters.append(Filter(mention.refs[0], "ends", mention.value))
        where.append(mention.start)
    if measure == "ratio":
        return _ratio(reading, low, base, filters, where)
    either = _either(reading, low, filters, where)
    # Only of transactions the plan reads: "customers with a loan for a car purchase" is not
    # read by joining their transactions.
    paid = _paid_out(reading, low, catalog) if base == "transactions" or any(
        f.column.startswith("transactions.") for f in filters) else None
    if paid is not None and measure in ("sum", "avg") and column == "transactions.amount":
        # "the average grocery purchase", "total rent payments": what was paid, as spent
        measure = "spend" if measure == "sum" else "avg_spend"
    elif paid is not None and measure in ("count", "rows", "percent") and \
            all(f.column != _MONEY_OUT.column for f in filters):
        filters.append(_MONEY_OUT)  # "how many purchases at Costco": not its refunds
        where.append(paid.start)
    keep: tuple[Comparison, object] | None = None
    for mention in reading.of("compare"):
        if len(mention.refs) > 1:  # "credited": the sign of the base table's own amounts
            if mention.refs[1].split(".")[0] == base:
                filters.append(Filter(mention.refs[1], cast(Op, mention.refs[0]), mention.value))
                where.append(mention.start)
            continue
        if measure in ("sum", "avg", "spend", "avg_spend") and \
                _AGGREGATE.search(low[:mention.start]):
            keep = (cast(Comparison, mention.refs[0]), mention.value)  # "total spend over $450k"
            continue
        before = [m for m in numeric if m.end <= mention.start]
        target = before[-1].refs[0] if before else DEFAULT_MEASURE.get(base)
        unit = re.search(r"\b(" + "|".join(UNITS) + r")\b", low[mention.start:mention.end])
        if unit and catalog.has(UNITS[unit.group(1)]):  # "loans of 36 months or less"
            target = UNITS[unit.group(1)]
        if target:
            filters.append(Filter(target, cast(Op, mention.refs[0]), mention.value))
            where.append(mention.start)
    if measure in ("sum", "avg") and column == "transactions.amount" and _MONEY_OUT in filters:
        # "total cash withdrawals": the money that went out, as spent (positive dollars)
        measure = "spend" if measure == "sum" else "avg_spend"
    spent = _spending(low)
    if measure == "count" and spent and not _TIMES.search(low) and \
            (base == "transactions" or base in _owners("transactions")) and \
            all(f.column != _MONEY_OUT.column for f in filters):
        # "how many customers paid rent in September": of the money going out ("how many
        # times did people spend" counts no customers, and an amount said besides is of
        # the money spent, not of each row: both are left unread)
        filters.append(_MONEY_OUT)
        where.append(spent[0].start())
    filters = _bounds_as_spent(filters, catalog)
    if measure == "percent":
        return _percent(reading, low, base, filters, where)
    aged = _by_age(reading, low, base, catalog, top) if measure == "rows" else None
    if aged is not None:  # "who is our oldest customer": by birth date
        return [Plan(table=base, measure="rows", column="customers.birth_date",
                     filters=tuple(filters), order=aged[0], limit=aged[1])]
    timed = _in_time(reading, low, base, catalog) if dated is None else None
    if timed is not None:  # "which branch opened first": its rows by that date
        ref, order_in_time, count = timed
        if measure != "rows" or having is not None or keep is not None or \
                (count is not None and top is not None and count != top):
            return []
        if ref in NULLABLE:  # "the account closed first": of those closed
            filters.append(Filter(ref, "not null"))
        return [Plan(table=base, measure="rows", column=ref, filters=tuple(filters),
                     order=cast(Literal["desc", "asc"], order_in_time),
                     limit=count or top or 1)]
    group = None
    limit = None
    order = None
    bare = False
    if having is not None:
        if (having.op in ("<", "<=") or having.count == 0) and \
                any(not f.column.startswith(base + ".") for f in filters):
            # "customers without any loans in default": a filter on the owned rows would
            # also drop the owners with none (the reader cannot say "none in default").
            return []
        return [Plan(table=base, measure=cast(Measure, measure), filters=tuple(filters),
                     having=having)]
    if measure == "distinct":
        return [Plan(table=base, measure="distinct", column=column, filters=tuple(filters))]
    if top is not None:
        group = _top_group(reading, low, base)
        bare = group is None and measure in ("count", "max", "min", "rows") and \
            _bare(reading, low, numeric)
        if group is None and measure in ("count", "max", "min", "rows"):
            measure, column = "rows", column or DEFAULT_MEASURE.get(base)
        elif group is not None and measure in ("max", "min", "rows"):
            measure = "sum" if column else "count"
        limit, order = top, direction
        if measure == "count" and group is None:
            measure, column = "rows", DEFAULT_MEASURE.get(base)
    else:
        group = _group(reading, low, base, dates_col)
        said = re.search(r"\b(each|vs|versus|compare|comparing|compared|respectively)\b", low)
        if group is None and either and said:
            group = either  # "online vs card transactions, how many of each"
            for match in re.finditer(r"\b(compare|comparing|compared)\b", low):
                reading.mentions.append(Mention(match.start(), match.end(), "used"))
        if group is None and keep is not None:
            group = _kept_group(reading, base, filters)
        if group is None and measure in ("sum", "spend"):
            group = _owners_asked(reading, low, base)
        if measure == "rows" and group is not None:
            measure = "count"
    if measure == "count" and group is None and column and _COUNT.search(low) is None:
        measure = "sum"
    if measure == "rows" and column and not order:
        column = None
    plan = Plan(table=base, measure=cast(Measure, measure),
                column=column if measure != "count" else None, group=group,
                filters=tuple(filters), order=cast(Literal["desc", "asc"] | None, order),
                limit=limit, bare=bare and measure == "rows",
                keep=keep if measure in ("sum", "avg", "spend", "avg_spend") else None)
    plan = _people(plan, low)
    out = [plan]
    for chosen, other in swaps:
        out.append(replace(plan, filters=tuple(other if f == chosen else f for f in plan.filters)))
    return _counted_first(reading, low, out)


_ASKS_ROWS = re.compile(r"\b(?:list|listing|show|showing|which|who|whom|whose|what|give|find|"
                        r"display|pull|get|see|return|names?\s+of|name\s+(?:the|all|every|each)|"
                        r"details?|info|information|all|"
                        r"every|export|print|fetch|retrieve|enumerate|identify|look\s+up|lookup|"
                        r"view)\b")
"""Words that ask for the rows themselves ("list the accounts ...", "which cards ...")."""


_ACTIVITY = frozenset(DATE_VERBS.values()) - {"customers.birth_date"}
"""The dates of the bank's business: customers joining, accounts opened or closed, cards
issued or expiring, loans originated, transactions posted (not birthdays, nor the day a
branch opened)."""


def _counted_first(reading: Reading, low: str, plans: list[Plan]) -> list[Plan]:
    """Rows named with no word asking for them, picked out by a time of the bank's business
    or by a value they lack ("cards issued since July 2026", "new customer sign-ups so far in
    2026", "accounts with no closing date?"), ask how many there are (a tally of a period, of
    a gap in the data): the count is read first, the list after it. Rows picked out by what
    they are ("premier customers in Texas", "branches opened before 2000") or kept by the
    rows they own ("branches with more than 150 accounts") are listed; so are rows named with
    a column no filter reads ("accounts opened in 2025 and their balances")."""
    plan = plans[0]
    if plan.measure != "rows" or plan.bare or plan.order or plan.limit or plan.group or \
            _ASKS_ROWS.search(low):
        return plans
    if not any(f.op == "null" or f.column in _ACTIVITY for f in plan.filters):
        return plans  # "premier customers in Texas": who they are
    filtered = {f.column for f in plan.filters}
    if any(not set(m.refs) & filtered and not _after_its_value(reading, low, m)
           for m in reading.of("column")):
        return plans
    return [replace(plan, measure="count", column=None), *plans]
