"""Command lines in a section's code blocks, and the ones a query is about.

A passage is cut from its section at a size limit, so the command a sentence talks about
("any later ``agentdesk decide`` finishes it") is often in the passage before it. A hit
carries the commands of its whole section that share a word with the query, so an answer
can show the command itself, not only the prose around it.
"""

from __future__ import annotations

import re

from agentdesk.domains.assistant.words import alike

__all__ = ["MAX_COMMANDS", "command_lines", "commands_for"]

MAX_COMMANDS = 4
"""Most command lines a hit carries: the ones the query is most about."""

_SHELL_FENCES = frozenset({"", "sh", "bash", "shell", "console", "zsh", "powershell", "cmd"})
"""Fences whose lines are commands; a ``json`` or ``python`` block is something else."""
_FENCE = re.compile(r"^\s*(```|~~~)\s*([\w+-]*)")
_UNIMPORTANT = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "how",
    "i", "in", "is", "it", "me", "my", "of", "on", "or", "our", "the", "this", "to", "was", "we",
    "what", "when", "where", "which", "who", "why", "will", "with", "you", "your", "use",
    "using"})


def command_lines(text: str) -> list[str]:
    """The commands in ``text``'s shell code blocks, one per command, in order.

    A line ending in ``\\`` continues on the next; lines that are only a comment are left
    out; runs of spaces (column alignment before a comment) become two.
    """
    commands: list[str] = []
    fence: str | None = None
    shell = False
    pending = ""
    for line in text.splitlines():
        opened = _FENCE.match(line)
        if opened and (fence is None or opened.group(1) == fence):
            if fence is None:
                fence, shell = opened.group(1), opened.group(2).lower() in _SHELL_FENCES
            else:
                fence, pending = None, ""
            continue
        if fence is None or not shell:
            continue
        stripped = line.strip()
        if not stripped or (stripped.startswith("#") and not pending):
            continue
        joined = f"{pending} {stripped}" if pending else stripped
        if joined.endswith("\\"):
            pending = joined[:-1].rstrip()
            continue
        pending = ""
        commands.append(re.sub(r"\s{3,}", "  ", joined))
    return commands


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def commands_for(query: str, commands: list[str], heading: str = "",
                 limit: int = MAX_COMMANDS) -> list[str]:
    """The commands that share the most words with ``query`` (at most ``limit``), in order.

    A word every command holds (``agentdesk``) tells them apart from nothing, so it does not
    count unless there is a single command, nor does a word of the section's ``heading``
    (under "Assistant", "assistant" is what every line is about). When a command holds two
    of the query's words, those holding only one are left out.
    """
    wanted = [w for w in dict.fromkeys(_words(query)) if len(w) >= 3 and w not in _UNIMPORTANT]
    if not commands:
        return []
    held = [set(_words(command)) for command in commands]

    def holds(words: set[str], word: str) -> bool:
        return any(alike(word, w) for w in words)

    topic = set(_words(heading))
    telling = [w for w in wanted if not holds(topic, w)
               and (len(commands) == 1 or not all(holds(h, w) for h in held))]
    scores = [sum(holds(words, w) for w in telling) for words in held]
    if not any(scores):
        return []
    # Two of the query's words when some command holds two ("approve" and "decide" pick
    # `agentdesk decide THREAD_ID approve` over `agentdesk show`, which only says "decision").
    least = min(2, max(scores))
    ranked = sorted((i for i, score in enumerate(scores) if score and score >= least),
                    key=lambda i: (-scores[i], i))
    return [commands[i] for i in sorted(ranked[:limit])]
