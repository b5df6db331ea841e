"""Reading a raw message: addresses, threading headers, auto-reply and forward signs, text."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr

from agentdesk.errors import InputError

__all__ = ["Inbound", "parse_message", "strip_quoted"]

_FORWARD_SUBJECT = re.compile(r"^\s*(fwd?|wg|tr)\s*:", re.IGNORECASE)
_FORWARD_BODY = re.compile(r"^(-{2,}\s*Forwarded message\s*-{2,}|Begin forwarded message:)",
                           re.IGNORECASE | re.MULTILINE)
_AUTO_SUBJECT = re.compile(r"^\s*(out of (the )?office|automatic reply|auto(matic)?[- ]?reply"
                           r"|autoreply|abwesenheit)", re.IGNORECASE)


@dataclass
class Inbound:
    """One received message, parsed."""

    raw: bytes
    message_id: str | None
    sender: str
    sender_name: str | None
    recipients: list[str]
    """To, Cc, Reply-To and Delivered-To addresses (where a thread token may be)."""
    subject: str
    in_reply_to: str | None
    references: str | None
    text: str
    """The whole plain-text body."""
    body: str
    """The text with quoted history and signature stripped."""
    auto_reason: str | None = None
    """Why this is an automatic message (to ignore), or None."""
    forwarded: bool = False
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def dedupe_key(self) -> str:
        if self.message_id:
            return self.message_id
        return "sha256:" + hashlib.sha256(self.raw).hexdigest()


def strip_quoted(text: str) -> str:
    """The newest reply in ``text``: quoted history, "On ... wrote:" and signatures removed."""
    from mailparser_reply import EmailReplyParser

    reply = EmailReplyParser(languages=["en", "de", "fr", "es", "it", "nl"]).read(text)
    latest = (reply.latest_reply or "").strip() if reply.replies else ""
    if not latest:  # the parser emptied it: fall back to the whole text
        latest = text
    # Quoted lines left (all quote, or answers written between the quoted questions) go too.
    latest = "\n".join(line for line in latest.splitlines() if not line.lstrip().startswith(">"))
    # RFC 3676's signature separator ("-- " on its own line) ends the reply.
    lines = latest.splitlines()
    for index, line in enumerate(lines):
        if line.rstrip() == "--":
            lines = lines[:index]
            break
    return "\n".join(lines).strip()


def _text_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    content = part.get_content()
    if not isinstance(content, str):
        return ""
    if part.get_content_type() == "text/html":
        content = re.sub(r"<(br|/p|/div)\s*/?>", "\n", content, flags=re.IGNORECASE)
        content = re.sub(r"<[^>]+>", "", content)
    return content.replace("\r\n", "\n")


def _auto_reason(message: EmailMessage, subject: str) -> str | None:
    auto = str(message.get("Auto-Submitted", "")).strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    for name in ("X-Autoreply", "X-Autorespond"):
        if message.get(name) is not None:
            return f"{name} header"
    precedence = str(message.get("Precedence", "")).strip().lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    if _AUTO_SUBJECT.match(subject):
        return "an automatic reply (subject)"
    return None


def parse_message(raw: bytes) -> Inbound:
    """Parse ``raw``; a message without a usable From is refused (names the field)."""
    if not raw.strip():
        raise InputError("the message is empty", field="message")
    message = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    name, sender = parseaddr(str(message.get("From", "")))
    if "@" not in sender:
        raise InputError("no sender address in From", field="From")
    subject = " ".join(str(message.get("Subject", "")).split())
    recipients = [addr.lower() for _, addr in getaddresses(
        [str(v) for h in ("To", "Cc", "Reply-To", "Delivered-To", "X-Original-To")
         for v in message.get_all(h, [])]) if "@" in addr]
    ids = re.findall(r"<[^<>\s]+>", str(message.get("Message-ID", "")))
    text = _text_of(message)
    return Inbound(
        raw=raw, message_id=ids[0] if ids else None, sender=sender.lower(),
        sender_name=name.strip() or None, recipients=recipients, subject=subject,
        in_reply_to=str(message.get("In-Reply-To", "")) or None,
        references=str(message.get("References", "")) or None, text=text,
        body=strip_quoted(text), auto_reason=_auto_reason(message, subject),
        forwarded=bool(_FORWARD_SUBJECT.match(subject) or _FORWARD_BODY.search(text)),
        headers={k: str(v) for k, v in message.items()})
