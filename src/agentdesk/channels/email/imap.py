"""Optional IMAP polling: unseen messages of one mailbox folder go through the same path.

``AGENTDESK_IMAP_URL`` is ``imap://user:pass@host:143/INBOX`` (``imaps://`` for TLS,
port 993). Messages are fetched with ``BODY.PEEK[]`` (which leaves them unseen) and
flagged ``\\Seen`` only after the channel stored and classified them, so a poller that
dies in between fetches them again, and the channel calls them duplicates.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from agentdesk.errors import ConfigError, InputError

if TYPE_CHECKING:
    from .channel import MailChannel

__all__ = ["ImapSource", "imap_source", "poll_once"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ImapSource:
    host: str
    port: int
    username: str
    password: str
    folder: str
    ssl: bool


def imap_source(url: str) -> ImapSource:
    """Check and split ``AGENTDESK_IMAP_URL``; anything else is a :class:`ConfigError`."""
    parts = urlsplit(url)
    if parts.scheme not in ("imap", "imaps") or not parts.hostname or not parts.username:
        raise ConfigError(f"imap_url: {url!r} is not imap[s]://user:pass@host[:port]/FOLDER",
                          field="imap_url")
    secure = parts.scheme == "imaps"
    return ImapSource(parts.hostname, parts.port or (993 if secure else 143),
                      unquote(parts.username), unquote(parts.password or ""),
                      unquote(parts.path.lstrip("/")) or "INBOX", secure)


def _client(source: ImapSource) -> Any:
    from imapclient import IMAPClient

    client = IMAPClient(source.host, port=source.port, ssl=source.ssl, timeout=30)
    client.login(source.username, source.password)
    client.select_folder(source.folder)
    return client


def _fetch(source: ImapSource, limit: int) -> list[tuple[int, bytes]]:
    client = _client(source)
    try:
        uids = sorted(client.search(["UNSEEN"]))[:limit]
        if not uids:
            return []
        fetched = client.fetch(uids, ["BODY.PEEK[]"])
        return [(uid, bytes(fetched[uid][b"BODY[]"])) for uid in uids if uid in fetched]
    finally:
        client.logout()


def _mark_seen(source: ImapSource, uids: list[int]) -> None:
    client = _client(source)
    try:
        client.add_flags(uids, [b"\\Seen"])
    finally:
        client.logout()


async def poll_once(channel: MailChannel, source: ImapSource, limit: int = 100,
                    ) -> list[dict[str, Any]]:
    """Deliver the folder's unseen messages, then flag them seen; what happened to each."""
    messages = await asyncio.to_thread(_fetch, source, limit)
    done: list[int] = []
    results: list[dict[str, Any]] = []
    try:
        for uid, raw in messages:
            try:
                results.append({"uid": uid, **(await channel.deliver(raw, "imap")).public()})
            except InputError as exc:  # it will never read better: flagged, not retried
                log.warning("imap message %s refused: %s", uid, exc.message)
                results.append({"uid": uid, "disposition": "refused", "error": exc.to_dict()})
            done.append(uid)
    finally:
        if done:
            await asyncio.to_thread(_mark_seen, source, done)
    return results
