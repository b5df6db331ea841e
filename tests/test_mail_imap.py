"""IMAP polling against a real IMAP server (pymap, in-memory backend) on loopback."""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agentdesk.channels.email.imap import _fetch, imap_source, poll_once
from agentdesk.cli.main import app as cli_app
from agentdesk.errors import ConfigError

from .conftest import free_port
from .mail_harness import CUSTOMER, mail_desk, mail_settings, message, use_stand_in_agent

PYMAP = Path(sys.executable).with_name("pymap")
pytestmark = pytest.mark.skipif(not PYMAP.exists() and not shutil.which("pymap"),
                                reason="pymap (the dev extra) is not installed")


@pytest.fixture
def mailbox(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A pymap server with the demo user, and an empty folder ``Quotes``: its imap:// URL."""
    use_stand_in_agent(monkeypatch)
    port = free_port()
    proc = subprocess.Popen([str(PYMAP), "--host", "127.0.0.1", "--port", str(port), "dict",
                             "--demo-data"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "pymap did not start"
                time.sleep(0.1)
        url = f"imap://demouser:demopass@127.0.0.1:{port}/Quotes"
        with _client(url) as client:
            client.create_folder("Quotes")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _client(url: str):  # type: ignore[no-untyped-def]
    from imapclient import IMAPClient

    source = imap_source(url)
    client = IMAPClient(source.host, port=source.port, ssl=False)
    client.login(source.username, source.password)
    return client


def _append(url: str, *raws: bytes) -> None:
    with _client(url) as client:
        for raw in raws:
            client.append("Quotes", raw)


def _unseen(url: str) -> list[int]:
    with _client(url) as client:
        client.select_folder("Quotes")
        return list(client.search(["UNSEEN"]))


def test_poll_delivers_unseen_once(mailbox: str, tmp_path: Path) -> None:
    settings = mail_settings(f"sqlite:///{tmp_path / 'imap.db'}", tmp_path)
    source = imap_source(mailbox)

    async def main() -> None:
        async with mail_desk(settings) as mail:
            _append(mailbox, message(CUSTOMER, "Car insurance", "Quote please"),
                    message(CUSTOMER, "Out of office", "away",
                            headers={"Auto-Submitted": "auto-replied"}),
                    b"Subject: no sender\r\n\r\nhi\r\n")
            results = await poll_once(mail.channel, source)
            assert [r["disposition"] for r in results] == ["new_thread", "ignored", "refused"]
            assert _unseen(mailbox) == [] and await poll_once(mail.channel, source) == []

            # A poller that died after delivering, before flagging: fetched again, a duplicate.
            _append(mailbox, message(CUSTOMER, "Second car", "And my other car?"))
            for _, raw in await asyncio.to_thread(_fetch, source, 10):
                await mail.channel.deliver(raw, "imap")
            again = await poll_once(mail.channel, source)
            assert [r["disposition"] for r in again] == ["duplicate"]
            assert len(await mail.desk.store.list_threads()) == 2

    asyncio.run(main())


def test_mail_poll_cli(mailbox: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "none.json"
    script.write_text("[]")
    monkeypatch.setenv("AGENTDESK_MODEL", f"scripted:{script}")
    _append(mailbox, message(CUSTOMER, "Car insurance", "Quote please"))
    result = CliRunner().invoke(cli_app, ["mail", "poll", "--url", mailbox, "--json"])
    assert result.exit_code == 0, result.output
    assert [r["disposition"] for r in json.loads(result.stdout)] == ["new_thread"]
    result = CliRunner().invoke(cli_app, ["mail", "poll", "--url", "pop3://x", "--json"])
    assert result.exit_code == 2 and json.loads(result.stdout)["field"] == "imap_url"


def test_imap_url_checked() -> None:
    assert imap_source("imaps://u%40x:p@mail.test/Quotes").username == "u@x"
    assert imap_source("imaps://u:p@mail.test").port == 993
    with pytest.raises(ConfigError, match="imap_url"):
        imap_source("imap://mail.test/INBOX")
