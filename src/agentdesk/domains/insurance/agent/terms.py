"""The policy's terms a customer may state: prior insurance, discounts, a start date."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from agentdesk.domains.insurance.validation import Invalid
from agentdesk.numerals import cardinals

__all__ = ["MAX_DAYS_AHEAD", "read_terms"]

MAX_DAYS_AHEAD = 60
"""The carrier quotes a policy that starts today up to this many days ahead."""

_PRIOR = re.compile(r"\b(?i:insured|covered|insurance|policy)\s+(?i:is\s+)?(?i:with|by|from|at)\s+"
                    r"([A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,2})"
                    r"(?:[^.\n]*?\b(?i:for|since)\s+(?i:the\s+(?:last|past)\s+)?(\d{1,2}|\d{4}|"
                    r"(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
                    r"twenty))"
                    r"\s*(?i:(years?|yrs?|months?))?)?")
_NO_PRIOR = re.compile(r"\b(?:no|never had|don'?t have|do not have|without)\s+(?:any\s+|current\s+"
                       r"|prior\s+)?(?:car\s+|auto\s+)?insurance\b|\bnever been insured\b", re.I)
_WORDS = cardinals(20)
"""Numbers of years or months as people write them ("with Progressive for eight years")."""
_DISCOUNTS = [("homeowner", re.compile(r"\b(?:homeowner|own\s+(?:my|our|a)\s+(?:home|house))\b",
                                       re.I)),
              ("paid_in_full", re.compile(r"\bpay(?:ing)?\s+(?:it\s+)?in\s+full\b|"
                                          r"\bpaid\s+in\s+full\b", re.I)),
              ("paperless", re.compile(r"\bpaperless\b|\be-?documents\b", re.I)),
              ("multi_policy", re.compile(r"\b(?:bundle|multi[- ]policy)\b", re.I))]
_START = re.compile(r"\b(?:start(?:ing|s)?|effective|begin(?:ning|s)?)\b[^.\n\d]{0,30}?", re.I)


_INSURED_WITH = re.compile(r"\b(?:insured|covered|insurance|policy)\s+(?:is\s+)?(?:with|by|from|"
                           r"at)\s+(?!(?:the|a|an|my|no|any|you|your|yours|us|our|them|him|her|his|their|its|"
                           r"another|other)\b)[a-z]", re.I)


def _uncased_insurer(text: str) -> bool:
    """An insurer named in an email written in one case: its capitals, which say where
    the name ends ("with PROGRESSIVE FOR 8 YEARS"), are not there to read."""
    return (text == text.lower() or text == text.upper()) and bool(_INSURED_WITH.search(text))


def read_terms(text: str, *, today: date, parse: Any, date_pattern: str) -> tuple[
        dict[str, Any], dict[str, str]]:
    """(fields, problems): ``prior_insurance``, ``discounts``, ``effective_date``."""
    found: dict[str, Any] = {}
    problems: dict[str, str] = {}
    if _uncased_insurer(text):
        problems["prior_insurance"] = (
            "Your email is written all in one case, so we could not be sure how your current "
            "insurer's name is spelled: please write it, and how long you have been insured "
            "with them.")
    elif match := _PRIOR.search(text):
        carrier = match.group(1).strip().rstrip(".")
        months = 0
        if match.group(2):
            said = match.group(2).lower()
            number = _WORDS[said] if said in _WORDS else int(said)
            if number > 1900:  # "since 2019"
                months = max(0, (today.year - number) * 12)
            elif (match.group(3) or "years").lower().startswith("m"):
                months = number
            else:
                months = number * 12
        if carrier.lower() not in ("the", "a", "my", "no"):
            found["prior_insurance"] = {"carrier": carrier[:60], "months_continuous":
                                        min(months, 600)}
    elif _NO_PRIOR.search(text):
        found["prior_insurance"] = None
    discounts = [name for name, pattern in _DISCOUNTS if pattern.search(text)]
    if discounts:
        found["discounts"] = discounts
    if start := re.search(_START.pattern + date_pattern, text, re.I):
        day = parse(start.group(1))
        if isinstance(day, Invalid):
            problems["effective_date"] = day.reason
        elif day < today or day > today + timedelta(days=MAX_DAYS_AHEAD):
            problems["effective_date"] = (
                f"The policy can start between today and {MAX_DAYS_AHEAD} days from now "
                f"({(today + timedelta(days=MAX_DAYS_AHEAD)).strftime('%m/%d/%Y')}); "
                f"{day.strftime('%m/%d/%Y')} is outside that. Please send another start date.")
        else:
            found["effective_date"] = day.isoformat()
    return found, problems
