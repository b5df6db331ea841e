"""JSON in bytes by orjson, read back exactly: the fast path for thread values.

orjson refuses an integer past 64 bits (JSON has no such limit, and the standard
library writes it), and reads one back as a float. :func:`encode` gives the JSON
and the decoder that reads it back exactly: orjson's, or for such a value the
standard library's, so the answer is the same either way, only slower for it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson

__all__ = ["encode"]


def encode(value: Any, default: Callable[[Any], Any],
           option: int = 0) -> tuple[bytes, Callable[[bytes], Any]]:
    """``value`` as compact JSON, and the decoder that reads that JSON back exactly.

    ``default`` turns what JSON has no type for into something it has; ``option`` is
    orjson's (its passthrough flags send those types to ``default``, as the standard
    library does with every type it does not know).
    """
    try:
        return orjson.dumps(value, default=default, option=option), orjson.loads
    except orjson.JSONEncodeError as exc:
        if "64-bit" not in str(exc):
            raise
    return json.dumps(value, default=default, separators=(",", ":")).encode(), json.loads
