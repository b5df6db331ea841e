"""The insurance agent over real email: SMTP in on loopback, the outbox to the catcher,
the agency deciding by replying to review emails. The planner is scripted."""

from __future__ import annotations

import asyncio
from email.message import EmailMessage
from pathlib import Path

from .insurance_flow import ANN_EMAIL, BARE_EMAIL, BOB_REPLY, script, step
from .mail_harness import AGENCY, MailDesk, body_of, mail_desk, mail_settings, message

BOB = "bob@example.com"
WHOLE_QUOTE = ("add_driver_tool", "add_vehicle_tool", "set_coverages_tool", "rate_quote_tool")


async def _reviewed(mail: MailDesk, tool: str) -> EmailMessage:
    """The review email of the pending action (which must be ``tool``), sent by the watcher."""
    await mail.channel.watch_once()
    review = (await mail.caught())[-1]
    assert review["X-Agentdesk-Kind"] == "review" and review["To"] == AGENCY
    assert f"Planned action: {tool}" in body_of(review), body_of(review)
    return review


async def _approve(mail: MailDesk, review: EmailMessage) -> None:
    await mail.smtp(message(AGENCY, f"Re: {review['Subject']}",
                            "APPROVE\n\nOn Mon, agentdesk wrote:\n> Reply to this email",
                            in_reply_to=review["Message-ID"],
                            references=review["Message-ID"]), sender=AGENCY)
    row = await mail.last_log()
    assert row["disposition"] == "agency_decision", row


def test_bare_email_to_quote_over_smtp(tmp_path: Path) -> None:
    model = script(tmp_path, step("ask_customer_tool"), step("quote_initiate_tool"),
                   *map(step, WHOLE_QUOTE), step("prepare_final_summary_tool"))
    settings = mail_settings(f"sqlite:///{tmp_path / 'e2e.db'}", tmp_path, model=model)

    async def main() -> None:
        async with mail_desk(settings) as mail:
            await mail.smtp(message(BOB, "Car insurance quote", BARE_EMAIL, name="Bob Stone"),
                            sender=BOB)
            row = await mail.last_log()
            thread_id = row["thread_id"]
            assert row["disposition"] == "new_thread"
            await _approve(mail, await _reviewed(mail, "ask_customer_tool"))
            question = (await mail.caught())[-1]
            assert (question["X-Agentdesk-Kind"], question["To"]) == ("question", BOB)
            assert "Hello Bob" in body_of(question)
            first_id = (await mail.channel.log(thread_id))[-1]["message_id"]
            assert question["In-Reply-To"] == first_id
            view = await mail.desk.view(thread_id)
            assert view.interrupt is not None and view.interrupt.kind == "await_reply"

            quoted = "\n".join(f"> {line}" for line in body_of(question).splitlines())
            await mail.smtp(message(BOB, f"Re: {question['Subject']}",
                                    f"{BOB_REPLY}\n\nOn Tue, Quotes wrote:\n{quoted}\n",
                                    in_reply_to=question["Message-ID"],
                                    references=f"{first_id} {question['Message-ID']}"),
                            sender=BOB)
            row = await mail.last_log()
            assert (row["disposition"], row["delivery"]) == ("reply", "delivered")
            info = (await mail.desk.view(thread_id)).values["customer_info"]
            assert (info["zip_code"], info["birth_date"]) == ("43215", "1990-07-04")

            for tool in ("quote_initiate_tool", "rate_quote_tool", "prepare_final_summary_tool"):
                await _approve(mail, await _reviewed(mail, tool))
            quote = (await mail.caught())[-1]
            assert (quote["X-Agentdesk-Kind"], quote["To"]) == ("quote", BOB)
            assert "Total premium:" in body_of(quote)
            assert question["Message-ID"] in quote["References"]
            assert quote["Subject"] == question["Subject"]  # one conversation, one tag
            outcome = await mail.desk.outcome_of(
                (await mail.desk.store.get_thread(thread_id)).current_run_id or "")
            assert outcome.status == "completed" and outcome.result["outcome"] == "quoted"
            kinds = [m["X-Agentdesk-Kind"] for m in await mail.caught()]
            assert kinds == ["review", "question", "review", "review", "review", "quote"]
            reviews = [m["Subject"] for m in await mail.caught()
                       if m["X-Agentdesk-Kind"] == "review"]
            assert reviews[0].startswith("Review: Send this question to the customer?")
            assert reviews[1].startswith("Review: Open a quote with the carrier?")
            decisions = [e.actor for e in await mail.desk.store.audit_trail(thread_id)
                         if e.event == "decision"]
            assert decisions == [AGENCY, BOB, AGENCY, AGENCY, AGENCY]

    asyncio.run(main())


