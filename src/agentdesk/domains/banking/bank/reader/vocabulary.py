"""The words analysts use for the bank's tables and columns (the bank's semantic layer).

Phrases are matched on word boundaries in the lower-cased question; the longest phrase
wins. Values of categorical columns are not listed here: they are read from the
database itself (:mod:`.catalog`).
"""

from __future__ import annotations

from agentdesk.numerals import cardinals

__all__ = ["BARE_DATE_VERBS", "COLUMN_WORDS", "COUNTED_IN", "DATE_COLUMNS", "DATE_VERBS",
           "DEFAULT_MEASURE", "MISSING_WORDS",
           "NULLABLE_WORDS", "NUMBER_WORDS", "NUMERIC", "OWNED", "STATES",
           "TABLE_WORDS", "UNITS", "VALUE_WORDS"]

TABLE_WORDS: dict[str, tuple[str, ...]] = {
    "customers": ("customer", "customers", "client", "clients", "people", "members",
                  "sign ups", "signups"),
    "accounts": ("account", "accounts", "acct", "accts"),
    "cards": ("card", "cards"),
    "loans": ("loan", "loans"),
    "transactions": ("transaction", "transactions", "purchases", "purchase", "payments made",
                     "txn", "txns", "buy", "bought", "purchased", "shopped"),
    "branches": ("branch", "branches", "office", "offices"),
}

# phrase -> candidate columns; the first whose table the question names wins, else the first.
COLUMN_WORDS: dict[str, tuple[str, ...]] = {
    "segment": ("customers.segment",), "segments": ("customers.segment",),
    "state": ("customers.state", "branches.state"), "states": ("customers.state",
                                                              "branches.state"),
    "city": ("customers.city", "branches.city"), "cities": ("customers.city", "branches.city"),
    "merchant": ("transactions.merchant",), "merchants": ("transactions.merchant",),
    "merchant name": ("transactions.merchant",), "merchant names": ("transactions.merchant",),
    "category": ("transactions.category",), "categories": ("transactions.category",),
    "spending categories": ("transactions.category",),
    "channel": ("transactions.channel",), "channels": ("transactions.channel",),
    "network": ("cards.network",), "networks": ("cards.network",),
    "card network": ("cards.network",),
    "type": ("accounts.type", "cards.kind", "loans.kind"),
    "types": ("accounts.type", "cards.kind", "loans.kind"),
    "account type": ("accounts.type",), "account types": ("accounts.type",),
    "kind": ("loans.kind", "cards.kind"), "kinds": ("loans.kind", "cards.kind"),
    "loan kind": ("loans.kind",), "loan type": ("loans.kind",), "loan types": ("loans.kind",),
    "card type": ("cards.kind",), "card kind": ("cards.kind",),
    "status": ("accounts.status", "loans.status", "cards.status"),
    "statuses": ("accounts.status", "loans.status", "cards.status"),
    "employer": ("customers.employer",), "employers": ("customers.employer",),
    "balance": ("accounts.balance",), "balances": ("accounts.balance",),
    "bal": ("accounts.balance",), "bals": ("accounts.balance",),
    "rate": ("loans.rate",), "rates": ("loans.rate",), "interest rate": ("loans.rate",),
    "interest rates": ("loans.rate",), "loan rate": ("loans.rate",),
    "principal": ("loans.principal",), "principals": ("loans.principal",),
    "loan amount": ("loans.principal",), "loan amounts": ("loans.principal",),
    "loan size": ("loans.principal",), "borrowed": ("loans.principal",),
    "borrow": ("loans.principal",), "lent": ("loans.principal",),
    "credit limit": ("cards.credit_limit",), "credit limits": ("cards.credit_limit",),
    "limit": ("cards.credit_limit",),
    "term": ("loans.term_months",), "terms": ("loans.term_months",),
    "loan term": ("loans.term_months",),
    "term in months": ("loans.term_months",),
    "amount": ("transactions.amount",), "amounts": ("transactions.amount",),
    # The number that sizes a table's rows: the table named says which.
    "size": ("transactions.amount", "loans.principal", "accounts.balance"),
    "sizes": ("transactions.amount", "loans.principal", "accounts.balance"),
    "transaction amount": ("transactions.amount",), "value": ("transactions.amount",),
}

NUMERIC = frozenset({"accounts.balance", "loans.rate", "loans.principal", "cards.credit_limit",
                     "loans.term_months", "transactions.amount"})

UNITS: dict[str, str] = {"months": "loans.term_months", "month": "loans.term_months"}
"""The unit a numeric column is counted in: "how many months" asks for loan terms."""

_MONEY = frozenset({"accounts.balance", "loans.principal", "cards.credit_limit",
                    "transactions.amount"})
