"""A realistic, reproducible bank database generated from a seed.

:func:`generate_bank_data` builds every row in memory from ``random.Random(seed)``
and a Faker (``en_US``) seeded the same way, so one seed gives the same rows on
every run and every dialect. :func:`create_bank_database` (re)creates the schema
and loads those rows into ``sqlite:///path`` or ``postgresql://...``.

Dates are ISO dates: ``DATE`` in PostgreSQL, ``TEXT 'YYYY-MM-DD'`` in SQLite.
Money is ``NUMERIC(14,2)`` in PostgreSQL and ``REAL`` in SQLite; loan rates are
percentages (``6.25`` means 6.25 %).
"""

from __future__ import annotations

import calendar
import os
import random
import sqlite3
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from agentdesk.runtime.storage.persistence import parse_database_url

__all__ = [
    "BANK_TABLES",
    "READER_ROLE",
    "BankData",
    "create_bank_database",
    "generate_bank_data",
    "schema_statements",
]

BANK_TABLES: tuple[str, ...] = (
    "branches", "customers", "accounts", "cards", "loans", "transactions")
"""Every table of the bank, parents before children."""

READER_ROLE = "agentdesk_bank_reader"
"""PostgreSQL role with SELECT on the bank tables only; queries run as it when it exists."""

START = date(2015, 1, 1)
TODAY = date(2026, 10, 31)
"""The generated bank's "now": nothing is dated later than this."""
TXN_START = date(2024, 1, 1)

# (table, [(column, type, constraint)], indexes); types are mapped per dialect.
_SCHEMA: list[tuple[str, list[tuple[str, str, str]], list[str]]] = [
    ("branches", [
        ("id", "INTEGER", "PRIMARY KEY"),
        ("name", "TEXT", "NOT NULL"),
        ("city", "TEXT", "NOT NULL"),
        ("state", "TEXT", "NOT NULL"),
        ("opened_at", "DATE", "NOT NULL"),
    ], []),
    ("customers", [
        ("id", "INTEGER", "PRIMARY KEY"),
        ("first_name", "TEXT", "NOT NULL"),
        ("last_name", "TEXT", "NOT NULL"),
        ("email", "TEXT", "NOT NULL UNIQUE"),
        ("birth_date", "DATE", "NOT NULL"),
        ("city", "TEXT", "NOT NULL"),
        ("state", "TEXT", "NOT NULL"),
        ("segment", "TEXT", "NOT NULL"),
        ("joined_at", "DATE", "NOT NULL"),
        ("employer", "TEXT", ""),
    ], ["joined_at", "state"]),
    ("accounts", [
        ("id", "INTEGER", "PRIMARY KEY"),
        ("customer_id", "INTEGER", "NOT NULL REFERENCES customers(id)"),
        ("branch_id", "INTEGER", "NOT NULL REFERENCES branches(id)"),
        ("type", "TEXT", "NOT NULL"),
        ("status", "TEXT", "NOT NULL"),
        ("opened_at", "DATE", "NOT NULL"),
        ("closed_at", "DATE", ""),
        ("balance", "MONEY", "NOT NULL"),
    ], ["customer_id", "branch_id", "opened_at"]),
    ("cards", [
        ("id", "INTEGER", "PRIMARY KEY"),
        ("account_id", "INTEGER", "NOT NULL REFERENCES accounts(id)"),
        ("kind", "TEXT", "NOT NULL"),
        ("network", "TEXT", "NOT NULL"),
        ("last4", "TEXT", "NOT NULL"),
        ("status", "TEXT", "NOT NULL"),
        ("credit_limit", "MONEY", ""),
        ("issued_at", "DATE", "NOT NULL"),
        ("expires_at", "DATE", "NOT NULL"),
    ], ["account_id", "issued_at"]),
    ("loans", [
        ("id", "INTEGER", "PRIMARY KEY"),
        ("customer_id", "INTEGER", "NOT NULL REFERENCES customers(id)"),
        ("kind", "TEXT", "NOT NULL"),
        ("principal", "MONEY", "NOT NULL"),
        ("rate", "RATE", "NOT NULL"),
        ("term_months", "INTEGER", "NOT NULL"),
        ("status", "TEXT", "NOT NULL"),
        ("originated_at", "DATE", "NOT NULL"),
    ], ["customer_id", "originated_at"]),
    ("transactions", [
        ("id", "INTEGER", "PRIMARY KEY"),
        ("account_id", "INTEGER", "NOT NULL REFERENCES accounts(id)"),
        ("posted_at", "DATE", "NOT NULL"),
        ("amount", "MONEY", "NOT NULL"),
        ("category", "TEXT", "NOT NULL"),
        ("merchant", "TEXT", ""),
        ("channel", "TEXT", "NOT NULL"),
    ], ["account_id", "posted_at"]),
]

