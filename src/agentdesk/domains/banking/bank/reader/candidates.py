"""A question's readings, each with the SQL code renders for it: what the banking agent's
model picks among, and what the bank's tool server answers ``bank_readings`` with."""

from __future__ import annotations

from dataclasses import dataclass

from ..database import BankDatabase
from .catalog import catalog_for
from .plans import Plan, describe, render
from .understand import read

__all__ = ["MAX_READINGS", "Candidate", "Request", "candidates", "read_request"]

MAX_READINGS = 3


@dataclass(frozen=True)
class Candidate:
    """One reading of the question and the SQL code renders for it."""

    plan: Plan
    reading: str
    sql: str


@dataclass(frozen=True)
class Request:
    """How far code read a question: its readings, or the phrases it could not read.

    ``candidates`` is empty whenever ``unread`` is not: a reading that ignores a part of
    the question would answer another question. ``instead`` is then what code can answer
    (the reading without the unread phrases), to offer the person."""

    candidates: list[Candidate]
    unread: list[str]
    instead: str | None = None


def read_request(question: str, db: BankDatabase) -> Request:
    """The question's readings (best first, at most :data:`MAX_READINGS`) rendered to SQL,
    or the phrases of it code could not read."""
    plans, unread = read(question, catalog_for(db))
    out: list[Candidate] = []
    for plan in plans:
        reading = describe(plan)
        if all(c.reading != reading for c in out):
            out.append(Candidate(plan, reading, render(plan, db.dialect)))
    if unread:
        return Request([], unread, out[0].reading if out else None)
    return Request(out[:MAX_READINGS], [])


def candidates(question: str, db: BankDatabase) -> list[Candidate]:
    """The question's readings (best first, at most :data:`MAX_READINGS`), rendered to SQL;
    none when a part of it was not read (:func:`read_request` says which)."""
    return read_request(question, db).candidates