COUNTED_IN: dict[str, frozenset[str]] = {
    "months": frozenset({"loans.term_months"}), "dollars": _MONEY, "usd": _MONEY,
    "percent": frozenset({"loans.rate"}), "percentage": frozenset({"loans.rate"}),
    "%": frozenset({"loans.rate"}),
    **{unit: frozenset() for unit in ("years", "weeks", "days", "cents", "thousands",
                                      "millions", "euros")},
}
"""The units an answer may be asked in ("the average term, in years"), each with the columns
the bank counts in it: a number asked in another unit than its column's is not read (the
reader converts no unit)."""

DEFAULT_MEASURE: dict[str, str] = {
    "accounts": "accounts.balance", "loans": "loans.principal",
    "transactions": "transactions.amount", "cards": "cards.credit_limit",
}
"""The number a table's rows are compared by ("the largest loans": by principal)."""

DATE_COLUMNS: dict[str, str] = {
    "customers": "customers.joined_at", "accounts": "accounts.opened_at",
    "cards": "cards.issued_at", "loans": "loans.originated_at",
    "transactions": "transactions.posted_at", "branches": "branches.opened_at",
}
"""Each table's date, when a question gives a time without saying which date."""

DATE_VERBS: dict[str, str] = {
    "joined": "customers.joined_at", "join": "customers.joined_at",
    "signed up": "customers.joined_at", "became customers": "customers.joined_at",
    "sign up": "customers.joined_at", "sign ups": "customers.joined_at",
    "signup": "customers.joined_at", "signups": "customers.joined_at",
    "opened": "accounts.opened_at", "closed": "accounts.closed_at",
    "originated": "loans.originated_at", "taken out": "loans.originated_at",
    "issued": "cards.issued_at", "expire": "cards.expires_at", "expires": "cards.expires_at",
    "expiring": "cards.expires_at", "expired in": "cards.expires_at",
    "born": "customers.birth_date", "posted": "transactions.posted_at",
}

BARE_DATE_VERBS: dict[str, str] = {
    "open": "accounts.opened_at", "close": "accounts.closed_at", "issue": "cards.issued_at",
    "originate": "loans.originated_at",
}
"""Date verbs in their bare form, read as verbs only after an auxiliary ("how many accounts
did premier customers open in 2026"): elsewhere "open" and "closed" may be statuses."""

VALUE_WORDS: dict[str, tuple[str, str]] = {
    "eating out": ("transactions.category", "dining"),
    "restaurant": ("transactions.category", "dining"),
    "restaurants": ("transactions.category", "dining"),
    "salary": ("transactions.category", "payroll"),
    "salaries": ("transactions.category", "payroll"),
    "paycheck": ("transactions.category", "payroll"),
    "paychecks": ("transactions.category", "payroll"),
    "car": ("loans.kind", "auto"), "vehicle": ("loans.kind", "auto"),
    "money mkt": ("accounts.type", "money_market"),
}
"""Everyday words for a value the bank stores under another name ("eating out": dining)."""

STATES: dict[str, str] = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
    "colorado": "CO", "connecticut": "CT", "delaware": "DE", "florida": "FL", "georgia": "GA",
    "hawaii": "HI", "idaho": "ID", "illinois": "IL", "indiana": "IN", "iowa": "IA",
    "kansas": "KS", "kentucky": "KY", "louisiana": "LA", "maine": "ME", "maryland": "MD",
    "massachusetts": "MA", "michigan": "MI", "minnesota": "MN", "mississippi": "MS",
    "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york state": "NY",
    "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK",
    "oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC",
    "south dakota": "SD", "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT",
    "virginia": "VA", "washington state": "WA", "west virginia": "WV", "wisconsin": "WI",
    "wyoming": "WY",
}
"""US state names to the two-letter codes the bank stores ("New York" is also a city)."""

NUMBER_WORDS: dict[str, int] = {**cardinals(12), "fifteen": 15, "twenty": 20, "fifty": 50}

NULLABLE_WORDS: dict[str, str] = {
    "closing date": "accounts.closed_at", "closed date": "accounts.closed_at",
    "close date": "accounts.closed_at", "closure date": "accounts.closed_at",
    "employer": "customers.employer", "merchant": "transactions.merchant",
    "merchant name": "transactions.merchant",
    "credit limit": "cards.credit_limit", "limit": "cards.credit_limit",
}
"""Words for the columns that may be empty ("accounts with no closing date")."""

MISSING_WORDS = ("without", "with no", "has no", "have no", "having no", "had no", "no",
                 "missing", "lacking", "that lack", "lack", "with a missing", "with an empty",
                 "with an unknown", "are missing", "is missing", "are without", "is without",
                 *(f"{aux}{nt} have" for aux in ("do", "does", "did")
                   for nt in ("n't", "n’t", "nt", " not")))
"""What says a value is missing, before the column ("without an employer")."""

OWNED: dict[str, tuple[str, ...]] = {
    "customers": ("accounts", "cards", "loans", "transactions"),
    "accounts": ("cards", "transactions"),
    "branches": ("accounts", "customers"),
}
"""What a table's rows own, for thresholds on owned rows ("customers with 3 cards")."""