_TYPES = {
    "sqlite": {"INTEGER": "INTEGER", "TEXT": "TEXT", "DATE": "TEXT", "MONEY": "REAL",
               "RATE": "REAL"},
    "postgresql": {"INTEGER": "INTEGER", "TEXT": "TEXT", "DATE": "DATE",
                   "MONEY": "NUMERIC(14,2)", "RATE": "NUMERIC(5,2)"},
}

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

_SEGMENTS = (("retail", 70), ("premier", 17), ("private", 4), ("small_business", 9))
_SEGMENT_WEALTH = {"retail": 1.0, "premier": 3.5, "private": 12.0, "small_business": 4.0}
# Customers joined 2015..2026, more in recent years (2026 runs to the end of October).
_JOIN_YEARS = ((2015, 3), (2016, 3), (2017, 4), (2018, 4), (2019, 5), (2020, 6), (2021, 7),
               (2022, 8), (2023, 9), (2024, 11), (2025, 12), (2026, 10))

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


@dataclass(frozen=True)
class BankData:
    """Every row of the bank, as tuples in :data:`BANK_TABLES` column order."""

    rows: dict[str, list[tuple[Any, ...]]]

    def columns(self, table: str) -> list[str]:
        return _columns(table)


def _columns(table: str) -> list[str]:
    for name, cols, _ in _SCHEMA:
        if name == table:
            return [col for col, _, _ in cols]
    raise KeyError(table)


def schema_statements(dialect: str) -> list[str]:
    """``CREATE TABLE`` statements (parents first) for ``sqlite`` or ``postgresql``."""
    types = _TYPES[dialect]
    out = []
    for table, cols, _ in _SCHEMA:
        body = ",\n  ".join(f"{col} {types[kind]} {extra}".rstrip() for col, kind, extra in cols)
        out.append(f"CREATE TABLE {table} (\n  {body}\n)")
    return out


def _index_statements() -> list[str]:
    return [f"CREATE INDEX ix_{table}_{col} ON {table} ({col})"
            for table, _, indexes in _SCHEMA for col in indexes]


# --- generation -----------------------------------------------------------------------------


def _add_months(day: date, months: int) -> date:
    month0 = day.month - 1 + months
    year, month = day.year + month0 // 12, month0 % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _between(rng: random.Random, lo: date, hi: date) -> date:
    if hi <= lo:
        return lo
    return lo + timedelta(days=rng.randint(0, (hi - lo).days))


def _money(value: float) -> float:
    return round(value, 2)


def _pick(rng: random.Random, pairs: tuple[tuple[str, int], ...]) -> str:
    return rng.choices([k for k, _ in pairs], weights=[w for _, w in pairs])[0]


