"""Real servers for the tests: an ASGI app in a thread, or ``agentdesk serve`` as a process.

:class:`Servers` is what the ``servers`` and ``module_servers`` fixtures of
``conftest.py`` hand a test; :class:`ServerThread` also serves the tool servers'
MCP apps and the benchmarks' app.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from agentdesk.settings import Settings


def free_port() -> int:
    """A loopback port nobody listens on now (the server binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


STARTUP_SECONDS = 60
"""How long a server may take to start (its lifespan opens the database and migrates it)."""


class _LogLines(logging.Handler):
    """Collects what uvicorn logs while a server starts, for the failure message."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


class ServerThread:
    """An ASGI app served by uvicorn on a loopback port, in a thread of the test.

    ``config`` builds the uvicorn configuration from the app, host, port and log level
    (``uvicorn.Config``, uvicorn's defaults, unless a test asks for another).
    """

    def __init__(self, app: Any, config: Callable[..., uvicorn.Config] = uvicorn.Config) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(config(app, host="127.0.0.1", port=self.port,
                                            log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ServerThread:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self, timeout: float = STARTUP_SECONDS) -> ServerThread:
        """Serve, and wait until the app's lifespan has started; fail with what uvicorn logged.

        A server whose startup fails (its lifespan raised, its port was taken) ends its
        thread at once; the wait ends with it rather than running out.
        """
        logged = _LogLines()
        uvicorn_log = logging.getLogger("uvicorn.error")
        uvicorn_log.addHandler(logged)
        try:
            self.thread.start()
            deadline = time.monotonic() + timeout
            while (not self.server.started and self.thread.is_alive()
                   and time.monotonic() < deadline):
                time.sleep(0.02)
        finally:
            uvicorn_log.removeHandler(logged)
        if not self.server.started:
            self.stop()
            why = "stopped while starting" if not self.thread.is_alive() else (
                f"did not start in {timeout} s")
            raise AssertionError(f"the server on {self.url} {why}; uvicorn logged:\n"
                                 + ("\n".join(logged.lines) or "(nothing)"))
        return self

    def stop(self) -> None:
        """Ask uvicorn to shut down (the app's lifespan closes the database) and wait for it;
        fail if it has not stopped in 20 s (a server left running would go on working, and
        logging, through the tests after it)."""
        self.server.should_exit = True
        if self.thread.is_alive():
            self.thread.join(timeout=20)
        assert not self.thread.is_alive(), f"the server at {self.url} did not stop in 20 s"


class ServerProcess:
    """``python -m agentdesk <args>`` (``serve`` by default) on a loopback port, as a process.

    Its standard output and error go to ``log``, a file (a full pipe would stall a
    server that logs a lot, as one does through a database outage).
    """

    def __init__(self, name: str, args: list[str], env: Mapping[str, str], log: Path,
                 port: bool = True) -> None:
        self.name = name
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.stopped = False
        listen = ["--port", str(self.port)] if port else []
        with log.open("ab") as out:
            self.proc = subprocess.Popen([sys.executable, "-m", "agentdesk", *args, *listen],
                                         env=dict(env), stdout=out, stderr=subprocess.STDOUT)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def ready(self, timeout: float = 90) -> ServerProcess:
        """Wait until the server answers ``/ok`` (its lifespan has opened the database)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"{self.name} exited {self.proc.returncode}:\n{self.text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/ok", timeout=2).status_code == 200:
                    return self
            time.sleep(0.1)
        raise AssertionError(f"{self.name} did not start in {timeout} s:\n{self.text()}")

    def signal(self, sig: signal.Signals) -> None:
        os.kill(self.pid, sig)
        if sig == signal.SIGSTOP:
            self.stopped = True
        elif sig == signal.SIGCONT:
            self.stopped = False

    def kill(self) -> None:
        """SIGKILL, and reap the process."""
        if self.proc.poll() is None:
            self.signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self, timeout: float = 30) -> None:
        """SIGTERM (the server shuts down as on Ctrl-C), then SIGKILL if it has not exited."""
        if self.proc.poll() is not None:
            return
        if self.stopped:
            self.signal(signal.SIGCONT)
        self.proc.terminate()
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def http(self, timeout: float = 60) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=timeout)


class Servers:
    """Real agentdesk servers started by a test (or a module), all stopped when it ends.

    :meth:`app` serves the app in a thread of the test, so what the test patches in
    this process (registries, environment) reaches it, and it starts in well under a
    second; :meth:`process` runs ``agentdesk serve`` (or another command) as a process
    of its own, for tests that signal, kill or restart it. Both listen on a free
    loopback port, answer ``url``, and are stopped at the end: a thread is asked to
    shut down, a process is terminated and then killed.
    """

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.logs = data_dir.parent / "logs"
        self.processes: list[ServerProcess] = []
        self._stops = contextlib.ExitStack()  # every stop runs, even after one that raised
        self._lock = threading.Lock()  # tests start processes from several threads

    def __enter__(self) -> Servers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def app(self, settings: Settings | None = None, *, ping_seconds: float | None = None,
            serve_config: bool = False, **fields: Any) -> ServerThread:
        """The app (the Agent Server API and the web app), serving until the end.

        Args:
            settings: what it runs with; by default ``Settings(**fields)`` over the
                data dir of the test and the actor ``tester``.
            ping_seconds: the SSE keep-alive interval (the app's own default if None).
            serve_config: serve with the uvicorn configuration ``agentdesk serve`` uses
                (header and keep-alive timeouts, connection bound), not uvicorn's defaults.
            **fields: settings fields, when ``settings`` is not given.
        """
        from agentdesk.server.app import create_app
        from agentdesk.server.serving import uvicorn_config

        if settings is None:
            settings = Settings(**{"data_dir": self.data_dir, "actor": "tester", **fields})
        elif fields:
            raise TypeError(f"settings fields {sorted(fields)} given beside a Settings")
        app = (create_app(settings) if ping_seconds is None
               else create_app(settings, ping_seconds=ping_seconds))
        server = ServerThread(app, partial(uvicorn_config, settings) if serve_config
                              else uvicorn.Config)
        self._stops.callback(server.stop)
        return server.start()

    def process(self, *args: str, env: Mapping[str, str] | None = None,
                log: Path | None = None, port: bool = True, wait: bool = True) -> ServerProcess:
        """``python -m agentdesk <args>`` (``serve`` by default) with ``--port`` unless ``port``
        is false (a worker has none); ``wait``: until it answers ``/ok``.

        Its environment is this process's, with the data dir of the test, then ``env``;
        its output goes to ``log`` (by default ``logs/server<n>.log`` beside the data dir).
        """
        with self._lock:
            name = f"server{len(self.processes) + 1}"
            self.logs.mkdir(parents=True, exist_ok=True)
            server = ServerProcess(
                name, list(args) or ["serve"],
                {**os.environ, "AGENTDESK_DATA_DIR": str(self.data_dir), **(env or {})},
                log or self.logs / f"{name}.log", port)
            self.processes.append(server)
            self._stops.callback(server.stop)
        return server.ready() if wait else server

    def close(self) -> None:
        """Stop every server still running, the last started first."""
        self._stops.close()


