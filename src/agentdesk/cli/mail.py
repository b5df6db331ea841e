"""``agentdesk mail``: feed raw messages to the email channel, read its log and outbox."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from agentdesk.runtime.commands import JsonOpt, ModelOpt, fail, refuse_bad_model
from agentdesk.runtime.terminal import console, err_console, escape

if TYPE_CHECKING:
    from agentdesk.channels.email.channel import MailChannel
    from agentdesk.runtime.runs.desk import Desk

mail_app = typer.Typer(no_args_is_help=True, help="The email channel: deliver, log, outbox.")

ThreadOpt = Annotated[str | None, typer.Option("--thread", help="Only this thread's messages.")]
LimitOpt = Annotated[int, typer.Option("--limit", min=1, max=10_000)]


def _settings(model: str | None, as_json: bool) -> Any:
    """The settings, with ``--model`` as the model of the runs mail starts (checked first)."""
    from agentdesk.settings import get_settings

    refuse_bad_model(model, as_json)
    settings = get_settings()
    return settings.model_copy(update={"model": model}) if model else settings


def _run(main: Any, as_json: bool) -> Any:
    import asyncio

    from agentdesk.errors import AgentdeskError

    try:
        return asyncio.run(main)
    except AgentdeskError as exc:
        fail(exc, as_json)


async def _channel(desk: Desk) -> MailChannel:
    from agentdesk.channels.email.channel import MailChannel

    async def launch(run: Any) -> None:
        await desk.execute(run)

    return await MailChannel(desk, launch).open()


def _jsonable(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return json.loads(json.dumps(rows, default=str))


def _print_rows(rows: list[dict[str, Any]], as_json: bool,
                line: Callable[[dict[str, Any]], str]) -> None:
    """``rows`` as one JSON list, or a line each for a person."""
    rows = _jsonable(rows)
    if as_json:
        print(json.dumps(rows))
        return
    for row in rows:
        console.print(line(row), soft_wrap=True, highlight=False)


@mail_app.command("deliver")
def deliver(
    files: Annotated[list[Path], typer.Argument(help="Raw messages (.eml), delivered in order.")],
    as_json: JsonOpt = False, model: ModelOpt = None,
) -> None:
    """Deliver raw messages as the SMTP listener would (runs execute here, then the
    watcher sends review emails and queued replies)."""
    from agentdesk.errors import AgentdeskError, InputError
    from agentdesk.runtime.runs.desk import Desk

    settings = _settings(model, as_json)
    raws: list[tuple[Path, bytes]] = []
    for path in files:
        try:
            raws.append((path, path.read_bytes()))
        except OSError as exc:
            fail(InputError(f"cannot read {path}: {exc.strerror}", field="FILE"), as_json)

    async def main() -> tuple[list[dict[str, Any]], bool]:
        results: list[dict[str, Any]] = []
        refused = False
        async with Desk.open(settings) as desk:
            channel = await _channel(desk)
            for path, raw in raws:
                try:
                    received = await channel.deliver(raw, "cli")
                    results.append({"file": str(path), **received.public()})
                except AgentdeskError as exc:
                    refused = True
                    results.append({"file": str(path), "disposition": "refused",
                                    "error": exc.to_dict()})
            await channel.watch_once()
        return results, refused

    results, refused = _run(main(), as_json)
    if as_json:
        print(json.dumps(results))
    else:
        for item in results:
            if item["disposition"] == "refused":
                err_console.print(f"{escape(item['file'])}: refused: "
                                  f"{escape(item['error']['message'])}", soft_wrap=True)
            else:
                console.print(f"{escape(item['file'])}: {item['disposition']}"
                              f"{' thread ' + item['thread_id'] if item['thread_id'] else ''}"
                              f" ({escape(item['reason'])})", soft_wrap=True, highlight=False)
    if refused:
        raise typer.Exit(2)


@mail_app.command("log")
def log(thread: ThreadOpt = None, limit: LimitOpt = 200, as_json: JsonOpt = False,
        model: ModelOpt = None) -> None:
    """Inbound messages, newest first, with their disposition, thread and reason."""
    from agentdesk.runtime.runs.desk import Desk

    refuse_bad_model(model, as_json)

    async def main() -> list[dict[str, Any]]:
        async with Desk.open() as desk:
            return await (await _channel(desk)).log(thread, limit)

    _print_rows(_run(main(), as_json), as_json, lambda row: (
        f"#{row['id']} {row['received_at']} {escape(row['sender'] or '')} "
        f"{escape(row['subject'] or '')!r}: {row['disposition']}"
        f"{' thread ' + row['thread_id'] if row['thread_id'] else ''}"
        f"{' [' + row['delivery'] + ']' if row['delivery'] else ''} "
        f"({escape(row['reason'])})"))


@mail_app.command("outbox")
def outbox(thread: ThreadOpt = None, limit: LimitOpt = 200, as_json: JsonOpt = False,
           model: ModelOpt = None) -> None:
    """Sent (and queued) messages, newest first, with their headers."""
    from agentdesk.runtime.runs.desk import Desk

    refuse_bad_model(model, as_json)

    async def main() -> list[dict[str, Any]]:
        async with Desk.open() as desk:
            return await (await _channel(desk)).outbox.listing(thread, limit)

    _print_rows(_run(main(), as_json), as_json, lambda row: (
        f"{row['created_at']} {row['status']} {row['kind']} to "
        f"{escape(', '.join(row['recipients']))}: {escape(row['subject'])} "
        f"{row['message_id']} (key {escape(row['key'])})"))


@mail_app.command("poll")
def poll(
    url: Annotated[str | None, typer.Option("--url", help="Default: AGENTDESK_IMAP_URL.")] = None,
    as_json: JsonOpt = False, model: ModelOpt = None,
) -> None:
    """Deliver the unseen messages of an IMAP folder once (``serve`` polls it on its own)."""
    from agentdesk.channels.email.imap import imap_source, poll_once
    from agentdesk.errors import ConfigError, InputError
    from agentdesk.runtime.runs.desk import Desk

    settings = _settings(model, as_json)
    given = url or settings.imap_url
    if not given:
        fail(InputError("no mailbox: pass --url or set AGENTDESK_IMAP_URL", field="--url"),
             as_json)
    try:
        source = imap_source(given)
    except ConfigError as exc:
        fail(exc, as_json)

    async def main() -> list[dict[str, Any]]:
        async with Desk.open(settings) as desk:
            channel = await _channel(desk)
            try:
                results = await poll_once(channel, source)
            except OSError as exc:
                raise ConfigError(f"cannot reach {source.host}:{source.port}: {exc}",
                                  field="imap_url") from exc
            await channel.watch_once()
            return results

    _print_rows(_run(main(), as_json), as_json, lambda item: (
        f"uid {item['uid']}: {item['disposition']}"
        f"{' thread ' + item['thread_id'] if item.get('thread_id') else ''}"))
