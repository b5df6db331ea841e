"""The servers compared: how each is installed (its own venv from PyPI) and started.

Every peer serves the graph files (``*_graph.py``) through ``langgraph.json``
beside them. The PostgreSQL ones get a database of their own, dropped and
created afresh at each start, so ``pg_stat_database`` counts only their work.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CONFIG = HERE / "langgraph.json"
CACHE = Path(os.environ.get("AGENTDESK_PEERS_CACHE", Path.home() / ".cache" / "agentdesk-peers"))
ADMIN_URL = os.environ.get("AGENTDESK_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432")
REDIS_URL = os.environ.get("AGENTDESK_BENCH_REDIS", "redis://127.0.0.1:6379/7")

PEER_PACKAGES: dict[str, tuple[str, list[str]]] = {
    # name: (python it needs, what pip installs)
    "lgdev": ("3.11", ["langgraph-cli[inmem]>=0.4,<0.5"]),
    "aegra": ("3.12", ["aegra-cli>=0.11,<0.12", "aegra-api>=0.11,<0.12"]),
    "lgpg": ("3.12", ["langgraph-runtime-pg>=0.11,<0.12", "langhost>=0.11,<0.12"]),
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def find_python(version: str) -> str:
    """An interpreter of ``version`` (PATH, then pyenv); a clear error if there is none."""
    candidates = [shutil.which(f"python{version}"),
                  *sorted(str(p) for p in (Path.home() / ".pyenv" / "versions").glob(
                      f"{version}.*/bin/python"))]
    for candidate in candidates:
        if candidate and subprocess.run([candidate, "-c", "import sys"],
                                        capture_output=True).returncode == 0:
            return candidate
    raise SystemExit(f"no Python {version} on this machine (PATH or ~/.pyenv); "
                     f"the peers that need it cannot be installed")


def install(name: str) -> Path:
    """The venv of peer ``name`` under the cache dir, created and installed once."""
    version, packages = PEER_PACKAGES[name]
    venv = CACHE / name
    stamp = venv / ".installed"
    wanted = "\n".join(packages)
    if stamp.exists() and stamp.read_text() == wanted:
        return venv
    CACHE.mkdir(parents=True, exist_ok=True)
    print(f"installing {name} into {venv} ...", file=sys.stderr)
    subprocess.run([find_python(version), "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", *packages], check=True)
    stamp.write_text(wanted)
    return venv


def reset_database(name: str) -> str:
    """Drop and create database ``name``; its URL."""
    with psycopg.connect(f"{ADMIN_URL}/postgres", autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return f"{ADMIN_URL}/{name}"


def commits(database: str) -> int:
    """Committed transactions of ``database`` so far (``pg_stat_database``)."""
    return int(pg_counts(database)["xacts"])


def statements_available() -> bool:
    """Whether ``pg_stat_statements`` can be read on this server.

    ``CREATE EXTENSION`` succeeds without the library preloaded, but reading the view
    then fails ("must be loaded via shared_preload_libraries"); the probe runs in a
    transaction that is rolled back, so it leaves nothing behind either way.
    """
    try:
        with psycopg.connect(f"{ADMIN_URL}/postgres") as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            conn.execute("SELECT count(*) FROM pg_stat_statements").fetchone()
            conn.commit()
        return True
    except psycopg.Error:
        return False


def pg_counts(database: str, statements: bool = False) -> dict[str, float]:
    """What ``database`` has done so far: ``xacts`` (committed and rolled back), ``rows``
    written (inserted, updated, deleted; ``pg_stat_database``), and with ``statements``
    the statements executed (``pg_stat_statements`` calls)."""
    with psycopg.connect(f"{ADMIN_URL}/postgres", autocommit=True) as conn:
        row = conn.execute(
            "SELECT xact_commit + xact_rollback, tup_inserted + tup_updated + tup_deleted"
            " FROM pg_stat_database WHERE datname = %s", (database,)).fetchone()
        out = {"xacts": float(row[0]), "rows": float(row[1])} if row else {
            "xacts": 0.0, "rows": 0.0}
        if statements:
            calls = conn.execute(
                "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements s"
                " JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = %s",
                (database,)).fetchone()
            out["statements"] = float(calls[0]) if calls else 0.0
    return out


def backend_pids(database: str) -> list[int]:
    """The PostgreSQL backends connected to ``database`` now (this machine's server)."""
    with psycopg.connect(f"{ADMIN_URL}/postgres", autocommit=True) as conn:
        rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s",
                            (database,)).fetchall()
    return [int(r[0]) for r in rows]


