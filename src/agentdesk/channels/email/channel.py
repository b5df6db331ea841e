"""The channel bound to one process's desk: inbound dispositions and the watcher.

Every message is stored raw once, then given one disposition:

* ``ignored``: an automatic message (Auto-Submitted, X-Autoreply, Precedence bulk);
* ``duplicate``: its Message-ID (or, without one, its bytes) was seen before;
* ``agency_decision``: the agency's reply on a thread, applied as a decision;
* ``reply``: the customer's reply on a thread, delivered to its ``await_reply``
  pause now or queued until the next one;
* ``held``: for the agency to look at: a forward, a match on the subject tag
  alone, a sender who is neither the customer nor the agency, an unreadable
  or stale agency answer;
* ``new_thread``: a new conversation, started on the mail agent.

The thread is found by the token in the recipients, then the nearest known
Message-ID in References/In-Reply-To, then the subject tag (see ``threader``).
Decisions go through :meth:`Desk.prepare_decide`, the runtime's exactly-once path.
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from agentdesk.errors import AgentdeskError, NotFoundError
from agentdesk.runtime import telemetry
from agentdesk.runtime.mail import OutgoingMail
from agentdesk.runtime.meters import meters
from agentdesk.runtime.runs.desk import Desk
from agentdesk.runtime.runs.prepare import PreparedRun
from agentdesk.runtime.storage.persistence import now

from .addresses import ensure_thread, record_id, split_address
from .agency import parse_agency_reply, review_body
from .outbox import Outbox
from .parse import Inbound, parse_message
from .replies import ReplyQueue
from .tables import ensure_tables, inbound, mail_ids, mail_threads, outbox
from .threader import Resolution, parent_chain, resolve, subject_tag, token_of

__all__ = ["Launch", "MailChannel", "Received"]

log = logging.getLogger(__name__)

STALE = timedelta(seconds=60)
"""A message still ``received`` after this long was dropped mid-way; it is taken again."""
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

Launch = Callable[[PreparedRun], Awaitable[Any]]
"""Runs a prepared run: the server hands it to its workers, the CLI executes it."""


@dataclass
class Received:
    """What happened to one inbound message."""

    id: int
    disposition: str
    thread_id: str | None
    reason: str
    message_id: str | None

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "disposition": self.disposition, "thread_id": self.thread_id,
                "reason": self.reason, "message_id": self.message_id}


class MailChannel:
    """Inbound mail, review emails and queued replies for one desk."""

    def __init__(self, desk: Desk, launch: Launch, *, claim: bool = True) -> None:
        self.desk = desk
        self.settings = desk.settings
        self.engine = desk.persistence.engine
        self.launch = launch
        self.claim = claim
        self.outbox = Outbox(self.engine, self.settings)
        self.agency = self.settings.agency_email.lower()
        self.replies = ReplyQueue(desk, launch, claim=claim)
        self._reviewed: dict[str, str | None] = {}
        """Thread -> the run whose pause the watcher handled (skipped until it changes)."""

    async def open(self) -> MailChannel:
        await ensure_tables(self.engine)
        return self

    # -- inbound ----------------------------------------------------------------------

    async def deliver(self, raw: bytes, source: str = "smtp") -> Received:
        """Store, classify and act on one raw message."""
        mail = parse_message(raw)
        stamp = now()
        values = {"message_id": mail.message_id, "sender": mail.sender,
                  "sender_name": mail.sender_name, "subject": mail.subject, "body": mail.body,
                  "source": source, "received_at": stamp}
        try:
            async with self.engine.begin() as conn:
                row_id = (await conn.execute(inbound.insert().values(
                    dedupe_key=mail.dedupe_key, raw=raw, disposition="received", reason="",
                    **values).returning(inbound.c.id))).scalar_one()
            meters().mail.labels("in").inc()  # a message seen before is not counted again
        except IntegrityError:
            async with self.engine.connect() as conn:
                first = (await conn.execute(sa.select(
                    inbound.c.id, inbound.c.thread_id, inbound.c.disposition).where(
                    inbound.c.dedupe_key == mail.dedupe_key))).first()
            if first is not None and first.disposition == "received" and \
                    await self._reclaim(first.id):
                # An earlier delivery stopped before it was classified (a crash, an error
                # answered 451): the sender's retry finishes it.
                return await self._process(first.id, mail)
            reason = f"same message as #{first.id}" if first else "seen before"
            async with self.engine.begin() as conn:
                row_id = (await conn.execute(inbound.insert().values(
                    dedupe_key=None, raw=None, disposition="duplicate", reason=reason,
                    thread_id=first.thread_id if first else None, **values)
                    .returning(inbound.c.id))).scalar_one()
            return Received(row_id, "duplicate", first.thread_id if first else None, reason,
                            mail.message_id)
        return await self._process(row_id, mail)

    async def _reclaim(self, row_id: int, stale: timedelta = STALE) -> bool:
        """Take over a message left ``received`` for at least ``stale`` (one taker wins)."""
        async with self.engine.begin() as conn:
            result = await conn.execute(inbound.update().where(
                inbound.c.id == row_id, inbound.c.disposition == "received",
                inbound.c.received_at <= now() - stale).values(received_at=now()))
        return bool(result.rowcount == 1)

    async def _process(self, row_id: int, mail: Inbound) -> Received:
        with telemetry.span("email in", {"agentdesk.mail.message_id": mail.message_id,
                                         "agentdesk.mail.inbound_id": row_id}) as span:
            received = await self._processed(row_id, mail)
            telemetry.note(span, **{"agentdesk.mail.disposition": received.disposition,
                                    "agentdesk.thread_id": received.thread_id})
            return received

    async def _processed(self, row_id: int, mail: Inbound) -> Received:
        try:
            disposition, thread_id, reason = await self._classify(row_id, mail)
        except BaseException:
            # Left ``received`` and free to take at once: a retry or the watcher finishes it.
            async with self.engine.begin() as conn:
                await conn.execute(inbound.update().where(
                    inbound.c.id == row_id, inbound.c.disposition == "received").values(
                    received_at=EPOCH))
            raise
        async with self.engine.begin() as conn:
            await conn.execute(inbound.update().where(inbound.c.id == row_id).values(
                disposition=disposition, thread_id=thread_id, reason=reason))
        if disposition in ("reply", "agency_decision") and thread_id is not None:
            # A run the launcher finished already may wait for the customer now.
            await self.deliver_queued(thread_id)
        return Received(row_id, disposition, thread_id, reason, mail.message_id)

    async def finish_unfinished(self) -> int:
        """Classify the messages a crash left ``received`` (their raw bytes are stored)."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(sa.select(inbound.c.id, inbound.c.raw).where(
                inbound.c.disposition == "received",
                inbound.c.received_at <= now() - STALE))).all()
        done = 0
        for row in rows:
            if row.raw is not None and await self._reclaim(row.id):
                await self._process(row.id, parse_message(bytes(row.raw)))
                done += 1
        return done

    async def _resolve(self, mail: Inbound) -> Resolution:
        local, _ = split_address(self.settings.mail_from)
        token = token_of(mail.recipients, local)
        chain = parent_chain(mail.message_id, mail.in_reply_to, mail.references)
        tag = subject_tag(mail.subject)
        async with self.engine.connect() as conn:
            tokens = {} if token is None else {r.token: r.thread_id for r in await conn.execute(
                sa.select(mail_threads.c.token, mail_threads.c.thread_id)
                .where(mail_threads.c.token == token))}
            known = {} if not chain else {r.message_id: r.thread_id for r in await conn.execute(
                sa.select(mail_ids.c.message_id, mail_ids.c.thread_id)
                .where(mail_ids.c.message_id.in_(chain)))}
            tags = {} if tag is None else {r.tag: r.thread_id for r in await conn.execute(
                sa.select(mail_threads.c.tag, mail_threads.c.thread_id)
                .where(mail_threads.c.tag == tag))}
        return resolve(token=token, chain=chain, tag=tag, tokens=tokens, known_ids=known,
                       tags=tags)

    async def _classify(self, row_id: int, mail: Inbound) -> tuple[str, str | None, str]:
        if mail.auto_reason:
            return "ignored", None, f"automatic message ({mail.auto_reason})"
        found = await self._resolve(mail)
        thread_id = found.thread_id
        if thread_id is not None:
            try:
                await self.desk.store.get_thread(thread_id)
            except NotFoundError:
                return "held", None, f"its thread {thread_id} was deleted"
        if mail.sender == self.agency:
            if found.via in ("token", "references") and thread_id is not None:
                return await self._agency_decision(mail, thread_id)
            return "held", thread_id, ("the agency wrote, matching a thread on its subject only"
                                       if thread_id else "the agency wrote to no thread")
        if mail.forwarded:
            return "held", thread_id, "a forwarded message"
        if found.via == "subject":
            return "held", thread_id, f"matched thread {found.matched} on the subject tag alone"
        if thread_id is not None:
            async with self.engine.connect() as conn:
                customer = (await conn.execute(sa.select(mail_threads.c.customer_email).where(
                    mail_threads.c.thread_id == thread_id))).scalar_one_or_none()
            if customer and mail.sender != customer:
                return "held", thread_id, (f"{mail.sender} is neither the thread's customer "
                                           "nor the agency")
            await self._remember(mail, thread_id, "customer")
            async with self.engine.begin() as conn:
                await conn.execute(inbound.update().where(inbound.c.id == row_id).values(
                    delivery="queued"))
            return "reply", thread_id, f"found by {found.via} ({found.matched})"
        return await self._new_thread(mail)

    async def _remember(self, mail: Inbound, thread_id: str, party: str) -> None:
        if mail.message_id:
            async with self.engine.begin() as conn:
                await record_id(conn, mail.message_id, thread_id, "in", party)

    async def _new_thread(self, mail: Inbound) -> tuple[str, str | None, str]:
        settings = self.settings
        # The thread id follows from the message, so a retry after a crash finds its thread.
        thread_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"agentdesk-mail:{mail.dedupe_key}"))
        owner = next((f"key:{_fingerprint(key)}" for name, key in settings.named_api_keys()
                      if name == settings.mail_owner), None)
        payload = {"message": mail.body, "customer_email": mail.sender,
                   "customer_name": mail.sender_name, "subject": mail.subject}
        with contextlib.suppress(IntegrityError):
            await self.desk.store.create_thread(thread_id, None, owner=owner, model=None,
                                                metadata={"channel": "email"})
        run = None
        if (await self.desk.store.get_thread(thread_id)).agent is None:  # else: started earlier
            try:
                run = await self.desk.prepare_start(
                    settings.mail_agent, payload, owner=owner, actor=mail.sender,
                    metadata={"channel": "email"}, claim=self.claim, thread_id=thread_id)
            except AgentdeskError as exc:
                await self.desk.store.delete_thread(thread_id)  # refused: no trace
                return "held", None, f"could not start a thread: {exc.message}"
        await ensure_thread(self.engine, thread_id, mail.sender, mail.sender_name, mail.subject)
        await self._remember(mail, thread_id, "customer")
        if run is not None:
            await self.launch(run)
        return "new_thread", thread_id, f"started {settings.mail_agent}"

    async def _agency_decision(self, mail: Inbound, thread_id: str,
                               ) -> tuple[str, str | None, str]:
        await self._remember(mail, thread_id, "agency")
        interrupt_id = await self._reviewed_interrupt(mail)
        try:
            view = await self.desk.view(thread_id)
            pending = view.interrupt
            if pending is None or pending.kind == "await_reply":
                return "held", thread_id, "the agency answered, but no action awaits review"
            if interrupt_id is not None and interrupt_id != pending.id:
                return "held", thread_id, ("the agency answered an earlier review; the action "
                                           "it was about is no longer pending")
            decision = parse_agency_reply(mail.body, pending, mail.sender[:200])
            run = await self.desk.prepare_decide(thread_id, decision, interrupt_id=pending.id,
                                                 claim=self.claim)
        except AgentdeskError as exc:
            return "held", thread_id, f"not applied: {exc.message}"
        await self._mark_interrupt(mail, pending.id)
        await self.launch(run)
        return "agency_decision", thread_id, f"{decision.type} of {pending.title}"

    async def _reviewed_interrupt(self, mail: Inbound) -> str | None:
        """The interrupt of the review email this message answers, if it answers one."""
        chain = parent_chain(mail.message_id, mail.in_reply_to, mail.references)
        if not chain:
            return None
        async with self.engine.connect() as conn:
            keys = list((await conn.execute(sa.select(outbox.c.key).where(
                outbox.c.message_id.in_(chain), outbox.c.kind == "review"))).scalars())
        return keys[0].removeprefix("review:") if keys else None

    async def _mark_interrupt(self, mail: Inbound, interrupt_id: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(inbound.update().where(
                inbound.c.dedupe_key == mail.dedupe_key).values(interrupt_id=interrupt_id))

    # -- the watcher --------------------------------------------------------------------

    async def deliver_queued(self, thread_id: str) -> bool:
        """Deliver the thread's queued replies if it waits for the customer now."""
        return await self.replies.deliver(thread_id)

    async def watch_once(self) -> dict[str, int]:
        """Finish interrupted deliveries, send pending review emails, retry the outbox,
        deliver queued replies to threads that wait for them now."""
        await self.finish_unfinished()
        await self.replies.recover()
        reviews = 0
        waiting = await self.desk.store.list_threads(agent=self.settings.mail_agent,
                                                     status="interrupted", limit=10_000)
        for record in waiting:
            if self._reviewed.get(record.thread_id) == record.current_run_id:
                continue  # this pause was looked at already (its run has not changed)
            try:
                view = await self.desk.view(record.thread_id)
            except AgentdeskError:
                continue
            pending = view.interrupt
            if pending is not None and pending.kind == "approve_action":
                key = f"review:{pending.id}"
                if await self.outbox.get(key) is None:
                    reviews += 1
                customer = view.values.get("customer_email")
                review = await self.outbox.send(OutgoingMail(
                    thread_id=record.thread_id, key=key, kind="review", to=[self.agency],
                    subject=(pending.title if pending.title.startswith("Review")
                             else f"Review: {pending.title}"),
                    body=review_body(pending, customer if isinstance(customer, str) else None)))
                if review.status != "sent":
                    continue  # look again next time (flush retries it meanwhile)
            self._reviewed[record.thread_id] = record.current_run_id
        replies = 0
        for thread_id in await self.replies.waiting_threads():
            replies += await self.replies.deliver(thread_id)
        resent = await self.outbox.flush()
        return {"reviews": reviews, "replies": replies, "resent": resent}

    # -- reading -------------------------------------------------------------------------

    async def log(self, thread_id: str | None = None, limit: int = 200) -> list[dict[str, Any]]:
        query = (sa.select(*(c for c in inbound.c if c.name not in ("raw", "dedupe_key")))
                 .order_by(inbound.c.id.desc()).limit(limit))
        if thread_id is not None:
            query = query.where(inbound.c.thread_id == thread_id)
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [dict(row) for row in rows]


def _fingerprint(key: str) -> str:
    from agentdesk.settings import key_fingerprint

    return key_fingerprint(key)
