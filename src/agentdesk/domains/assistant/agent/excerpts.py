"""Knowledge-base hits as an answer states them: whole sentences, then the commands.

A passage is Markdown cut at a size limit, its paragraphs hard-wrapped; picking its lines
would start an answer mid-sentence ("breakdown and budget status, and asks..."). Here a
passage is read as sentences, list items and table rows, and the excerpt is made of the
ones that hold the most of the query's words, each whole, in the passage's order. The
command lines the knowledge base found in the hit's section follow, one per line.
"""

from __future__ import annotations

import re
from typing import Any

from agentdesk.domains.assistant.words import alike

__all__ = ["EXCERPT_CHARS", "STATED", "asked_kind", "asks_number", "counted", "excerpt",
           "kb_fact", "states_count", "states_kind", "units", "wants_figures"]

EXCERPT_CHARS = 400
"""Longest excerpt of one passage (its commands come on top)."""
STATED = 2
"""Hits an answer states: the best two."""

_FENCE = re.compile(r"^\s*(```|~~~)")
_ITEM = re.compile(r"^\s*([-*+]|\d+[.)])\s+|^\s*\|")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9`\"'\[*_])")


def _blocks(text: str) -> list[list[str]]:
    """The passage's paragraphs as lists of lines, code blocks left out."""
    blocks: list[list[str]] = [[]]
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            blocks.append([])
            continue
        if fenced:
            continue
        if line.strip():
            blocks[-1].append(line.rstrip())
        elif blocks[-1]:
            blocks.append([])
    return [block for block in blocks if block]


def units(text: str) -> list[tuple[int, str]]:
    """(paragraph number, unit) for each sentence, list item or table row of ``text``.

    A table row is one unit; a list item (with the lines indented under it) and prose are
    joined across their hard line breaks and cut after ``.``, ``!`` or ``?`` before a
    capital, a digit or a quote, so every unit starts where a sentence starts.
    """
    found: list[tuple[int, str]] = []
    for number, block in enumerate(_blocks(text)):
        if any(_ITEM.match(line) for line in block):
            items: list[str] = []
            for line in block:
                if _ITEM.match(line) or not items:
                    items.append(line.strip())
                else:
                    items[-1] = f"{items[-1]} {line.strip()}"
            # A long item is its sentences, as prose is: a figure in its fifth sentence
            # is not cut off the excerpt with the item's end.
            found.extend((number, sentence) for item in items
                         for sentence in _SENTENCE_END.split(item) if sentence)
            continue
        prose = " ".join(line.strip() for line in block)
        found.extend((number, sentence) for sentence in _SENTENCE_END.split(prose) if sentence)
    return found


_ASKS_NUMBER = re.compile(
    r"\b(?:what|which|whats|what's)\b(?:\s+(?:is|are|was|the|a|an|its|default|http|exit|"
    r"maximum|max|minimum|min))*\s+(?:port|threshold|timeout|limit|status\s+code|status|"
    r"exit\s+code|version|percentage|score|size|ttl)s?\b|"
    r"\bhow\s+many\s+(?:seconds|minutes|hours|days|ms|milliseconds|bytes|characters|chars|"
    r"tokens|times|retries|attempts|rows|threads|clients|workers)\b", re.I)
"""A question whose answer is a number ("what port...", "what's the threshold...", "how
many seconds..."): a passage without one does not answer it."""


def asks_number(question: str) -> bool:
    """Whether ``question`` asks for a number the knowledge base would state in digits."""
    return _ASKS_NUMBER.search(question) is not None


_COUNTED = re.compile(r"\b(?:how\s+many|what\s+number\s+of)\s+([a-z]{2,}s)\b", re.I)
"""A count asked for, of things written in the plural ("how many lines", "what number of
retries"); "how many of", "what number of multiplied by" count nothing named."""
_FIGURE = (r"(?:\d[\d,._]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
           r"twice|once|dozen|hundred|thousand)")
"""A figure in digits or in words ("400", "16,000", "three times", "twice")."""


def counted(question: str) -> str | None:
    """What ``question`` asks to count ("how many lines is too long" -> ``lines``), or None."""
    found = _COUNTED.search(question)
    return found.group(1).lower() if found else None


def states_count(stated: str, what: str) -> bool:
    """Whether ``stated`` gives a figure of ``what`` ("~400 lines", "at most three times",
    "`MAX_ROWS = 1000`"): a figure and the thing counted, two words apart at most. A figure
    of something else ("four bundled models") does not answer "how many lines"."""
    stem = re.escape(what.removesuffix("es") if what.endswith("ies") else what[:-1])
    return re.search(rf"(?<![\w.]){_FIGURE}\W{{0,3}}(?:[\w-]+\W+){{0,2}}{stem}|"
                     rf"(?<![a-z]){stem}\w*\W+(?:[\w-]+\W+){{0,2}}{_FIGURE}(?![a-z])",
                     stated, re.I) is not None


_KINDS = {
    "a length of time": re.compile(r"\bhow\s+long\b(?!(?:\s+[\w'-]+){1,6}?\s+(?:can|could|may|"
                                   r"might|should|is\s+allowed\s+to)\s+be\b)", re.I),
    "a percentage": re.compile(r"\b(?:what|which)\s+(?:share|percentage|percent|proportion)\b|"
                               r"\bwhat\s+%", re.I),
}
"""The kind of value a question asks for, by how it asks ("how long is the lease", "above
what share of extrapolation"): the answer must state a value of that kind."""
_KIND_VALUES = {
    "a length of time": re.compile(
        rf"(?<![\w.]){_FIGURE}(?:\s*-\s*|\s*)(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|"
        r"h|hrs?|hours?|days?|weeks?|months?|years?)\b", re.I),
    "a percentage": re.compile(r"\d\s*(?:%|percent\b|per\s+cent\b)", re.I),
}
"""A value of each kind as the documentation writes it ("30 s", "30-second", "20 %")."""


def asked_kind(question: str) -> str | None:
    """The kind of value ``question`` asks for ("how long ..." -> a length of time), or None.
    "how long a message can be" asks a size, not a time; a question that also counts
    something ("what number of characters") is held to that count (:func:`counted`)."""
    if counted(question) is not None:
        return None
    return next((kind for kind, asks in _KINDS.items() if asks.search(question)), None)


def states_kind(stated: str, kind: str) -> bool:
    """Whether ``stated`` holds a value of ``kind`` ("a lease (30 s, ...)" for a length of
    time); a passage on the same subject without one does not answer the question."""
    return _KIND_VALUES[kind].search(stated) is not None


def _score(unit: str, words: set[str], numbers: bool = False) -> float:
    """How many of the query's words the unit holds, in any form (``retried``, ``retries``),
    at the start of a word or of a part of a name (``rows`` in ``MAX_ROWS``): "old" is not
    held by "holds"; half a word more for a figure in it when ``numbers`` are asked for."""
    held = {part for word in re.findall(r"[a-z0-9_]+", unit.lower())
            for part in (word, *word.split("_"))}
    score = sum(any(h.startswith(w) or alike(w, h) for h in held) for w in words)
    return score + 0.5 if numbers and score and re.search(r"\d", unit) else score


def _bounded(text: str, limit: int) -> str:
    """``text``, cut at a word before ``limit`` characters if it is longer."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def excerpt(text: str, query: str, limit: int = EXCERPT_CHARS, numbers: bool = False) -> str:
    """The units of ``text`` that hold the most of the query's words, whole and in order
    (with ``numbers``, a unit holding a figure first among those holding as many words;
    one longer than ``limit`` after those that fit).

    Units next to each other are joined by a space, others by " … "; the whole passage
    when it is short; its first units when no unit holds a query word.
    """
    found = units(text)
    if not found:
        return ""
    words = {w.lower() for w in re.findall(r"[A-Za-z0-9_]{3,}", query)}
    scores = [_score(unit, words, numbers) for _, unit in found]
    if sum(len(unit) + 1 for _, unit in found) <= limit:
        chosen = list(range(len(found)))
    else:
        # A unit too long to be stated whole comes after one holding as many words that
        # fits: cut off, it may lose what was asked.
        ranked = sorted(range(len(found)),
                        key=lambda i: (-scores[i], len(found[i][1]) > limit, i))
        if not scores[ranked[0]]:
            ranked = list(range(len(found)))  # nothing matches: the passage from its start
        chosen = []
        for i in ranked:
            if chosen and ((not scores[i] and scores[ranked[0]])
                           or sum(len(found[j][1]) + 3 for j in [*chosen, i]) > limit):
                break
            chosen.append(i)
        chosen.sort()
    parts: list[str] = []
    for position, i in enumerate(chosen):
        if position:
            parts.append(" " if chosen[position - 1] == i - 1 else " … ")
        parts.append(found[i][1])
    return _bounded("".join(parts), limit)


def wants_figures(question: str) -> bool:
    """Whether the excerpts stated for ``question`` put sentences with figures first: it asks
    for a number, a count of something or a kind of quantity (a length of time, a size)."""
    return asks_number(question) or counted(question) is not None \
        or asked_kind(question) is not None


def kb_fact(data: dict[str, Any], query: str, question: str = "") -> str:
    """What ``kb_search`` found: for each of the best hits its excerpt, its commands (one per
    line, indented as a code block) and where it is from, on a line of its own."""
    facts = []
    numbers = wants_figures(question)
    for hit in (data.get("results") or [])[:STATED]:
        lines = [excerpt(str(hit.get("text", "")), query, numbers=numbers)]
        lines += [f"    {command}" for command in hit.get("commands") or []]
        lines.append(f"(from {hit.get('source')}, passage {hit.get('passage_id')})")
        facts.append("\n".join(line for line in lines if line))
    return "\n".join(facts)
