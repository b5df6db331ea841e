"""Text shown to a person: without terminal escape codes or control characters."""

from __future__ import annotations

import re

__all__ = ["plain"]

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def plain(text: str) -> str:
    """``text`` without ANSI escape sequences or other control characters (newlines stay)."""
    return _CONTROL.sub("", _ANSI.sub("", text))
