"""The servers the SDK conformance suite runs against: agentdesk on SQLite and on
PostgreSQL, and, when asked, the reference: ``langgraph dev``.

``AGENTDESK_CONFORMANCE_REFERENCE=1`` adds ``langgraph dev`` from the peers' venv
(``bench/peers``: ``python -m bench.peers.install lgdev`` makes it). ``make conformance``
runs both and prints the parity table the README shows.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from agentdesk.settings import Settings
from tests.conftest import POSTGRES_URL
from tests.servers import Servers, free_port

GRAPHS = Path(__file__).parent / "graphs"
CONFIG = GRAPHS / "langgraph.json"
REFERENCE = os.environ.get("AGENTDESK_CONFORMANCE_REFERENCE") == "1"
LGDEV = Path(os.environ.get("AGENTDESK_PEERS_CACHE", Path.home() / ".cache" / "agentdesk-peers")
             ) / "lgdev" / "bin" / "langgraph"


@dataclass
class Target:
    """One server under test: its name and its URL."""

    name: str
    url: str

    @property
    def reference(self) -> bool:
        return self.name == "langgraph-dev"

    def run(self, body: Callable[[Any], Awaitable[Any]]) -> Any:
        """Run ``body(client)`` with a new async SDK client on this server."""
        from langgraph_sdk import get_client

        async def main() -> Any:
            client = get_client(url=self.url, api_key=None)
            try:
                return await body(client)
            finally:
                await client.http.client.aclose()
        return asyncio.run(main())


def _postgres_database() -> Iterator[str]:
    import psycopg

    assert POSTGRES_URL
    name = f"agentdesk_conf_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield f"{POSTGRES_URL.rsplit('/', 1)[0]}/{name}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _langgraph_dev() -> Iterator[str]:
    if not LGDEV.exists():
        pytest.skip(f"{LGDEV} is missing: python -m bench.peers.install lgdev")
    work = Path(tempfile.mkdtemp(prefix="lgdev-"))
    for item in GRAPHS.iterdir():
        if item.is_file():
            shutil.copy(item, work / item.name)
    port = free_port()
    log = (work / "server.log").open("wb")
    process = subprocess.Popen(
        [str(LGDEV), "dev", "--config", "langgraph.json", "--port", str(port), "--no-browser",
         "--no-reload", "--server-log-level", "warning"], cwd=work, stdout=log,
        stderr=subprocess.STDOUT, start_new_session=True,
        env={**os.environ, "LANGSMITH_TRACING": "false", "LANGGRAPH_CLI_NO_ANALYTICS": "1"})
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if process.poll() is not None:
                raise RuntimeError(f"langgraph dev exited; see {work / 'server.log'}")
            try:
                if httpx.get(f"{url}/ok", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            asyncio.run(asyncio.sleep(0.2))
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(work, ignore_errors=True)


TARGETS = ["agentdesk-sqlite", pytest.param("agentdesk-postgres", marks=pytest.mark.postgres)]
if REFERENCE:
    TARGETS.append("langgraph-dev")


@pytest.fixture(scope="module", params=TARGETS)
def target(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           ) -> Iterator[Target]:
    name = request.param
    if name == "langgraph-dev":
        for url in _langgraph_dev():
            yield Target(name, url)
        return
    data = tmp_path_factory.mktemp(name) / "data"
    if name == "agentdesk-postgres":
        if not POSTGRES_URL:
            pytest.skip("AGENTDESK_TEST_POSTGRES_URL is not set")
        databases = _postgres_database()
        database = next(databases)
    else:
        databases, database = iter(()), f"sqlite:///{data.parent / 'desk.db'}"
    with Servers(data) as servers:
        server = servers.app(Settings(data_dir=data, database_url=database, graphs=CONFIG,
                                      actor="tester"))
        yield Target(name, server.url)
    for _ in databases:
        pass