def cpu_of(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds so far of each live process in ``pids`` (``/proc``)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick
    return out


@dataclass
class Server:
    """One started server process (and the database it owns, if any)."""

    label: str
    process: subprocess.Popen[bytes]
    url: str
    database: str | None
    log: Path

    def pids(self) -> list[int]:
        """The server's process and its live descendants."""
        return _tree(self.process.pid)

    def cpu_seconds(self) -> float:
        """User + system CPU of the process tree so far (live children and reaped ones)."""
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in _tree(self.process.pid):
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += sum(int(v) for v in fields[11:15])  # utime stime cutime cstime
        return total / tick

    def stop(self) -> None:
        """Stop the whole process group (``aegra serve`` runs uvicorn as a child)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        deadline = time.monotonic() + 15
        while _group_alive(self.process.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


@dataclass
class Peer:
    """How to start one kind of server on a port."""

    label: str
    command: Callable[[int, Path, str | None], tuple[list[str], dict[str, str]]]
    database: str | None = None
    fresh_cwd: bool = False
    """Start in a new folder holding copies of the graph and ``langgraph.json``
    (``langgraph dev`` keeps its state in ``.langgraph_api`` of its working folder, and
    would load the last round's; it finds the graph from there too)."""

    def start(self, workdir: Path) -> Server:
        url = reset_database(self.database) if self.database else None
        port = free_port()
        argv, env = self.command(port, workdir, url)
        log = workdir / f"{self.label.replace(' ', '-')}.log"
        cwd = HERE
        if self.fresh_cwd:
            cwd = Path(tempfile.mkdtemp(prefix="cwd-", dir=workdir))
            for path in (CONFIG, *HERE.glob("*_graph.py")):
                shutil.copy(path, cwd / path.name)
        with log.open("ab") as out:
            process = subprocess.Popen(argv, env={**os.environ, **env}, cwd=cwd,
                                       stdout=out, stderr=subprocess.STDOUT,
                                       start_new_session=True)
        server = Server(self.label, process, f"http://127.0.0.1:{port}", self.database, log)
        _wait_ready(server)
        return server


def _wait_ready(server: Server, timeout: float = 180.0) -> None:
    import httpx

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise SystemExit(f"{server.label} exited at start; see {server.log}")
        for path in ("/ok", "/info"):
            try:
                if httpx.get(server.url + path, timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
        time.sleep(0.3)
    server.stop()
    raise SystemExit(f"{server.label} did not answer within {timeout:.0f}s; see {server.log}")


def _agentdesk(database: str | None) -> Callable[[int, Path, str | None],
                                                 tuple[list[str], dict[str, str]]]:
    def command(port: int, workdir: Path, url: str | None) -> tuple[list[str], dict[str, str]]:
        data = workdir / f"agentdesk-{database or 'sqlite'}"
        # No mail listener: the graphs take no mail, and another agentdesk on this
        # machine (a test run, a dev server) may hold its ports.
        env = {"AGENTDESK_DATA_DIR": str(data), "PYTHONPATH": str(ROOT / "src"),
               "AGENTDESK_LOG_LEVEL": "warning", "AGENTDESK_MAIL_LISTENER": "off"}
        if url:
            env["AGENTDESK_DATABASE_URL"] = url
        argv = [sys.executable, "-m", "agentdesk", "serve", "--port", str(port),
                "--config", str(CONFIG)]
        return argv, env
    return command


def _lgdev(port: int, workdir: Path, url: str | None) -> tuple[list[str], dict[str, str]]:
    venv = install("lgdev")
    return ([str(venv / "bin" / "langgraph"), "dev", "--config", CONFIG.name, "--port",
             str(port), "--no-browser", "--no-reload", "--server-log-level", "warning"],
            {"LANGSMITH_TRACING": "false", "LANGGRAPH_CLI_NO_ANALYTICS": "1"})


def _aegra(port: int, workdir: Path, url: str | None) -> tuple[list[str], dict[str, str]]:
    venv = install("aegra")
    assert url is not None
    return ([str(venv / "bin" / "aegra"), "serve", "--host", "127.0.0.1", "--port", str(port),
             "-c", str(CONFIG)],
            {"DATABASE_URL": url, "AEGRA_CONFIG": str(CONFIG), "LOG_LEVEL": "WARNING",
             "ENV_MODE": "PRODUCTION"})


def _lgpg(port: int, workdir: Path, url: str | None) -> tuple[list[str], dict[str, str]]:
    venv = install("lgpg")
    assert url is not None
    return ([str(venv / "bin" / "langhost"), "serve", "--port", str(port), "-c", str(CONFIG),
             "--database-uri", url, "--redis-uri", REDIS_URL, "--no-browser",
             "--n-jobs-per-worker", "10", "--server-log-level", "warning"],
            {"LANGSMITH_TRACING": "false", "LANGGRAPH_CLI_NO_ANALYTICS": "1"})


def agentdesk_peer(label: str, database: str | None) -> Peer:
    """``agentdesk serve`` of this tree: on SQLite in the work dir (``database`` None), or
    on PostgreSQL database ``database`` (dropped and created afresh at each start)."""
    return Peer(label, _agentdesk(database), database)


PEERS: dict[str, Peer] = {
    "agentdesk-sqlite": agentdesk_peer("agentdesk SQLite", None),
    "agentdesk-pg": agentdesk_peer("agentdesk PG", "agentdesk_bench"),
    "lgdev": Peer("langgraph dev", _lgdev, fresh_cwd=True),
    "aegra": Peer("Aegra", _aegra, "aegra_bench"),
    "lgpg": Peer("lg-runtime-pg", _lgpg, "lgpg_bench"),
}