def generate_bank_data(seed: int = 7) -> BankData:
    """All rows of the bank for ``seed``; the same seed always gives the same rows."""
    from faker import Faker

    rng = random.Random(seed)
    fake = Faker("en_US")
    fake.seed_instance(seed)

    # Branches: 25, in distinct cities, the busiest cities first.
    branch_cities = sorted(_CITIES, key=lambda c: -c[2])[:25]
    branches = []
    branch_by_city: dict[tuple[str, str], int] = {}
    for i, (city, state, _) in enumerate(branch_cities, start=1):
        area = rng.choice(("Downtown", "Main Street", "Midtown", "Riverside", "Uptown",
                           "Westside", "Financial District", "Market Square"))
        branches.append((i, f"{city} {area}", city, state,
                         _between(rng, date(1998, 1, 1), date(2014, 12, 31)).isoformat()))
        branch_by_city[(city, state)] = i
    branch_states: dict[str, list[int]] = {}
    for i, _, _, state, _ in branches:
        branch_states.setdefault(state, []).append(i)

    # Customers.
    customers = []
    cust_info: list[tuple[int, str, date, float, int]] = []  # id, segment, joined, wealth, branch
    emails: set[str] = set()
    city_weights = [w for _, _, w in _CITIES]
    years = [y for y, _ in _JOIN_YEARS]
    year_weights = [w for _, w in _JOIN_YEARS]
    domains = ("gmail.com", "yahoo.com", "outlook.com", "icloud.com", "hotmail.com",
               "aol.com", "proton.me")
    for cid in range(1, 2001):
        first, last = fake.first_name(), fake.last_name()
        city, state, _ = rng.choices(_CITIES, weights=city_weights)[0]
        segment = _pick(rng, _SEGMENTS)
        year = rng.choices(years, weights=year_weights)[0]
        joined = _between(rng, date(year, 1, 1), min(date(year, 12, 31), TODAY))
        birth = _between(rng, date(1941, 1, 1), date(2006, 12, 31))
        local = f"{first}.{last}".lower().replace("'", "").replace(" ", "")
        email = f"{local}@{rng.choice(domains)}"
        while email in emails:
            email = f"{local}{rng.randint(1, 999)}@{rng.choice(domains)}"
        emails.add(email)
        employer = fake.company() if rng.random() < 0.85 else None
        customers.append((cid, first, last, email, birth.isoformat(), city, state, segment,
                          joined.isoformat(), employer))
        branch = branch_by_city.get((city, state)) or rng.choice(
            branch_states.get(state) or [b[0] for b in branches])
        wealth = _SEGMENT_WEALTH[segment] * rng.lognormvariate(0, 0.5)
        cust_info.append((cid, segment, joined, wealth, branch))

    # Accounts (and the credit limit of each credit account, for its card).
    accounts = []
    acct_info: list[tuple[int, int, str, date, date | None, float]] = []
    credit_limits: dict[int, float] = {}
    aid = 0
    for cid, segment, joined, wealth, branch in cust_info:
        n = rng.choices((1, 2, 3), weights=(45, 35, 20))[0]
        first_type = "checking" if rng.random() < 0.9 else "savings"
        extra_w = (30, 40, 30) if segment in ("premier", "private") else (45, 45, 10)
        kinds = [first_type, *rng.choices(("savings", "credit", "money_market"),
                                          weights=extra_w, k=n - 1)]
        for k, kind in enumerate(kinds):
            aid += 1
            opened = joined if k == 0 else _between(rng, joined, TODAY)
            roll = rng.random()
            status = "open" if roll < 0.88 else "closed" if roll < 0.96 else "frozen"
            closed = _between(rng, opened + timedelta(days=30), TODAY) if status == "closed" else None
            if kind == "checking":
                balance = rng.lognormvariate(7.6, 0.9) * wealth
            elif kind == "savings":
                balance = rng.lognormvariate(8.8, 1.0) * wealth
            elif kind == "money_market":
                balance = rng.lognormvariate(10.0, 0.8) * wealth
            else:
                limit = float(min(100_000, max(500, round(rng.uniform(1500, 12000) * wealth / 500)
                                               * 500)))
                credit_limits[aid] = limit
                balance = -min(limit, rng.lognormvariate(6.8, 1.1))
                if rng.random() < 0.2:
                    balance = 0.0
            if status == "closed":
                balance = 0.0
            accounts.append((aid, cid, branch, kind, status, opened.isoformat(),
                             closed.isoformat() if closed else None, _money(balance)))
            acct_info.append((aid, cid, kind, opened, closed, wealth))

    # Cards: a debit card on most checking accounts, a credit card on every credit account.
    cards = []
    card_id = 0
    for aid, _cid, kind, opened, closed, _w in acct_info:
        if kind == "checking" and rng.random() < 0.93:
            network = rng.choices(("visa", "mastercard"), weights=(60, 40))[0]
            card_kind, card_limit = "debit", None
        elif kind == "credit":
            network = rng.choices(("visa", "mastercard", "amex", "discover"),
                                  weights=(45, 30, 15, 10))[0]
            card_kind, card_limit = "credit", credit_limits[aid]
        else:
            continue
        card_id += 1
        issued = _between(rng, opened, min(opened + timedelta(days=20), TODAY))
        if rng.random() < 0.4:  # reissued since
            issued = _between(rng, issued, TODAY)
        expires = _add_months(issued, 48)
        if closed is not None:
            status = "closed"
        elif expires < TODAY:
            status = "expired"
        else:
            status = rng.choices(("active", "blocked", "lost"), weights=(92, 5, 3))[0]
        cards.append((card_id, aid, card_kind, network, f"{rng.randint(0, 9999):04d}", status,
                      card_limit, issued.isoformat(), expires.isoformat()))

    # Loans: ~600.
    loans = []
    loan_kinds = (("mortgage", 25), ("auto", 35), ("personal", 25), ("student", 15))
    for lid in range(1, 601):
        cid, _segment, joined, wealth, _ = rng.choice(cust_info)
        kind = _pick(rng, loan_kinds)
        if kind == "mortgage":
            principal = round(rng.uniform(120_000, 650_000) * min(wealth, 3) ** 0.5, -3)
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
        originated = _between(rng, joined, TODAY)
        if _add_months(originated, term) <= TODAY or (
                originated < date(2025, 6, 1) and rng.random() < 0.1):
            status = "paid_off"
        else:
            status = rng.choices(("active", "delinquent", "default"), weights=(90, 7, 3))[0]
        loans.append((lid, cid, kind, _money(principal), round(rate, 2), term, status,
                      originated.isoformat()))

    # Transactions 2024-01..2026-10, dated within each account's life.
    txns: list[tuple[str, int, int, float, str, str | None, str]] = []
    employers = {c[0]: c[9] for c in customers}
    purchase_cats = list(_PURCHASE_WEIGHTS)
    purchase_w = list(_PURCHASE_WEIGHTS.values())
    monthly_rate = {"checking": 0.42, "credit": 0.45, "savings": 0.1, "money_market": 0.08}

    def purchase(wealth: float) -> tuple[float, str, str]:
        cat = rng.choices(purchase_cats, weights=purchase_w)[0]
        merchants, mu, sigma = _PURCHASES[cat]
        amount = rng.lognormvariate(mu, sigma) * (wealth ** 0.3)
        return -amount, cat, rng.choice(merchants)

    for aid, cid, kind, opened, closed, wealth in acct_info:
        lo, hi = max(opened, TXN_START), min(closed or TODAY, TODAY)
        if hi <= lo:
            continue
        months = (hi - lo).days / 30.4
        n = round(months * monthly_rate[kind] * rng.uniform(0.5, 1.5) * (1 + min(wealth, 4) / 8))
        for _ in range(n):
            day = _between(rng, lo, hi).isoformat()
            roll = rng.random()
            merchant: str | None
            if kind == "checking":
                if roll < 0.48:
                    amount, category, merchant = purchase(wealth)
                    channel = "online" if category in ("shopping", "entertainment") and \
                        rng.random() < 0.6 else "card"
                elif roll < 0.60:
                    amount = rng.uniform(1200, 4200) * wealth ** 0.5
                    category, channel = "payroll", "ach"
                    merchant = employers[cid] or "State Unemployment Office"
                elif roll < 0.69:
                    amount, category, channel = -20.0 * rng.randint(1, 20), "cash", "atm"
                    merchant = None
                elif roll < 0.79:
                    bill = rng.choice(tuple(_BILLS))
                    merchants, mu, sigma = _BILLS[bill]
                    amount, category = -rng.lognormvariate(mu, sigma), bill
                    merchant, channel = rng.choice(merchants), "ach"
                elif roll < 0.88:
                    amount = rng.choice((-1, 1)) * rng.lognormvariate(5.5, 0.9)
                    category, merchant, channel = "transfer", None, "online"
                elif roll < 0.94:
                    amount = rng.lognormvariate(6.0, 1.0) * wealth ** 0.5
                    category, merchant, channel = "deposit", None, "branch"
                elif roll < 0.97:
                    amount = -rng.choice((5.0, 12.0, 15.0, 25.0, 35.0))
                    category, merchant, channel = "fees", None, "branch"
                else:
                    _, category, merchant = purchase(wealth)
                    amount, category, channel = rng.uniform(5, 150), "refund", "card"
            elif kind == "credit":
                if roll < 0.84:
                    amount, category, merchant = purchase(wealth)
                    channel = "online" if rng.random() < 0.35 else "card"
                elif roll < 0.96:
                    amount = rng.lognormvariate(6.3, 0.8) * wealth ** 0.3
                    category, merchant, channel = "payment", None, rng.choice(("online", "ach"))
                else:
                    amount = -rng.uniform(10, 60)
                    category, merchant, channel = "interest", None, "online"
            else:
                if roll < 0.35:
                    amount = rng.uniform(0.5, 40.0) * wealth ** 0.5
                    category, merchant, channel = "interest", None, "ach"
                elif roll < 0.85:
                    amount = rng.choice((-1, 1, 1)) * rng.lognormvariate(6.5, 1.0)
                    category, merchant, channel = "transfer", None, "online"
                else:
                    amount = rng.lognormvariate(7.0, 1.0)
                    category, merchant, channel = "deposit", None, "branch"
            amount = _money(amount)
            if amount == 0:
                amount = -0.01 if category in ("fees", "cash") or amount <= 0 else 0.01
            txns.append((day, aid, len(txns), amount, category, merchant, channel))
    txns.sort(key=lambda t: (t[0], t[1], t[2]))
    transactions = [(i, aid, day, amount, category, merchant, channel)
                    for i, (day, aid, _, amount, category, merchant, channel)
                    in enumerate(txns, start=1)]

    return BankData({"branches": branches, "customers": customers, "accounts": accounts,
                     "cards": cards, "loans": loans, "transactions": transactions})


