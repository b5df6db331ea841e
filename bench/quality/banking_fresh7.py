"""A seventh fresh banking set, written blind to the reader (tag ``fresh7``).

Each entry is ``(id, question, reference SQL for SQLite, tags)``, the shape of
``banking_fresh6.FRESH6``. Being written; empty until its writer lands it.
"""

from __future__ import annotations

__all__ = ["FRESH7"]

FRESH7: list[tuple[str, str, str, list[str]]] = []
