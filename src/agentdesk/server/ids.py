"""The one rule for identifiers (threads, runs, assistants, interrupts), wherever they arrive.

What ``POST /threads`` accepts as a ``thread_id`` is what every path, body field
and query parameter accepts: 1 to 64 ASCII letters, digits and ``_ . : -``. The
rule fits the database columns (64 characters), so PostgreSQL never sees a NUL
or an over-long id, and it excludes U+FFFD, so invalid UTF-8 in a path (which
decodes to U+FFFD) cannot make two different ids collide.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path
from pydantic import Field

__all__ = ["ID_MAX", "ID_PATTERN", "Ident", "IdentPath"]

ID_MAX = 64
ID_PATTERN = r"^[A-Za-z0-9_.:-]+$"
_RULE = {"min_length": 1, "max_length": ID_MAX, "pattern": ID_PATTERN}

Ident = Annotated[str, Field(**_RULE)]
"""An identifier in a request body."""

IdentPath = Annotated[str, Path(**_RULE)]
"""An identifier in a URL path."""
