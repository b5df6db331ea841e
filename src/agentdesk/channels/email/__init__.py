"""The email channel: inbound SMTP, thread resolution, an outbox sent exactly once.

Agents send through :func:`mailer_for`; ``agentdesk serve`` runs the listeners
and the watcher (:mod:`.service`); ``agentdesk mail`` feeds and reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agentdesk.runtime.mail import Mailer, MailKind, OutgoingMail, SentMail

if TYPE_CHECKING:
    from agentdesk.settings import Settings

__all__ = ["MailKind", "Mailer", "OutgoingMail", "SentMail", "mailer_for"]


class _SettingsMailer:
    """A :class:`Mailer` over the database the settings name (opened per message)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, mail: OutgoingMail) -> SentMail:
        from .outbox import Outbox
        from .service import open_engine
        from .tables import ensure_tables

        async with open_engine(self.settings) as engine:
            await ensure_tables(engine)
            return await Outbox(engine, self.settings).send(mail)


def mailer_for(settings: Settings) -> Mailer:
    """The outbox as an agent's tools see it: ``await mailer.send(OutgoingMail(...))``."""
    return _SettingsMailer(settings)
