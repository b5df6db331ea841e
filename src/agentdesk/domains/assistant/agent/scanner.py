"""Secrets found by a maintained scanner: Yelp's ``detect-secrets``.

Its regular-expression plugins know the published formats (AWS key ids, Azure
storage keys, GitHub, GitLab, Slack tokens and webhooks, Stripe, Twilio, npm,
PyPI, SendGrid, JWTs, private key blocks, basic-auth URLs...). Its public-IP
plugin is left out: an address is not a secret.

A secret with no published shape (an AWS secret access key, a GCP or Azure
client secret, a random token) is found by the measure ``detect-secrets``
uses for them: Shannon entropy over the base64 alphabet, at its own limit
(4.5 bits per character). Only runs of 20 or more characters with upper- and
lower-case letters and digits are measured, so words, identifiers, hashes and
commit ids (hex) and UUIDs stay; a run that decodes from base64 to readable
text is an encoded message, not a key, and is left for the injection scan.
"""

from __future__ import annotations

import base64
import binascii
import re
from functools import lru_cache
from typing import Any

from .findings import Finding, Span

__all__ = ["ENTROPY_LIMIT", "find_scanned_secrets"]

ENTROPY_LIMIT = 4.5
"""Bits per character above which a base64-looking run is a secret (detect-secrets' default)."""

MAX_KEY = 160
"""Longest run the entropy measure calls a key (keys and tokens are shorter; key blocks have
their own plugin)."""

_SKIPPED = {"IPPublicDetector"}
_KIND = {"PrivateKeyDetector": ("private_key", "a private key"),
         "JwtTokenDetector": ("token", "a token"),
         "cookie": ("token", "a token"),
         "BasicAuthDetector": ("credential", "a password or secret"),
         "KeywordDetector": ("credential", "a password or secret")}
_COOKIE = re.compile(r"(?i)\b(?:cookies?|session|sessions)\b")
_COOKIE_WITHIN = 60
"""How far before a random value a cookie or session may be named ("the session cookie keeps
expiring. Value was ..."): such a value is a session token, whoever holds it is logged in,
unless a key is named there too ("the session service's API key is ...")."""
_KEY = re.compile(r"(?i)\b(?:key|keys|secret|password)\b|api[_-]?key")
_RUN = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{20,}={0,2}(?![A-Za-z0-9+/_=-])")


@lru_cache(maxsize=1)
def _plugins() -> tuple[Any, ...]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    from detect_secrets.plugins.base import RegexBasedDetector

    classes: list[type[Any]] = list(get_mapping_from_secret_type_to_class().values())
    return tuple(cls() for cls in classes
                 if issubclass(cls, RegexBasedDetector) and cls.__name__ not in _SKIPPED)


@lru_cache(maxsize=1)
def _line_plugins() -> tuple[Any, ...]:
    """The plugins that read a value in its context, line by line: a quoted value assigned to a
    secret's name (``db_pass = "..."``), a quoted base64 string of high entropy. The hex one is
    left out: a quoted commit id or checksum is not a secret."""
    from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString
    from detect_secrets.plugins.keyword import KeywordDetector

    return KeywordDetector(), Base64HighEntropyString()


def _finding(detector: str) -> Finding:
    kind, what = _KIND.get(detector, ("api_key", "an API key"))
    return Finding(code="pii.secret", kind=kind, action="redact", message=f"{what} redacted")


def _decodes_to_text(run: str) -> bool:
    padded = run.replace("-", "+").replace("_", "/").rstrip("=")
    try:
        raw = base64.b64decode(padded + "=" * (-len(padded) % 4), validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    return bool(decoded) and sum(c.isprintable() for c in decoded) / len(decoded) > 0.95


def _high_entropy(run: str) -> bool:
    from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString

    body = run.rstrip("=")
    if len(body) > MAX_KEY:
        return False  # a long blob is data (the injection scan asks about it), not a key
    if not (re.search(r"[a-z]", body) and re.search(r"[A-Z]", body) and re.search(r"\d", body)):
        return False
    if re.fullmatch(r"[0-9a-fA-F-]+", body):
        return False  # hashes, commit ids, UUIDs
    entropy = Base64HighEntropyString().calculate_shannon_entropy(body)
    return entropy >= ENTROPY_LIMIT and not _decodes_to_text(run)


def _path_pieces(start: int, run: str) -> list[tuple[int, str]]:
    """``run``, or its ``/``-separated pieces when one of them is a word: a URL's path
    ("com/api/webhooks/123/<token>") holds a key, it is not one, and its words stay."""
    pieces = run.split("/")
    if len(pieces) == 1 or not any(re.fullmatch(r"[a-z]{3,}", piece) for piece in pieces):
        return [(start, run)]
    found = []
    for piece in pieces:
        found.append((start, piece))
        start += len(piece) + 1
    return found


def _line_values(plugin: Any, line: str) -> list[str]:
    """Every value ``plugin`` finds in ``line``: it reports one assignment per line, so the
    rest of the line after each value is read again."""
    values: list[str] = []
    while line and len(values) < 20:
        found = [f.secret_value for f in plugin.analyze_line(filename="input.txt", line=line,
                                                             line_number=1) if f.secret_value]
        ends = [line.find(value) + len(value) for value in found if value in line]
        if not ends:
            break
        values += found
        line = line[min(ends):]
    return values


def find_scanned_secrets(text: str) -> list[Span]:
    """Secrets ``detect-secrets`` finds in ``text``, as spans (every occurrence)."""
    spans: list[Span] = []
    for plugin in _plugins():
        name = type(plugin).__name__
        for value in set(plugin.analyze_string(text)):
            if name != "PrivateKeyDetector":
                # a token holds no space: a plugin whose pattern ends in ".+" (npm's) would
                # take the rest of the line, and every ordinary word on it, with the token
                value = value.split(maxsplit=1)[0] if value.strip() else ""
            if not value:
                continue
            for match in re.finditer(re.escape(value), text):
                spans.append(Span(match.start(), match.end(), _finding(name)))
    for line in set(text.splitlines()):
        for plugin in _line_plugins():
            name = type(plugin).__name__
            for value in _line_values(plugin, line):
                # a value with a space is a phrase ("see the wiki"); a quoted base64 string
                # that decodes to text is a message, left for the injection scan
                if any(c.isspace() for c in value) or (
                        name == "Base64HighEntropyString" and _decodes_to_text(value)):
                    continue
                for match in re.finditer(re.escape(value), text):
                    spans.append(Span(match.start(), match.end(), _finding(name)))
    for match in _RUN.finditer(text):
        for start, run in _path_pieces(match.start(), match.group()):
            if _high_entropy(run):
                before = text[max(0, start - _COOKIE_WITHIN):start]
                named = _COOKIE.search(before) and not _KEY.search(before)
                spans.append(Span(start, start + len(run), _finding("cookie" if named else "entropy")))
    return spans
