"""The email channel over real SMTP on loopback, with a stand-in insurance graph."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from agentdesk.channels.email.channel import MailChannel

from .mail_harness import (
    AGENCY,
    CUSTOMER,
    MailDesk,
    body_of,
    mail_desk,
    mail_settings,
    message,
    use_stand_in_agent,
)


@pytest.fixture(autouse=True)
def _agent(monkeypatch: pytest.MonkeyPatch) -> None:
    use_stand_in_agent(monkeypatch)


async def _start(mail: MailDesk, body: str = "I need a car insurance quote.") -> str:
    await mail.smtp(message(CUSTOMER, "Car insurance", body, name="Dana Reyes"))
    row = await mail.last_log()
    assert row["disposition"] == "new_thread", row
    return str(row["thread_id"])


async def _review_email(mail: MailDesk) -> object:
    await mail.channel.watch_once()
    reviews = [m for m in await mail.caught() if m["X-Agentdesk-Kind"] == "review"]
    assert reviews, "no review email was sent"
    return reviews[-1]


def test_whole_loop_over_smtp(database_url: str, tmp_path: Path) -> None:
    async def main() -> None:
        async with mail_desk(mail_settings(database_url, tmp_path)) as mail:
            thread_id = await _start(mail)
            view = await mail.desk.view(thread_id)
            assert view.values["customer_name"] == "Dana Reyes"
            assert view.interrupt is not None and view.interrupt.kind == "approve_action"

            review = await _review_email(mail)
            assert review["To"] == AGENCY and "APPROVE" in body_of(review)
            assert "question: What is the VIN" in body_of(review)
            await mail.channel.watch_once()  # one review email per interrupt, not one per pass
            assert len(await mail.caught()) == 1

            await mail.smtp(message(AGENCY, f"Re: {review['Subject']}", "APPROVE\n\nthanks",
                                    in_reply_to=review["Message-ID"]), sender=AGENCY)
            assert (await mail.last_log())["disposition"] == "agency_decision"
            question = (await mail.caught())[-1]
            assert question["To"] == CUSTOMER
            assert body_of(question).strip() == "What is the VIN of your vehicle?"
            first_in = (await mail.channel.log(thread_id))[-1]["message_id"]
            assert question["In-Reply-To"] == first_in
            assert question["Reply-To"].startswith("quotes+")
            assert "[Q-" in question["Subject"]
            decision = await mail.desk.store.get_decision(thread_id, view.interrupt.id)
            assert decision is not None and decision["actor"] == AGENCY

            reply = ("It is 1HGCM82633A004352.\n\nOn Mon, Quotes <quotes@agency.test> wrote:\n"
                     "> What is the VIN of your vehicle?\n")
            await mail.smtp(message(CUSTOMER, f"Re: {question['Subject']}", reply,
                                    in_reply_to=question["Message-ID"],
                                    references=f"{first_in} {question['Message-ID']}"))
            row = await mail.last_log()
            assert (row["disposition"], row["delivery"]) == ("reply", "delivered")
            view = await mail.desk.view(thread_id)
            assert view.values["answers"] == ["It is 1HGCM82633A004352."]  # quote stripped

            review = await _review_email(mail)
            await mail.smtp(message(AGENCY, "Re: review", "APPROVE",
                                    in_reply_to=review["Message-ID"]), sender=AGENCY)
            quote = (await mail.caught())[-1]
            assert quote["X-Agentdesk-Kind"] == "quote" and "612.50" in body_of(quote)
            assert (await mail.desk.view(thread_id)).values["outcome"] == "quoted"
            assert question["Message-ID"] in quote["References"]

            conversation = [m["direction"] for m in (await _conversation(mail, thread_id))]
            assert conversation.count("in") == 4 and conversation.count("out") == 4

    asyncio.run(main())


async def _conversation(mail: MailDesk, thread_id: str) -> list[dict[str, object]]:
    from agentdesk.channels.email.conversation import conversation

    return (await conversation(mail.desk.persistence.engine, thread_id))["messages"]


def test_reply_without_headers_found_by_token(database_url: str, tmp_path: Path) -> None:
    async def main() -> None:
        async with mail_desk(mail_settings(database_url, tmp_path)) as mail:
            thread_id = await _start(mail)
            review = await _review_email(mail)
            await mail.smtp(message(AGENCY, "ok", "APPROVE", in_reply_to=review["Message-ID"]),
                            sender=AGENCY)
            question = (await mail.caught())[-1]
            token_address = question["Reply-To"]
            # A fresh message (no In-Reply-To, no References, no tag) to the Reply-To address.
            await mail.smtp(message(CUSTOMER, "my VIN", "1HGCM82633A004352", to=token_address),
                            recipients=(token_address,))
            row = await mail.last_log()
            assert (row["disposition"], row["thread_id"]) == ("reply", thread_id)
            assert row["reason"].startswith("found by token")

    asyncio.run(main())


def test_reply_before_the_question_is_queued_then_delivered(tmp_path: Path) -> None:
    async def main() -> None:
        settings = mail_settings(f"sqlite:///{tmp_path / 'q.db'}", tmp_path)
        async with mail_desk(settings) as mail:
            first = message(CUSTOMER, "Car insurance", "Quote please")
            await mail.smtp(first)
            thread_id = (await mail.last_log())["thread_id"]
            first_id = (await mail.channel.log(thread_id))[0]["message_id"]
            # The customer writes again while the agency still reviews the question.
            await mail.smtp(message(CUSTOMER, "Re: Car insurance", "VIN 1HGCM82633A004352",
                                    in_reply_to=first_id))
            row = await mail.last_log()
            assert (row["disposition"], row["delivery"]) == ("reply", "queued")
            assert (await mail.desk.view(thread_id)).interrupt.kind == "approve_action"

            review = await _review_email(mail)
            await mail.smtp(message(AGENCY, "ok", "APPROVE", in_reply_to=review["Message-ID"]),
                            sender=AGENCY)
            # The question went out, the thread waited, and the queued reply was delivered.
            view = await mail.desk.view(thread_id)
            assert view.values["answers"] == ["VIN 1HGCM82633A004352"]
            assert view.interrupt is not None and view.interrupt.title == "Send the quote"
            log = {r["id"]: r for r in await mail.channel.log(thread_id)}
            assert [r["delivery"] for r in log.values() if r["disposition"] == "reply"] == [
                "delivered"]

    asyncio.run(main())


@pytest.mark.parametrize("headers", [
    {"Auto-Submitted": "auto-replied"}, {"X-Autoreply": "yes"}, {"Precedence": "bulk"}])
def test_automatic_replies_are_ignored(tmp_path: Path, headers: dict[str, str]) -> None:
    async def main() -> None:
        settings = mail_settings(f"sqlite:///{tmp_path / 'a.db'}", tmp_path)
        async with mail_desk(settings) as mail:
            await mail.smtp(message(CUSTOMER, "Out of office", "I am away until Monday.",
                                    headers=headers))
            row = await mail.last_log()
            assert row["disposition"] == "ignored" and row["thread_id"] is None
            assert await mail.desk.store.list_threads() == []

    asyncio.run(main())


def test_same_message_twice_one_thread(database_url: str, tmp_path: Path) -> None:
    async def main() -> None:
        async with mail_desk(mail_settings(database_url, tmp_path)) as mail:
            raw = message(CUSTOMER, "Car insurance", "Quote please")
            await mail.smtp(raw)
            await mail.smtp(raw)
            no_id = message(CUSTOMER, "Other", "no id here", message_id=None)
            await mail.channel.deliver(no_id, "cli")
            again = await mail.channel.deliver(no_id, "cli")
            rows = await mail.channel.log()
            assert [r["disposition"] for r in reversed(rows)] == [
                "new_thread", "duplicate", "new_thread", "duplicate"]
            assert again.reason.startswith("same message as #")
            assert len(await mail.desk.store.list_threads()) == 2
            await mail.channel.watch_once()
            assert len(await mail.caught()) == 2  # one review per thread, nothing twice

    asyncio.run(main())


def test_held_for_the_agency(tmp_path: Path) -> None:
    async def main() -> None:
        settings = mail_settings(f"sqlite:///{tmp_path / 'h.db'}", tmp_path)
        async with mail_desk(settings) as mail:
            thread_id = await _start(mail)
            review = await _review_email(mail)
            tag = review["Subject"].rsplit("[", 1)[1].rstrip("]")
            cases = [
                (message(CUSTOMER, "Fwd: my old policy", "---------- Forwarded message "
                         "---------\nFrom: someone"), "a forwarded message"),
                (message(CUSTOMER, f"About [{tag}]", "anything new?"), "on the subject tag"),
                (message("eve@other.test", "Re: x", "me too",
                         in_reply_to=review["Message-ID"]), "neither the thread's customer"),
                (message(AGENCY, "Re: review", "maybe later?",
                         in_reply_to=review["Message-ID"]), "neither APPROVE"),
                (message(AGENCY, "Re: review", "count: many",
                         in_reply_to=review["Message-ID"]), "'many' is not a number"),
            ]
            for raw, reason in cases:
                got = await mail.channel.deliver(raw, "cli")
                assert got.disposition == "held" and reason in got.reason, got
            assert got.thread_id == thread_id
            assert (await mail.desk.view(thread_id)).interrupt.kind == "approve_action"

    asyncio.run(main())


def test_agency_edit_then_stale_answer_held(tmp_path: Path) -> None:
    async def main() -> None:
        settings = mail_settings(f"sqlite:///{tmp_path / 'e.db'}", tmp_path)
        async with mail_desk(settings) as mail:
            thread_id = await _start(mail)
            review = await _review_email(mail)
            edit = message(AGENCY, "Re: review", "question: What is the VIN, please?\n",
                           in_reply_to=review["Message-ID"])
            got = await mail.channel.deliver(edit, "cli")
            assert got.disposition == "agency_decision" and got.reason.startswith("edit")
            assert body_of((await mail.caught())[-1]).strip() == "What is the VIN, please?"
            late = message(AGENCY, "Re: review", "APPROVE", in_reply_to=review["Message-ID"])
            got = await mail.channel.deliver(late, "cli")
            assert got.disposition == "held" and "no action awaits review" in got.reason
            decisions = [e for e in await mail.desk.store.audit_trail(thread_id)
                         if e.event == "decision"]
            assert [d.data["type"] for d in decisions] == ["edit"]

    asyncio.run(main())


def test_refused_message_leaves_no_trace(tmp_path: Path) -> None:
    async def main() -> None:
        settings = mail_settings(f"sqlite:///{tmp_path / 'r.db'}", tmp_path)
        async with mail_desk(settings) as mail:
            import aiosmtplib

            with pytest.raises(aiosmtplib.SMTPDataError, match="From"):
                await mail.smtp(b"Subject: no sender\r\n\r\nhello\r\n")
            assert await mail.channel.log() == []

    asyncio.run(main())


def test_channel_reopens_on_existing_tables(tmp_path: Path) -> None:
    async def main() -> None:
        settings = mail_settings(f"sqlite:///{tmp_path / 'o.db'}", tmp_path)
        async with mail_desk(settings) as mail:
            await MailChannel(mail.desk, lambda run: asyncio.sleep(0)).open()  # idempotent

    asyncio.run(main())


def test_a_delivery_cut_off_mid_way_is_finished_not_called_a_duplicate(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> None:
        settings = mail_settings(f"sqlite:///{tmp_path / 'c.db'}", tmp_path)
        async with mail_desk(settings) as mail:
            real = mail.channel._classify
            calls = 0

            async def broken_once(*args: object) -> tuple[str, str | None, str]:
                nonlocal calls
                calls += 1
                if calls == 1:
                    raise RuntimeError("database went away")
                return await real(*args)  # type: ignore[arg-type]

            monkeypatch.setattr(mail.channel, "_classify", broken_once)
            raw = message(CUSTOMER, "Car insurance", "Quote please")
            import aiosmtplib

            with pytest.raises(aiosmtplib.SMTPDataError, match="try again later"):
                await mail.smtp(raw)  # answered 451: the sending server retries
            assert [r["disposition"] for r in await mail.channel.log()] == ["received"]
            await mail.smtp(raw)  # the retry finishes the stored message
            rows = await mail.channel.log()
            assert [r["disposition"] for r in rows] == ["new_thread"]
            assert len(await mail.desk.store.list_threads()) == 1

            calls = 0
            other = message(CUSTOMER, "Second car", "And my other car?")
            with pytest.raises(RuntimeError):
                await mail.channel.deliver(other, "cli")
            await mail.channel.watch_once()  # the watcher finishes what a crash left
            assert [r["disposition"] for r in await mail.channel.log()] == [
                "new_thread", "new_thread"]

    asyncio.run(main())


def test_reply_to_a_deleted_thread_is_held(tmp_path: Path) -> None:
    async def main() -> None:
        settings = mail_settings(f"sqlite:///{tmp_path / 'd.db'}", tmp_path)
        async with mail_desk(settings) as mail:
            thread_id = await _start(mail)
            first_id = (await mail.channel.log(thread_id))[0]["message_id"]
            await mail.desk.delete_thread(thread_id)
            got = await mail.channel.deliver(message(CUSTOMER, "Re: x", "hello?",
                                                     in_reply_to=first_id), "cli")
            assert got.disposition == "held" and "was deleted" in got.reason

    asyncio.run(main())
