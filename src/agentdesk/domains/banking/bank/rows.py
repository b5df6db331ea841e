"""Every row of the sample bank, generated from a seed number.

:func:`generate_bank_data` draws everything from one ``random.Random`` seeded with ``seed`` and a
Faker (``en_US``) seeded with the same number, table after table in a fixed order
(branches, customers, accounts, cards, loans, transactions), so one seed gives the
same rows on every run and every dialect. Each table has its function below; they
must keep drawing in the same order, or the same seed would give another bank.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, NamedTuple

from dateutil.relativedelta import relativedelta

from .tables import columns

if TYPE_CHECKING:
    from faker import Faker

__all__ = ["TODAY", "BankData", "generate_bank_data"]

TODAY = date(2026, 10, 31)
"""The generated bank's "now": nothing is dated later than this."""
TXN_START = date(2024, 1, 1)
"""Transactions are generated from this day to :data:`TODAY`."""

# Real (city, state) pairs, weighted by how many customers live there.
_CITIES: list[tuple[str, str, int]] = [
    ("New York", "NY", 14), ("Brooklyn", "NY", 6), ("Buffalo", "NY", 2),
    ("Los Angeles", "CA", 10), ("San Francisco", "CA", 6), ("San Diego", "CA", 5),
    ("San Jose", "CA", 3), ("Sacramento", "CA", 2), ("Chicago", "IL", 9),
    ("Naperville", "IL", 2), ("Houston", "TX", 7), ("Austin", "TX", 6), ("Dallas", "TX", 6),
    ("San Antonio", "TX", 4), ("Phoenix", "AZ", 5), ("Tucson", "AZ", 2),
    ("Philadelphia", "PA", 5), ("Pittsburgh", "PA", 3), ("Miami", "FL", 5),
    ("Orlando", "FL", 3), ("Tampa", "FL", 3), ("Seattle", "WA", 5), ("Spokane", "WA", 1),
    ("Denver", "CO", 4), ("Boulder", "CO", 1), ("Boston", "MA", 5), ("Cambridge", "MA", 2),
    ("Atlanta", "GA", 4), ("Portland", "OR", 3), ("Minneapolis", "MN", 3),
    ("Detroit", "MI", 3), ("Charlotte", "NC", 3), ("Raleigh", "NC", 2),
    ("Nashville", "TN", 3), ("Columbus", "OH", 3), ("Cleveland", "OH", 2),
    ("Salt Lake City", "UT", 2), ("Las Vegas", "NV", 3), ("Newark", "NJ", 2),
    ("Baltimore", "MD", 2),
]
_BRANCH_AREAS = ("Downtown", "Main Street", "Midtown", "Riverside", "Uptown", "Westside",
                 "Financial District", "Market Square")
_EMAIL_DOMAINS = ("gmail.com", "yahoo.com", "outlook.com", "icloud.com", "hotmail.com",
                  "aol.com", "proton.me")

_SEGMENTS = (("retail", 70), ("premier", 17), ("private", 4), ("small_business", 9))
_SEGMENT_WEALTH = {"retail": 1.0, "premier": 3.5, "private": 12.0, "small_business": 4.0}
# Customers joined 2015..2026, more in recent years (2026 runs to the end of October).
_JOIN_YEARS = ((2015, 3), (2016, 3), (2017, 4), (2018, 4), (2019, 5), (2020, 6), (2021, 7),
               (2022, 8), (2023, 9), (2024, 11), (2025, 12), (2026, 10))
_LOAN_KINDS = (("mortgage", 25), ("auto", 35), ("personal", 25), ("student", 15))

