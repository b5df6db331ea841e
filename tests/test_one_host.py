"""Several ``agentdesk serve`` processes on one host (issue 22, item 8): real processes,
real ``kill -9``, one data directory, SQLite and PostgreSQL.

One process owns the mail listener and catcher (``mail_listener=auto``: a lock in the
data directory), ``--api-only`` ones take none, and another takes them over when the
owner dies. A worker killed mid-run is known dead at once by the next process on
the host (its lock is free): the run is taken back well before its lease would
lapse, through the same sweep, and nothing is done twice.
"""

from __future__ import annotations

import socket
import time

from .conftest import Gate
from .crash_harness import (  # noqa: F401  (the fixtures are used by name)
    Cluster,
    cluster_fixture,
    sdk,
    until,
)
from .servers import free_port
from .test_run_queue import FLIGHTS, HOTELS, held_at_hotels, run_view, start_run, trip_env
from .trip_script import TripScript

LONG_LEASE = 60.0
"""A lease far longer than a takeover on one host takes: waiting it out would fail the test."""


def smtp_greets(port: int) -> bool:
    """Whether an SMTP server answers on loopback ``port`` (its 220 greeting)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            return conn.recv(64).startswith(b"220")
    except OSError:
        return False


def test_one_process_of_the_host_owns_the_mail_listener(cluster: Cluster) -> None:
    listen, catcher = free_port(), free_port()
    env = {"AGENTDESK_SMTP_LISTEN": f"127.0.0.1:{listen}",
           "AGENTDESK_SMTP_CATCHER": f"127.0.0.1:{catcher}"}
    api = cluster.start("serve", "--api-only", **env)
    assert not smtp_greets(listen) and not smtp_greets(catcher), "an API-only process took mail"
    owner = cluster.start(**env)  # binds both ports: no one else holds them
    assert smtp_greets(listen) and smtp_greets(catcher)
    standby = cluster.start(**env)  # the mail lock is taken: it starts without them
    for server in (api, owner, standby):
        with server.http() as http:
            assert http.get("/ready").status_code == 200
    assert "cannot listen" not in standby.text()

    owner.kill()  # kill -9: the kernel frees the lock; the standby takes mail over
    until(lambda: smtp_greets(listen) and smtp_greets(catcher), 60,
          "the standby process to take the mail listener over")
    assert api.proc.poll() is None and standby.proc.poll() is None


def test_a_restarted_server_takes_its_killed_run_back_before_the_lease_lapses(
        cluster: Cluster, trip_script: TripScript,
        gated_travel_server: tuple[str, Gate]) -> None:
    travel, gate = gated_travel_server
    env = {**trip_env(trip_script, travel), "AGENTDESK_RUN_LEASE_SECONDS": str(LONG_LEASE)}
    first = cluster.start(**env)
    thread, run = start_run(first)
    held_at_hotels(gate)
    assert list((cluster.data_dir / "workers").glob("*/worker-*.lock")), "no worker lock held"
    first.kill()  # kill -9, mid-way through the hotel search
    killed = time.monotonic()
    gate.open.set()

    second = cluster.start(**env)
    until(lambda: cluster.run_row(run)["attempt"] == 2, LONG_LEASE,
          "the restarted server to claim the run")
    taken_back = time.monotonic() - killed
    assert taken_back < LONG_LEASE, f"took {taken_back:.1f} s: the lease was waited out"

    joined = sdk(lambda c: c.runs.join(thread, run), second.url)
    assert joined["__interrupt__"][0]["value"]["kind"] == "review_result", joined
    # The flight search had a checkpoint and is not redone; the cut-off hotel search is.
    assert gate.calls == [FLIGHTS, HOTELS, HOTELS]
    row = cluster.run_row(run)
    assert (row["attempt"], row["lapses"]) == (2, 1), dict(row)
    assert view_status(second, thread, run) == "success"
    kinds = [r["event"] for r in cluster.audit(thread)]
    assert kinds.count("run_requeued") == 1 and kinds.count("run_claimed") == 1, kinds
    # The dead worker's lock file is gone; the live one's is there.
    assert len(list((cluster.data_dir / "workers").glob("*/worker-*.lock"))) == 1


def view_status(server: object, thread: str, run: str) -> str:
    return str(run_view(server, thread, run)["status"])  # type: ignore[arg-type]
