"""What every command shares for output: the consoles, and text made safe to print."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape as _escape_markup

from agentdesk.text import plain

__all__ = ["console", "err_console", "escape"]

console = Console()
err_console = Console(stderr=True)


def escape(text: object) -> str:
    """``text`` to print inside Rich markup: no markup of its own, no escape codes."""
    return _escape_markup(plain(str(text)))