# category -> (merchants, lognormal mu, sigma) for card purchases (debits).
_PURCHASES: dict[str, tuple[tuple[str, ...], float, float]] = {
    "groceries": (("Whole Foods Market", "Trader Joe's", "Kroger", "Safeway", "Costco",
                   "Publix", "H-E-B", "Aldi"), 4.0, 0.6),
    "dining": (("Starbucks", "Chipotle", "McDonald's", "Olive Garden", "Panera Bread",
                "Sweetgreen", "Shake Shack", "Local Bistro"), 3.3, 0.6),
    "fuel": (("Shell", "Chevron", "ExxonMobil", "BP", "Valero"), 3.8, 0.35),
    "shopping": (("Amazon", "Target", "Walmart", "Best Buy", "Home Depot", "Macy's",
                  "IKEA", "Etsy"), 4.1, 0.9),
    "travel": (("Delta Air Lines", "United Airlines", "Southwest Airlines", "Marriott",
                "Hilton", "Airbnb", "Uber", "Lyft"), 4.9, 1.0),
    "entertainment": (("Netflix", "Spotify", "AMC Theatres", "Ticketmaster", "Steam",
                       "Disney+"), 3.0, 0.7),
    "healthcare": (("CVS Pharmacy", "Walgreens", "Kaiser Permanente", "LabCorp",
                    "City Dental"), 4.3, 0.8),
}
_PURCHASE_WEIGHTS = {"groceries": 26, "dining": 24, "fuel": 12, "shopping": 20, "travel": 5,
                     "entertainment": 8, "healthcare": 5}
_BILLS: dict[str, tuple[tuple[str, ...], float, float]] = {
    "utilities": (("Con Edison", "PG&E", "Duke Energy", "Comcast Xfinity", "Verizon",
                   "AT&T", "City Water Dept"), 4.6, 0.4),
    "rent": (("Greystar Residential", "Equity Residential", "AvalonBay"), 7.4, 0.3),
    "insurance": (("State Farm", "GEICO", "Progressive", "Allstate"), 4.9, 0.4),
}
# Transactions a month per open account, before the random and wealth factors.
_MONTHLY_TRANSACTIONS = {"checking": 0.42, "credit": 0.45, "savings": 0.1, "money_market": 0.08}

Row = tuple[Any, ...]


@dataclass(frozen=True)
class BankData:
    """Every row of the bank, as tuples in each table's column order."""

    rows: dict[str, list[Row]]

    def columns(self, table: str) -> list[str]:
        return columns(table)


class _Customer(NamedTuple):
    """What the later tables need to know of a customer."""

    id: int
    segment: str
    joined: date
    wealth: float
    """A multiplier of balances and amounts: the segment's, times a random factor."""
    branch: int
    employer: str | None


class _Account(NamedTuple):
    """What cards and transactions need to know of an account."""

    id: int
    customer: _Customer
    kind: str
    opened: date
    closed: date | None
    credit_limit: float | None


# --- drawing ---------------------------------------------------------------------------------


def _between(rng: random.Random, lo: date, hi: date) -> date:
    if hi <= lo:
        return lo
    return lo + timedelta(days=rng.randint(0, (hi - lo).days))


def _money(value: float) -> float:
    return round(value, 2)


def _pick(rng: random.Random, pairs: tuple[tuple[str, int], ...]) -> str:
    return rng.choices([k for k, _ in pairs], weights=[w for _, w in pairs])[0]


# --- tables, in the order they are drawn -----------------------------------------------------


def _branches(rng: random.Random) -> list[Row]:
    """25 branches, one in each of the busiest cities."""
    busiest = sorted(_CITIES, key=lambda c: -c[2])[:25]
    return [(i, f"{city} {rng.choice(_BRANCH_AREAS)}", city, state,
             _between(rng, date(1998, 1, 1), date(2014, 12, 31)).isoformat())
            for i, (city, state, _) in enumerate(busiest, start=1)]