def test_early_reply_queued_then_answers_the_question(tmp_path: Path) -> None:
    model = script(tmp_path, step("ask_customer_tool"), step("quote_initiate_tool"))
    settings = mail_settings(f"sqlite:///{tmp_path / 'early.db'}", tmp_path, model=model)

    async def main() -> None:
        async with mail_desk(settings) as mail:
            first = message(BOB, "Car insurance quote", BARE_EMAIL, message_id="<b1@example.com>",
                            name="Bob Stone")
            await mail.smtp(first, sender=BOB)
            thread_id = (await mail.last_log())["thread_id"]
            await mail.smtp(message(BOB, "Re: Car insurance quote", BOB_REPLY,
                                    in_reply_to="<b1@example.com>"), sender=BOB)
            row = await mail.last_log()
            assert (row["disposition"], row["delivery"]) == ("reply", "queued")
            await _approve(mail, await _reviewed(mail, "ask_customer_tool"))
            # The question went out; the queued reply answered it at once.
            assert (await mail.caught())[-1]["X-Agentdesk-Kind"] == "question"
            view = await mail.desk.view(thread_id)
            assert view.interrupt is not None
            assert view.interrupt.action is not None
            assert view.interrupt.action.name == "quote_initiate_tool"
            assert view.values["customer_info"]["zip_code"] == "43215"

    asyncio.run(main())


def test_duplicates_auto_replies_and_forwards(tmp_path: Path) -> None:
    model = script(tmp_path, step("quote_initiate_tool"))
    settings = mail_settings(f"sqlite:///{tmp_path / 'dup.db'}", tmp_path, model=model)
    ann = "ann@example.com"

    async def main() -> None:
        async with mail_desk(settings) as mail:
            raw = message(ann, "Car insurance quote", ANN_EMAIL, name="Ann Lee")
            await mail.smtp(raw, sender=ann)
            await mail.smtp(raw, sender=ann)  # the same message, delivered twice
            log = await mail.channel.log()
            assert [r["disposition"] for r in log] == ["duplicate", "new_thread"]
            thread_id = log[1]["thread_id"]
            assert len(await mail.desk.store.list_threads()) == 1
            await _reviewed(mail, "quote_initiate_tool")
            before = (await mail.desk.view(thread_id)).values["messages"]
            await mail.channel.watch_once()
            assert len(await mail.caught()) == 1  # one thread, one review

            out_of_office = message(ann, "Automatic reply: Car insurance quote",
                                    "I am out of the office.", in_reply_to=log[1]["message_id"],
                                    headers={"Auto-Submitted": "auto-replied"})
            await mail.smtp(out_of_office, sender=ann)
            assert (await mail.last_log())["disposition"] == "ignored"
            forward = message(ann, "Fwd: my current policy",
                              "---------- Forwarded message ---------\nFrom: Old Carrier",
                              in_reply_to=log[1]["message_id"])
            await mail.smtp(forward, sender=ann)
            row = await mail.last_log()
            assert (row["disposition"], row["thread_id"]) == ("held", thread_id)
            view = await mail.desk.view(thread_id)
            assert view.interrupt is not None and view.interrupt.kind == "approve_action"
            assert view.values["messages"] == before  # nothing of the ignored or held mail

    asyncio.run(main())


def test_agency_edits_by_email(tmp_path: Path) -> None:
    model = script(tmp_path, step("quote_initiate_tool"), *map(step, WHOLE_QUOTE))
    settings = mail_settings(f"sqlite:///{tmp_path / 'edit.db'}", tmp_path, model=model)
    ann = "ann@example.com"

    async def main() -> None:
        async with mail_desk(settings) as mail:
            await mail.smtp(message(ann, "Car insurance quote", ANN_EMAIL, name="Ann Lee"),
                            sender=ann)
            thread_id = (await mail.last_log())["thread_id"]
            review = await _reviewed(mail, "quote_initiate_tool")
            assert "  applicant.first_name: Ann" in body_of(review)
            await mail.smtp(message(AGENCY, "Re: review", "applicant.first_name: Anne\n",
                                    in_reply_to=review["Message-ID"]), sender=AGENCY)
            row = await mail.last_log()
            assert row["disposition"] == "agency_decision" and row["reason"].startswith("edit")
            decision = next(e.data for e in await mail.desk.store.audit_trail(thread_id)
                        if e.event == "decision")
            assert (decision["type"], decision["args"]) == (
                "edit", {"applicant": {"first_name": "Anne"}})
            await _reviewed(mail, "rate_quote_tool")  # the edited call ran; the quote goes on

    asyncio.run(main())
