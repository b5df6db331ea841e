"""What an agent sees of the email channel: one way to send a message.

An agent's tool builds an :class:`OutgoingMail` and passes it to the run's
``Mailer`` (``AgentContext.resources["mail"]``), always through the effect
ledger with ``idempotent=True``: the outbox stores one row per ``key`` and
sends it once, so a retried attempt that calls ``send`` again with the same key
gets the first answer back and nothing is sent twice.

The channel fills in the envelope: From, Reply-To (with the thread's token),
Message-ID, In-Reply-To and References (from the messages the thread has sent
and received) and the subject tag.
"""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel, Field

__all__ = ["MailKind", "Mailer", "OutgoingMail", "SentMail"]

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
