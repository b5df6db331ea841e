"""The mail port: how an agent sends a message, whatever mail channel carries it.

An agent's tool builds an :class:`OutgoingMail` and passes it to the run's
``Mailer`` (``AgentContext.resources["mail"]``), always through the effect
ledger with ``idempotent=True``: the channel stores one outbox row per ``key``
and sends it once, so a retried attempt that calls ``send`` again with the same
key gets the first answer back and nothing is sent twice.

The channel fills in the envelope: From, Reply-To (with the thread's token),
Message-ID, In-Reply-To and References (from the messages the thread has sent
and received) and the subject tag.

Which channel carries the mail is a setting, not an import: :func:`mailer_for`
loads the module ``AGENTDESK_MAIL_CHANNEL`` names (default
``agentdesk.channels.email``; empty: no channel) and returns what that module's
own ``mailer_for(settings)`` returns. The runtime and the domains therefore never
import a channel, and a deployment can put its own channel in its place.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Literal, Protocol

from pydantic import BaseModel, Field

from agentdesk.errors import ConfigError

if TYPE_CHECKING:
    from agentdesk.settings import Settings

__all__ = ["MailKind", "Mailer", "OutgoingMail", "SentMail", "mailer_for"]

MailKind = Literal["question", "quote", "review", "notice"]
"""question: asks the customer for data; quote: the final quote email;
review: to the agency (an action awaits its decision); notice: anything else."""


class OutgoingMail(BaseModel):
    thread_id: str
    key: str
    """Idempotency key (the effect ledger's key): one outbox row, one send, per key."""
    kind: MailKind
    to: list[str] = Field(min_length=1)
    subject: str
    body: str
    """Plain text; the channel adds no quoting of its own."""


class SentMail(BaseModel):
    message_id: str
    """The RFC 5322 Message-ID, angle brackets included."""
    status: Literal["sent", "queued"]
    """``queued`` when the relay could not be reached yet: the outbox retries it."""


class Mailer(Protocol):
    async def send(self, mail: OutgoingMail) -> SentMail: ...


def mailer_for(settings: Settings) -> Mailer | None:
    """The mailer of the channel ``settings.mail_channel`` names; None when it names none.

    Raises:
        ConfigError: the module cannot be imported or has no ``mailer_for(settings)``.
    """
    name = settings.mail_channel.strip()
    if not name:
        return None
    try:
        channel = importlib.import_module(name)
    except ImportError as exc:
        raise ConfigError(f"AGENTDESK_MAIL_CHANNEL: cannot import {name!r}: {exc}") from exc
    factory = getattr(channel, "mailer_for", None)
    if not callable(factory):
        raise ConfigError(f"AGENTDESK_MAIL_CHANNEL: {name!r} has no mailer_for(settings)")
    mailer: Mailer = factory(settings)
    return mailer
