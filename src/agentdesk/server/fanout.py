"""Waking the server processes that follow a run another process is running.

Events are always stored first (the database is the record); fan-out only says
"there is more". Without Redis, followers poll the database; with
``AGENTDESK_REDIS_URL`` they wait on a Redis channel per run and re-check the
database when a message arrives (and now and then regardless, should one be lost).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Protocol

__all__ = ["Fanout", "PollingFanout", "RedisFanout", "make_fanout"]

POLL_SECONDS = 0.2
REDIS_RECHECK_SECONDS = 5.0


class Waiter(Protocol):
    async def wait(self) -> None: ...


class Fanout(Protocol):
    async def notify(self, run_id: str, seq: int) -> None: ...

    def follow(self, run_id: str) -> Any: ...

    async def close(self) -> None: ...


class _Sleep:
    async def wait(self) -> None:
        await asyncio.sleep(POLL_SECONDS)


class PollingFanout:
    """No broker: followers look at the database every :data:`POLL_SECONDS`."""

    async def notify(self, run_id: str, seq: int) -> None:
        return None

    @asynccontextmanager
    async def follow(self, run_id: str) -> AsyncIterator[Waiter]:
        yield _Sleep()

    async def close(self) -> None:
        return None


def _channel(run_id: str) -> str:
    return f"agentdesk:run:{run_id}"


class _RedisWaiter:
    def __init__(self, pubsub: Any) -> None:
        self.pubsub = pubsub

    async def wait(self) -> None:
        await self.pubsub.get_message(ignore_subscribe_messages=True,
                                      timeout=REDIS_RECHECK_SECONDS)
        while await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=0):
            pass  # several events may have been stored; one look at the database serves all


class RedisFanout:
    """Publish a note per stored event; followers wait on the run's channel."""

    def __init__(self, url: str) -> None:
        from redis.asyncio import Redis

        self.redis = Redis.from_url(url)

    async def notify(self, run_id: str, seq: int) -> None:
        await self.redis.publish(_channel(run_id), str(seq))

    @asynccontextmanager
    async def follow(self, run_id: str) -> AsyncIterator[Waiter]:
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(_channel(run_id))
        try:
            yield _RedisWaiter(pubsub)
        finally:
            await pubsub.unsubscribe(_channel(run_id))
            await pubsub.aclose()

    async def close(self) -> None:
        await self.redis.aclose()


def make_fanout(redis_url: str | None) -> Fanout:
    return RedisFanout(redis_url) if redis_url else PollingFanout()
