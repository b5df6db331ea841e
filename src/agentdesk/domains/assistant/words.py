"""Words compared up to their endings, for the assistant's agent and its tool server alike.

The knowledge base picks a section's commands by the words of a query
(``tools/commands.py``); the agent picks the sentences of a passage it states and the
command a question asks for (``agent/excerpts.py``, ``agent/route.py``). Both read
"decision" in ``agentdesk decide`` the same way.
"""

from __future__ import annotations

__all__ = ["alike"]


def alike(a: str, b: str) -> bool:
    """Same word up to its ending: ``failed``/``failing``/``failures``, ``retried``/``retry``,
    ``decide``/``decision``."""
    if a.startswith(b) or b.startswith(a):
        return min(len(a), len(b)) >= 3
    stem = max(4, min(len(a), len(b)) - 2)
    return len(a) >= stem and len(b) >= stem and a[:stem] == b[:stem]
