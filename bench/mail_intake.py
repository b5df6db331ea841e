"""The email channel's cost over real SMTP on loopback (SQLite), medians per message.

* intake of automatic replies (parsed, stored raw, classified ``ignored``): the floor;
* intake of the same message again (``duplicate``);
* a new thread: stored, classified, the thread started and run inline to its first
  pause (the tests' stand-in insurance graph, no model), then its review email sent
  by the watcher through the outbox to the local catcher;
* outbox sends of new keys (store + SMTP to the catcher) and repeats of a sent key.

Usage: python -m bench.mail_intake [--messages N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1000, 2)


async def _timed(n: int, make: Callable[[int], Awaitable[Any]]) -> list[float]:
    samples = []
    for i in range(n):
        started = time.perf_counter()
        await make(i)
        samples.append(time.perf_counter() - started)
    return samples


async def main(messages: int) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT))
    from agentdesk.channels.email import OutgoingMail, mailer_for
    from agentdesk.runtime.registry import AGENTS
    from tests.mail_harness import CUSTOMER, mail_desk, mail_settings, message

    AGENTS["insurance"] = "tests.mail_agent"
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["AGENTDESK_DATA_DIR"] = tmp
        settings = mail_settings(f"sqlite:///{tmp}/bench.db", Path(tmp), data_dir=Path(tmp))
        async with mail_desk(settings) as mail:
            auto = await _timed(messages, lambda i: mail.smtp(message(
                CUSTOMER, "Out of office", f"away {i}", headers={"Auto-Submitted": "auto-replied"})))
            raw = message(CUSTOMER, "Again", "same bytes")
            await mail.smtp(raw)
            dup = await _timed(messages, lambda i: mail.smtp(raw))

            async def new_thread(i: int) -> None:
                await mail.smtp(message(f"c{i}@customer.test", "Car insurance", "Quote please"))
                await mail.channel.watch_once()

            threads = await _timed(messages, new_thread)
            mailer = mailer_for(settings)
            sends = await _timed(messages, lambda i: mailer.send(OutgoingMail(
                thread_id="bench", key=f"bench:{i}", kind="notice", to=[CUSTOMER],
                subject="Notice", body="hello")))
            repeats = await _timed(messages, lambda i: mailer.send(OutgoingMail(
                thread_id="bench", key="bench:0", kind="notice", to=[CUSTOMER],
                subject="Notice", body="hello")))
    return {"messages": messages, "median_ms": {
        "intake_ignored": _median_ms(auto), "intake_duplicate": _median_ms(dup),
        "new_thread_to_review_sent": _median_ms(threads),
        "outbox_send_new_key": _median_ms(sends), "outbox_send_repeated_key": _median_ms(repeats)}}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=30)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.messages)), indent=2))
