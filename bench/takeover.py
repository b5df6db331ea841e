"""How long a restarted ``agentdesk serve`` takes to take back the run of the one it replaces.

Each round: ``agentdesk serve`` (default lease, 30 s) runs a model-free graph
(``tests/graphs/lifecycle``: a checkpointed step, then a step that waits for a
file); once the run waits, the server is killed with SIGKILL and started again on
the same data directory and database. Measured: from the kill, and from the new
process's start, to the run's second attempt being claimed; then the run is let go
and checked to end with its first step done once. With ``--baseline`` the dead
worker's lock file is deleted after the kill, as if it ran on another host: the
lease governs, which is what every restart waited for before host locks.

With ``--peer`` there is no restart: a second server, up before the kill, takes
the run over (its worker loop looks at this host's worker locks every second).
``start_to_ok`` is the new process's start-up (imports, migrations, lifespan): the
takeover happens inside it, when the worker loop first runs.

Usage: python -m bench.takeover [--rounds N] [--postgres URL] [--baseline] [--peer]
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa

http = httpx.Client(timeout=120)  # generous: on a loaded machine a start-up is slow
ROOT = Path(__file__).resolve().parents[1]
GRAPHS = ROOT / "tests" / "graphs" / "lifecycle" / "langgraph.json"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


_STARTED: list[subprocess.Popen[bytes]] = []
"""Every server a round started: stopped at its end, whatever happened."""


def _stop_all() -> None:
    while _STARTED:
        proc = _STARTED.pop()
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _serve(env: dict[str, str], log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    with log.open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "agentdesk", "serve", "--port", str(port),
                                 "--config", str(GRAPHS)], env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    _STARTED.append(proc)
    return proc, f"http://127.0.0.1:{port}"


def _until(check: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            got = check()
        except (httpx.HTTPError, sa.exc.OperationalError):
            got = None
        if got:
            return got
        time.sleep(0.02)
    raise SystemExit(f"timed out waiting for {what}")


def _round(folder: Path, database_url: str, baseline: bool, peer: bool,
           lease: float) -> dict[str, float]:
    from agentdesk.runtime.storage.persistence import parse_database_url

    env = {**os.environ, "AGENTDESK_DATA_DIR": str(folder / "data"),
           "AGENTDESK_RUN_LEASE_SECONDS": str(lease),
           "AGENTDESK_DATABASE_URL": database_url, "AGENTDESK_SMTP_LISTEN": "",
           "AGENTDESK_SMTP_CATCHER": ""}
    log = folder / "serve.log"
    engine = sa.create_engine(parse_database_url(database_url).sync_url,
                              poolclass=sa.pool.NullPool)
    gate = folder / f"gate-{uuid.uuid4().hex[:6]}"
    first, url = _serve(env, log)
    _until(lambda: http.get(f"{url}/ok").status_code == 200, 120, "the first server")
    if peer:  # a second server already up beside the first
        second, peer_url = _serve(env, log)
        _until(lambda: http.get(f"{peer_url}/ok").status_code == 200, 120, "the peer")
    thread = http.post(f"{url}/threads", json={}).json()["thread_id"]
    run = http.post(f"{url}/threads/{thread}/runs", json={
        "assistant_id": "held", "input": {"label": "x", "gate": str(gate)}}).json()["run_id"]

    def attempt() -> int:
        with engine.connect() as conn:
            return int(conn.execute(sa.text("SELECT attempt FROM agentdesk_runs WHERE "
                                            "run_id = :r AND status = 'running'"),
                                    {"r": run}).scalar() or 0)

    _until(lambda: attempt() == 1, 60, "the run to start")
    time.sleep(0.5)  # past its first checkpoint, waiting for the gate
    first.send_signal(signal.SIGKILL)
    first.wait()
    killed = time.monotonic()
    if baseline:  # as if the dead worker ran on another host: no lock file here
        for lock in (folder / "data" / "workers").glob("*/worker-*.lock"):
            lock.unlink()
    if peer:
        url = peer_url
    else:
        second, url = _serve(env, log)
    started = time.monotonic()
    try:
        _until(lambda: attempt() == 2, 600, "the takeover")
        claimed = time.monotonic()
        _until(lambda: http.get(f"{url}/ok").status_code == 200, 120, "the second server")
        answering = time.monotonic()
        gate.touch()
        state = http.get(f"{url}/threads/{thread}/runs/{run}/join", timeout=120).json()
        assert state["steps"] == ["mark:x", "done:x"], state  # the finished step not redone
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(timeout=60)
        engine.dispose()
    if peer:
        return {"kill_to_claim_s": claimed - killed}
    # The claim comes as the new process's worker loop first runs, inside its start-up;
    # ok_minus_claim > 0 says it came before the server answered at all.
    return {"kill_to_claim_s": claimed - killed, "start_to_claim_s": claimed - started,
            "start_to_ok_s": answering - started, "ok_minus_claim_s": answering - claimed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lease", type=float, default=30.0, help="run_lease_seconds")
    parser.add_argument("--postgres", help="an admin URL: each round gets a new database")
    parser.add_argument("--baseline", action="store_true",
                        help="delete the dead worker's lock: the lease governs")
    parser.add_argument("--peer", action="store_true",
                        help="no restart: a second server, up before the kill, takes over")
    args = parser.parse_args()
    results = []
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory(prefix="agentdesk-takeover-") as tmp:
            folder = Path(tmp)
            if args.postgres:
                import psycopg

                name = f"agentdesk_bench_{uuid.uuid4().hex[:10]}"
                with psycopg.connect(args.postgres, autocommit=True) as admin:
                    admin.execute(f'CREATE DATABASE "{name}"')
                url = f"{args.postgres.rsplit('/', 1)[0]}/{name}"
            else:
                url = f"sqlite:///{folder / 'desk.db'}"
            try:
                results.append(_round(folder, url, args.baseline, args.peer, args.lease))
            finally:
                _stop_all()
                if args.postgres:
                    with psycopg.connect(args.postgres, autocommit=True) as admin:
                        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        print(" ".join(f"{k}={v:.2f}" for k, v in results[-1].items()), flush=True)
    where = "postgresql" if args.postgres else "sqlite"
    mode = ("peer " if args.peer else "restart ") + ("baseline " if args.baseline else "")
    for key in results[0]:
        values = [r[key] for r in results]
        print(f"{where} {mode}{key}: median "
              f"{statistics.median(values):.2f} s, max {max(values):.2f} s "
              f"over {len(values)} rounds (lease {args.lease:g} s)")


if __name__ == "__main__":
    main()