def _customers(rng: random.Random, fake: Faker, branches: list[Row],
               ) -> tuple[list[Row], list[_Customer]]:
    """2000 customers; each banks at the branch of their city, else one in their state."""
    branch_by_city = {(city, state): i for i, _, city, state, _ in branches}
    branch_states: dict[str, list[int]] = {}
    for i, _, _, state, _ in branches:
        branch_states.setdefault(state, []).append(i)
    rows: list[Row] = []
    customers: list[_Customer] = []
    emails: set[str] = set()
    city_weights = [w for _, _, w in _CITIES]
    years = [y for y, _ in _JOIN_YEARS]
    year_weights = [w for _, w in _JOIN_YEARS]
    for cid in range(1, 2001):
        first, last = fake.first_name(), fake.last_name()
        city, state, _ = rng.choices(_CITIES, weights=city_weights)[0]
        segment = _pick(rng, _SEGMENTS)
        year = rng.choices(years, weights=year_weights)[0]
        joined = _between(rng, date(year, 1, 1), min(date(year, 12, 31), TODAY))
        birth = _between(rng, date(1941, 1, 1), date(2006, 12, 31))
        local = f"{first}.{last}".lower().replace("'", "").replace(" ", "")
        email = f"{local}@{rng.choice(_EMAIL_DOMAINS)}"
        while email in emails:
            email = f"{local}{rng.randint(1, 999)}@{rng.choice(_EMAIL_DOMAINS)}"
        emails.add(email)
        employer = fake.company() if rng.random() < 0.85 else None
        rows.append((cid, first, last, email, birth.isoformat(), city, state, segment,
                     joined.isoformat(), employer))
        branch = branch_by_city.get((city, state)) or rng.choice(
            branch_states.get(state) or [b[0] for b in branches])
        wealth = _SEGMENT_WEALTH[segment] * rng.lognormvariate(0, 0.5)
        customers.append(_Customer(cid, segment, joined, wealth, branch, employer))
    return rows, customers


def _accounts(rng: random.Random, customers: list[_Customer],
              ) -> tuple[list[Row], list[_Account]]:
    """One to three accounts a customer, the first a checking account (mostly) opened on joining."""
    rows: list[Row] = []
    accounts: list[_Account] = []
    for customer in customers:
        n = rng.choices((1, 2, 3), weights=(45, 35, 20))[0]
        first_type = "checking" if rng.random() < 0.9 else "savings"
        extra_w = (30, 40, 30) if customer.segment in ("premier", "private") else (45, 45, 10)
        kinds = [first_type, *rng.choices(("savings", "credit", "money_market"),
                                          weights=extra_w, k=n - 1)]
        for k, kind in enumerate(kinds):
            aid = len(accounts) + 1
            opened = customer.joined if k == 0 else _between(rng, customer.joined, TODAY)
            roll = rng.random()
            status = "open" if roll < 0.88 else "closed" if roll < 0.96 else "frozen"
            closed = (_between(rng, opened + timedelta(days=30), TODAY) if status == "closed"
                      else None)
            balance, limit = _opening_balance(rng, kind, customer.wealth)
            if status == "closed":
                balance = 0.0
            rows.append((aid, customer.id, customer.branch, kind, status, opened.isoformat(),
                         closed.isoformat() if closed else None, _money(balance)))
            accounts.append(_Account(aid, customer, kind, opened, closed, limit))
    return rows, accounts


def _opening_balance(rng: random.Random, kind: str, wealth: float) -> tuple[float, float | None]:
    """(balance, credit limit) of a new account; only a credit account has a limit."""
    if kind == "checking":
        return rng.lognormvariate(7.6, 0.9) * wealth, None
    if kind == "savings":
        return rng.lognormvariate(8.8, 1.0) * wealth, None
    if kind == "money_market":
        return rng.lognormvariate(10.0, 0.8) * wealth, None
    limit = float(min(100_000, max(500, round(rng.uniform(1500, 12000) * wealth / 500) * 500)))
    balance = -min(limit, rng.lognormvariate(6.8, 1.1))
    if rng.random() < 0.2:
        balance = 0.0
    return balance, limit


