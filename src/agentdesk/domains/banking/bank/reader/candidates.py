"""A question's readings, each with the SQL code renders for it: what the banking agent's
model picks among, and what the bank's tool server answers ``bank_readings`` with."""

from __future__ import annotations

from dataclasses import dataclass

from ..database import BankDatabase
from .catalog import catalog_for
from .plans import Plan, describe, render
from .understand import readings

__all__ = ["MAX_READINGS", "Candidate", "candidates"]

MAX_READINGS = 3


@dataclass(frozen=True)
class Candidate:
    """One reading of the question and the SQL code renders for it."""

    plan: Plan
    reading: str
    sql: str


def candidates(question: str, db: BankDatabase) -> list[Candidate]:
    """The question's readings (best first, at most :data:`MAX_READINGS`), rendered to SQL."""
    out: list[Candidate] = []
    for plan in readings(question, catalog_for(db)):
        reading = describe(plan)
        if all(c.reading != reading for c in out):
            out.append(Candidate(plan, reading, render(plan, db.dialect)))
    return out[:MAX_READINGS]
