"""Phrasing variants of a labelled request, made by rule, so a reader tuned to one wording
shows up in the figures (issue 23, item 4).

:func:`variants` returns ``(class, text)`` pairs: ``case``, ``punctuation``,
``word_order``, ``synonyms``, ``numbers_in_words`` (both ways), ``ordinals`` (both
ways) and ``units``. Every rule keeps the meaning, so the request's reference answer
holds for each variant. An agent's set passes its own synonyms (:data:`SYNONYMS` is a
general default) and may add its own rules to a class (``extra``): ``units`` has none
of its own, as what a unit is depends on the agent (:mod:`.people_variants`). Only
classes that change the text are returned; the original request is not among them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

__all__ = ["CLASSES", "NUMBER_WORDS", "ORDINALS", "SYNONYMS", "variants"]

CLASSES = ("case", "punctuation", "word_order", "synonyms", "numbers_in_words", "ordinals",
           "units")

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 15: "fifteen",
                20: "twenty"}
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth",
            7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth", 12: "twelfth", 20: "twentieth"}

SYNONYMS: dict[str, str] = {
    "customers": "clients", "customer": "client", "clients": "customers", "client": "customer",
    "largest": "biggest", "biggest": "largest", "highest": "largest",
    "average": "mean", "show": "list", "list": "show", "hold": "own", "own": "hold",
    "owning": "holding", "holding": "owning", "at least": "no fewer than",
    "more than": "over", "fewer than": "less than", "missing": "lacking",
    "how many": "what number of", "count": "tally", "number of": "count of",
}
"""General words and their stand-ins (an agent's set may pass its own)."""

_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}
_LEAD = r"(in|before|after|since|during|from|with|without|for|by|at)"


def _case(text: str) -> list[str]:
    return [text.lower(), text.upper()]


def _punctuation(text: str) -> list[str]:
    bare = re.sub(r"(?<!\d)[?.!,;:]|[?.!,;:](?!\d)", "", text).strip()
    shouted = bare + " ?!"
    spaced = re.sub(r"\s+", "  ", text.rstrip("?.! ")) + " ..."
    return [bare, shouted, spaced]


def _word_order(text: str) -> list[str]:
    """A trailing phrase brought to the front: "... joined in 2025?" -> "In 2025, ... joined?"."""
    core = text.rstrip("?.! ")
    end = text[len(core):]
    words = core.split()
    for i in range(len(words) - 1, 1, -1):
        if re.fullmatch(_LEAD, words[i].lower()) and len(words) - i <= 4:
            if words[i - 1].lower() in {"not", "no", "never"}:  # "are NOT in X" stays whole
                return []
            head, tail = " ".join(words[:i]), " ".join(words[i:])
            return [f"{tail[0].upper()}{tail[1:]}, {head[0].lower()}{head[1:]}{end}"]
    return []


def _synonyms(text: str, table: Mapping[str, str]) -> list[str]:
    pattern = re.compile(r"\b(" + "|".join(re.escape(k) for k in sorted(table, key=len,
                                                                      reverse=True)) + r")\b",
                         re.IGNORECASE)

    def swap(match: re.Match[str]) -> str:
        said, word = match.group(0), table[match.group(0).lower()]
        if said.isupper() and len(said) > 1:
            return word.upper()
        return word.capitalize() if said[0].isupper() else word

    return [pattern.sub(swap, text)]


_MONTH = (r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?")


def _numbers(text: str) -> list[str]:
    """Small standalone numbers as words, and number words as digits (amounts, years,
    numbers with a unit sign, parts of a date such as "2027-06-10" or "May 3", and the
    "-1" of a unit such as "min-1" or "h^-1" are left alone)."""
    def spell(match: re.Match[str]) -> str:
        before, after = text[:match.start()].lower(), text[match.end():].lower()
        if re.search(rf"\b{_MONTH}\s*$", before) or re.match(rf"\s+(?:of\s+)?{_MONTH}\b",
                                                                after):
            return match.group(0)
        return NUMBER_WORDS.get(int(match.group(1)), match.group(1))

    as_words = re.sub(r"(?<![\d$,.^/−-])\b(\d{1,2})\b(?![\d,.%/:]|\s*(?:st|nd|rd|th)\b)",
                      spell, text)
    digits = {w: str(n) for n, w in NUMBER_WORDS.items()}
    as_digits = re.sub(r"\b(" + "|".join(digits) + r")\b",
                       lambda m: digits[m.group(1).lower()] if m.group(1).islower()
                       else m.group(1), text)
    return [as_words, as_digits]


def _ordinals(text: str) -> list[str]:
    as_words = re.sub(r"\b(\d{1,2})(st|nd|rd|th)\b",
                      lambda m: ORDINALS.get(int(m.group(1)), m.group(0)), text)
    suffixed = {w: f"{n}{_ORDINAL_SUFFIX.get(n if n < 20 else n % 10, 'th')}"
                for n, w in ORDINALS.items()}
    # "per second", "a second", "10 seconds" are time, not the ordinal.
    as_digits = re.sub(r"(?<!per )(?<!a )\b(" + "|".join(suffixed) + r")\b",
                       lambda m: suffixed[m.group(1)], text)
    return [as_words, as_digits]


def variants(text: str, synonyms: Mapping[str, str] | None = None, *,
             extra: Mapping[str, Callable[[str], list[str]]] | None = None,
             ) -> list[tuple[str, str]]:
    """The request's variants by rule, as ``(class, text)``, each text once; ``extra``
    adds an agent's own rules to a class."""
    made: dict[str, list[str]] = {
        "case": _case(text),
        "punctuation": _punctuation(text),
        "word_order": _word_order(text),
        "synonyms": _synonyms(text, SYNONYMS if synonyms is None else synonyms),
        "numbers_in_words": _numbers(text),
        "ordinals": _ordinals(text),
        "units": [],
    }
    for kind, rule in (extra or {}).items():
        made[kind] = made[kind] + rule(text)
    seen = {text}
    out: list[tuple[str, str]] = []
    for kind in CLASSES:
        for variant in made[kind]:
            if variant not in seen and variant.strip():
                seen.add(variant)
                out.append((kind, variant))
    return out