def _cards(rng: random.Random, accounts: list[_Account]) -> list[Row]:
    """A debit card on most checking accounts, a credit card on every credit account."""
    rows: list[Row] = []
    for account in accounts:
        if account.kind == "checking" and rng.random() < 0.93:
            network = rng.choices(("visa", "mastercard"), weights=(60, 40))[0]
            card_kind = "debit"
        elif account.kind == "credit":
            network = rng.choices(("visa", "mastercard", "amex", "discover"),
                                  weights=(45, 30, 15, 10))[0]
            card_kind = "credit"
        else:
            continue
        issued = _between(rng, account.opened, min(account.opened + timedelta(days=20), TODAY))
        if rng.random() < 0.4:  # reissued since
            issued = _between(rng, issued, TODAY)
        expires = issued + relativedelta(months=48)
        if account.closed is not None:
            status = "closed"
        elif expires < TODAY:
            status = "expired"
        else:
            status = rng.choices(("active", "blocked", "lost"), weights=(92, 5, 3))[0]
        rows.append((len(rows) + 1, account.id, card_kind, network, f"{rng.randint(0, 9999):04d}",
                     status, account.credit_limit, issued.isoformat(), expires.isoformat()))
    return rows


def _loans(rng: random.Random, customers: list[_Customer]) -> list[Row]:
    """600 loans to random customers; one whose term has run out is paid off."""
    rows: list[Row] = []
    for lid in range(1, 601):
        customer = rng.choice(customers)
        kind = _pick(rng, _LOAN_KINDS)
        if kind == "mortgage":
            principal = round(rng.uniform(120_000, 650_000) * min(customer.wealth, 3) ** 0.5, -3)
            rate, term = rng.uniform(3.0, 7.5), rng.choice((180, 360, 360, 360))
        elif kind == "auto":
            principal = round(rng.uniform(8_000, 65_000), -2)
            rate, term = rng.uniform(3.5, 11.0), rng.choice((36, 48, 60, 60, 72))
        elif kind == "personal":
            principal = round(rng.uniform(2_000, 40_000), -2)
            rate, term = rng.uniform(7.0, 14.0), rng.choice((12, 24, 36, 36, 60))
        else:
            principal = round(rng.uniform(5_000, 120_000), -2)
            rate, term = rng.uniform(3.0, 8.5), rng.choice((120, 120, 180, 240))
        originated = _between(rng, customer.joined, TODAY)
        if originated + relativedelta(months=term) <= TODAY or (
                originated < date(2025, 6, 1) and rng.random() < 0.1):
            status = "paid_off"
        else:
            status = rng.choices(("active", "delinquent", "default"), weights=(90, 7, 3))[0]
        rows.append((lid, customer.id, kind, _money(principal), round(rate, 2), term, status,
                     originated.isoformat()))
    return rows


# --- transactions ----------------------------------------------------------------------------

Movement = tuple[float, str, str | None, str]
"""(amount, category, merchant, channel) of one transaction."""


def _purchase(rng: random.Random, wealth: float) -> tuple[float, str, str]:
    """(negative amount, category, merchant) of a card purchase."""
    cat = rng.choices(list(_PURCHASE_WEIGHTS), weights=list(_PURCHASE_WEIGHTS.values()))[0]
    merchants, mu, sigma = _PURCHASES[cat]
    amount = rng.lognormvariate(mu, sigma) * (wealth ** 0.3)
    return -amount, cat, rng.choice(merchants)


