"""Which thread a message belongs to: token, then JWZ-style references, then subject tag.

The references part follows Jamie Zawinski's threading algorithm
(https://www.jwz.org/doc/threading.html) as far as one message needs it: the
parent chain is the References header with the first Message-ID of
In-Reply-To appended when it is not already last; ids are taken only from
``<...>`` groups, so the free text some mailers put in In-Reply-To ("Your
message of ...") is ignored; a repeated id counts once; and the message's own
Message-ID never makes it its own parent. The nearest known ancestor wins
(the last id in the chain that a thread sent or received), so a reply to a
message that was itself forwarded into another thread lands where it was sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

__all__ = ["Resolution", "message_ids", "normalize_subject", "parent_chain", "resolve",
           "subject_tag", "token_of"]

_ID = re.compile(r"<([^<>\s]+)>")
_TAG = re.compile(r"\[(Q-\d{3,12})\]", re.IGNORECASE)
_PREFIX = re.compile(r"^\s*((re|aw|sv|fwd?|wg|tr)(\[\d+\])?\s*:\s*)+", re.IGNORECASE)


def message_ids(header: str | None) -> list[str]:
    """The ``<id>`` groups of a header, in order, each once, with brackets."""
    seen: list[str] = []
    for match in _ID.finditer(header or ""):
        ident = f"<{match.group(1)}>"
        if ident not in seen:
            seen.append(ident)
    return seen


def parent_chain(message_id: str | None, in_reply_to: str | None,
                 references: str | None) -> list[str]:
    """The message's ancestors, oldest first (JWZ: References, then In-Reply-To's first id)."""
    chain = message_ids(references)
    reply_to = message_ids(in_reply_to)
    if reply_to and reply_to[0] not in chain[-1:]:
        if reply_to[0] in chain:  # keep one copy, nearest position wins
            chain.remove(reply_to[0])
        chain.append(reply_to[0])
    own = message_ids(message_id)
    return [ident for ident in chain if ident not in own]


def normalize_subject(subject: str | None) -> str:
    """The subject without reply and forward prefixes (``Re: Fwd: Re[2]:``) or extra spaces."""
    text = _PREFIX.sub("", subject or "")
    return " ".join(text.split())


def subject_tag(subject: str | None) -> str | None:
    """The thread tag in a subject (``[Q-1234]`` -> ``Q-1234``), if any."""
    match = _TAG.search(subject or "")
    return match.group(1).upper() if match else None


def token_of(addresses: Iterable[str], local: str) -> str | None:
    """The token of the first ``local+TOKEN@...`` address among ``addresses``."""
    prefix = local.lower() + "+"
    for address in addresses:
        user = address.rpartition("@")[0].lower()
        if user.startswith(prefix) and len(user) > len(prefix):
            return user[len(prefix):]
    return None


@dataclass(frozen=True)
class Resolution:
    thread_id: str | None
    via: Literal["token", "references", "subject", "none"]
    matched: str | None = None
    """The token, Message-ID or tag that matched."""


def resolve(*, token: str | None, chain: list[str], tag: str | None,
            tokens: Mapping[str, str], known_ids: Mapping[str, str],
            tags: Mapping[str, str]) -> Resolution:
    """The thread of a message, in order: its token, its nearest known ancestor, its tag.

    ``tokens``, ``known_ids`` and ``tags`` map each token, Message-ID and tag to its
    thread (only the entries that could match need to be given).
    """
    if token is not None and token in tokens:
        return Resolution(tokens[token], "token", token)
    for ident in reversed(chain):
        if ident in known_ids:
            return Resolution(known_ids[ident], "references", ident)
    if tag is not None and tag in tags:
        return Resolution(tags[tag], "subject", tag)
    return Resolution(None, "none")