# --- loading --------------------------------------------------------------------------------


def create_bank_database(url: str, seed: int = 7) -> None:
    """(Re)create the bank schema at ``url`` and load the rows for ``seed``.

    SQLite: the database is built next to the target file and moved into place, so a
    reader sees either the old bank or the new one. PostgreSQL: the bank tables are
    dropped and rebuilt in one transaction.
    """
    _load(url, seed, only_if_missing=False)


def _load(url: str, seed: int, *, only_if_missing: bool) -> bool:
    """Load the bank; with ``only_if_missing``, skip if it is already there. True if loaded."""
    parsed = parse_database_url(url)
    if parsed.dialect == "sqlite":
        return _load_sqlite(Path(parsed.target), seed, only_if_missing)
    return _load_postgres(parsed.target, seed, only_if_missing)


def _load_sqlite(path: Path, seed: int, only_if_missing: bool) -> bool:
    if only_if_missing and _sqlite_has_bank(path):
        return False
    data = generate_bank_data(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{id(data)}.tmp")
    tmp.unlink(missing_ok=True)
    conn = sqlite3.connect(tmp, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.execute("BEGIN")
        for statement in schema_statements("sqlite"):
            conn.execute(statement)
        for table in BANK_TABLES:
            cols = _columns(table)
            conn.executemany(
                f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                data.rows[table])
        for statement in _index_statements():
            conn.execute(statement)
        conn.execute("COMMIT")
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("ANALYZE")
    except BaseException:
        conn.close()
        tmp.unlink(missing_ok=True)
        raise
    conn.close()
    os.replace(tmp, path)
    return True


def _sqlite_has_bank(path: Path) -> bool:
    if not path.is_file():
        return False
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        finally:
            conn.close()
    except sqlite3.Error:
        return False
    return set(BANK_TABLES) <= names


def _pg_value(kind: str, value: Any) -> Any:
    if value is None:
        return None
    if kind == "DATE":
        return date.fromisoformat(value)
    return value


def _load_postgres(target: str, seed: int, only_if_missing: bool) -> bool:
    import psycopg
    from psycopg import sql

    with psycopg.connect(target, connect_timeout=10) as conn:
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('agentdesk_bank_load'))")
        if only_if_missing:
            present = {r[0] for r in conn.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()")}
            if set(BANK_TABLES) <= present:
                return False
        data = generate_bank_data(seed)
        conn.execute("DROP TABLE IF EXISTS " + ", ".join(reversed(BANK_TABLES)) + " CASCADE")
        for statement in schema_statements("postgresql"):
            conn.execute(statement)
        with conn.cursor() as cur:
            for table, cols, _ in _SCHEMA:
                kinds = [kind for _, kind, _ in cols]
                names = [col for col, _, _ in cols]
                rows = [tuple(_pg_value(k, v) for k, v in zip(kinds, row, strict=True))
                        for row in data.rows[table]]
                cur.executemany(
                    f"INSERT INTO {table} ({', '.join(names)}) "
                    f"VALUES ({', '.join(['%s'] * len(names))})", rows)
        for statement in _index_statements():
            conn.execute(statement)
        schema = conn.execute("SELECT current_schema()").fetchone()
        try:  # a role that can only read the bank; optional (needs CREATEROLE)
            with conn.transaction():
                exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s",
                                      (READER_ROLE,)).fetchone()
                if not exists:
                    conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(
                        sql.Identifier(READER_ROLE)))
                role = sql.Identifier(READER_ROLE)
                if schema and schema[0]:
                    conn.execute(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(
                        sql.Identifier(schema[0]), role))
                conn.execute(sql.SQL("GRANT SELECT ON {} TO {}").format(
                    sql.SQL(", ").join(sql.Identifier(t) for t in BANK_TABLES), role))
        except psycopg.Error:
            pass
        conn.execute("ANALYZE " + ", ".join(BANK_TABLES))
    return True