def _checking_movement(rng: random.Random, customer: _Customer) -> Movement:
    roll, wealth = rng.random(), customer.wealth
    if roll < 0.48:
        amount, category, merchant = _purchase(rng, wealth)
        online = category in ("shopping", "entertainment") and rng.random() < 0.6
        return amount, category, merchant, "online" if online else "card"
    if roll < 0.60:
        return (rng.uniform(1200, 4200) * wealth ** 0.5, "payroll",
                customer.employer or "State Unemployment Office", "ach")
    if roll < 0.69:
        return -20.0 * rng.randint(1, 20), "cash", None, "atm"
    if roll < 0.79:
        bill = rng.choice(tuple(_BILLS))
        merchants, mu, sigma = _BILLS[bill]
        amount = -rng.lognormvariate(mu, sigma)
        return amount, bill, rng.choice(merchants), "ach"
    if roll < 0.88:
        return rng.choice((-1, 1)) * rng.lognormvariate(5.5, 0.9), "transfer", None, "online"
    if roll < 0.94:
        return rng.lognormvariate(6.0, 1.0) * wealth ** 0.5, "deposit", None, "branch"
    if roll < 0.97:
        return -rng.choice((5.0, 12.0, 15.0, 25.0, 35.0)), "fees", None, "branch"
    _, _, merchant = _purchase(rng, wealth)  # a refund of a purchase at that merchant
    return rng.uniform(5, 150), "refund", merchant, "card"


def _credit_movement(rng: random.Random, customer: _Customer) -> Movement:
    roll, wealth = rng.random(), customer.wealth
    if roll < 0.84:
        amount, category, merchant = _purchase(rng, wealth)
        return amount, category, merchant, "online" if rng.random() < 0.35 else "card"
    if roll < 0.96:
        amount = rng.lognormvariate(6.3, 0.8) * wealth ** 0.3
        return amount, "payment", None, rng.choice(("online", "ach"))
    return -rng.uniform(10, 60), "interest", None, "online"


def _saving_movement(rng: random.Random, customer: _Customer) -> Movement:
    """A movement of a savings or money market account."""
    roll = rng.random()
    if roll < 0.35:
        return rng.uniform(0.5, 40.0) * customer.wealth ** 0.5, "interest", None, "ach"
    if roll < 0.85:
        return rng.choice((-1, 1, 1)) * rng.lognormvariate(6.5, 1.0), "transfer", None, "online"
    return rng.lognormvariate(7.0, 1.0), "deposit", None, "branch"


def _transactions(rng: random.Random, accounts: list[_Account]) -> list[Row]:
    """Transactions from :data:`TXN_START` to :data:`TODAY`, within each account's life.

    Ids follow the date (then the account, then the order drawn); a movement that
    rounds to zero cents is booked as -0.01.
    """
    drawn: list[tuple[str, int, int, float, str, str | None, str]] = []
    movement = {"checking": _checking_movement, "credit": _credit_movement}
    for account in accounts:
        lo, hi = max(account.opened, TXN_START), min(account.closed or TODAY, TODAY)
        if hi <= lo:
            continue
        months = (hi - lo).days / 30.4
        n = round(months * _MONTHLY_TRANSACTIONS[account.kind] * rng.uniform(0.5, 1.5)
                  * (1 + min(account.customer.wealth, 4) / 8))
        draw = movement.get(account.kind, _saving_movement)
        for _ in range(n):
            day = _between(rng, lo, hi).isoformat()
            amount, category, merchant, channel = draw(rng, account.customer)
            amount = _money(amount) or -0.01
            drawn.append((day, account.id, len(drawn), amount, category, merchant, channel))
    drawn.sort(key=lambda t: (t[0], t[1], t[2]))
    return [(i, aid, day, amount, category, merchant, channel)
            for i, (day, aid, _, amount, category, merchant, channel) in enumerate(drawn, start=1)]


def generate_bank_data(seed: int = 7) -> BankData:
    """All rows of the bank for ``seed``; the same seed always gives the same rows."""
    from faker import Faker

    rng = random.Random(seed)
    fake = Faker("en_US")
    fake.seed_instance(seed)
    branches = _branches(rng)
    customer_rows, customers = _customers(rng, fake, branches)
    account_rows, accounts = _accounts(rng, customers)
    return BankData({
        "branches": branches, "customers": customer_rows, "accounts": account_rows,
        "cards": _cards(rng, accounts), "loans": _loans(rng, customers),
        "transactions": _transactions(rng, accounts)})
